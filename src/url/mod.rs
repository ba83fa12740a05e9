//! The [URL record](https://url.spec.whatwg.org/#concept-url), kept as its
//! [serialization](https://url.spec.whatwg.org/#concept-url-serializer) plus the offsets of its
//! components, so that reading a component is slicing a string.
//!
//! Why the slicing here cannot panic: the serialization is ASCII (every component is written
//! percent-encoded, hosts in Punycode), so every index is a char boundary; and the offsets are
//! in order, `scheme_end < username_end <= host_start <= host_end <= path_start <= query_start
//! <= fragment_start <= len`. The parser and the edits in `edit.rs` keep that after each step;
//! [`Url::from_offsets`] checks it for offsets that come from outside.

use std::fmt;
use std::ops::Range;

mod edit;
mod record;

pub use record::{UrlPath, UrlRecord};

use crate::host::{Host, HostKind};
use crate::slicing::Slice;

/// A parsed [URL](https://url.spec.whatwg.org/#concept-url).
///
/// The URL is stored as its serialization (`href`) with the offsets of each component, so every
/// getter is a slice and the record never needs to be serialized again.
///
/// ```
/// use weburl::Url;
/// let url = Url::parse("HTTPS://user:pw@EXAMPLE.com:8080/a/../b?q=1#top").unwrap();
/// assert_eq!(url.href(), "https://user:pw@example.com:8080/b?q=1#top");
/// assert_eq!(url.protocol(), "https:");
/// assert_eq!(url.username(), "user");
/// assert_eq!(url.password(), "pw");
/// assert_eq!(url.host(), "example.com:8080");
/// assert_eq!(url.hostname(), "example.com");
/// assert_eq!(url.port(), "8080");
/// assert_eq!(url.pathname(), "/b");
/// assert_eq!(url.search(), "?q=1");
/// assert_eq!(url.hash(), "#top");
/// ```
#[derive(Clone)]
pub struct Url {
    pub(crate) serialization: String,
    /// Index of the `:` that ends the scheme.
    pub(crate) scheme_end: usize,
    /// End of the username; `scheme_end + 1` when the host is null.
    pub(crate) username_end: usize,
    /// Start of the host: after the `@` when there are credentials, else `username_end`.
    pub(crate) host_start: usize,
    pub(crate) host_end: usize,
    pub(crate) port: Option<u16>,
    /// Start of the path, after the `/.` the serializer adds in front of some paths.
    pub(crate) path_start: usize,
    /// Index of the `?` when the query is non-null.
    pub(crate) query_start: Option<usize>,
    /// Index of the `#` when the fragment is non-null.
    pub(crate) fragment_start: Option<usize>,
    /// `None` when the host is null.
    pub(crate) host_kind: Option<HostKind>,
    pub(crate) scheme_type: SchemeType,
    pub(crate) opaque_path: bool,
}

/// What the scheme means to the standard's algorithms: a [special scheme](https://url.spec.whatwg.org/#special-scheme)
/// and its [default port](https://url.spec.whatwg.org/#default-port), `file`, `blob` (not
/// special, but its [origin](https://url.spec.whatwg.org/#concept-url-origin) is), or another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SchemeType {
    /// `ftp`, `http`, `https`, `ws` or `wss`, with its default port.
    Special(u16),
    File,
    Blob,
    NotSpecial,
}

impl SchemeType {
    #[inline(always)]
    pub(crate) fn of(scheme: &(impl AsRef<[u8]> + ?Sized)) -> SchemeType {
        match scheme.as_ref() {
            b"http" | b"ws" => SchemeType::Special(80),
            b"https" | b"wss" => SchemeType::Special(443),
            b"ftp" => SchemeType::Special(21),
            b"file" => SchemeType::File,
            b"blob" => SchemeType::Blob,
            _ => SchemeType::NotSpecial,
        }
    }

    pub(crate) fn is_special(self) -> bool {
        matches!(self, SchemeType::Special(_) | SchemeType::File)
    }

    pub(crate) fn default_port(self) -> Option<u16> {
        match self {
            SchemeType::Special(port) => Some(port),
            _ => None,
        }
    }
}

/// The offsets of a [`Url`], in the order they appear in the serialization. Editing one part
/// moves every offset from the next part on.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Offset {
    SchemeEnd,
    UsernameEnd,
    HostStart,
    HostEnd,
    PathStart,
    QueryStart,
    FragmentStart,
}

impl Url {
    /// A URL whose record is all initial values but for an empty scheme: serialization `:`,
    /// with room for `capacity` bytes.
    pub(crate) fn empty(capacity: usize) -> Url {
        let mut serialization = String::with_capacity(capacity.max(1));
        serialization.push(':');
        Url {
            serialization,
            scheme_end: 0,
            username_end: 1,
            host_start: 1,
            host_end: 1,
            port: None,
            path_start: 1,
            query_start: None,
            fragment_start: None,
            host_kind: None,
            scheme_type: SchemeType::NotSpecial,
            opaque_path: false,
        }
    }

    // ----- The URL class getters (https://url.spec.whatwg.org/#urlutils-members) -----

    /// The [`href` getter](https://url.spec.whatwg.org/#dom-url-href): the URL's serialization.
    #[inline]
    pub fn href(&self) -> &str {
        &self.serialization
    }

    /// The serialization, as [`href`](Url::href).
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.serialization
    }

    /// The [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer), optionally
    /// excluding the fragment.
    ///
    /// ```
    /// let url = weburl::Url::parse("https://example.org/a#frag").unwrap();
    /// assert_eq!(url.serialize(true), "https://example.org/a");
    /// assert_eq!(url.serialize(false), url.href());
    /// ```
    pub fn serialize(&self, exclude_fragment: bool) -> &str {
        match self.fragment_start {
            Some(start) if exclude_fragment => self.serialization.slice(..start),
            _ => &self.serialization,
        }
    }

    /// The [`protocol` getter](https://url.spec.whatwg.org/#dom-url-protocol): the scheme and `:`.
    pub fn protocol(&self) -> &str {
        self.serialization.slice(..=self.scheme_end)
    }

    /// The [`username` getter](https://url.spec.whatwg.org/#dom-url-username).
    pub fn username(&self) -> &str {
        match self.host_kind {
            Some(_) => self.serialization.slice(self.scheme_end + 3..self.username_end),
            None => "",
        }
    }

    /// The [`password` getter](https://url.spec.whatwg.org/#dom-url-password).
    pub fn password(&self) -> &str {
        if self.host_start > self.username_end + 1 {
            self.serialization.slice(self.username_end + 1..self.host_start - 1)
        } else {
            ""
        }
    }

    /// The [`host` getter](https://url.spec.whatwg.org/#dom-url-host): hostname and port.
    pub fn host(&self) -> &str {
        self.serialization.slice(self.host_start..self.port_end())
    }

    /// The [`hostname` getter](https://url.spec.whatwg.org/#dom-url-hostname): the
    /// [serialized](https://url.spec.whatwg.org/#concept-host-serializer) host, or the empty
    /// string when it is null.
    pub fn hostname(&self) -> &str {
        self.serialization.slice(self.host_start..self.host_end)
    }

    /// The [`port` getter](https://url.spec.whatwg.org/#dom-url-port).
    pub fn port(&self) -> &str {
        match self.port {
            Some(_) => self.serialization.slice(self.host_end + 1..self.port_end()),
            None => "",
        }
    }

    /// The [`pathname` getter](https://url.spec.whatwg.org/#dom-url-pathname): the
    /// [URL path serializer](https://url.spec.whatwg.org/#url-path-serializer).
    pub fn pathname(&self) -> &str {
        self.serialization.slice(self.path_start..self.path_end())
    }

    /// The [`search` getter](https://url.spec.whatwg.org/#dom-url-search): `?` and the query,
    /// or the empty string when the query is null or empty.
    pub fn search(&self) -> &str {
        match self.query_start {
            Some(start) if self.query_end() > start + 1 => {
                self.serialization.slice(start..self.query_end())
            }
            _ => "",
        }
    }

    /// The [`hash` getter](https://url.spec.whatwg.org/#dom-url-hash): `#` and the fragment, or
    /// the empty string when the fragment is null or empty.
    pub fn hash(&self) -> &str {
        match self.fragment_start {
            Some(start) if self.serialization.len() > start + 1 => {
                self.serialization.slice(start..)
            }
            _ => "",
        }
    }

    // ----- The URL record (https://url.spec.whatwg.org/#url-representation) -----

    /// The [scheme](https://url.spec.whatwg.org/#concept-url-scheme), e.g. `"https"`.
    pub fn scheme(&self) -> &str {
        self.serialization.slice(..self.scheme_end)
    }

    /// Whether the URL [is special](https://url.spec.whatwg.org/#is-special).
    pub fn is_special(&self) -> bool {
        self.scheme_type.is_special()
    }

    /// The [host](https://url.spec.whatwg.org/#concept-url-host), `None` when null.
    ///
    /// ```
    /// use weburl::{host::Host, Url};
    /// assert_eq!(Url::parse("http://[::1]/").unwrap().host_record(), Some(Host::Ipv6("::1".parse().unwrap())));
    /// assert_eq!(Url::parse("file:///x").unwrap().host_record(), Some(Host::Empty));
    /// assert_eq!(Url::parse("mailto:x").unwrap().host_record(), None);
    /// ```
    pub fn host_record(&self) -> Option<Host<&str>> {
        self.host_kind.map(|kind| Host::from_serialization(kind, self.hostname()))
    }

    /// Which kind of host the URL has, `None` when the host is null.
    pub fn host_kind(&self) -> Option<HostKind> {
        self.host_kind
    }

    /// The [port](https://url.spec.whatwg.org/#concept-url-port) as a number; `None` when null
    /// (the scheme's default port is never stored).
    pub fn port_number(&self) -> Option<u16> {
        self.port
    }

    /// Whether the URL has an [opaque path](https://url.spec.whatwg.org/#url-opaque-path).
    pub fn has_opaque_path(&self) -> bool {
        self.opaque_path
    }

    /// The path segments, or `None` for an opaque path.
    ///
    /// ```
    /// let url = weburl::Url::parse("https://example.org/a/b/").unwrap();
    /// assert_eq!(url.path_segments().unwrap().collect::<Vec<_>>(), ["a", "b", ""]);
    /// ```
    pub fn path_segments(&self) -> Option<impl Iterator<Item = &str>> {
        if self.opaque_path {
            return None;
        }
        let path = self.pathname();
        // A closure, not the char '/', whose searcher would bring its bounds panics into the wasm.
        #[allow(clippy::manual_pattern_char_comparison)]
        let segments = path.strip_prefix('/').map(|p| p.split(|c| c == '/'));
        Some(segments.into_iter().flatten())
    }

    /// The [query](https://url.spec.whatwg.org/#concept-url-query), without `?`; `None` when null.
    pub fn query(&self) -> Option<&str> {
        self.query_start.map(|start| self.serialization.slice(start + 1..self.query_end()))
    }

    /// The [fragment](https://url.spec.whatwg.org/#concept-url-fragment), without `#`; `None`
    /// when null.
    pub fn fragment(&self) -> Option<&str> {
        self.fragment_start.map(|start| self.serialization.slice(start + 1..))
    }

    /// Whether the URL [includes credentials](https://url.spec.whatwg.org/#include-credentials).
    pub fn includes_credentials(&self) -> bool {
        self.host_start > self.username_start()
    }

    /// Whether the URL [cannot have a username/password/port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port).
    pub fn cannot_have_username_password_port(&self) -> bool {
        matches!(self.host_kind, None | Some(HostKind::Empty))
            || self.scheme_type == SchemeType::File
    }

    /// [URL equivalence](https://url.spec.whatwg.org/#concept-url-equals), optionally
    /// excluding fragments.
    pub fn equals(&self, other: &Url, exclude_fragments: bool) -> bool {
        self.serialize(exclude_fragments) == other.serialize(exclude_fragments)
    }

    // ----- Offsets -----

    pub(crate) fn username_start(&self) -> usize {
        match self.host_kind {
            Some(_) => self.scheme_end + 3,
            None => self.username_end,
        }
    }

    /// End of the port, which is where the path (or the `/.` before it) starts. Counted from
    /// the port itself: while a setter gives a URL with `/.` a host and port, the `/.` is still
    /// there until [`finish_path`](Url::finish_path) removes it.
    pub(crate) fn port_end(&self) -> usize {
        match self.port {
            Some(port) => self.host_end + 1 + decimal_len(port),
            None => self.host_end,
        }
    }

    pub(crate) fn path_end(&self) -> usize {
        self.query_start.or(self.fragment_start).unwrap_or(self.serialization.len())
    }

    pub(crate) fn query_end(&self) -> usize {
        self.fragment_start.unwrap_or(self.serialization.len())
    }

    /// [`path_end`](Url::path_end) where these offsets are those of a serialization `len` bytes
    /// long that this URL does not hold (a [`BaseUrl`] given as text). Not called by `path_end`:
    /// in the wasm, built for size, that made the parser's code 140 B larger.
    pub(crate) fn path_end_in(&self, len: usize) -> usize {
        self.query_start.or(self.fragment_start).unwrap_or(len)
    }

    /// [`query_end`](Url::query_end) as [`path_end_in`](Url::path_end_in).
    pub(crate) fn query_end_in(&self, len: usize) -> usize {
        self.fragment_start.unwrap_or(len)
    }

    /// Moves every offset from `from` on by `delta`, after an edit before them.
    pub(crate) fn shift(&mut self, from: Offset, delta: isize) {
        let moves = |offset: Offset| offset >= from;
        let mut fields = [
            (Offset::SchemeEnd, &mut self.scheme_end),
            (Offset::UsernameEnd, &mut self.username_end),
            (Offset::HostStart, &mut self.host_start),
            (Offset::HostEnd, &mut self.host_end),
            (Offset::PathStart, &mut self.path_start),
        ];
        for (offset, value) in fields.iter_mut() {
            if moves(*offset) {
                **value = value.wrapping_add_signed(delta);
            }
        }
        if moves(Offset::QueryStart) {
            if let Some(q) = self.query_start.as_mut() {
                *q = q.wrapping_add_signed(delta);
            }
        }
        if let Some(f) = self.fragment_start.as_mut() {
            *f = f.wrapping_add_signed(delta);
        }
    }

    /// Replaces `range` of the serialization with `with` and moves the offsets from `from` on.
    pub(crate) fn replace(&mut self, range: Range<usize>, with: &str, from: Offset) {
        let delta = with.len() as isize - range.len() as isize;
        if range.end == self.serialization.len() {
            // Nothing after the range (often so while parsing): no bytes to move.
            self.serialization.truncate(range.start);
            self.serialization.push_str(with);
        } else {
            splice(&mut self.serialization, range, with);
        }
        self.shift(from, delta);
    }
}

/// A base URL as the parser reads it: a serialization and the offsets of its components, those
/// of a parsed [`Url`] or (natively) those the scan found in a base given as text, whose `Url`
/// then holds the offsets only. So such a base is read where it is, never copied into a `Url`.
#[derive(Clone, Copy)]
pub(crate) struct BaseUrl<'a> {
    pub(crate) href: &'a str,
    pub(crate) offsets: &'a Url,
}

impl<'a> BaseUrl<'a> {
    pub(crate) fn of(url: &'a Url) -> BaseUrl<'a> {
        BaseUrl { href: &url.serialization, offsets: url }
    }

    pub(crate) fn scheme(self) -> &'a str {
        self.href.slice(..self.offsets.scheme_end)
    }

    pub(crate) fn path_end(self) -> usize {
        self.offsets.path_end_in(self.href.len())
    }

    pub(crate) fn query_end(self) -> usize {
        self.offsets.query_end_in(self.href.len())
    }

    pub(crate) fn pathname(self) -> &'a str {
        self.href.slice(self.offsets.path_start..self.path_end())
    }

    pub(crate) fn query(self) -> Option<&'a str> {
        let start = self.offsets.query_start?;
        Some(self.href.slice(start + 1..self.query_end()))
    }
}

/// The length of `n` in decimal.
fn decimal_len(n: u16) -> usize {
    match n {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        1000..=9999 => 4,
        _ => 5,
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.serialization)
    }
}

impl fmt::Debug for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Url")
            .field("href", &self.href())
            .field("scheme", &self.scheme())
            .field("username", &self.username())
            .field("password", &self.password())
            .field("host", &self.host_record())
            .field("port", &self.port)
            .field("path", &self.pathname())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

/// Two URLs are equal when their serializations are ([URL equivalence](https://url.spec.whatwg.org/#concept-url-equals)).
impl PartialEq for Url {
    fn eq(&self, other: &Url) -> bool {
        self.serialization == other.serialization
    }
}

impl Eq for Url {}

impl std::hash::Hash for Url {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.serialization.hash(state)
    }
}

impl PartialOrd for Url {
    fn partial_cmp(&self, other: &Url) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// URLs order as their serializations do.
impl Ord for Url {
    fn cmp(&self, other: &Url) -> std::cmp::Ordering {
        self.serialization.cmp(&other.serialization)
    }
}

/// Parses an absolute URL, as [`Url::parse`].
impl std::str::FromStr for Url {
    type Err = crate::ParseError;

    fn from_str(input: &str) -> Result<Url, Self::Err> {
        Url::parse(input)
    }
}

impl AsRef<str> for Url {
    fn as_ref(&self) -> &str {
        &self.serialization
    }
}

impl From<Url> for String {
    fn from(url: Url) -> String {
        url.serialization
    }
}

/// `string.replace_range(range, with)` as `drain` then `insert_str`: the range checked here, the
/// compiler drops their bounds panics, where `replace_range`'s would stay and bring core::fmt's
/// integer formatting into the wasm. The range is always in bounds (offsets of the URL).
pub(crate) fn splice(string: &mut String, range: Range<usize>, with: &str) {
    if range.start <= range.end && range.end <= string.len() {
        let start = range.start;
        string.drain(range);
        string.insert_str(start, with);
    }
}
