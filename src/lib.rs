//! # weburl
//!
//! The [WHATWG URL Standard](https://url.spec.whatwg.org/), complete and exact: the URL parser
//! with every state and state override, hosts (domains through UTS #46, IPv4, IPv6, opaque),
//! percent-encoding for every encoding of the Encoding Standard,
//! `application/x-www-form-urlencoded`, origins, and the `URL` and `URLSearchParams` class
//! algorithms as a Rust API. The same engine ships to JavaScript as a WebAssembly module.
//!
//! ```
//! use weburl::Url;
//!
//! let base = Url::parse("https://example.org/docs/guide/").unwrap();
//! let url = base.join("../api?q=ß#top").unwrap();
//! assert_eq!(url.href(), "https://example.org/docs/api?q=%C3%9F#top");
//!
//! let mut url = Url::parse("http://faß.example:80/").unwrap();
//! assert_eq!(url.host(), "xn--fa-hia.example");
//! url.set_port("8080");
//! url.set_pathname("/a b");
//! assert_eq!(url.href(), "http://xn--fa-hia.example:8080/a%20b");
//! assert_eq!(url.origin().ascii_serialization(), "http://xn--fa-hia.example:8080");
//!
//! assert!(Url::parse("https://ex ample.org/").is_err());
//! ```
//!
//! A [`Url`] is kept as its serialization plus the offsets of its components, so every getter is
//! a slice of `href` and nothing is serialized twice.

// Two `unsafe` places: src/find.rs (SSE2 on x86_64) and src/wasm/arena.rs (the URL Pattern
// add-on's allocator).
#![deny(unsafe_code)]
#![warn(missing_docs)]
// weburl/urlpattern's add-on wasm calls the URL parser of the url wasm beside it: what only the
// URL classes' operations use (src/wasm/url.rs) is not compiled in, so the code they reach is
// dead there, and not linked.
#![cfg_attr(feature = "urlpattern-addon", allow(dead_code))]

mod api;
#[cfg(any(feature = "urlpattern", feature = "canonicalize"))]
mod canonicalize;
#[cfg(feature = "display")]
pub mod display;
#[cfg(feature = "ecma")]
pub mod ecma;
mod find;
pub mod host;
pub mod offsets;
mod origin;
mod parser;
pub mod percent;
#[cfg(feature = "psl")]
pub mod psl;
mod search_params;
mod slicing;
mod url;
pub mod urlencoded;
#[cfg(feature = "urlpattern")]
pub mod urlpattern;
mod validation;
#[cfg(target_arch = "wasm32")]
mod wasm;
#[cfg(feature = "websocket")]
pub mod websocket;
mod writing;

/// The npm package's allocator: smaller than the default (see the `talc` feature). Not in
/// weburl/urlpattern's add-on, which has its arena (src/wasm/arena.rs).
#[cfg(all(target_arch = "wasm32", feature = "talc", not(feature = "urlpattern-addon")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

use std::fmt;

pub use crate::api::ParseOptions;
pub use crate::origin::{OpaqueOrigin, Origin};
pub use crate::search_params::UrlSearchParams;
pub use crate::url::{Url, UrlPath, UrlRecord};
pub use crate::validation::ValidationError;
pub use crate::writing::is_valid_url_string;
#[cfg(feature = "encodings")]
pub use encoding_rs;

/// The URL parser returned failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseError {
    cause: Option<ValidationError>,
}

impl ParseError {
    pub(crate) fn new(cause: Option<ValidationError>) -> Self {
        ParseError { cause }
    }

    /// The [validation error](https://url.spec.whatwg.org/#validation-error) that made parsing
    /// fail. Only a setter's state override can fail without one.
    pub fn validation_error(&self) -> Option<ValidationError> {
        self.cause
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cause {
            Some(cause) => write!(f, "invalid URL ({cause})"),
            None => f.write_str("invalid URL"),
        }
    }
}

impl std::error::Error for ParseError {}

/// For the fuzz targets (`cargo fuzz` builds with `--cfg fuzzing`): the parser without its fast
/// path, to check the two agree.
#[cfg(fuzzing)]
#[doc(hidden)]
pub mod fuzzing {
    use crate::{ParseError, Url};

    /// The basic URL parser's state machine alone, without a base.
    pub fn parse_with_state_machine(input: &str) -> Result<Url, ParseError> {
        crate::parser::state_machine(
            input,
            None,
            crate::percent::utf8(),
            crate::validation::Sink::none(),
            None,
        )
    }
}

/// The README's Rust examples run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
