//! The URL Standard as URL Pattern calls it: the encoding callbacks that run the URL parser
//! ([`canonicalize`], giving the component they read), and parsing a URL against a base
//! ([`parse`], giving a URL whose [`Components`](super::Components) URL Pattern reads). Two forms,
//! chosen at compile time: direct calls (natively, and in the wasm with every feature), over a
//! [`Url`](crate::Url); in weburl/urlpattern's add-on wasm (the `urlpattern-addon` feature), which
//! carries no URL parser, imports that the url wasm beside it answers with components alone
//! (src/wasm/url_core.rs).

pub(super) use crate::canonicalize::Canonicalize;
#[cfg(all(target_arch = "wasm32", feature = "urlpattern-addon"))]
pub(super) use crate::wasm::url_core::{canonicalize, parse, CoreUrl as ParsedUrl};
#[cfg(not(all(target_arch = "wasm32", feature = "urlpattern-addon")))]
pub(super) use crate::Url as ParsedUrl;

/// The URL `input` parses to against `base`; `None` when either fails to parse.
#[cfg(not(all(target_arch = "wasm32", feature = "urlpattern-addon")))]
pub(super) fn parse(input: &str, base: Option<&str>) -> Option<ParsedUrl> {
    let base = match base.map(ParsedUrl::parse) {
        Some(Ok(base)) => Some(base),
        Some(Err(_)) => return None,
        None => None,
    };
    ParsedUrl::options().base_url(base.as_ref()).parse(input).ok()
}

/// The component at `component` of the dummy URL that [`crate::canonicalize::canonicalize`]
/// makes; `None` when the URL parser fails.
#[cfg(not(all(target_arch = "wasm32", feature = "urlpattern-addon")))]
pub(super) fn canonicalize(
    callback: Canonicalize,
    component: usize,
    value: &str,
    protocol: &str,
) -> Option<String> {
    use super::Components;
    let dummy_url = crate::canonicalize::canonicalize(callback, value, protocol)?;
    Some(dummy_url.components()[component].to_owned())
}
