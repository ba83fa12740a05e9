//! The operations of the URL classes (`URL`, `URLSearchParams`): in every wasm but
//! weburl/urlpattern's add-on (the `urlpattern-addon` feature), which has URL Pattern's only and
//! reaches these in the url wasm beside it (see [`url_core`](super::url_core)).

use std::cell::RefCell;
use std::sync::atomic::Ordering::Relaxed;

use wasm_bindgen::prelude::wasm_bindgen;

use super::{
    malformed, output, point_output_at, read_offsets, utf16_len, with_input, with_input_bytes,
    BASE_FAILURE, BOUNDARIES, CAUSE, CHANGED, DISTINCT, FAILURE, INPUT, JOINED, JOINED_BASE,
    JOINED_INPUT, KEPT, LENGTHS, LIST_ADDRESS, LIST_LEN, OUTPUT, SLOTS, UNCHANGED,
};
use crate::offsets::{LEN, NONE};
use crate::parser::{self, canonical};
use crate::slicing::Slice;
use crate::{urlencoded, Url, ValidationError};

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
pub(super) const SETTER_NAMES: [&str; 9] =
    ["protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

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
thread_local! {
    /// The URL the last parse or setter produced, if it built one. JavaScript names it
    /// with a length of `NONE` instead of writing the serialization again (setters come in
    /// runs on one URL).
    static LAST: RefCell<Option<Url>> = const { RefCell::new(None) };
    /// The base the last [`parse_with_base`] parsed, which JavaScript names with a length of
    /// `NONE` when it passes the same base again (`new URL(path, base)` in a loop); and whether
    /// it is its own serialization (see [`join`]).
    static BASE: RefCell<Option<(Url, bool)>> = const { RefCell::new(None) };
    /// The serialization of a URL [`join`] checks without building it.
    static JOINED_BYTES: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

pub(super) fn store_offsets(offsets: [u32; LEN]) {
    for (slot, value) in SLOTS.iter().zip(offsets) {
        slot.store(value, Relaxed);
    }
}

pub(super) fn fail(status: u32, cause: Option<ValidationError>) -> u32 {
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
        // A copy, not the kept URL's own bytes: JavaScript may decode it only when it is read,
        // and the next setter changes the kept URL in place; should that setter trap, the copy
        // is still what the URL object holds.
        output(url.href())
    };
    LAST.with_borrow_mut(|last| *last = Some(url));
    SLOTS[KEPT].store(1, Relaxed);
    status
}

/// Parses the input (`len` bytes).
#[wasm_bindgen]
pub fn parse(len: usize) -> u32 {
    with_input_bytes(len, |bytes| {
        #[cfg(feature = "test-panic")]
        if bytes == b"weburl:panic" {
            panic!("a deliberate panic, for testing");
        }
        // Input in serialized form, the common case, needs no URL built: only its offsets. It is
        // ASCII, so not checked to be UTF-8 either (about 100 instructions a URL in Node 24).
        let scanned = canonical::scan(bytes);
        if let Some(scanned) = scanned.as_ref().ok().filter(|s| s.is_input()) {
            store_offsets(scanned.offsets());
            forget_last();
            return UNCHANGED;
        }
        let Ok(input) = std::str::from_utf8(bytes) else { return malformed() };
        match parser::from_scan(input, scanned, None) {
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
    BASE.with_borrow_mut(|kept| {
        if base_len != NONE {
            *kept = None;
            let base = len.checked_add(base_len as usize).and_then(|end| {
                with_input_bytes(end, |bytes| {
                    let base = bytes.get(len..)?;
                    Some(Url::parse(std::str::from_utf8(base).ok()?).map(|url| {
                        let own = url.href().as_bytes() == base;
                        (url, own)
                    }))
                })
            });
            match base.flatten() {
                Some(Ok(base)) => *kept = Some(base),
                Some(Err(e)) => return fail(BASE_FAILURE, e.validation_error()),
                None => return malformed(),
            }
        }
        let joined = kept
            .as_ref()
            .and_then(|(base, own)| with_input_bytes(len, |input| join(base, *own, input)));
        joined.unwrap_or_else(malformed)
    })
}

/// Parses `input` against `base`. Where `base` is the base JavaScript passed (`own`) and the
/// result is in serialized form, it is the start of that base and the end of the input: JavaScript
/// joins them itself (`JOINED`), and no URL is built or kept.
fn join(base: &Url, own: bool, input: &[u8]) -> u32 {
    if own {
        let joined =
            JOINED_BYTES.with_borrow_mut(|joined| canonical::join_into(input, base, joined));
        if let Some((url, kept, skipped)) = joined {
            store_offsets(url.offsets());
            forget_last();
            SLOTS[JOINED_BASE].store(kept as u32, Relaxed);
            SLOTS[JOINED_INPUT].store(skipped as u32, Relaxed);
            return JOINED;
        }
    }
    let Ok(input) = std::str::from_utf8(input) else { return malformed() };
    match base.join(input) {
        Ok(url) => result(url, Some(input)),
        Err(e) => fail(FAILURE, e.validation_error()),
    }
}

/// `URL.canParse` for the input (`len` bytes) and, unless `base_len` is `NONE`, the base after it.
#[wasm_bindgen(js_name = canParse)]
pub fn can_parse(len: usize, base_len: u32) -> bool {
    if base_len == NONE {
        // As in `parse`: UTF-8 checked only where the scan did not vouch for the input (ASCII).
        let parses = |bytes: &[u8]| match canonical::scan(bytes) {
            Ok(scanned) if scanned.take_over.is_none() => true,
            scanned => std::str::from_utf8(bytes)
                .is_ok_and(|input| parser::from_scan(input, scanned, None).is_ok()),
        };
        return with_input_bytes(len, parses).unwrap_or(false);
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
        #[cfg(feature = "test-panic")]
        if value == "weburl:panic" {
            panic!("a deliberate panic, for testing");
        }
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
/// LIST_LEN of them. DISTINCT when the names all differ, else CHANGED.
#[wasm_bindgen(js_name = parseQuery)]
pub fn parse_query(len: usize) -> u32 {
    with_input([len], |[input]| {
        OUTPUT.with_borrow_mut(|joined| {
            BOUNDARIES.with_borrow_mut(|boundaries| {
                NAMES.with_borrow_mut(|(names, table)| {
                    joined.clear();
                    boundaries.clear();
                    names.clear();
                    let mut end = 0u32;
                    urlencoded::parse_each(input.as_bytes(), |piece| {
                        if boundaries.len() % 2 == 0 {
                            names.push((joined.len(), joined.len() + piece.len()));
                        }
                        joined.push_str(piece);
                        end += utf16_len(piece);
                        boundaries.push(end);
                    });
                    SLOTS[LIST_ADDRESS].store(boundaries.as_ptr() as u32, Relaxed);
                    SLOTS[LIST_LEN].store(boundaries.len() as u32, Relaxed);
                    point_output_at(joined);
                    if distinct(joined.as_bytes(), names, table) {
                        DISTINCT
                    } else {
                        CHANGED
                    }
                })
            })
        })
    })
    .unwrap_or_else(malformed)
}

/// Where a name is in the joined output, in bytes.
type Range = (usize, usize);

thread_local! {
    /// The byte ranges of the names [`parse_query`] wrote, and [`distinct`]'s table of them.
    static NAMES: RefCell<(Vec<Range>, Vec<usize>)> =
        const { RefCell::new((Vec::new(), Vec::new())) };
}

/// Whether the byte ranges `names` of `joined` all hold different strings: an open-addressing
/// table, at least twice their count, of a name's index + 1 (0: free). False also when a name's
/// probes run past MAX_PROBES.
fn distinct(joined: &[u8], names: &[Range], table: &mut Vec<usize>) -> bool {
    let size = (2 * names.len()).next_power_of_two();
    table.clear();
    table.resize(size, 0);
    let text = |&(start, end): &Range| joined.get(start..end).unwrap_or_default();
    let mask = size - 1;
    for (i, range) in names.iter().enumerate() {
        let name = text(range);
        let hash = name.iter().fold(name.len() as u32, |h, &b| {
            (h.rotate_left(5) ^ u32::from(b)).wrapping_mul(0x9e37_79b9)
        });
        let mut at = hash as usize & mask;
        let mut probes = 0;
        while table[at] != 0 {
            // Names made to collide cannot make this quadratic: past a few probes, not known.
            probes += 1;
            if probes > MAX_PROBES || text(&names[table[at] - 1]) == name {
                return false;
            }
            at = (at + 1) & mask;
        }
        table[at] = i + 1;
    }
    true
}

/// The most entries [`distinct`] looks at for a name (at most half the table is used).
const MAX_PROBES: usize = 16;

/// Serializes a list given as its names and values one after the other in the input (`len`
/// bytes), with their byte lengths the first `count` entries of the lengths buffer, into the
/// output buffer, whose room is kept between calls: no string of its own to grow and copy.
fn serialize_list(len: usize, count: usize) -> Option<()> {
    LENGTHS.with_borrow(|lengths| {
        INPUT.with_borrow(|input| {
            let mut rest = std::str::from_utf8(input.get(..len)?).ok()?;
            let mut pieces = Vec::with_capacity(count);
            for &length in lengths.get(..count)? {
                let piece = rest.get(..length as usize)?;
                rest = rest.slice(piece.len()..);
                pieces.push(piece);
            }
            let pairs = pieces.chunks_exact(2).map(|pair| (pair[0], pair[1]));
            OUTPUT.with_borrow_mut(|buffer| {
                buffer.clear();
                urlencoded::serialize_into(buffer, pairs, crate::percent::utf8());
                point_output_at(buffer);
            });
            Some(())
        })
    })
}

/// Serializes a list: its names and values one after the other in the input (`len` bytes),
/// their byte lengths in the lengths buffer (`count` of them).
#[wasm_bindgen(js_name = serializeQuery)]
pub fn serialize_query(len: usize, count: usize) -> u32 {
    serialize_list(len, count).map_or_else(malformed, |()| CHANGED)
}
