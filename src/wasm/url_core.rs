//! The URL core as weburl/urlpattern's add-on wasm (the `urlpattern-addon` feature) reaches it:
//! the add-on has URL Pattern's code but no URL parser, and imports these two from JavaScript,
//! which runs them on the instance of the url wasm under the classes (js/runtime.js): that wasm's
//! [`canonicalize`](super::canonicalize) export, and its parse.

use wasm_bindgen::prelude::wasm_bindgen;

use super::read_offsets;
use crate::canonicalize::Canonicalize;
use crate::Url;

#[wasm_bindgen(raw_module = "./runtime.js")]
extern "C" {
    /// The URL parser's part of the encoding callback by its number, on a value that is not
    /// empty: the dummy URL's serialization, its offsets in this module's slots; `None` for
    /// failure.
    #[wasm_bindgen(js_name = canonicalizeInCore)]
    fn canonicalize_in_core(callback: u32, value: &str, protocol: &str) -> Option<String>;
    /// The serialization of the URL parsed from `input` against `base`, its offsets in this
    /// module's slots; `None` for failure (of the base too).
    #[wasm_bindgen(js_name = parseInCore)]
    fn parse_in_core(input: &str, base: Option<&str>) -> Option<String>;
}

/// [`crate::canonicalize::canonicalize`], in the url wasm.
pub(crate) fn canonicalize(callback: Canonicalize, value: &str, protocol: &str) -> Option<Url> {
    from_core(canonicalize_in_core(callback as u32, value, protocol))
}

/// The URL `input` parses to against `base`, in the url wasm.
pub(crate) fn parse(input: &str, base: Option<&str>) -> Option<Url> {
    from_core(parse_in_core(input, base))
}

/// The URL the url wasm gave: its serialization, and its offsets in the slots.
fn from_core(href: Option<String>) -> Option<Url> {
    Url::from_offsets(href?, &read_offsets())
}
