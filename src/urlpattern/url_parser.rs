//! The URL Standard as URL Pattern calls it: the encoding callbacks that run the URL parser
//! ([`canonicalize`]), and parsing a URL against a base ([`parse`]). Two forms, chosen at compile
//! time: direct calls (natively, and in the wasm with every feature); in weburl/urlpattern's
//! add-on wasm (the `urlpattern-addon` feature), which carries no URL parser, imports that the
//! url wasm beside it answers (src/wasm/url_core.rs).

#[cfg(not(all(target_arch = "wasm32", feature = "urlpattern-addon")))]
pub(super) use crate::canonicalize::canonicalize;
pub(super) use crate::canonicalize::Canonicalize;
#[cfg(all(target_arch = "wasm32", feature = "urlpattern-addon"))]
pub(super) use crate::wasm::url_core::{canonicalize, parse};
#[cfg(not(all(target_arch = "wasm32", feature = "urlpattern-addon")))]
use crate::Url;

/// The URL `input` parses to against `base`; `None` when either fails to parse.
#[cfg(not(all(target_arch = "wasm32", feature = "urlpattern-addon")))]
pub(super) fn parse(input: &str, base: Option<&str>) -> Option<Url> {
    let base = match base.map(Url::parse) {
        Some(Ok(base)) => Some(base),
        Some(Err(_)) => return None,
        None => None,
    };
    Url::options().base_url(base.as_ref()).parse(input).ok()
}
