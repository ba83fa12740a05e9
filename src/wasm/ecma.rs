//! ECMAScript's URI functions ([`crate::ecma`]) for `weburl/ecma`. A JavaScript string may hold
//! lone surrogates, which UTF-8 cannot carry, so the string crosses as UTF-16 code units both
//! ways: JavaScript writes its code units into the input buffer (little-endian `u16`s, from the
//! buffer's first even address) and reads the result's code units from the reply. An error's
//! message comes as the usual (UTF-8) output.

use std::cell::RefCell;
use std::sync::atomic::Ordering::Relaxed;

use wasm_bindgen::prelude::wasm_bindgen;

use super::{output, CHANGED, FAILURE, INPUT, OUTPUT_ADDRESS, OUTPUT_LEN, SLOTS, UNCHANGED};
use crate::ecma::{self, UriError};

type Operation = fn(&[u16]) -> Result<Vec<u16>, UriError>;

/// The operations, by the ids JavaScript passes to [`uri`].
pub(super) const OPERATIONS: [(&str, Operation); 4] = [
    ("encodeURI", ecma::encode_uri_utf16),
    ("encodeURIComponent", ecma::encode_uri_component_utf16),
    ("decodeURI", ecma::decode_uri_utf16),
    ("decodeURIComponent", ecma::decode_uri_component_utf16),
];

thread_local! {
    /// The input's code units, copied out of the input buffer.
    static UNITS: RefCell<Vec<u16>> = const { RefCell::new(Vec::new()) };
    /// The last reply's code units, read by JavaScript before its next call.
    static REPLY: RefCell<Vec<u16>> = const { RefCell::new(Vec::new()) };
}

/// Runs operation `op` (an index of [`OPERATIONS`]) on the `len` code units in the input buffer.
/// Returns UNCHANGED when the result is the input (nothing to encode or decode); CHANGED when it
/// is the reply (at OUTPUT_ADDRESS, OUTPUT_LEN code units); FAILURE for a `URIError`, whose
/// message is the output (UTF-8). Arguments JavaScript did not pass as agreed fail too, with a
/// message saying so.
#[wasm_bindgen]
pub fn uri(op: u32, len: usize) -> u32 {
    let result = UNITS.with_borrow_mut(|units| {
        let (_, function) = OPERATIONS.get(op as usize)?;
        INPUT.with_borrow(|input| {
            let start = input.as_ptr() as usize & 1;
            let bytes = input.get(start..start.checked_add(len.checked_mul(2)?)?)?;
            units.clear();
            units.extend(bytes.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])));
            Some(())
        })?;
        Some(function(units).map(|result| (result.len() == units.len(), result)))
    });
    // Escaping lengthens and decoding shortens, but for escapes decodeURI keeps as they are: a
    // result as long as the input is the input.
    let reply = match result {
        Some(Ok((true, _))) => return UNCHANGED,
        Some(Ok((false, reply))) => reply,
        Some(Err(error)) => return failure(&error.to_string()),
        None => return failure("weburl: uri was given malformed arguments"),
    };
    REPLY.with_borrow_mut(|kept| {
        *kept = reply;
        SLOTS[OUTPUT_ADDRESS].store(kept.as_ptr() as u32, Relaxed);
        SLOTS[OUTPUT_LEN].store(kept.len() as u32, Relaxed);
    });
    CHANGED
}

/// FAILURE, with `message` as the output.
fn failure(message: &str) -> u32 {
    output(message);
    FAILURE
}
