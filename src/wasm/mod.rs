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
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use wasm_bindgen::prelude::wasm_bindgen;

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
#[cfg(feature = "urlpattern")]
mod urlpattern;
#[cfg(feature = "websocket")]
mod websocket;

use crate::offsets::{LEN, NONE};
use crate::parser::canonical;
use crate::slicing::Slice;
use crate::{urlencoded, Url, ValidationError};

/// Slot indices after the URL offsets (0 to `offsets::LEN - 1`).
const CAUSE: usize = LEN;
const OUTPUT_ADDRESS: usize = LEN + 1;
const OUTPUT_LEN: usize = LEN + 2;
const LIST_ADDRESS: usize = LEN + 3;
const LIST_LEN: usize = LEN + 4;
/// 1 when the module kept the URL the call produced, which the next call may then name
/// instead of passing its serialization again (see [`LAST`]).
const KEPT: usize = LEN + 5;
const SLOT_COUNT: usize = LEN + 6;

/// What a call returns.
const UNCHANGED: u32 = 0; // the URL's serialization is the input: the slots hold its offsets
const CHANGED: u32 = 1; // the output string is the new serialization (or the result)
const FAILURE: u32 = 2; // CAUSE names the validation error, or is NONE
const BASE_FAILURE: u32 = 3;

static SLOTS: [AtomicU32; SLOT_COUNT] = [const { AtomicU32::new(0) }; SLOT_COUNT];

thread_local! {
    /// Where JavaScript writes the strings it passes.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last output string, read by JavaScript before its next call.
    static OUTPUT: RefCell<String> = const { RefCell::new(String::new()) };
    /// Where JavaScript writes the UTF-16 lengths of the names and values of a list it passes.
    static LENGTHS: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// The UTF-16 boundaries of the last list [`parse_query`] decoded.
    static BOUNDARIES: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
    /// The URL the last parse, setter or update produced, if it built one. JavaScript names it
    /// with a length of `NONE` instead of writing the serialization again (setters come in
    /// runs on one URL).
    static LAST: RefCell<Option<Url>> = const { RefCell::new(None) };
    /// The base the last [`parse_with_base`] parsed, which JavaScript names with a length of
    /// `NONE` when it passes the same base again (`new URL(path, base)` in a loop).
    static BASE: RefCell<Option<Url>> = const { RefCell::new(None) };
}

/// A URL class setter.
type Setter = fn(&mut Url, &str);

/// The URL class setters, by the ids JavaScript passes to [`set`] (their names in
/// [`SETTER_NAMES`]).
const SETTERS: [Setter; 9] = [
    Url::set_protocol,
    Url::set_username,
    Url::set_password,
    Url::set_host,
    Url::set_hostname,
    Url::set_port,
    Url::set_pathname,
    Url::set_search,
    Url::set_hash,
];

/// The names of [`SETTERS`], by id.
#[cfg(feature = "protocol")]
const SETTER_NAMES: [&str; 9] =
    ["protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

/// The address of the slots, which JavaScript reads and writes with a `Uint32Array` view.
#[wasm_bindgen]
pub fn slots() -> usize {
    SLOTS.as_ptr() as usize
}

/// The names of the validation errors, separated by spaces, in the order of their numbers (a
/// failure's [`CAUSE`], the records' lists).
#[wasm_bindgen(js_name = validationErrors)]
pub fn validation_errors() -> String {
    let mut names = String::new();
    for error in ValidationError::ALL {
        if !names.is_empty() {
            names.push(' ');
        }
        names.push_str(error.name());
    }
    names
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

fn store_offsets(offsets: [u32; LEN]) {
    for (slot, value) in SLOTS.iter().zip(offsets) {
        slot.store(value, Relaxed);
    }
}

fn read_offsets() -> [u32; LEN] {
    std::array::from_fn(|i| SLOTS[i].load(Relaxed))
}

/// A call whose input JavaScript did not write as agreed (not UTF-8, lengths past the end).
fn malformed() -> u32 {
    fail(FAILURE, None)
}

fn fail(status: u32, cause: Option<ValidationError>) -> u32 {
    let index = cause.and_then(|c| ValidationError::ALL.iter().position(|&e| e == c));
    SLOTS[CAUSE].store(index.map_or(NONE, |i| i as u32), Relaxed);
    forget_last();
    status
}

fn forget_last() {
    LAST.with_borrow_mut(|last| *last = None);
    SLOTS[KEPT].store(0, Relaxed);
}

/// Gives JavaScript the URL a call produced: its offsets in the slots, its serialization as
/// output unless it is `unchanged`; and keeps it for the next call.
fn result(url: Url, unchanged: Option<&str>) -> u32 {
    store_offsets(url.offsets());
    let status = if unchanged == Some(url.href()) {
        UNCHANGED
    } else {
        // The serialization's bytes stay where they are while the URL is kept.
        point_output_at(url.href());
        CHANGED
    };
    LAST.with_borrow_mut(|last| *last = Some(url));
    SLOTS[KEPT].store(1, Relaxed);
    status
}

/// Parses the input (`len` bytes).
#[wasm_bindgen]
pub fn parse(len: usize) -> u32 {
    with_input([len], |[input]| {
        #[cfg(feature = "test-panic")]
        if input == "weburl:panic" {
            panic!("a deliberate panic, for testing");
        }
        // Input in serialized form, the common case, needs no URL built: only its offsets.
        if let Some(scanned) = canonical::scan(input) {
            if !scanned.adds_slash {
                store_offsets(scanned.offsets());
                forget_last();
                return UNCHANGED;
            }
        }
        match Url::parse(input) {
            Ok(url) => result(url, Some(input)),
            Err(e) => fail(FAILURE, e.validation_error()),
        }
    })
    .unwrap_or_else(malformed)
}

/// Parses the input (`len` bytes) against the base after it (`base_len` bytes), or against the
/// base of the last call when `base_len` is `NONE`.
#[wasm_bindgen(js_name = parseWithBase)]
pub fn parse_with_base(len: usize, base_len: u32) -> u32 {
    if base_len == NONE {
        return with_input([len], |[input]| {
            match BASE.with_borrow(|base| base.as_ref().map(|base| base.join(input))) {
                Some(Ok(url)) => result(url, Some(input)),
                Some(Err(e)) => fail(FAILURE, e.validation_error()),
                None => malformed(),
            }
        })
        .unwrap_or_else(malformed);
    }
    BASE.with_borrow_mut(|kept| *kept = None);
    with_input([len, base_len as usize], |[input, base]| {
        let base = match Url::parse(base) {
            Ok(base) => base,
            Err(e) => return fail(BASE_FAILURE, e.validation_error()),
        };
        let joined = base.join(input);
        BASE.with_borrow_mut(|kept| *kept = Some(base));
        match joined {
            Ok(url) => result(url, Some(input)),
            Err(e) => fail(FAILURE, e.validation_error()),
        }
    })
    .unwrap_or_else(malformed)
}

/// `URL.canParse` for the input (`len` bytes) and, unless `base_len` is `NONE`, the base after it.
#[wasm_bindgen(js_name = canParse)]
pub fn can_parse(len: usize, base_len: u32) -> bool {
    if base_len == NONE {
        let parses = |input: &str| canonical::scan(input).is_some() || Url::parse(input).is_ok();
        return with_input([len], |[input]| parses(input)).unwrap_or(false);
    }
    with_input([len, base_len as usize], |[input, base]| Url::can_parse(input, Some(base)))
        .unwrap_or(false)
}

/// The URL in the input (`href_len` bytes) with the offsets in the slots; parsed again if they
/// do not fit it.
fn current(href: &str) -> Option<Url> {
    Url::from_offsets(href.to_owned(), &read_offsets()).or_else(|| Url::parse(href).ok())
}

/// The URL a call works on, with the input after it: the kept one when `href_len` is `NONE`,
/// else the one in the input (offsets in the slots). The closure gets the URL, its
/// serialization as JavaScript holds it (`None` for the kept URL) and the rest of the input.
fn with_url(href_len: u32, f: impl FnOnce(Url, Option<&str>, &[u8]) -> u32) -> u32 {
    INPUT.with_borrow(|input| {
        if href_len == NONE {
            return match LAST.with_borrow_mut(Option::take) {
                Some(url) => f(url, None, input),
                None => malformed(),
            };
        }
        let href_len = href_len as usize;
        let href = input.get(..href_len).and_then(|bytes| std::str::from_utf8(bytes).ok());
        match href.and_then(|href| Some((current(href)?, href))) {
            Some((url, href)) => f(url, Some(href), input.slice(href_len..)),
            None => malformed(),
        }
    })
}

/// Runs setter `setter` with the value in the input (`value_len` bytes, after the URL's
/// serialization) on the URL named as in [`with_url`].
#[wasm_bindgen]
pub fn set(href_len: u32, setter: u32, value_len: usize) -> u32 {
    with_url(href_len, |mut url, href, rest| {
        let value = rest.get(..value_len).and_then(|v| std::str::from_utf8(v).ok());
        let (Some(value), Some(apply)) = (value, SETTERS.get(setter as usize)) else {
            return malformed();
        };
        apply(&mut url, value);
        // The kept URL's serialization is given back even when the setter left it as it was.
        result(url, href)
    })
}

/// The serialized origin of the URL in the input (`href_len` bytes, offsets in the slots), as
/// output.
#[wasm_bindgen]
pub fn origin(href_len: usize) -> u32 {
    with_input([href_len], |[href]| {
        let origin = current(href).map(|url| url.origin_serialization());
        output(origin.as_deref().unwrap_or("null"))
    })
    .unwrap_or_else(malformed)
}

/// Parses the input (`len` bytes) as `application/x-www-form-urlencoded`: the names and values,
/// concatenated, as output; their UTF-16 end offsets (name, value, name, …) at LIST_ADDRESS,
/// LIST_LEN of them.
#[wasm_bindgen(js_name = parseQuery)]
pub fn parse_query(len: usize) -> u32 {
    with_input([len], |[input]| {
        OUTPUT.with_borrow_mut(|joined| {
            BOUNDARIES.with_borrow_mut(|boundaries| {
                joined.clear();
                boundaries.clear();
                let mut end = 0u32;
                urlencoded::parse_each(input.as_bytes(), |piece| {
                    joined.push_str(piece);
                    end += utf16_len(piece);
                    boundaries.push(end);
                });
                SLOTS[LIST_ADDRESS].store(boundaries.as_ptr() as u32, Relaxed);
                SLOTS[LIST_LEN].store(boundaries.len() as u32, Relaxed);
            });
            point_output_at(joined);
        });
        CHANGED
    })
    .unwrap_or_else(malformed)
}

fn utf16_len(s: &str) -> u32 {
    let units = if s.is_ascii() { s.len() } else { s.chars().map(char::len_utf16).sum() };
    units as u32
}

/// Serializes a list given as its names and values one after the other in the input after
/// `skip` bytes (`len` bytes), with their byte lengths the first `count` entries of the lengths
/// buffer.
fn serialize_list(skip: usize, len: usize, count: usize) -> Option<String> {
    LENGTHS.with_borrow(|lengths| {
        INPUT.with_borrow(|input| {
            let mut rest = std::str::from_utf8(input.get(skip..skip.checked_add(len)?)?).ok()?;
            let mut pieces = Vec::with_capacity(count);
            for &length in lengths.get(..count)? {
                let piece = rest.get(..length as usize)?;
                rest = rest.slice(piece.len()..);
                pieces.push(piece);
            }
            let pairs = pieces.chunks_exact(2).map(|pair| (pair[0], pair[1]));
            Some(urlencoded::serialize(pairs))
        })
    })
}

/// Serializes a list: its names and values one after the other in the input (`len` bytes),
/// their byte lengths in the lengths buffer (`count` of them).
#[wasm_bindgen(js_name = serializeQuery)]
pub fn serialize_query(len: usize, count: usize) -> u32 {
    serialize_list(0, len, count).map_or_else(malformed, |serialized| output(&serialized))
}

/// [Updates](https://url.spec.whatwg.org/#concept-urlsearchparams-update) the URL named as in
/// [`with_url`] from the list after its serialization (`len` bytes), as in [`serialize_query`].
#[wasm_bindgen(js_name = updateQuery)]
pub fn update_query(href_len: u32, len: usize, count: usize) -> u32 {
    let skip = if href_len == NONE { 0 } else { href_len as usize };
    let Some(serialized) = serialize_list(skip, len, count) else { return malformed() };
    with_url(href_len, |mut url, href, _| {
        url.update_query(&serialized);
        result(url, href)
    })
}
