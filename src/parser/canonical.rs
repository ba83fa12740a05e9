//! A fast path for input that is already written the way the URL serializer writes it: a
//! special URL with a plain ASCII domain, or a URL that is not special with an opaque host, no
//! host or an opaque path, in which nothing needs lowercasing, percent-encoding, removing or
//! resolving. Parsing such input is checking it, in one pass, and its serialization is the input
//! itself (or the input with the `/` of a special URL's empty path added).
//!
//! Anything this does not vouch for goes to the state machine, which gives the same result for
//! everything accepted here (the tests below compare the two on every WPT input).

use std::net::IpAddr;

use super::path::{is_double_dot, is_single_dot};
use super::State;
use super::{is_scheme_code_point, port_number};
use crate::find::ByteClass;
use crate::host::{
    ends_in_a_number, ipv4, ipv6, is_forbidden_domain_code_point, HostKind, FORBIDDEN_HOST,
    NOT_OPAQUE_HOST, NOT_PLAIN_DOMAIN,
};
use crate::percent::{self, C0_CONTROL, FRAGMENT, PATH, SPECIAL_QUERY};
use crate::slicing::Slice;
use crate::url::{BaseUrl, SchemeType, Url};
use crate::validation::{Sink, ValidationError};

/// Where the scan of a path pauses: at the bytes that end it in serialized form or keep it from
/// being one (those to percent-encode, with `?` and `#`, and `\`, which special URLs read as `/`),
/// and at `.` and `%`, with which a dot segment starts.
const PATH_PAUSES: ByteClass = ByteClass::of(PATH.with(b"\\.%"));
/// The special-query set is the query set and `'`: a `'` sends a query that is not special to
/// the state machine too, which is only slower.
const QUERY_STOPS: ByteClass = ByteClass::of(SPECIAL_QUERY);
/// Where an opaque path stops: at the bytes to percent-encode, `?` and `#`, and at spaces, which
/// the parser trims at the end or encodes before a query or fragment.
const OPAQUE_PATH_STOPS: ByteClass = ByteClass::of(C0_CONTROL.with(b" ?#"));
const FRAGMENT_STOPS: ByteClass = ByteClass::of(FRAGMENT);

/// Whether the path segment that starts at `bytes[start]` is a dot segment.
fn is_dot_segment_at(bytes: &[u8], start: usize) -> bool {
    // A dot segment is up to 6 bytes long.
    let rest = bytes.slice(start..bytes.len().min(start + 7));
    let len = rest.iter().position(|&b| matches!(b, b'/' | b'?' | b'#')).unwrap_or(rest.len());
    let segment = rest.slice(..len);
    is_single_dot(segment) || is_double_dot(segment)
}

/// The end of the run of path from `start` (where a segment starts) that is already in
/// serialized form: up to a byte to percent-encode, `\`, `?`, `#` or a dot segment, whichever
/// comes first. The path state copies such a run as it is.
#[inline(always)]
pub(crate) fn serialized_path_end(bytes: &[u8], start: usize) -> usize {
    let mut i = start;
    loop {
        i = PATH_PAUSES.first(bytes, i);
        if !matches!(bytes.get(i), Some(b'.' | b'%')) {
            return i;
        }
        let segment_starts = i == start || bytes.get(i.wrapping_sub(1)) == Some(&b'/');
        if segment_starts && is_dot_segment_at(bytes, i) {
            return i;
        }
        i += 1;
    }
}

/// The URL `input` parses to against `base` when `input` is a relative reference that starts with
/// `/` (not `//`), `?`, `#` or a path segment, and the URL it resolves to is in serialized form;
/// `None` to use the state machine. Only for a base with a special scheme other than `file`, where
/// the relative state copies the base's scheme, authority and path as they are: the result is the
/// base up to where the input takes over, then the input, minus the leading `./` and `../`
/// segments that resolve against the base's path. [`scan`] then vouches for the whole, as for
/// any input: what it accepts, the state machine resolves to that string. `base` is a
/// [`BaseUrl`]: a parsed URL, or a base's text the scan vouched for.
pub(crate) fn join(input: &str, base: BaseUrl) -> Option<Url> {
    let (kept, skipped) = join_point(input.as_bytes(), base.href.as_bytes(), base.offsets)?;
    let mut joined = String::with_capacity(kept + input.len() - skipped);
    joined.push_str(base.href.slice(..kept));
    joined.push_str(input.slice(skipped..));
    let scanned = scan(joined.as_bytes()).ok().filter(Scanned::is_input)?;
    Some(Url { serialization: joined, ..scanned.offsets_only })
}

/// [`join`] without the URL: writes its serialization to `joined` (cleared first), which is the
/// base's first `kept` bytes and then `input` from `skipped` on; gives its offsets (a URL with an
/// empty serialization), `kept` and `skipped`. For the wasm, whose JavaScript holds both strings.
#[cfg(target_arch = "wasm32")]
pub(crate) fn join_into(
    input: &[u8],
    base: &Url,
    joined: &mut Vec<u8>,
) -> Option<(Url, usize, usize)> {
    let (kept, skipped) = join_point(input, base.href().as_bytes(), base)?;
    joined.clear();
    joined.extend_from_slice(base.href().as_bytes().slice(..kept));
    joined.extend_from_slice(input.slice(skipped..));
    let scanned = scan(joined).ok().filter(Scanned::is_input)?;
    Some((scanned.offsets_only, kept, skipped))
}

/// Where [`join`]'s result takes over from the base: how many of the base's bytes it keeps and how
/// many of the input's it skips (leading `./` and `../`); `None` for the state machine. Checked
/// before any buffer is made, for the many inputs it leaves to the state machine. `href` is the
/// base's serialization, `base` its offsets (as in [`join`]).
fn join_point(input: &[u8], href: &[u8], base: &Url) -> Option<(usize, usize)> {
    if !matches!(base.scheme_type, SchemeType::Special(_)) {
        return None;
    }
    // An input with a scheme, or whose `:` might end one (a `:` before any `/`, `?` or `#`), is
    // left to the state machine. One pass, not a search for the delimiter and one for the `:`.
    if input.iter().find(|&&b| matches!(b, b'/' | b'?' | b'#' | b':')) == Some(&b':') {
        return None;
    }
    let (kept, rest) = match input.first()? {
        b'/' if matches!(input.get(1), Some(b'/' | b'\\')) => return None,
        b'/' => (base.path_start, input),
        b'?' => (base.path_end_in(href.len()), input),
        b'#' => (base.query_end_in(href.len()), input),
        _ => {
            // Path-relative: the base's path without its last segment, less one segment for each
            // leading `../`.
            let last_slash = |end: usize| {
                let path = href.slice(base.path_start..end);
                base.path_start + path.iter().rposition(|&b| b == b'/').unwrap_or(0)
            };
            let mut kept = last_slash(base.path_end_in(href.len()));
            let mut rest = input;
            loop {
                if let Some(after) = rest.strip_prefix(b"./") {
                    rest = after;
                } else if let Some(after) = rest.strip_prefix(b"../") {
                    kept = last_slash(kept);
                    rest = after;
                } else {
                    break;
                }
            }
            (kept + 1, rest)
        }
    };
    Some((kept, input.len() - rest.len()))
}

/// Whether [`scan`] hands on a scheme it read where it stops right after it (`take_over` the
/// scheme state), for the state machine to go on after the scheme rather than from the start. Not
/// in the wasm, where the state machine's second way in costs 0.2 KB (90 B gzip) of download for
/// inputs that are rare on the web.
pub(crate) const HANDS_ON_SCHEME: bool = !cfg!(target_arch = "wasm32");

/// Why [`scan`] stopped short: `None` for the state machine (to start over, or to take over where
/// the scan stopped), or the validation error that parsing certainly fails with.
pub(crate) type Stop = Option<ValidationError>;

/// What [`scan`] found: the URL but for its serialization, which is the input, with a `/` added
/// for an empty path when `adds_slash`; or the URL up to its `path_start` (or up to the `?` or
/// `#` that starts its query or fragment, where those are set), where the state machine takes
/// over in `take_over` (what the scan read up to there, it vouches for).
pub(crate) struct Scanned {
    /// The URL with an empty serialization; its offsets are those of the serialization.
    pub(crate) offsets_only: Url,
    adds_slash: bool,
    pub(crate) take_over: Option<State>,
    /// Where the state machine takes over in the host state, the IP address the scan parsed
    /// there (see [`ipv4_host`] and [`ipv6_host`]), for the host state to serialize rather than
    /// parse again.
    pub(crate) address: Option<IpAddr>,
}

impl Scanned {
    /// Whether the URL's serialization is the input itself.
    pub(crate) fn is_input(&self) -> bool {
        self.take_over.is_none() && !self.adds_slash
    }

    /// The offsets of the URL, as [`Url::offsets`] (for the wasm layer).
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn offsets(&self) -> [u32; crate::offsets::LEN] {
        self.offsets_only.offsets()
    }

    /// Natively inlined where it is called: out of line, the scan's result is copied to pass it.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(crate) fn into_url(self, input: &str) -> Url {
        let mut url = self.offsets_only;
        // Most inputs have a path: then the serialization is a plain copy of the input.
        url.serialization = if self.adds_slash {
            let (before, after) = input.split_at_checked(url.path_start).unwrap_or((input, ""));
            [before, "/", after].concat()
        } else {
            input.to_owned()
        };
        url
    }
}

/// Checks that `bytes` is a URL in serialized form, as the module comment says; otherwise how far
/// it is: after the scheme, after `scheme://`, or after the host and port of such a URL (or in
/// the host, at an IP address it parsed). `Err(None)` to start over; `Err(Some(error))` when
/// parsing certainly fails with that validation error (see [`host_failure`]).
///
/// Bytes, not a `str`: what it vouches for whole is ASCII (every class that ends a component
/// holds the bytes above 0x7E, which the serializer percent-encodes), so the wasm checks that
/// its input is UTF-8 only where the state machine takes over.
pub(crate) fn scan(bytes: &[u8]) -> Result<Scanned, Stop> {
    // Scheme: lowercase, the only spelling the serializer writes (and `SchemeType::of` knows).
    let scheme_end = scheme_end(bytes).ok_or(None)?;
    let scheme_type = SchemeType::of(bytes.slice(..scheme_end));
    let special = scheme_type.is_special();
    if !special && !is_lowercase_scheme(bytes.slice(..scheme_end)) {
        return Err(None);
    }
    let authority = bytes.get(scheme_end + 1..scheme_end + 3) == Some(b"//");
    if special && !authority {
        return match HANDS_ON_SCHEME {
            true => Ok(in_scheme_state(scheme_end, scheme_type)),
            false => Err(None),
        };
    }
    // Without "//" the host is null, and the path starts right after the scheme.
    let host_start = scheme_end + if authority { 3 } else { 1 };
    let (mut host_end, mut port, mut host_kind) =
        (host_start, None, authority.then_some(HostKind::Empty));
    let mut path_start = host_start;
    let (mut query_start, mut fragment_start, mut opaque_path, mut adds_slash) =
        (None, None, false, false);
    // The host's IP address, where the scan parsed one: through memory rather than in what the
    // host scan returns, which would take registers on the scan's own path.
    let mut address = None;
    let scanned_host =
        authority.then(|| scan_host_and_port(bytes, scheme_type, host_start, &mut address));
    // Where the state machine takes over: `None` when the whole input is the serialization.
    let take_over = match scanned_host {
        Some(Err(HostStop::Fails(error))) => return Err(Some(error)),
        // The states that read what follows "//" (the special ones skip more slashes).
        Some(Err(HostStop::Authority)) => Some(match scheme_type {
            SchemeType::File => State::FileHost,
            SchemeType::Special(_) => State::SpecialAuthorityIgnoreSlashes,
            _ => State::Authority,
        }),
        Some(Err(HostStop::Address)) => {
            return Ok(in_host_state(scheme_end, scheme_type, host_start, address))
        }
        found => {
            if let Some(Ok(host)) = found {
                (host_end, port, host_kind, path_start) = host;
            }
            match scan_path_query_fragment(bytes, scheme_type, !authority, path_start) {
                Some((rest, take_over)) => {
                    (query_start, fragment_start, opaque_path, adds_slash) = rest;
                    take_over
                }
                None if authority => Some(State::PathStart),
                // Where the scheme state goes on: the host is null, the path starts there.
                None if HANDS_ON_SCHEME => Some(State::Scheme),
                None => return Err(None),
            }
        }
    };
    let offsets_only = Url {
        serialization: String::new(),
        scheme_end,
        username_end: host_start,
        host_start,
        host_end,
        port,
        path_start,
        query_start,
        fragment_start,
        host_kind,
        scheme_type,
        opaque_path,
    };
    Ok(Scanned { offsets_only, adds_slash, take_over, address: None })
}

/// The host and port from `host_start` on: in a special URL a domain the domain parser leaves as
/// it is, which is not an IPv4 address; otherwise an opaque host with nothing to encode, or the
/// empty host. Then the shortest digits of a port that is not the scheme's default. Where the
/// host ends, the port, the host's kind and where the path starts; `Err` as [`scan`]'s.
fn scan_host_and_port(
    bytes: &[u8],
    scheme_type: SchemeType,
    host_start: usize,
    address: &mut Option<IpAddr>,
) -> Result<(usize, Option<u16>, Option<HostKind>, usize), HostStop> {
    let special = scheme_type.is_special();
    let host_end = match special {
        true => NOT_PLAIN_DOMAIN.first(bytes, host_start),
        false => NOT_OPAQUE_HOST.first(bytes, host_start),
    };
    let host = bytes.slice(host_start..host_end);
    let kind = if host.is_empty() {
        if bytes.get(host_start) == Some(&b'[') {
            return Err(ipv6_host(bytes, scheme_type, host_start, address));
        }
        // Special URLs but `file:` have a host.
        if matches!(scheme_type, SchemeType::Special(_)) {
            return Err(host_failure(bytes, scheme_type, host_start, host_end).into());
        }
        HostKind::Empty
    } else if !special {
        HostKind::Opaque
    } else if scheme_type == SchemeType::File && host == b"localhost" {
        return Err(HostStop::Authority);
    } else if ends_in_a_number(host) {
        return Err(ipv4_host(bytes, scheme_type, host, host_end, address));
    } else {
        HostKind::Domain
    };
    let mut i = host_end;
    let mut port = None;
    if bytes.get(i) == Some(&b':') {
        let digits = bytes.slice(i + 1..).iter().take_while(|b| b.is_ascii_digit()).count();
        let text = bytes.slice(i + 1..i + 1 + digits);
        // An empty port is the state machine's; a port that fails may fail here.
        let value = match text {
            [] => return Err(port_failure(bytes, scheme_type, host, i, digits).into()),
            _ => port_number(text)
                .ok_or_else(|| port_failure(bytes, scheme_type, host, i, digits))?,
        };
        if !ends_authority(bytes, special, i + 1 + digits) {
            return Err(port_failure(bytes, scheme_type, host, i, digits).into());
        }
        if scheme_type == SchemeType::File
            || host_end == host_start
            || (digits > 1 && text.starts_with(b"0"))
            || Some(value) == scheme_type.default_port()
        {
            return Err(HostStop::Authority);
        }
        port = Some(value);
        i += 1 + digits;
    }
    if !matches!(bytes.get(i), None | Some(b'/' | b'?' | b'#')) {
        return Err(host_failure(bytes, scheme_type, host_start, host_end).into());
    }
    Ok((host_end, port, Some(kind), i))
}

/// The validation error that parsing certainly fails with when the scan of a host (not
/// `file:`'s) from `host_start` stopped at `stop`, at a byte that fails the host parser and stays
/// in the host (see [`authority_rest`]). `None` when that is not certain, for the state machine to
/// take over. Not inlined: the scan's own path stays as short.
#[inline(never)]
fn host_failure(
    bytes: &[u8],
    scheme_type: SchemeType,
    host_start: usize,
    stop: usize,
) -> Option<ValidationError> {
    // Not in the wasm, where the check would cost a download (0.38 KB gzip) for failures only.
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    let special = scheme_type.is_special();
    let &b = bytes.get(stop)?;
    // Not where the host or the authority ends, nor `@` (what comes before it is credentials)
    // or the tabs and newlines that are removed; a `[` at the start is an IPv6 address's.
    let stays = !(hands_over(b)
        || b == b':'
        || ends_authority(bytes, special, stop)
        || (b == b'[' && stop == host_start));
    if scheme_type == SchemeType::File || !fails_host(special, b) || !stays {
        return None;
    }
    (authority_rest(bytes, special, stop) == Some(true)).then_some(match special {
        true => ValidationError::DomainToAscii,
        false => ValidationError::HostInvalidCodePoint,
    })
}

/// What [`scan`] found where the host from `host_start` on is an IP address it parsed, with no `@`
/// in the authority: the URL up to the host, for the host state to take over with the address.
/// Not inlined, nor the address stored with the other take-overs: the scan's own path stays as
/// short.
#[inline(never)]
fn in_host_state(
    scheme_end: usize,
    scheme_type: SchemeType,
    host_start: usize,
    address: Option<IpAddr>,
) -> Scanned {
    let offsets_only = Url {
        serialization: String::new(),
        scheme_end,
        username_end: host_start,
        host_start,
        host_end: host_start,
        port: None,
        path_start: host_start,
        query_start: None,
        fragment_start: None,
        host_kind: Some(HostKind::Empty),
        scheme_type,
        opaque_path: false,
    };
    Scanned { offsets_only, adds_slash: false, take_over: Some(State::Host), address }
}

/// What [`scan`] found where a special scheme it read is not followed by `//`: the URL up to the
/// scheme, for the state machine to go on where the scheme state would after it. Not inlined,
/// as [`in_host_state`].
#[inline(never)]
fn in_scheme_state(scheme_end: usize, scheme_type: SchemeType) -> Scanned {
    let after = scheme_end + 1;
    let offsets_only = Url {
        serialization: String::new(),
        scheme_end,
        username_end: after,
        host_start: after,
        host_end: after,
        port: None,
        path_start: after,
        query_start: None,
        fragment_start: None,
        host_kind: None,
        scheme_type,
        opaque_path: false,
    };
    Scanned { offsets_only, adds_slash: false, take_over: Some(State::Scheme), address: None }
}

/// Why [`scan_host_and_port`] stopped short.
enum HostStop {
    /// Parsing certainly fails with this validation error.
    Fails(ValidationError),
    /// For the state machine, after `//`.
    Authority,
    /// For the host state, with the IP address the scan parsed there.
    Address,
}

impl From<Stop> for HostStop {
    fn from(stop: Stop) -> HostStop {
        stop.map_or(HostStop::Authority, HostStop::Fails)
    }
}

/// The scanned `host` of a special URL (not `file:`'s), which ends in a number, as the IPv4
/// parser parses it where the host ends there: at the authority's end, or at a `:` that no `@`
/// later in the authority makes part of credentials (nor a tab or newline removed). Then the
/// host state reads the same host and the host parser hands the IPv4 parser the host as it is (a
/// plain domain): its failure is the parse's, and its address is the host's, which the host state
/// serializes. Not inlined, as [`host_failure`].
#[inline(never)]
fn ipv4_host(
    bytes: &[u8],
    scheme_type: SchemeType,
    host: &[u8],
    host_end: usize,
    address: &mut Option<IpAddr>,
) -> HostStop {
    // Not in the wasm, where it would cost a download (1.2 KB gzip with the IPv6 addresses).
    if cfg!(target_arch = "wasm32") || scheme_type == SchemeType::File {
        return HostStop::Authority;
    }
    if !ends_host(bytes, true, host_end) {
        return HostStop::Authority;
    }
    hand_on(ipv4::parse(host, &mut Sink::none()).map(|parsed| IpAddr::V4(parsed.into())), address)
}

/// The same for a host that starts with `[` at `host_start` (not `file:`'s): where hex digits,
/// `:` and `.` (nothing that ends the host, nor a tab or newline) run up to a `]` that ends the
/// host as [`ipv4_host`]'s, the host parser hands the IPv6 parser what is between the brackets.
/// Not inlined, as [`host_failure`].
#[inline(never)]
fn ipv6_host(
    bytes: &[u8],
    scheme_type: SchemeType,
    host_start: usize,
    address: &mut Option<IpAddr>,
) -> HostStop {
    // Not in the wasm, as `ipv4_host`.
    if cfg!(target_arch = "wasm32") || scheme_type == SchemeType::File {
        return HostStop::Authority;
    }
    let special = scheme_type.is_special();
    let close = NOT_IPV6_ADDRESS.first(bytes, host_start + 1);
    if bytes.get(close) != Some(&b']') || !ends_host(bytes, special, close + 1) {
        return HostStop::Authority;
    }
    let parsed = ipv6::parse(bytes.slice(host_start + 1..close), &mut Sink::none());
    hand_on(parsed.map(|pieces| IpAddr::V6(pieces.into())), address)
}

/// All bytes but the hex digits, `:` and `.` of an IPv6 address, where [`ipv6_host`]'s run
/// stops.
const NOT_IPV6_ADDRESS: ByteClass = ByteClass::new({
    let mut table = [true; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = !matches!(b as u8, b'0'..=b'9' | b'a'..=b'f' | b'A'..=b'F' | b':' | b'.');
        b += 1;
    }
    table
});

/// Whether a host ends at `end` as the host state reads it: at the authority's end, or at a `:`
/// that no `@` later in the authority makes part of credentials (nor a tab or newline removed).
fn ends_host(bytes: &[u8], special: bool, end: usize) -> bool {
    ends_authority(bytes, special, end)
        || (bytes.get(end) == Some(&b':') && !hands_over_from(bytes, special, end))
}

/// The scan's stop for an IP address host the parser gave: its failure, or the address handed
/// on through `address`.
fn hand_on(parsed: Result<IpAddr, ValidationError>, address: &mut Option<IpAddr>) -> HostStop {
    match parsed {
        Ok(parsed) => {
            *address = Some(parsed);
            HostStop::Address
        }
        Err(error) => HostStop::Fails(error),
    }
}

/// Whether the byte at `i` ends the authority, and so a host or port, as the host and port states
/// read it.
fn ends_authority(bytes: &[u8], special: bool, i: usize) -> bool {
    matches!(bytes.get(i), None | Some(b'/' | b'?' | b'#'))
        || (special && bytes.get(i) == Some(&b'\\'))
}

/// The validation error that parsing certainly fails with when the `digits` after the `:` at
/// `colon` that ends a scanned, non-empty `host` (not `file:`'s) are followed by a byte that does
/// not end the port ("port-invalid"), or end it over 65535 ("port-out-of-range"). `None` when that
/// is not certain: an `@` later in the authority makes the host and port credentials, a tab or
/// newline is removed, and a C0 control or space may be trimmed. Not inlined, as [`host_failure`].
#[inline(never)]
fn port_failure(
    bytes: &[u8],
    scheme_type: SchemeType,
    host: &[u8],
    colon: usize,
    digits: usize,
) -> Option<ValidationError> {
    // Not in the wasm, as `host_failure`.
    if cfg!(target_arch = "wasm32") || scheme_type == SchemeType::File || host.is_empty() {
        return None;
    }
    let special = scheme_type.is_special();
    let end = colon + 1 + digits;
    let error = match ends_authority(bytes, special, end) {
        true if digits > 0 => ValidationError::PortOutOfRange,
        true => return None,
        false if bytes.get(end).is_some_and(|&b| b > b' ') => ValidationError::PortInvalid,
        false => return None,
    };
    (!hands_over_from(bytes, special, end)).then_some(error)
}

/// Whether the state machine decides what the authority's rest from `i` on (after a `:` outside
/// brackets, where [`authority_rest`] reads no host) is: [`hands_over`] at a byte of it.
fn hands_over_from(bytes: &[u8], special: bool, mut i: usize) -> bool {
    while !ends_authority(bytes, special, i) {
        if bytes.get(i).is_some_and(|&b| hands_over(b)) {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether [`authority_rest`] leaves the outcome to the state machine at `b`: an `@` (what comes
/// before it is credentials) or a tab or newline (removed).
fn hands_over(b: u8) -> bool {
    b == b'@' || super::is_tab_or_newline(b)
}

/// Whether the host whose scan stopped at `stop` (the bytes before it a plain domain or opaque
/// host) certainly fails: its authority has no `@`, tab or newline, and the host in it (up to a
/// `:` outside brackets, as the host state reads it) is, in a special URL, percent-decoded ASCII
/// with a forbidden domain code point (the host parser only lowercases an ASCII domain, then
/// fails it: "domain-to-ASCII"), else has a forbidden host code point (the opaque-host parser
/// fails it). One pass over the rest of the authority: `None` where an `@`, tab or newline in it
/// leaves the outcome to the state machine. Not inlined: the scan's own path stays as short.
#[inline(never)]
fn authority_rest(bytes: &[u8], special: bool, stop: usize) -> Option<bool> {
    // A forbidden C0 control or space (`blank`) fails the host only if trimming leaves it: if a
    // byte above U+0020 follows it.
    let (mut fails, mut blank, mut in_host, mut inside_brackets) = (false, false, true, false);
    let mut i = stop;
    while let Some(&c) = bytes.get(i) {
        if ends_authority(bytes, special, i) {
            break;
        }
        if hands_over(c) {
            return None;
        }
        fails |= blank && c > b' ';
        in_host &= c != b':' || inside_brackets;
        inside_brackets = match c {
            b'[' => true,
            b']' => false,
            _ => inside_brackets,
        };
        let decoded = match c {
            b'%' if special && in_host => percent::encoded_byte_at(bytes, i),
            _ => None,
        };
        if in_host {
            match decoded {
                Some(d) if d >= 0x80 => return Some(false),
                Some(d) => fails |= fails_host(special, d),
                None if special && c >= 0x80 => return Some(false),
                None if c <= b' ' => blank |= fails_host(special, c),
                None => fails |= fails_host(special, c),
            }
        }
        i += if decoded.is_some() { 3 } else { 1 };
    }
    Some(fails || (blank && i < bytes.len()))
}

/// Whether the host parser fails a host with byte `c` in it (after percent-decoding, in a
/// special URL): a forbidden domain code point, or in an opaque host a forbidden host code point.
fn fails_host(special: bool, c: u8) -> bool {
    match special {
        true => is_forbidden_domain_code_point(c),
        false => FORBIDDEN_HOST[usize::from(c)],
    }
}

/// Whether [`scan`] hands over a URL whose path it vouches for in the query or fragment state,
/// where the query or fragment has bytes to encode, rather than from the path start state. Not in
/// the wasm, for its size.
pub(crate) const HANDS_OVER_QUERY_AND_FRAGMENT: bool = !cfg!(target_arch = "wasm32");

/// Where the query and the fragment start, whether the path is opaque, whether a `/` is added.
type PathQueryFragment = (Option<usize>, Option<usize>, bool, bool);

/// The path, query and fragment from `path_start` on: where the query and the fragment start (in
/// the serialization), whether the path is opaque, and whether a `/` is added for a special URL's
/// empty path; with the state that takes over at the query or fragment the scan does not vouch
/// for (see [`HANDS_OVER_QUERY_AND_FRAGMENT`]). `None` where it does not vouch for the path.
fn scan_path_query_fragment(
    bytes: &[u8],
    scheme_type: SchemeType,
    null_host: bool,
    path_start: usize,
) -> Option<(PathQueryFragment, Option<State>)> {
    let byte = |i: usize| bytes.get(i).copied();
    // Path: nothing to encode, no `\`, no dot segments; a special URL's missing path is "/". An
    // opaque path (no host and no `/`): nothing to encode, and no space.
    let mut i = path_start;
    let opaque_path = null_host && byte(i) != Some(b'/');
    let empty_path = byte(i) != Some(b'/');
    if opaque_path {
        i = OPAQUE_PATH_STOPS.first(bytes, i);
    } else if !empty_path {
        i = serialized_path_end(bytes, i + 1);
        let path = bytes.slice(path_start..i);
        let is_drive_letter_quirk = scheme_type == SchemeType::File
            && matches!(path, [b'/', letter, b'|', ..] if letter.is_ascii_alphabetic())
            && path.get(3).is_none_or(|&b| b == b'/');
        if is_drive_letter_quirk {
            return None;
        }
    }
    if !matches!(byte(i), None | Some(b'?' | b'#')) {
        return None;
    }

    // Query and fragment: nothing to encode. `#`, in the set, ends the query. Where they have,
    // the state machine takes over in their state, the input before it being the serialization
    // (but for a special URL's empty path, which the serialization adds a `/` to).
    let adds_slash = scheme_type.is_special() && empty_path;
    let takes_over = HANDS_OVER_QUERY_AND_FRAGMENT && !adds_slash;
    let query_start = (byte(i) == Some(b'?')).then_some(i);
    if query_start.is_some() {
        i = QUERY_STOPS.first(bytes, i + 1);
        if !matches!(byte(i), None | Some(b'#')) {
            let rest = (query_start, None, opaque_path, false);
            return takes_over.then_some((rest, Some(State::Query)));
        }
    }
    let fragment_start = (byte(i) == Some(b'#')).then_some(i);
    if fragment_start.is_some() && FRAGMENT_STOPS.first(bytes, i + 1) != bytes.len() {
        let rest = (query_start, fragment_start, opaque_path, false);
        return takes_over.then_some((rest, Some(State::Fragment)));
    }

    let shift = usize::from(adds_slash);
    let rest = (
        query_start.map(|q| q + shift),
        fragment_start.map(|f| f + shift),
        opaque_path,
        adds_slash,
    );
    Some((rest, None))
}

/// The index of the first `:`, which ends the scheme if `bytes` starts with one (`SchemeType::of`
/// or [`is_lowercase_scheme`] tells).
#[inline(always)]
fn scheme_end(bytes: &[u8]) -> Option<usize> {
    // Most schemes end among the first eight bytes: their `:` found at once, without a branch
    // per byte.
    if let Some(head) = bytes.first_chunk::<8>() {
        let not_colons = u64::from_le_bytes(*head) ^ u64::from_le_bytes([b':'; 8]);
        // The high bit of the first zero byte of `not_colons` (and maybe of bytes after it).
        let zeros = not_colons.wrapping_sub(u64::from_le_bytes([1; 8])) & !not_colons;
        let end = ((zeros & u64::from_le_bytes([0x80; 8])).trailing_zeros() / 8) as usize;
        if end < 8 {
            return Some(end);
        }
    }
    bytes.iter().position(|&b| b == b':')
}

/// Whether `scheme` is a scheme in lowercase: an ASCII lower alpha, then scheme code points but
/// upper alphas.
fn is_lowercase_scheme(scheme: &[u8]) -> bool {
    // A table: one load per byte, where the tests take five branches.
    const LOWERCASE_SCHEME: [bool; 256] = {
        let mut table = [false; 256];
        let mut b = 0;
        while b < 256 {
            let c = b as u8;
            table[b] = is_scheme_code_point(c) && !c.is_ascii_uppercase();
            b += 1;
        }
        table
    };
    scheme.first().is_some_and(u8::is_ascii_lowercase)
        && scheme.iter().all(|&b| LOWERCASE_SCHEME[usize::from(b)])
}

#[cfg(test)]
mod tests {
    use crate::parser::state_machine;
    use crate::percent::utf8;
    use crate::url::BaseUrl;
    use crate::validation::Sink;

    /// Whether the scan vouches for the whole of `input`, with no state machine to take over.
    fn vouched(input: &str) -> bool {
        super::scan(input.as_bytes()).is_ok_and(|s| s.take_over.is_none())
    }

    /// Whatever the fast path accepts, the state machine parses to the same URL.
    fn agrees(input: &str) -> bool {
        let Some(fast) = super::scan(input.as_bytes()).ok().filter(|s| s.take_over.is_none())
        else {
            return false;
        };
        // What the scan vouches for is ASCII: the wasm checks for UTF-8 only where it does not.
        assert!(input.is_ascii(), "{input}");
        let fast = fast.into_url(input);
        let slow = state_machine(input, None, utf8(), Sink::none(), None).expect("parses");
        assert_eq!(fast.href(), slow.href(), "{input}");
        assert_eq!(fast.offsets(), slow.offsets(), "{input}");
        true
    }

    #[test]
    fn classes_find_as_their_tables_say() {
        use super::{
            FRAGMENT_STOPS, NOT_IPV6_ADDRESS, OPAQUE_PATH_STOPS, PATH_PAUSES, QUERY_STOPS,
        };
        use crate::host::{NOT_OPAQUE_HOST, NOT_PLAIN_DOMAIN};
        for class in [
            &PATH_PAUSES,
            &QUERY_STOPS,
            &FRAGMENT_STOPS,
            &OPAQUE_PATH_STOPS,
            &NOT_PLAIN_DOMAIN,
            &NOT_OPAQUE_HOST,
            &NOT_IPV6_ADDRESS,
        ] {
            crate::find::tests::finds_as_the_table_says(class);
        }
    }

    #[test]
    fn takes_canonical_input() {
        for input in [
            "https://example.org/a/b?c=d#e",
            "http://example.org",
            "https://example.org:8443/",
            "ws://a.b.c./x//y?#",
            "file://deps/openssl/x.c",
            "file:///C:/demo",
            "file:///",
            "ftp://h/%2",
            "https://h/?q=%zz&r=a?b#f#g",
            "https://example.org/.well-known/a.b",
            "https://example.org/a/.../b../%2e%2e%2e/%2ex",
            "file:///C|x/and/a/longer/path",
            "a:b",
            "a:",
            "blob:https://example.org/0f5e-4b1c?q#f",
            "javascript:alert(1)",
            "web+demo:/p/q?r#s",
            "sc://Host.%zz/p",
            "sc://h:0",
            "sc://",
            "sc:///p",
            "madeupscheme:example.com/",
        ] {
            assert!(agrees(input), "{input} should take the fast path");
        }
    }

    #[test]
    fn leaves_the_rest_to_the_state_machine() {
        for input in [
            "HTTPS://example.org/",
            "https://Example.org/",
            "https://example.org:443/",
            "https://example.org:0443/",
            "https://example.org:/",
            "https://example.org:99999/",
            "https://1.2.3.4/",
            "https://0x7f/",
            "https://[::1]/",
            "https://u@h/",
            "https://h/a/../b",
            "https://h/./b",
            "https://h/%2e/b",
            "https://h/a b",
            "https://h/a\\b",
            "https://h/é",
            "https://h/?'",
            "https://h/#`",
            "https://ex%41mple/",
            "file://localhost/",
            "file:///C|/x",
            "file://h:1/",
            "sc://h/",
            "https:/h/",
            "https:h",
            " https://h/",
            "https://h/\t",
            "https://xn--fa-hia/",
            "http://h/a%2E%2E/",
            "https://example.org/a/b/c/d/e/f/..",
            "https://example.org/a/b/c/%2E%2e?q",
            "https://example.org/a/b/c/./d/e/f/g/h",
            "file:///C|/and/a/longer/path",
            "A:b",
            "1a:b",
            "a b:c",
            "a:b c",
            "a:b ",
            "a:b\u{7f}",
            "a:é",
            "sc://h:01/",
            "sc://:1/",
            "sc://u@h/",
            "sc://[::1]/",
            "sc://h\\x/",
            "sc://h^/",
            "sc://é/",
            "sc:/./x",
            "sc:/a/../x",
            "sc://h/a\\b",
            "sc://h/?'",
        ] {
            if vouched(input) {
                assert!(agrees(input));
            }
        }
        for input in [
            "https://Example.org/",
            "https://h/a/../b",
            "https://1.2.3.4/",
            "https://example.org/a/b/c/d/e/f/..",
            "https://example.org/a/b/c/%2E%2e?q",
            "file:///C|/and/a/longer/path",
            "a:b c",
            "sc://[::1]/",
        ] {
            assert!(!vouched(input), "{input}");
        }
    }

    /// A byte that is not ASCII anywhere, or bytes that are not UTF-8, leave the input to the
    /// state machine (which the wasm gives only UTF-8).
    #[test]
    fn vouches_for_ascii_only() {
        let ascii = "https://example.org:8080/a/b?c=d#e";
        for at in 0..=ascii.len() {
            for insert in ["é", "\u{80}", "\u{10000}"] {
                let input = format!("{}{insert}{}", &ascii[..at], &ascii[at..]);
                assert!(!vouched(&input), "{input}");
            }
            let mut bytes = ascii.as_bytes().to_vec();
            bytes.insert(at, 0xff);
            assert!(
                super::scan(&bytes).is_err()
                    || super::scan(&bytes).is_ok_and(|s| s.take_over.is_some()),
                "{at}"
            );
        }
        for input in ["a:é", "sc://é/", "sc:/é", "sc://h/?é", "sc://h/#é", "file:///é", "blob:é"]
        {
            assert!(!vouched(input), "{input}");
        }
    }

    /// Whatever the joining fast path accepts, the state machine resolves to the same URL; so
    /// does the fast path against the scan's offsets of the base's text, where it vouches for it.
    fn joins_alike(input: &str, base: &str) -> bool {
        let Ok(base) = crate::Url::parse(base) else { return false };
        let Some(fast) = super::join(input, BaseUrl::of(&base)) else { return false };
        let slow = state_machine(input, Some(BaseUrl::of(&base)), utf8(), Sink::none(), None)
            .expect("parses");
        assert_eq!(fast.href(), slow.href(), "{input} against {}", base.href());
        assert_eq!(fast.offsets(), slow.offsets(), "{input} against {}", base.href());
        if let Some(scanned) =
            super::scan(base.href().as_bytes()).ok().filter(super::Scanned::is_input)
        {
            let text =
                super::join(input, BaseUrl { href: base.href(), offsets: &scanned.offsets_only })
                    .expect("joins");
            assert_eq!((text.href(), text.offsets()), (fast.href(), fast.offsets()), "{input}");
        }
        true
    }

    /// The API URL parser with the base as text gives what parsing the base, then the input
    /// against it gives, on every WPT input with a base.
    #[test]
    fn parses_with_a_base_as_text_as_against_the_parsed_base() {
        for test in urltestdata() {
            let (Some(input), Some(base)) = (test["input"].as_str(), test["base"].as_str()) else {
                continue;
            };
            let outcome = |parsed: Result<crate::Url, crate::ParseError>| match parsed {
                Ok(url) => Ok((url.href().to_owned(), url.offsets())),
                Err(e) => Err(e.validation_error()),
            };
            let against_parsed = crate::Url::parse(base).and_then(|base| base.join(input));
            let with_text = crate::Url::parse_with_base(input, Some(base));
            assert_eq!(outcome(with_text), outcome(against_parsed), "{input} against {base}");
        }
    }

    #[test]
    fn joins_relative_references() {
        let base = "https://example.org/a/b/c?q#f";
        for input in [
            "d",
            "./d",
            "../d",
            "../../d",
            "../../../../d?x#y",
            "/d/e",
            "?x",
            "#y",
            "d/",
            "./../d",
            ".well-known/x",
            "%2",
            "d?%zz#g#h",
            "..d/e",
        ] {
            assert!(joins_alike(input, base), "{input} should take the fast path");
        }
        assert!(joins_alike("../x", "https://example.org:8443/"));
        for input in [
            "", "//h/d", "/\\h/d", "\\d", "..", "../..", "./.", "d/..", ".%2e/d", "%2e/d", "d:e",
            "https:d", "mailto:x", " d", "d ", "\td", "d\n", "d\\e", "?x y", "#`", "é", "d?'",
        ] {
            let base = crate::Url::parse(base).unwrap();
            assert!(super::join(input, BaseUrl::of(&base)).is_none(), "{input}");
        }
        for base in ["file:///C:/a/b", "sc://h/a/b", "https://u@h/a/b", "https://1.2.3.4/a/b"] {
            assert!(!joins_alike("../d", base), "{base}");
        }
    }

    fn urltestdata() -> Vec<serde_json::Value> {
        let text = include_str!(concat!(env!("WEBURL_WPT_DIR"), "/urltestdata.json"));
        serde_json::from_str(text).expect("urltestdata.json")
    }

    #[test]
    fn joins_alike_on_every_wpt_input_with_a_base() {
        let tests = urltestdata();
        let mut taken = 0;
        for test in &tests {
            if let (Some(input), Some(base)) = (test["input"].as_str(), test["base"].as_str()) {
                taken += usize::from(joins_alike(input, base));
            }
        }
        assert!(taken > 10, "the joining fast path took only {taken} WPT inputs");
    }

    /// Each WPT input with its base, parsed (`None` without one, or where it fails to parse).
    fn wpt_inputs_and_bases() -> Vec<(String, Option<crate::Url>)> {
        let tests = urltestdata();
        let input_and_base = |test: &serde_json::Value| {
            let base = test["base"].as_str().and_then(|base| crate::Url::parse(base).ok());
            Some((test["input"].as_str()?.to_owned(), base))
        };
        tests.iter().filter_map(input_and_base).collect()
    }

    /// Where the scan stopped, the state machine takes over with the same result as when it
    /// starts over, or fails with the same validation error. Whether it took over.
    fn resumes_alike(input: &str, base: Option<&crate::Url>) -> bool {
        let Some(scanned) = super::scan(input.as_bytes()).ok().filter(|s| s.take_over.is_some())
        else {
            return false;
        };
        let outcome = |parsed: Result<crate::Url, crate::ParseError>| match parsed {
            Ok(url) => Ok((url.href().to_owned(), url.offsets())),
            Err(e) => Err(e.validation_error()),
        };
        let taken_over =
            state_machine(input, base.map(BaseUrl::of), utf8(), Sink::none(), Some(&scanned));
        let over = state_machine(input, base.map(BaseUrl::of), utf8(), Sink::none(), None);
        assert_eq!(outcome(taken_over), outcome(over), "{input}");
        true
    }

    /// Whether the scan hands the state machine the IP address it parsed.
    fn hands_on_address(input: &str) -> bool {
        super::scan(input.as_bytes()).is_ok_and(|s| s.address.is_some())
    }

    #[test]
    fn resumes_as_starting_over_on_every_wpt_input() {
        let mut resumed = 0;
        for (input, base) in &wpt_inputs_and_bases() {
            resumed += usize::from(resumes_alike(input, base.as_ref()));
        }
        assert!(resumed > 100, "the state machine took over only {resumed} WPT inputs");
    }

    /// Natively (`HANDS_OVER_QUERY_AND_FRAGMENT`).
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn hands_over_in_the_query_and_fragment_states() {
        use super::State;
        let over = |input: &str| super::scan(input.as_bytes()).ok().and_then(|s| s.take_over);
        for (input, state) in [
            ("http://h/p?a b", State::Query),
            ("http://h/p?a#b c", State::Fragment),
            ("http://h/p#b<c", State::Fragment),
            ("sc://h/p?a\u{1}#b", State::Query),
            ("http://h/p?a\tb ", State::Query),
            ("https://h:8/?\"#\"", State::Query),
            ("sc:/p?a#\0", State::Fragment),
            ("sc:/p?'#\0", State::Query),
            ("data:text/plain,test#<foo> <bar>", State::Fragment),
            ("sc:x?é", State::Query),
            // A special URL's empty path, which the serialization adds a `/` to; a path the scan
            // does not vouch for.
            ("http://h?a b", State::PathStart),
            ("http://h#a b", State::PathStart),
            ("http://h/./?a b", State::PathStart),
        ] {
            assert_eq!(over(input), Some(state), "{input}");
            assert!(resumes_alike(input, None), "{input}");
        }
    }

    #[test]
    fn hands_on_ip_addresses() {
        for input in [
            "http://1.2.3.4/",
            "http://127.0.0.1:8080/x",
            "http://0x7f.1/",
            "https://1.2.3.4:/",
            "ws://4294967295?q",
            "http://[::1]/",
            "http://[1:0:1:0:1:0:1:0]",
            "http://[::1]:80/",
            "http://[0:0:0:0:0:0:13.1.68.3]\\x",
            "sc://[::1]:2/",
            "sc://[::1]",
        ] {
            assert!(hands_on_address(input), "{input}");
            assert!(resumes_alike(input, None), "{input}");
        }
        // A host that goes on, credentials, a byte removed or trimmed, `file:`, a byte the IPv6
        // parser is not handed as it is.
        for input in [
            "http://1.2.3.4x/",
            "http://1.2.3.4:1@h/",
            "http://1.2.3.4\t/",
            "http://1.2.3.4 ",
            "file://1.2.3.4/",
            "http://0X7F.1/",
            "http://[::1]@h/",
            "http://[::1]:1@h/",
            "http://[::1]x/",
            "http://[::1\t]/",
            "http://[::1] ",
            "file://[::1]/",
            "http://[::%31]/",
        ] {
            assert!(!hands_on_address(input), "{input}");
        }
    }

    /// Where the scan finds that parsing fails, the state machine fails with the same validation
    /// error, with a base or without.
    fn fails_alike(input: &str, base: Option<&crate::Url>) -> bool {
        let Err(Some(error)) = super::scan(input.as_bytes()) else { return false };
        let over = state_machine(input, base.map(BaseUrl::of), utf8(), Sink::none(), None);
        assert_eq!(over.err().and_then(|e| e.validation_error()), Some(error), "{input}");
        true
    }

    #[test]
    fn fails_as_the_state_machine_does() {
        let mut failed = 0;
        for (input, base) in &wpt_inputs_and_bases() {
            failed += usize::from(fails_alike(input, base.as_ref()));
        }
        assert!(failed > 30, "the scan found only {failed} WPT failures");
        for input in [
            "http://a<b",
            "https://a b/",
            "ws://x\u{1}y",
            "ftp://ab|c:1/",
            "http://a^b c/",
            "http://a<%41/",
            "http://a%00b/",
            "http://a%3cb:1/",
            "http://a%zz/",
            "http://a%/",
            "http://a%2/",
            "http://a[b:c]d/",
            "http://a<b \u{1}/",
            "http://a%3C\u{1}",
            "http://a%0A",
            "sc://a<b/",
            "sc://a^b:1/",
            "sc://a\\b/",
            "sc://a b/",
            "http://f:b/c",
            "http://f:999999/c",
            "http://f:65536",
            "http://f:1:2/",
            "https://f:1é/",
            "sc://f:b",
            "sc://f:1\\x/",
            "http://1.2.3.4.5/",
            "http://256.0.0.1",
            "https://0x100000000/test",
            "http://foo.09?q",
            "http://.1:8080/",
            "wss://1.2.3.08:1/",
            "http://[::1.2.3.]",
            "http://[1:2:3]/",
            "sc://[1::2::3]:4/",
        ] {
            assert!(fails_alike(input, None), "{input}");
        }
        // Left to the state machine: credentials, a trimmed or removed byte, a host that passes,
        // `file:`, an IPv6 address, a special URL's non-ASCII host (UTS 46 decides), an IPv4
        // address, a host that ends in a number but goes on.
        for input in [
            "http://a<b@c/",
            "http://a<b:c@d/",
            "http://a ",
            "http://a \u{1}",
            "http://a\tb/",
            "http://a<\tb/",
            "http://a%41/",
            "http://a%41:b/",
            "http://a%3Cb@c/",
            "http://a%3Cb\t/",
            "http://a%41:<b/",
            "file://a<b/",
            "sc://a%3Cb/",
            "sc://a\u{1}b/",
            "http://[::1]/",
            "http://a%C3%A9<b/",
            "http://a%3C%C3%A9/",
            "http://a<é/",
            "http://f:b@c/",
            "http://f:99999@c/",
            "http://f:1 ",
            "http://f:1\t/",
            "http://f:/",
            "file://f:b/",
            "sc://:b/",
            "http://0x7f.1/",
            "http://1.2.3.4.5:b@c/",
            "wss://1.2.3.08:1@2",
            "http://1.2.3.4.5:\tb@c/",
            "http://1.2.3.4.5\t/",
            "http://1.2.3.4.5 ",
            "http://1.2.3.4.5X/",
            "file://1.2.3.4.5/",
        ] {
            assert!(!matches!(super::scan(input.as_bytes()), Err(Some(_))), "{input}");
        }
    }

    /// How many inputs `prefix` + up to four of `pieces`, after each of `schemes`, the scan
    /// fails, each failing the state machine with the same validation error; and for how many
    /// it hands on an IP address, each where the state machine takes over alike.
    fn failures_of_four_pieces(schemes: &[&str], prefix: &str, pieces: &[&str]) -> (usize, usize) {
        let (mut failed, mut addresses) = (0, 0);
        for scheme in schemes {
            for n in 0..pieces.len().pow(4) {
                let piece = |digit| pieces[n / pieces.len().pow(digit) % pieces.len()];
                let rest: String = (0..4).map(piece).collect();
                let input = format!("{scheme}://{prefix}{rest}");
                failed += usize::from(fails_alike(&input, None));
                resumes_alike(&input, None);
                addresses += usize::from(hands_on_address(&input));
            }
        }
        (failed, addresses)
    }

    /// Every host of up to four pieces from bytes that end, decode, trim or fail a host, in a
    /// special URL and in one that is not.
    #[test]
    fn fails_alike_on_short_hosts() {
        const PIECES: [&str; 17] = [
            "a", "A", "%", "%3C", "%41", "%C3%A9", "<", "@", ":", "[", "]", "/", "\\", " ", "\t",
            "\u{1}", "é",
        ];
        let (failed, _) = failures_of_four_pieces(&["https", "sc"], "", &PIECES);
        assert!(failed > 20_000, "the scan found only {failed} failures");
    }

    /// The same for every port of up to four pieces after a plain host.
    #[test]
    fn fails_alike_on_short_ports() {
        const PIECES: [&str; 13] =
            ["1", "0", "99999", "b", "@", ":", "/", "\\", "?", " ", "\t", "\u{1}", "é"];
        let (failed, _) = failures_of_four_pieces(&["https", "sc", "file"], "f:", &PIECES);
        assert!(failed > 10_000, "the scan found only {failed} port failures");
    }

    /// The same for every host of up to four pieces from numbers, parts that fail, and bytes that
    /// end or continue a host.
    #[test]
    fn fails_alike_on_short_ipv4_hosts() {
        const PIECES: [&str; 12] =
            ["1", "256", "0x", "09", ".", "a", "X", ":", "@", "/", "\t", " "];
        let (failed, addresses) = failures_of_four_pieces(&["https", "file"], "", &PIECES);
        assert!(failed > 2_000, "the scan found only {failed} IPv4 failures");
        assert!(addresses > 500, "the scan handed on only {addresses} IPv4 addresses");
    }

    /// The same for every host of up to four pieces from the bytes of IPv6 addresses, bytes
    /// that end or continue a host, and bytes the IPv6 parser is not handed as they are.
    #[test]
    fn fails_alike_on_short_ipv6_hosts() {
        const PIECES: [&str; 14] =
            ["[", "]", "::", "1", "1.2.3.4", ":", "g", "%31", "@", "/", "\\", "\t", " ", "]:"];
        let (failed, addresses) = failures_of_four_pieces(&["https", "sc", "file"], "", &PIECES);
        assert!(failed > 1_000, "the scan found only {failed} IPv6 failures");
        assert!(addresses > 100, "the scan handed on only {addresses} IPv6 addresses");
    }

    #[test]
    fn agrees_on_every_wpt_input() {
        let text = include_str!(concat!(env!("WEBURL_WPT_DIR"), "/urltestdata.json"));
        // Inputs are JSON strings; lone surrogate escapes are not canonical anyway.
        let mut taken = 0;
        for line in text.lines().filter_map(|l| l.trim().strip_prefix("\"input\": \"")) {
            let Some(raw) = line.strip_suffix("\",") else { continue };
            if raw.contains('\\') {
                continue;
            }
            taken += usize::from(agrees(raw));
        }
        assert!(taken > 20, "the fast path took only {taken} WPT inputs");
    }
}
