//! The URL core as weburl/urlpattern's add-on wasm (the `urlpattern-addon` feature) reaches it:
//! the add-on has URL Pattern's code but no URL parser, and imports these from JavaScript, which
//! runs them on the instance of the url wasm under the classes (js/runtime.js): that wasm's
//! [`canonicalize`](super::canonicalize) export, and its parse.
//!
//! Numbers out, not strings: a string an import returns goes through wasm-bindgen's encoder and
//! allocator exports in the glue. A URL comes back in two steps instead: the length of its eight
//! components (as the URL class's getters give them, so this module rebuilds no URL from offsets;
//! an encoding callback's, of the one it reads), and then those components one after the other,
//! written where this module allocated them.

use wasm_bindgen::prelude::wasm_bindgen;

use super::read_offsets;
use crate::canonicalize::Canonicalize;
use crate::offsets::NONE;
use crate::urlpattern::Components;

#[wasm_bindgen(raw_module = "./runtime.js")]
extern "C" {
    /// The URL parser's part of the encoding callback by its number, on a value that is not
    /// empty: the length of the dummy URL's component at `component` (ASCII), which
    /// [`take_components`] then writes; [`NONE`] for failure.
    #[wasm_bindgen(js_name = canonicalizeInCore)]
    fn canonicalize_in_core(callback: u32, component: usize, value: &str, protocol: &str) -> u32;
    /// The length of the components of the URL parsed from `input` against `base`, which
    /// [`take_components`] then writes, the length of each in this module's slots; [`NONE`] for
    /// failure (of the base too).
    #[wasm_bindgen(js_name = parseInCore)]
    fn parse_in_core(input: &str, base: Option<&str>) -> u32;
    /// Writes the components whose length the last of those gave at `address`.
    #[wasm_bindgen(js_name = takeComponents)]
    fn take_components(address: *mut u8);
}

/// A URL as the url wasm gave it: its components (scheme, username, password, host, port, path,
/// query and fragment, serialized) one after the other, and their lengths.
pub(crate) struct CoreUrl {
    components: String,
    lengths: [u32; 8],
}

impl Components for CoreUrl {
    fn components(&self) -> [&str; 8] {
        let mut rest = self.components.as_str();
        std::array::from_fn(|index| split_off(&mut rest, self.lengths[index] as usize))
    }
}

/// The first `len` bytes of `rest`, which keeps the others. Not inlined: a copy for each of the
/// eight components is 40 bytes of LZMA more.
#[inline(never)]
fn split_off<'a>(rest: &mut &'a str, len: usize) -> &'a str {
    let (first, after) = rest.split_at_checked(len).unwrap_or((rest, ""));
    *rest = after;
    first
}

/// The component at `component` of the dummy URL that [`crate::canonicalize::canonicalize`]
/// makes, in the url wasm.
pub(crate) fn canonicalize(
    callback: Canonicalize,
    component: usize,
    value: &str,
    protocol: &str,
) -> Option<String> {
    take(canonicalize_in_core(callback as u32, component, value, protocol))
}

/// The URL `input` parses to against `base`, in the url wasm.
pub(crate) fn parse(input: &str, base: Option<&str>) -> Option<CoreUrl> {
    from_core(parse_in_core(input, base))
}

/// The URL the url wasm gave: the length of its components, which are taken now, and the length
/// of each in the first slots.
fn from_core(len: u32) -> Option<CoreUrl> {
    let components = take(len)?;
    let slots = read_offsets();
    Some(CoreUrl { components, lengths: std::array::from_fn(|i| slots[i]) })
}

/// The `len` bytes the url wasm gave ([`NONE`]: none), taken now.
fn take(len: u32) -> Option<String> {
    if len == NONE {
        return None;
    }
    let mut bytes = vec![0; len as usize];
    take_components(bytes.as_mut_ptr());
    String::from_utf8(bytes).ok()
}
