//! The url wasm's `canonicalize` export (the `canonicalize` feature): the URL parser's part of URL
//! Pattern's encoding callbacks ([`crate::canonicalize`]), for weburl/urlpattern's add-on wasm,
//! which has no URL parser of its own (see [`url_core`](super::url_core)).

use wasm_bindgen::prelude::wasm_bindgen;

use super::url::store_offsets;
use super::{malformed, output, with_input, FAILURE};
use crate::canonicalize::{canonicalize as run, Canonicalize};

/// Runs the URL parser's part of encoding callback `callback` (a number of [`Canonicalize`]) on
/// the input (`len` bytes, not empty) with the protocol value after it (`protocol_len` bytes):
/// the dummy URL's serialization as output and its offsets in the slots, or FAILURE. The URL the
/// module keeps for the classes stays kept.
#[wasm_bindgen]
pub fn canonicalize(callback: u32, len: usize, protocol_len: usize) -> u32 {
    with_input([len, protocol_len], |[value, protocol]| {
        let Some(&callback) = Canonicalize::ALL.get(callback as usize) else { return malformed() };
        let Some(dummy_url) = run(callback, value, protocol) else { return FAILURE };
        store_offsets(dummy_url.offsets());
        output(dummy_url.href())
    })
    .unwrap_or_else(malformed)
}
