//! The numeric protocol between this module and the JavaScript classes, for the test that
//! compares it with JavaScript's copies (js/protocol.js, tests/js/protocol.test.mjs): in the
//! test build only. The numbers are compiled into both sides of every build from one source
//! each, so the shipped modules need no check of their own at start-up.

use wasm_bindgen::prelude::wasm_bindgen;

#[cfg(feature = "display")]
use super::display;
#[cfg(feature = "ecma")]
use super::ecma;
#[cfg(feature = "psl")]
use super::psl;
#[cfg(feature = "records")]
use super::records;
use super::url::SETTER_NAMES;
#[cfg(feature = "urlpattern")]
use super::urlpattern;
#[cfg(feature = "websocket")]
use super::websocket;
use super::{
    BASE_FAILURE, CAUSE, CHANGED, DISTINCT, FAILURE, JOINED, JOINED_BASE, JOINED_INPUT, KEPT,
    LIST_ADDRESS, LIST_LEN, OUTPUT_ADDRESS, OUTPUT_LEN, SLOT_COUNT, UNCHANGED,
};
use crate::offsets::{self, NONE};

/// The protocol as JSON: the offsets layout and flags, the slots, the statuses, the setter,
/// record operation, URL pattern operation, WebSocket URL operation, public suffix list
/// operation, display operation and URI function ids, the render options' bits, the slot count
/// and the absent-number sentinel.
#[wasm_bindgen]
pub fn protocol() -> String {
    let mut json = String::from("{");
    let mut group = |name: &str, pairs: &[(&str, usize)]| {
        json.push('"');
        json.push_str(name);
        json.push_str("\":{");
        for (i, (key, value)) in pairs.iter().enumerate() {
            if i > 0 {
                json.push(',');
            }
            json.push('"');
            json.push_str(key);
            json.push_str("\":");
            push_number(&mut json, *value);
        }
        json.push_str("},");
    };
    group(
        "slots",
        &[
            ("SCHEME_END", offsets::SCHEME_END),
            ("USERNAME_END", offsets::USERNAME_END),
            ("HOST_START", offsets::HOST_START),
            ("HOST_END", offsets::HOST_END),
            ("PORT", offsets::PORT),
            ("PATH_START", offsets::PATH_START),
            ("QUERY_START", offsets::QUERY_START),
            ("FRAGMENT_START", offsets::FRAGMENT_START),
            ("FLAGS", offsets::FLAGS),
            ("CAUSE", CAUSE),
            ("OUTPUT_ADDRESS", OUTPUT_ADDRESS),
            ("OUTPUT_LEN", OUTPUT_LEN),
            ("LIST_ADDRESS", LIST_ADDRESS),
            ("LIST_LEN", LIST_LEN),
            ("KEPT", KEPT),
            ("JOINED_BASE", JOINED_BASE),
            ("JOINED_INPUT", JOINED_INPUT),
        ],
    );
    group(
        "flags",
        &[
            ("HOST_KIND_MASK", offsets::HOST_KIND_MASK as usize),
            ("OPAQUE_PATH", offsets::OPAQUE_PATH as usize),
            ("SPECIAL", offsets::SPECIAL as usize),
            ("TUPLE_ORIGIN", offsets::TUPLE_ORIGIN as usize),
            ("BLOB", offsets::BLOB as usize),
        ],
    );
    group(
        "status",
        &[
            ("UNCHANGED", UNCHANGED as usize),
            ("CHANGED", CHANGED as usize),
            ("FAILURE", FAILURE as usize),
            ("BASE_FAILURE", BASE_FAILURE as usize),
            ("JOINED", JOINED as usize),
            ("DISTINCT", DISTINCT as usize),
        ],
    );
    group("setters", &ids(&SETTER_NAMES));
    #[cfg(feature = "records")]
    group("operations", &ids(&records::OPERATIONS));
    #[cfg(feature = "urlpattern")]
    group("patternOperations", &ids(&urlpattern::OPERATIONS.map(|(name, _)| name)));
    #[cfg(feature = "websocket")]
    group("webSocketOperations", &ids(&websocket::OPERATIONS));
    #[cfg(feature = "psl")]
    group("pslOperations", &ids(&psl::OPERATIONS));
    #[cfg(feature = "display")]
    {
        group("displayOperations", &ids(&display::OPERATIONS));
        let options = display::OPTIONS.iter().map(|&(n, bit)| (n, bit as usize));
        group("renderOptions", &options.collect::<Vec<_>>());
    }
    #[cfg(feature = "ecma")]
    group("uriOperations", &ids(&ecma::OPERATIONS.map(|(name, _)| name)));
    group("numbers", &[("slotCount", SLOT_COUNT), ("none", NONE as usize)]);
    // The last group's comma.
    json.pop();
    json.push('}');
    json
}

/// Operation names with their ids (their indexes), for [`protocol`].
fn ids<'a>(names: &[&'a str]) -> Vec<(&'a str, usize)> {
    names.iter().enumerate().map(|(id, name)| (*name, id)).collect()
}

/// Appends the decimal digits of `n`.
fn push_number(out: &mut String, n: usize) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}
