//! The wasm-bindgen layer under the JavaScript `URL` and `URLSearchParams` classes. Every export
//! is stateless and takes and returns numbers only:
//!
//! - strings come in through the input buffer: JavaScript encodes them (UTF-8, lone surrogates
//!   as U+FFFD, which completes USVString conversion) one after the other at [`input_buffer`]
//!   and passes their byte lengths;
//! - a URL's offsets, a call's status and where its output string is go through shared slots
//!   that JavaScript reads with a `Uint32Array` view of wasm memory;
//! - a serialization comes back only when it differs from the input, so JavaScript keeps its own
//!   string otherwise.
//!
//! No allocation outlives a call but the two buffers, so memory stays flat.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};

use wasm_bindgen::prelude::wasm_bindgen;

#[cfg(feature = "urlpattern-addon")]
mod arena;
#[cfg(feature = "canonicalize")]
mod canonicalize;
#[cfg(feature = "display")]
mod display;
#[cfg(feature = "ecma")]
mod ecma;
#[cfg(feature = "protocol")]
mod protocol;
#[cfg(feature = "psl")]
mod psl;
#[cfg(feature = "records")]
mod records;
#[cfg(any(
    feature = "records",
    feature = "urlpattern",
    feature = "websocket",
    feature = "psl",
    feature = "display"
))]
mod stream;
#[cfg(not(feature = "urlpattern-addon"))]
mod url;
#[cfg(feature = "urlpattern-addon")]
pub(crate) mod url_core;
#[cfg(feature = "urlpattern")]
mod urlpattern;
#[cfg(feature = "websocket")]
mod websocket;

use crate::offsets::LEN;
use crate::slicing::Slice;

/// Slot indices after the URL offsets (0 to `offsets::LEN - 1`).
const CAUSE: usize = LEN;
const OUTPUT_ADDRESS: usize = LEN + 1;
const OUTPUT_LEN: usize = LEN + 2;
const LIST_ADDRESS: usize = LEN + 3;
const LIST_LEN: usize = LEN + 4;
/// 1 when the module kept the URL the call produced, which the next call may then name
/// instead of passing its serialization again (see [`LAST`]).
const KEPT: usize = LEN + 5;
/// A [`JOINED`] URL: how many bytes of the base it starts with, and where in the input the rest
/// of it starts.
const JOINED_BASE: usize = LEN + 6;
const JOINED_INPUT: usize = LEN + 7;
const SLOT_COUNT: usize = LEN + 8;

/// What a call returns.
const UNCHANGED: u32 = 0; // the URL's serialization is the input: the slots hold its offsets
const CHANGED: u32 = 1; // the output string is the new serialization (or the result)
const FAILURE: u32 = 2; // CAUSE names the validation error, or is NONE
const BASE_FAILURE: u32 = 3;
// The URL's serialization is the base's start and the input's end, which JavaScript holds (see
// JOINED_BASE): the slots hold its offsets.
const JOINED: u32 = 4;
// parse_query's CHANGED when the list's names all differ (JavaScript's `set` and `delete` then
// stop at a name's first pair).
const DISTINCT: u32 = 5;

static SLOTS: [AtomicU32; SLOT_COUNT] = [const { AtomicU32::new(0) }; SLOT_COUNT];

#[wasm_bindgen(module = "/js/idna-tables.js")]
extern "C" {
    /// Writes the UTS #46 tables at `first`, `length` bytes, where the module's data left them
    /// out (the inline modules, scripts/build.mjs); does nothing where it has them.
    #[wasm_bindgen(js_name = fillIdnaTables)]
    fn fill_idna_tables(first: &[u32], length: usize);
}

/// Whether this instance has asked for its UTS #46 tables (its memory is fresh after a trap).
static IDNA_TABLES: AtomicBool = AtomicBool::new(false);

/// Makes sure this instance has the UTS #46 tables (idna_adapter's), before `idna` is called.
pub(crate) fn idna_tables() {
    if !IDNA_TABLES.swap(true, Relaxed) {
        let (first, length) = idna_adapter::tables_span();
        fill_idna_tables(first, length);
    }
}

thread_local! {
    /// Where JavaScript writes the strings it passes.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last output string, read by JavaScript before its next call.
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
    /// Where JavaScript writes the UTF-16 lengths of the names and values of a list it passes.
    static LENGTHS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// The UTF-16 boundaries of the last list [`url::parse_query`] decoded, or a stream's reply.
    static BOUNDARIES: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// The address of the slots, which JavaScript reads and writes with a `Uint32Array` view.
#[wasm_bindgen]
pub fn slots() -> usize {
    SLOTS.as_ptr() as usize
}

/// Makes room for `capacity` bytes of input; returns the buffer's address (it moves only here).
#[wasm_bindgen(js_name = inputBuffer)]
pub fn input_buffer(capacity: usize) -> usize {
    INPUT.with_borrow_mut(|input| {
        input.resize(capacity, 0);
        input.as_ptr() as usize
    })
}

/// Makes room for `capacity` list lengths; returns the address (it moves only here).
#[wasm_bindgen(js_name = lengthsBuffer)]
pub fn lengths_buffer(capacity: usize) -> usize {
    LENGTHS.with_borrow_mut(|lengths| {
        lengths.resize(capacity, 0);
        lengths.as_ptr() as usize
    })
}

/// Runs `f` on the strings at the start of the input buffer, of byte lengths `lengths`; `None`
/// when they are not UTF-8 or do not fit (JavaScript wrote them wrong).
fn with_input<const N: usize, R>(lengths: [usize; N], f: impl FnOnce([&str; N]) -> R) -> Option<R> {
    INPUT.with_borrow(|input| {
        let mut rest: &[u8] = input;
        let mut strings = [""; N];
        for (string, len) in strings.iter_mut().zip(lengths) {
            let bytes = rest.get(..len)?;
            *string = std::str::from_utf8(bytes).ok()?;
            rest = rest.slice(len..);
        }
        Some(f(strings))
    })
}

/// Runs `f` on the first `len` bytes of the input buffer, not yet checked to be UTF-8; `None` when
/// they do not fit.
fn with_input_bytes<R>(len: usize, f: impl FnOnce(&[u8]) -> R) -> Option<R> {
    INPUT.with_borrow(|input| input.get(..len).map(f))
}

/// Copies `output` to where JavaScript reads it.
fn output(output: &str) -> u32 {
    OUTPUT.with_borrow_mut(|buffer| {
        buffer.clear();
        buffer.push_str(output);
        point_output_at(buffer);
    });
    CHANGED
}

/// Tells JavaScript where the output string is; it must live until the next call.
fn point_output_at(output: &str) {
    SLOTS[OUTPUT_ADDRESS].store(output.as_ptr() as u32, Relaxed);
    SLOTS[OUTPUT_LEN].store(output.len() as u32, Relaxed);
}

fn utf16_len(s: &str) -> u32 {
    let units = if s.is_ascii() { s.len() } else { s.chars().map(char::len_utf16).sum() };
    units as u32
}

fn read_offsets() -> [u32; LEN] {
    std::array::from_fn(|i| SLOTS[i].load(Relaxed))
}

/// A call whose input JavaScript did not write as agreed (not UTF-8, lengths past the end).
fn malformed() -> u32 {
    #[cfg(not(feature = "urlpattern-addon"))]
    return url::fail(FAILURE, None);
    // No URL kept to forget.
    #[cfg(feature = "urlpattern-addon")]
    FAILURE
}
