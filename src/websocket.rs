//! WebSocket URLs: the URL steps of the [WebSockets Standard](https://websockets.spec.whatwg.org/)
//! for [`new WebSocket(url)`](https://websockets.spec.whatwg.org/#dom-websocket-websocket), and
//! what [obtaining a WebSocket connection](https://websockets.spec.whatwg.org/#concept-websocket-connection-obtain)
//! takes from the URL for The WebSocket Protocol's opening handshake
//! ([RFC 6455 §4.1](https://datatracker.ietf.org/doc/html/rfc6455#section-4.1)): the host, the
//! port, the resource name and the secure flag.
//!
//! ```
//! use weburl::websocket::{WebSocketUrl, WebSocketUrlError};
//! use weburl::Url;
//!
//! // Relative to a page's URL, as a browser resolves `new WebSocket("chat?room=1")`.
//! let page = Url::parse("https://example.com/app/index.html").unwrap();
//! let socket = WebSocketUrl::parse("chat?room=1", Some(&page)).unwrap();
//! assert_eq!(socket.href(), "wss://example.com/app/chat?room=1");
//! assert_eq!(socket.hostname(), "example.com");
//! assert_eq!(socket.port(), 443);
//! assert_eq!(socket.resource_name(), "/app/chat?room=1");
//! assert!(socket.is_secure());
//!
//! // The Host header: the port only when it is not the scheme's default.
//! let socket = WebSocketUrl::parse("http://[::1]:8080", None).unwrap();
//! assert_eq!((socket.href(), socket.host(), socket.port()), ("ws://[::1]:8080/", "[::1]:8080", 8080));
//!
//! // A SyntaxError in a browser, a typed error here.
//! assert!(matches!(WebSocketUrl::parse("ftp://example.com/", None), Err(WebSocketUrlError::Scheme(_))));
//! assert_eq!(WebSocketUrl::parse("wss://example.com/#", None), Err(WebSocketUrlError::Fragment));
//! ```
//!
//! The scheme changes as the standard writes it, by setting the URL record's scheme: the port
//! stays as the parser left it, which is right because `ws` shares `http`'s default port (80)
//! and `wss` shares `https`'s (443). So `http://x:443/` is `ws://x:443/` and `https://x:443/` is
//! `wss://x/`.

use std::fmt;

use crate::url::SchemeType;
use crate::{ParseError, Url};

/// A URL that `new WebSocket(url)` accepts: its scheme is `ws` or `wss` and it has no fragment.
///
/// Made by [`WebSocketUrl::parse`] (the constructor's steps) or from a parsed [`Url`] with
/// [`TryFrom`] (the steps after the parser). Equal, hashed and ordered as its [`href`](Self::href).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WebSocketUrl {
    url: Url,
}

/// Why a URL is not a WebSocket URL: which step of the
/// [`WebSocket` constructor](https://websockets.spec.whatwg.org/#dom-websocket-websocket) throws
/// its `SyntaxError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WebSocketUrlError {
    /// The URL parser returned failure.
    Parse(ParseError),
    /// The scheme (after `http` became `ws` and `https` became `wss`) is neither `ws` nor `wss`.
    /// Holds the scheme.
    Scheme(String),
    /// The fragment is non-null (`#` alone is an empty fragment, which is not null).
    Fragment,
}

impl fmt::Display for WebSocketUrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WebSocketUrlError::Parse(error) => error.fmt(f),
            WebSocketUrlError::Scheme(scheme) => {
                write!(f, "the scheme must be ws, wss, http or https, not {scheme}")
            }
            WebSocketUrlError::Fragment => f.write_str("a WebSocket URL cannot have a fragment"),
        }
    }
}

impl std::error::Error for WebSocketUrlError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WebSocketUrlError::Parse(error) => Some(error),
            _ => None,
        }
    }
}

impl From<ParseError> for WebSocketUrlError {
    fn from(error: ParseError) -> Self {
        WebSocketUrlError::Parse(error)
    }
}

impl WebSocketUrl {
    /// The URL steps of the [`WebSocket` constructor](https://websockets.spec.whatwg.org/#dom-websocket-websocket):
    /// runs the URL parser on `input` with `base` (in a browser, the API base URL of the page or
    /// worker; here, any URL or none), then the steps of [`TryFrom<Url>`](#impl-TryFrom<Url>-for-WebSocketUrl).
    ///
    /// ```
    /// use weburl::websocket::{WebSocketUrl, WebSocketUrlError};
    /// let base = weburl::Url::parse("http://example.com:8080/a/b").unwrap();
    /// assert_eq!(WebSocketUrl::parse("/echo", Some(&base)).unwrap().href(), "ws://example.com:8080/echo");
    /// assert_eq!(WebSocketUrl::parse("#top", Some(&base)), Err(WebSocketUrlError::Fragment));
    /// assert!(matches!(WebSocketUrl::parse("/echo", None), Err(WebSocketUrlError::Parse(_))));
    /// ```
    pub fn parse(input: &str, base: Option<&Url>) -> Result<WebSocketUrl, WebSocketUrlError> {
        let url = match base {
            Some(base) => base.join(input)?,
            None => Url::parse(input)?,
        };
        WebSocketUrl::try_from(url)
    }

    /// The URL record, with the scheme `ws` or `wss`.
    pub fn url(&self) -> &Url {
        &self.url
    }

    /// The URL record, given up.
    pub fn into_url(self) -> Url {
        self.url
    }

    /// The URL's serialization: what the [`url`](https://websockets.spec.whatwg.org/#dom-websocket-url)
    /// getter of the `WebSocket` returns.
    pub fn href(&self) -> &str {
        self.url.href()
    }

    /// The URL's [host](https://url.spec.whatwg.org/#concept-url-host),
    /// [serialized](https://url.spec.whatwg.org/#concept-host-serializer): a domain in ASCII
    /// (Punycode), an IPv4 address, or an IPv6 address in brackets. This is the standard's
    /// /host/, without the port; the name follows [`Url::hostname`].
    ///
    /// ```
    /// let socket = weburl::websocket::WebSocketUrl::parse("wss://bücher.example:8443/", None).unwrap();
    /// assert_eq!(socket.hostname(), "xn--bcher-kva.example");
    /// ```
    pub fn hostname(&self) -> &str {
        self.url.hostname()
    }

    /// The value of the opening handshake's `Host` header: the [`hostname`](Self::hostname),
    /// then `:` and the port when the port is not the scheme's default
    /// ([RFC 6455 §4.1](https://datatracker.ietf.org/doc/html/rfc6455#section-4.1), item 4 of
    /// the handshake's requirements). It is what [`Url::host`] gives, as the parser drops a
    /// default port.
    ///
    /// ```
    /// use weburl::websocket::WebSocketUrl;
    /// assert_eq!(WebSocketUrl::parse("wss://example.com:443/", None).unwrap().host(), "example.com");
    /// assert_eq!(WebSocketUrl::parse("http://example.com:443/", None).unwrap().host(), "example.com:443");
    /// ```
    pub fn host(&self) -> &str {
        self.url.host()
    }

    /// The port to connect to: the URL's [port](https://url.spec.whatwg.org/#concept-url-port),
    /// or when it is null the scheme's default, 80 for `ws` and 443 for `wss`
    /// ([RFC 6455 §3](https://datatracker.ietf.org/doc/html/rfc6455#section-3)).
    pub fn port(&self) -> u16 {
        self.url.port_number().unwrap_or(if self.is_secure() { 443 } else { 80 })
    }

    /// The /resource name/ of [obtain a WebSocket connection](https://websockets.spec.whatwg.org/#concept-websocket-connection-obtain),
    /// the request target of the handshake's `GET` line: `/` followed by the path's segments
    /// separated by `/`, then, if the query is non-empty, `?` and the query.
    ///
    /// The standard (like RFC 6455 §3) appends the query only when it is non-empty, not when it
    /// is non-null: `ws://x/?` has the resource name `/`.
    ///
    /// ```
    /// use weburl::websocket::WebSocketUrl;
    /// let name = |input| WebSocketUrl::parse(input, None).unwrap().resource_name().to_owned();
    /// assert_eq!(name("ws://example.com"), "/");
    /// assert_eq!(name("ws://example.com/a/b?c=d"), "/a/b?c=d");
    /// assert_eq!(name("ws://example.com/?"), "/");
    /// ```
    pub fn resource_name(&self) -> &str {
        // The path of a special URL has at least one segment, so its serialization (the
        // pathname) is the standard's `/` and segments; with no fragment, the query ends the
        // serialization.
        let path_and_query = self.url.href().get(self.url.path_start..).unwrap_or("/");
        match self.url.query() {
            Some("") => path_and_query.strip_suffix('?').unwrap_or(path_and_query),
            _ => path_and_query,
        }
    }

    /// The /secure/ flag: whether the scheme is `wss` (the standard asks whether the request
    /// URL's scheme is not `http`; the request URL's scheme is `http` for `ws`).
    pub fn is_secure(&self) -> bool {
        self.url.scheme() == "wss"
    }

    /// The /requestURL/ of [establish a WebSocket connection](https://websockets.spec.whatwg.org/#concept-websocket-establish):
    /// a copy of the URL with the scheme `http` for `ws`, `https` for `wss`, to fetch the
    /// handshake with (so HSTS, cookies and proxies apply as for any request to that URL).
    ///
    /// ```
    /// let socket = weburl::websocket::WebSocketUrl::parse("wss://example.com:444/chat", None).unwrap();
    /// assert_eq!(socket.request_url().href(), "https://example.com:444/chat");
    /// ```
    pub fn request_url(&self) -> Url {
        let scheme = if self.is_secure() { "https" } else { "http" };
        let mut url = self.url.clone();
        url.set_scheme(scheme, SchemeType::of(scheme));
        url
    }
}

/// The steps of the [`WebSocket` constructor](https://websockets.spec.whatwg.org/#dom-websocket-websocket)
/// after the URL parser: `http` becomes `ws` and `https` becomes `wss` (only the scheme is set;
/// the port stays), then any other scheme than `ws` or `wss` fails, then a non-null fragment fails.
///
/// ```
/// use weburl::websocket::{WebSocketUrl, WebSocketUrlError};
/// use weburl::Url;
/// let socket = WebSocketUrl::try_from(Url::parse("HTTPS://EXAMPLE.com:443/").unwrap()).unwrap();
/// assert_eq!(socket.href(), "wss://example.com/");
/// let error = WebSocketUrl::try_from(Url::parse("mailto:someone@example.com").unwrap()).unwrap_err();
/// assert_eq!(error, WebSocketUrlError::Scheme("mailto".into()));
/// ```
impl TryFrom<Url> for WebSocketUrl {
    type Error = WebSocketUrlError;

    fn try_from(mut url: Url) -> Result<WebSocketUrl, WebSocketUrlError> {
        // If urlRecord's scheme is "http", then set urlRecord's scheme to "ws". Otherwise, if
        // urlRecord's scheme is "https", set urlRecord's scheme to "wss".
        let renamed = match url.scheme() {
            "http" => Some("ws"),
            "https" => Some("wss"),
            _ => None,
        };
        if let Some(scheme) = renamed {
            url.set_scheme(scheme, SchemeType::of(scheme));
        }
        // If urlRecord's scheme is not "ws" or "wss", then throw a "SyntaxError" DOMException.
        if !matches!(url.scheme(), "ws" | "wss") {
            return Err(WebSocketUrlError::Scheme(url.scheme().to_owned()));
        }
        // If urlRecord's fragment is non-null, then throw a "SyntaxError" DOMException.
        if url.fragment().is_some() {
            return Err(WebSocketUrlError::Fragment);
        }
        Ok(WebSocketUrl { url })
    }
}

/// Parses an absolute URL, as [`WebSocketUrl::parse`] without a base.
impl std::str::FromStr for WebSocketUrl {
    type Err = WebSocketUrlError;

    fn from_str(input: &str) -> Result<WebSocketUrl, WebSocketUrlError> {
        WebSocketUrl::parse(input, None)
    }
}

/// The [`href`](WebSocketUrl::href).
impl fmt::Display for WebSocketUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.href())
    }
}

impl AsRef<str> for WebSocketUrl {
    fn as_ref(&self) -> &str {
        self.href()
    }
}

impl From<WebSocketUrl> for Url {
    fn from(socket: WebSocketUrl) -> Url {
        socket.url
    }
}
