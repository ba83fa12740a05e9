//! The URL core as weburl/urlpattern's add-on wasm (the `urlpattern-addon` feature) reaches it:
//! the add-on has URL Pattern's code but no URL parser, and imports these from JavaScript, which
//! runs them on the instance of the url wasm under the classes (js/runtime.js): that wasm's
//! [`canonicalize`](super::canonicalize) export, and its parse.
//!
//! Numbers out, not strings: a string an import returns goes through wasm-bindgen's encoder and
//! allocator exports in the glue. The serialization comes back in two steps instead, its length
//! and then its bytes written where this module allocated them.

use wasm_bindgen::prelude::wasm_bindgen;

use super::read_offsets;
use crate::canonicalize::Canonicalize;
use crate::offsets::NONE;
use crate::Url;

#[wasm_bindgen(raw_module = "./runtime.js")]
extern "C" {
    /// The URL parser's part of the encoding callback by its number, on a value that is not
    /// empty: the length of the dummy URL's serialization (ASCII), which [`take_href`] then
    /// writes, its offsets in this module's slots; [`NONE`] for failure.
    #[wasm_bindgen(js_name = canonicalizeInCore)]
    fn canonicalize_in_core(callback: u32, value: &str, protocol: &str) -> u32;
    /// The length of the serialization of the URL parsed from `input` against `base`, which
    /// [`take_href`] then writes, its offsets in this module's slots; [`NONE`] for failure (of
    /// the base too).
    #[wasm_bindgen(js_name = parseInCore)]
    fn parse_in_core(input: &str, base: Option<&str>) -> u32;
    /// Writes the serialization whose length the last of those gave at `address`.
    #[wasm_bindgen(js_name = takeHref)]
    fn take_href(address: *mut u8);
}

/// [`crate::canonicalize::canonicalize`], in the url wasm.
pub(crate) fn canonicalize(callback: Canonicalize, value: &str, protocol: &str) -> Option<Url> {
    from_core(canonicalize_in_core(callback as u32, value, protocol))
}

/// The URL `input` parses to against `base`, in the url wasm.
pub(crate) fn parse(input: &str, base: Option<&str>) -> Option<Url> {
    from_core(parse_in_core(input, base))
}

/// The URL the url wasm gave: the length of its serialization, which is taken now, and its
/// offsets in the slots.
fn from_core(len: u32) -> Option<Url> {
    if len == NONE {
        return None;
    }
    let mut href = vec![0; len as usize];
    take_href(href.as_mut_ptr());
    Url::from_offsets(String::from_utf8(href).ok()?, &read_offsets())
}
