//! The [origin](https://url.spec.whatwg.org/#origin) of a URL.

use std::borrow::Cow;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::host::Host;
use crate::percent::push_decimal;
use crate::url::{SchemeType, Url};

/// An [origin](https://html.spec.whatwg.org/multipage/browsers.html#concept-origin): a tuple of
/// scheme, host and port, or an opaque origin.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A new [opaque origin](https://html.spec.whatwg.org/multipage/browsers.html#concept-origin-opaque),
    /// equal only to itself (and its clones).
    Opaque(OpaqueOrigin),
    /// A [tuple origin](https://html.spec.whatwg.org/multipage/browsers.html#concept-origin-tuple).
    Tuple {
        /// The scheme, e.g. `"https"`.
        scheme: String,
        /// The host.
        host: Host,
        /// The port; `None` for the scheme's default port.
        port: Option<u16>,
    },
}

/// The identity of an opaque origin: each [`Url::origin`] call that gives one makes a new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueOrigin(usize);

impl OpaqueOrigin {
    fn new() -> Self {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        OpaqueOrigin(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

impl Origin {
    /// The [serialization of the origin](https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin):
    /// `"null"` when opaque, else scheme, `://`, host and the port if any.
    pub fn ascii_serialization(&self) -> String {
        match self {
            Origin::Opaque(_) => "null".to_owned(),
            Origin::Tuple { scheme, host, port } => {
                // Pushed piece by piece: `format!` would bring core::fmt into the wasm.
                let mut serialized = scheme.clone();
                serialized.push_str("://");
                host.serialize_into(&mut serialized);
                if let Some(port) = port {
                    serialized.push(':');
                    push_decimal(&mut serialized, u32::from(*port));
                }
                serialized
            }
        }
    }

    /// Whether this is a tuple origin.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Origin::Tuple { .. })
    }
}

impl Url {
    /// The [origin](https://url.spec.whatwg.org/#concept-url-origin): a tuple for `ftp`, `http`,
    /// `https`, `ws` and `wss`; for `blob:` the origin of the URL its path parses as, when that
    /// is `http`, `https` or `file`; opaque otherwise (`file:` too, "when in doubt").
    ///
    /// ```
    /// use weburl::Url;
    /// let origin = |s| Url::parse(s).unwrap().origin().ascii_serialization();
    /// assert_eq!(origin("https://example.org:8443/a"), "https://example.org:8443");
    /// assert_eq!(origin("blob:https://whatwg.org/d0360e2f"), "https://whatwg.org");
    /// assert_eq!(origin("blob:ftp://host/path"), "null");
    /// assert_eq!(origin("file:///etc/hosts"), "null");
    /// ```
    pub fn origin(&self) -> Origin {
        match self.tuple_origin_url() {
            Some(url) => Origin::Tuple {
                scheme: url.scheme().to_owned(),
                host: url.host_record().map_or(Host::Empty, Host::into_owned),
                port: url.port,
            },
            None => Origin::Opaque(OpaqueOrigin::new()),
        }
    }

    /// `self.origin().ascii_serialization()` without the [`Origin`]: a tuple origin's host and
    /// port are serialized in its URL already, as the `host` getter gives them. For the wasm
    /// `origin` export, smaller than building the origin's host again.
    #[cfg(any(target_arch = "wasm32", test))]
    pub(crate) fn origin_serialization(&self) -> String {
        match self.tuple_origin_url() {
            Some(url) => {
                let mut serialized = url.scheme().to_owned();
                serialized.push_str("://");
                serialized.push_str(url.host());
                serialized
            }
            None => "null".to_owned(),
        }
    }

    /// The URL whose scheme, host and port are this URL's origin, `None` when that is opaque
    /// (the `file:` URL a `blob:` path parses as too, whose origin is opaque).
    fn tuple_origin_url(&self) -> Option<Cow<'_, Url>> {
        match self.scheme_type {
            SchemeType::Special(_) => Some(Cow::Borrowed(self)),
            SchemeType::Blob => match Url::parse(self.pathname()) {
                Ok(inner) if matches!(inner.scheme(), "http" | "https") => Some(Cow::Owned(inner)),
                _ => None,
            },
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;

    #[test]
    fn origin_serialization_is_the_origins() {
        for input in [
            "https://user:pw@EXAMPLE.org:8443/a?q#f",
            "http://example.org:80/",
            "ws://[::1]:1/",
            "ftp://192.168.0.1/",
            "blob:https://whatwg.org/d0360e2f",
            "blob:http://[::1]:81/x",
            "blob:file:///x",
            "blob:ftp://host/path",
            "blob:blob:https://a/",
            "file:///etc/hosts",
            "sc://host/",
            "data:text/plain,x",
        ] {
            let url = Url::parse(input).unwrap();
            assert_eq!(url.origin_serialization(), url.origin().ascii_serialization(), "{input}");
        }
    }
}
