//! The URL parser's part of URL Pattern's canonicalization: the
//! [encoding callbacks](https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks) that run the
//! [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser) on a dummy URL with
//! a state override, up to that URL (`urlpattern` reads its component). In the URL core rather
//! than in [`urlpattern`](crate::urlpattern): weburl/urlpattern's add-on wasm (the
//! `urlpattern-addon` feature) carries URL Pattern's code without the URL parser, and asks the url
//! wasm beside it for these (its `canonicalize` export, src/wasm/canonicalize.rs), by the numbers
//! of [`Canonicalize`].

use std::borrow::Cow;

use crate::parser::{parse_with_override, State};
use crate::url::SchemeType;
use crate::Url;

/// The encoding callbacks that run the URL parser (canonicalize a protocol, …), by the numbers
/// the add-on passes for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Canonicalize {
    Protocol,
    Username,
    Password,
    Hostname,
    Port,
    Pathname,
    OpaquePathname,
    Search,
    Hash,
}

impl Canonicalize {
    /// Every one, by number.
    #[cfg(all(target_arch = "wasm32", feature = "canonicalize"))]
    pub(crate) const ALL: [Canonicalize; 9] = [
        Canonicalize::Protocol,
        Canonicalize::Username,
        Canonicalize::Password,
        Canonicalize::Hostname,
        Canonicalize::Port,
        Canonicalize::Pathname,
        Canonicalize::OpaquePathname,
        Canonicalize::Search,
        Canonicalize::Hash,
    ];

    /// What it canonicalizes, as an error message names it.
    #[cfg(feature = "urlpattern")]
    pub(crate) fn name(self) -> &'static str {
        [
            "protocol",
            "username",
            "password",
            "hostname",
            "port",
            "pathname",
            "opaque pathname",
            "search",
            "hash",
        ][self as usize]
    }
}

/// The [dummy URL](https://urlpattern.spec.whatwg.org/#create-a-dummy-url) of most encoding
/// callbacks.
const DUMMY_URL: &str = "https://dummy.invalid/";

/// The URL parser's part of the encoding callback `callback` on `value` (not empty: that one
/// each gives as it is): the dummy URL after it, whose component the callback reads
/// (`urlpattern`'s canonicalization); `None` when the parser fails. `protocol` is the protocol
/// value that the port's depends on (the empty string when there is none).
#[cfg_attr(feature = "urlpattern-addon", allow(dead_code))]
pub(crate) fn canonicalize(callback: Canonicalize, value: &str, protocol: &str) -> Option<Url> {
    // Pushed, not `concat`: that would bring a function of its own into the url wasm.
    let with_dummy_host = |scheme: &str| {
        let mut url = String::from(scheme);
        url.push_str("://dummy.invalid/");
        url
    };
    let (dummy_url, state) = match callback {
        // The scheme of `<value>://dummy.invalid/`, parsed without a state override (whose
        // restrictions are the protocol setter's only).
        Canonicalize::Protocol => return Url::parse(&with_dummy_host(value)).ok(),
        Canonicalize::Username | Canonicalize::Password => {
            let mut url = Url::parse(DUMMY_URL).ok()?;
            if callback == Canonicalize::Username {
                url.set_username(value);
            } else {
                url.set_password(value);
            }
            return Some(url);
        }
        Canonicalize::Hostname => (Cow::Borrowed(DUMMY_URL), State::Hostname),
        // The port state reads nothing of the URL but its scheme's default port, which goes:
        // `<protocol>://dummy.invalid/` for a scheme that has one, else `dummy://dummy.invalid/`.
        Canonicalize::Port => {
            let has_default_port = SchemeType::of(protocol).default_port().is_some();
            (
                Cow::Owned(with_dummy_host(if has_default_port { protocol } else { "dummy" })),
                State::Port,
            )
        }
        Canonicalize::Pathname => (Cow::Borrowed(DUMMY_URL), State::PathStart),
        // The empty opaque path (the opaque path state reads neither the scheme nor the host).
        Canonicalize::OpaquePathname => (Cow::Borrowed("dummy:"), State::OpaquePath),
        // The query and the fragment set to the empty string first, as the standard does.
        Canonicalize::Search => (Cow::Borrowed("https://dummy.invalid/?"), State::Query),
        Canonicalize::Hash => (Cow::Borrowed("https://dummy.invalid/#"), State::Fragment),
    };
    let mut url = Url::parse(&dummy_url).ok()?;
    if callback == Canonicalize::Pathname {
        url.empty_path();
    }
    parse_with_override(&mut url, value, state).then_some(url)
}
