//! The wasm-bindgen layer under the JavaScript `URL` and `URLSearchParams` classes. Every export
//! is stateless: a URL crosses as its serialization plus offsets, which travel through shared
//! slots that JavaScript reads with a `Uint32Array` view of wasm memory. A serialization comes
//! back only when it changed, so JavaScript keeps its own string otherwise.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use wasm_bindgen::prelude::wasm_bindgen;

use crate::offsets::{self, LEN, NONE};
use crate::{urlencoded, Url, ValidationError};

/// Slot indices after the URL offsets (0 to `offsets::LEN - 1`).
const STATUS: usize = LEN;
const CAUSE: usize = LEN + 1;
const LIST_ADDRESS: usize = LEN + 2;
const LIST_LEN: usize = LEN + 3;
const SLOT_COUNT: usize = LEN + 4;

/// Values of the STATUS slot.
const OK: u32 = 0;
const FAILURE: u32 = 1;
const BASE_FAILURE: u32 = 2;

static SLOTS: [AtomicU32; SLOT_COUNT] = [const { AtomicU32::new(0) }; SLOT_COUNT];

thread_local! {
    /// The UTF-16 boundaries of the last list [`parse_query`] decoded.
    static BOUNDARIES: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// A URL class setter.
type Setter = fn(&mut Url, &str);

/// The URL class setters, by the ids JavaScript passes to [`set`].
const SETTERS: [(&str, Setter); 9] = [
    ("protocol", Url::set_protocol),
    ("username", Url::set_username),
    ("password", Url::set_password),
    ("host", Url::set_host),
    ("hostname", Url::set_hostname),
    ("port", Url::set_port),
    ("pathname", Url::set_pathname),
    ("search", Url::set_search),
    ("hash", Url::set_hash),
];

/// The numeric protocol between this module and the JavaScript classes, as JSON: the offsets
/// layout and flags, the slots, the setter ids and the validation error names. JavaScript reads
/// it once, so every number is defined here and nowhere else.
#[wasm_bindgen]
pub fn protocol() -> String {
    let named = |pairs: &[(&str, usize)]| {
        let fields: Vec<String> = pairs.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect();
        format!("{{{}}}", fields.join(","))
    };
    let offsets = named(&[
        ("SCHEME_END", offsets::SCHEME_END),
        ("USERNAME_END", offsets::USERNAME_END),
        ("HOST_START", offsets::HOST_START),
        ("HOST_END", offsets::HOST_END),
        ("PORT", offsets::PORT),
        ("PATH_START", offsets::PATH_START),
        ("QUERY_START", offsets::QUERY_START),
        ("FRAGMENT_START", offsets::FRAGMENT_START),
        ("FLAGS", offsets::FLAGS),
        ("STATUS", STATUS),
        ("CAUSE", CAUSE),
        ("LIST_ADDRESS", LIST_ADDRESS),
        ("LIST_LEN", LIST_LEN),
    ]);
    let flags = named(&[
        ("HOST_KIND_MASK", offsets::HOST_KIND_MASK as usize),
        ("OPAQUE_PATH", offsets::OPAQUE_PATH as usize),
        ("SPECIAL", offsets::SPECIAL as usize),
        ("TUPLE_ORIGIN", offsets::TUPLE_ORIGIN as usize),
        ("BLOB", offsets::BLOB as usize),
    ]);
    let status = named(&[
        ("OK", OK as usize),
        ("FAILURE", FAILURE as usize),
        ("BASE_FAILURE", BASE_FAILURE as usize),
    ]);
    let setters: Vec<(&str, usize)> =
        SETTERS.iter().enumerate().map(|(i, (n, _))| (*n, i)).collect();
    let errors: Vec<String> =
        ValidationError::ALL.iter().map(|e| format!("\"{}\"", e.name())).collect();
    format!(
        "{{\"slots\":{offsets},\"slotCount\":{SLOT_COUNT},\"slotsAddress\":{},\"none\":{NONE},\
         \"flags\":{flags},\"status\":{status},\"setters\":{},\"errors\":[{}]}}",
        SLOTS.as_ptr() as usize,
        named(&setters),
        errors.join(",")
    )
}

fn write_offsets(url: &Url) {
    for (slot, value) in SLOTS.iter().zip(url.offsets()) {
        slot.store(value, Relaxed);
    }
    SLOTS[STATUS].store(OK, Relaxed);
}

fn read_offsets() -> [u32; LEN] {
    std::array::from_fn(|i| SLOTS[i].load(Relaxed))
}

fn fail(status: u32, cause: Option<ValidationError>) -> Option<String> {
    let index = cause.and_then(|c| ValidationError::ALL.iter().position(|&e| e == c));
    SLOTS[STATUS].store(status, Relaxed);
    SLOTS[CAUSE].store(index.map_or(NONE, |i| i as u32), Relaxed);
    None
}

/// The serialization, unless it is `unchanged` (which the caller already holds).
fn changed(url: Url, unchanged: &str) -> Option<String> {
    write_offsets(&url);
    (url.href() != unchanged).then(|| url.into())
}

/// Parses `input`: its serialization when that differs from `input`, `undefined` when it is the
/// same or parsing failed (STATUS tells which, CAUSE names the validation error).
#[wasm_bindgen]
pub fn parse(input: &str) -> Option<String> {
    match Url::parse(input) {
        Ok(url) => changed(url, input),
        Err(e) => fail(FAILURE, e.validation_error()),
    }
}

/// Parses `input` against `base`, as [`parse`]; STATUS is BASE_FAILURE when `base` fails.
#[wasm_bindgen(js_name = parseWithBase)]
pub fn parse_with_base(input: &str, base: &str) -> Option<String> {
    let base = match Url::parse(base) {
        Ok(base) => base,
        Err(e) => return fail(BASE_FAILURE, e.validation_error()),
    };
    match base.join(input) {
        Ok(url) => changed(url, input),
        Err(e) => fail(FAILURE, e.validation_error()),
    }
}

/// `URL.canParse(input)`.
#[wasm_bindgen(js_name = canParse)]
pub fn can_parse(input: &str) -> bool {
    Url::parse(input).is_ok()
}

/// `URL.canParse(input, base)`.
#[wasm_bindgen(js_name = canParseWithBase)]
pub fn can_parse_with_base(input: &str, base: &str) -> bool {
    Url::can_parse(input, Some(base))
}

/// The URL `href` with the offsets in the slots; parsed again if they do not fit it.
fn current(href: &str) -> Option<Url> {
    Url::from_offsets(href.to_owned(), &read_offsets()).or_else(|| Url::parse(href).ok())
}

/// Runs setter `setter` with `value` on the URL `href` (offsets in the slots): the new
/// serialization when it changed, else `undefined`. The new offsets are in the slots.
#[wasm_bindgen]
pub fn set(href: &str, setter: u32, value: &str) -> Option<String> {
    let (Some(mut url), Some((_, apply))) = (current(href), SETTERS.get(setter as usize)) else {
        return fail(FAILURE, None);
    };
    apply(&mut url, value);
    changed(url, href)
}

/// The origin of the `blob:` URL `href`, serialized.
#[wasm_bindgen]
pub fn origin(href: &str) -> String {
    current(href).map_or_else(|| "null".to_owned(), |url| url.origin().ascii_serialization())
}

/// Parses `input` as `application/x-www-form-urlencoded`: the names and values, concatenated.
/// Their UTF-16 end offsets (name, value, name, …) are at LIST_ADDRESS, LIST_LEN of them.
#[wasm_bindgen(js_name = parseQuery)]
pub fn parse_query(input: &str) -> String {
    let list = urlencoded::parse(input.as_bytes());
    let mut joined = String::with_capacity(input.len());
    BOUNDARIES.with_borrow_mut(|boundaries| {
        boundaries.clear();
        let mut end = 0u32;
        for (name, value) in &list {
            for s in [name, value] {
                joined.push_str(s);
                end += s.encode_utf16().count() as u32;
                boundaries.push(end);
            }
        }
        SLOTS[LIST_ADDRESS].store(boundaries.as_ptr() as u32, Relaxed);
        SLOTS[LIST_LEN].store(boundaries.len() as u32, Relaxed);
    });
    joined
}

/// Splits `joined` into the pieces whose UTF-16 lengths are `lengths`; lengths that do not fit
/// are cut short at the end of `joined` or of the last whole code point.
fn split_utf16<'a>(joined: &'a str, lengths: &'a [u32]) -> impl Iterator<Item = &'a str> + 'a {
    let mut rest = joined;
    lengths.iter().map(move |&length| {
        let mut units = 0;
        let end = rest
            .char_indices()
            .find(|&(_, c)| {
                units += c.len_utf16() as u32;
                units > length
            })
            .map_or(rest.len(), |(i, _)| i);
        let (piece, tail) = rest.split_at(end);
        rest = tail;
        piece
    })
}

fn serialize_pairs(joined: &str, lengths: &[u32]) -> String {
    let mut pieces = split_utf16(joined, lengths);
    let pairs = std::iter::from_fn(|| Some((pieces.next()?, pieces.next()?)));
    urlencoded::serialize(pairs)
}

/// Serializes a list as `application/x-www-form-urlencoded`: names and values concatenated in
/// `joined`, their UTF-16 lengths in `lengths`.
#[wasm_bindgen(js_name = serializeQuery)]
pub fn serialize_query(joined: &str, lengths: &[u32]) -> String {
    serialize_pairs(joined, lengths)
}

/// [Updates](https://url.spec.whatwg.org/#concept-urlsearchparams-update) the URL `href`
/// (offsets in the slots) from a list given as in [`serialize_query`].
#[wasm_bindgen(js_name = updateQuery)]
pub fn update_query(href: &str, joined: &str, lengths: &[u32]) -> Option<String> {
    let Some(mut url) = current(href) else {
        return fail(FAILURE, None);
    };
    let serialized = serialize_pairs(joined, lengths);
    url.set_query(if serialized.is_empty() { None } else { Some(&serialized) });
    changed(url, href)
}
