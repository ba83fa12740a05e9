//! The numeric protocol between the Rust core and the JavaScript classes: a URL travels as its
//! serialization plus these offsets, written into a `Uint32Array`. Defined here once; the
//! JavaScript side reads the layout from the wasm module and a test checks it.

use crate::host::HostKind;
use crate::percent::push_decimal;
use crate::url::SchemeType;
use crate::Url;

/// Index of the scheme's `:`.
pub const SCHEME_END: usize = 0;
/// Index where the username ends.
pub const USERNAME_END: usize = 1;
/// Index where the host starts.
pub const HOST_START: usize = 2;
/// Index where the host ends.
pub const HOST_END: usize = 3;
/// The port, or [`NONE`].
pub const PORT: usize = 4;
/// Index where the path starts.
pub const PATH_START: usize = 5;
/// Index of the `?`, or [`NONE`].
pub const QUERY_START: usize = 6;
/// Index of the `#`, or [`NONE`].
pub const FRAGMENT_START: usize = 7;
/// [`HOST_KIND_MASK`] bits for the host kind, plus [`OPAQUE_PATH`] and [`SPECIAL`].
pub const FLAGS: usize = 8;
/// Number of entries.
pub const LEN: usize = 9;

/// The value of an absent port, query or fragment.
pub const NONE: u32 = u32::MAX;

/// Bits of [`FLAGS`] holding the host kind: 0 for a null host, then 1 to 5 for domain, IPv4,
/// IPv6, opaque and empty hosts.
pub const HOST_KIND_MASK: u32 = 0b111;
/// Flag: the URL has an opaque path.
pub const OPAQUE_PATH: u32 = 1 << 3;
/// Flag: the URL is special.
pub const SPECIAL: u32 = 1 << 4;
/// Flag: the origin is the tuple (scheme, host, port), serialized as protocol, `//` and host.
pub const TUPLE_ORIGIN: u32 = 1 << 5;
/// Flag: a `blob:` URL, whose origin comes from the URL its path parses as.
pub const BLOB: u32 = 1 << 6;

const HOST_KINDS: [Option<HostKind>; 6] = [
    None,
    Some(HostKind::Domain),
    Some(HostKind::Ipv4),
    Some(HostKind::Ipv6),
    Some(HostKind::Opaque),
    Some(HostKind::Empty),
];

fn host_kind_code(kind: Option<HostKind>) -> u32 {
    HOST_KINDS.iter().position(|&k| k == kind).unwrap_or(0) as u32
}

/// Offsets are at most the length of a serialization that lives in wasm memory, so they fit.
fn index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(NONE)
}

impl Url {
    /// The component offsets in the layout the JavaScript classes read (see [`crate::offsets`]).
    ///
    /// ```
    /// use weburl::{offsets, Url};
    /// let url = Url::parse("https://h:8080/p?q").unwrap();
    /// let o = url.offsets();
    /// assert_eq!(&url.href()[o[offsets::HOST_START] as usize..o[offsets::HOST_END] as usize], "h");
    /// assert_eq!(o[offsets::PORT], 8080);
    /// assert_eq!(o[offsets::FRAGMENT_START], offsets::NONE);
    /// ```
    pub fn offsets(&self) -> [u32; LEN] {
        encode(self)
    }

    /// Rebuilds a URL from a serialization and the [`offsets`](Url::offsets) it had; `None`
    /// when the offsets do not describe that serialization as the parser lays it out.
    ///
    /// ```
    /// use weburl::Url;
    /// let url = Url::parse("https://h:8080/p?q#f").unwrap();
    /// let again = Url::from_offsets(url.href().to_owned(), &url.offsets()).unwrap();
    /// assert_eq!(again.port(), "8080");
    /// assert!(Url::from_offsets("https://h/".to_owned(), &[0; 9]).is_none());
    /// ```
    pub fn from_offsets(href: String, offsets: &[u32; LEN]) -> Option<Url> {
        decode(href, offsets)
    }
}

pub(crate) fn encode(url: &Url) -> [u32; LEN] {
    let mut flags = host_kind_code(url.host_kind);
    if url.opaque_path {
        flags |= OPAQUE_PATH;
    }
    if url.is_special() {
        flags |= SPECIAL;
    }
    if matches!(url.scheme_type, SchemeType::Special(_)) {
        flags |= TUPLE_ORIGIN;
    }
    if url.scheme_type == SchemeType::Blob {
        flags |= BLOB;
    }
    [
        index(url.scheme_end),
        index(url.username_end),
        index(url.host_start),
        index(url.host_end),
        url.port.map_or(NONE, u32::from),
        index(url.path_start),
        url.query_start.map_or(NONE, index),
        url.fragment_start.map_or(NONE, index),
        flags,
    ]
}

/// Rebuilds a URL from its serialization and offsets, as [`encode`] wrote them. Offsets that do
/// not describe `href` the way the parser lays a URL out give `None`, so that whatever a caller
/// passes, the URL's edits and getters only ever see consistent offsets.
pub(crate) fn decode(href: String, o: &[u32; LEN]) -> Option<Url> {
    let at = |i: usize| usize::try_from(o[i]).ok();
    let optional = |i: usize| if o[i] == NONE { Some(None) } else { at(i).map(Some) };
    let scheme_end = at(SCHEME_END)?;
    let scheme_type = SchemeType::of(href.get(..scheme_end)?);
    let host_kind = *HOST_KINDS.get(usize::try_from(o[FLAGS] & HOST_KIND_MASK).ok()?)?;
    let port = if o[PORT] == NONE { None } else { Some(u16::try_from(o[PORT]).ok()?) };
    let url = Url {
        serialization: href,
        scheme_end,
        username_end: at(USERNAME_END)?,
        host_start: at(HOST_START)?,
        host_end: at(HOST_END)?,
        port,
        path_start: at(PATH_START)?,
        query_start: optional(QUERY_START)?,
        fragment_start: optional(FRAGMENT_START)?,
        host_kind,
        scheme_type,
        opaque_path: o[FLAGS] & OPAQUE_PATH != 0,
    };
    is_consistent(&url).then_some(url)
}

/// Whether the offsets lay the URL out as the parser does: the separators where they belong and
/// every offset in order and in bounds.
fn is_consistent(url: &Url) -> bool {
    let href = &url.serialization;
    let byte = |i: usize| href.as_bytes().get(i).copied();
    let scheme = href.as_bytes().get(..url.scheme_end).unwrap_or_default();
    let valid_scheme = scheme.first().is_some_and(u8::is_ascii_alphabetic)
        && scheme.iter().all(|&b| crate::parser::is_scheme_code_point(b));
    let authority = match url.host_kind {
        None => {
            url.username_end == url.scheme_end + 1
                && url.host_start == url.username_end
                && url.host_end == url.host_start
                && url.port.is_none()
        }
        Some(_) => {
            let credentials = url.host_start > url.username_end;
            href.get(url.scheme_end + 1..url.scheme_end + 3) == Some("//")
                && !url.opaque_path
                && url.scheme_end + 3 <= url.username_end
                && url.username_end <= url.host_start
                && url.host_start <= url.host_end
                && (!credentials || byte(url.host_start - 1) == Some(b'@'))
                && (url.host_start <= url.username_end + 1 || byte(url.username_end) == Some(b':'))
        }
    };
    let port_matches = match url.port {
        Some(port) => {
            let mut digits = String::new();
            push_decimal(&mut digits, u32::from(port));
            byte(url.host_end) == Some(b':')
                && href.get(url.host_end + 1..url.path_start) == Some(&*digits)
        }
        None => url.path_start == url.host_end || url.path_start == url.host_end + 2,
    };
    let query_end = url.fragment_start.unwrap_or(href.len());
    let query = match url.query_start {
        Some(q) => byte(q) == Some(b'?') && url.path_start <= q && q <= query_end,
        None => url.path_start <= query_end,
    };
    href.is_ascii()
        && byte(url.scheme_end) == Some(b':')
        && valid_scheme
        && authority
        && url.host_end <= url.path_start
        && port_matches
        && query
        && url.fragment_start.is_none_or(|f| byte(f) == Some(b'#'))
        && query_end <= href.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_inverts_encode() {
        for input in [
            "https://user:pw@example.org:8080/a/b?q#f",
            "https://:pw@h/",
            "https://u@h",
            "file:///C:/x",
            "sc:opaque path?q#f",
            "web+demo:/.//not-a-host/",
            "sc://[::1]:99?x",
            "blob:https://a/b",
        ] {
            let url = Url::parse(input).unwrap();
            let decoded = decode(url.href().to_owned(), &url.offsets()).unwrap();
            assert_eq!(decoded.offsets(), url.offsets(), "{input}");
            assert_eq!(format!("{decoded:?}"), format!("{url:?}"), "{input}");
        }
    }

    #[test]
    fn inconsistent_offsets_are_refused() {
        let url = Url::parse("https://user@example.org:8080/a?q#f").unwrap();
        let good = url.offsets();
        for i in 0..LEN {
            for value in [0, 1, 3, 7, 12, 30, 33, 35, 1000, NONE] {
                let mut o = good;
                o[i] = value;
                if let Some(decoded) = decode(url.href().to_owned(), &o) {
                    // Whatever is accepted reads without panicking.
                    let _ = (decoded.username(), decoded.password(), decoded.host());
                    let _ = (decoded.pathname(), decoded.search(), decoded.hash());
                }
            }
        }
        assert!(decode("https://a/".into(), &[0; LEN]).is_none());
    }
}
