//! A fast path for input that is already written the way the URL serializer writes it: a
//! special URL with a plain ASCII domain, in which nothing needs lowercasing, percent-encoding,
//! removing or resolving. Parsing such input is checking it, in one pass, and its serialization
//! is the input itself (or the input with the `/` of an empty path added).
//!
//! Anything this does not vouch for goes to the state machine, which gives the same result for
//! everything accepted here (the tests below compare the two on every WPT input).

use super::path::{is_double_dot, is_single_dot};
use crate::host::{ends_in_a_number, is_plain_domain_byte, HostKind};
use crate::percent::{FRAGMENT, PATH, SPECIAL_QUERY};
use crate::slicing::Slice;
use crate::url::{SchemeType, Url};

/// Classes of path bytes: kept as they are, a segment's end, the path's end, or refused (to be
/// percent-encoded, or `\`, which special URLs read as `/`).
const PLAIN: u8 = 0;
const SLASH: u8 = 1;
const END: u8 = 2;
const REFUSED: u8 = 3;

/// The bytes of a scheme in serialized form: lowercase letters, digits, `+`, `-`, `.`.
const SCHEME: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, b'+' | b'-' | b'.');
        b += 1;
    }
    table
};

const PATH_CLASS: [u8; 256] = {
    let mut class = PATH.classes(REFUSED, PLAIN);
    class[b'\\' as usize] = REFUSED;
    class[b'/' as usize] = SLASH;
    class[b'?' as usize] = END;
    class[b'#' as usize] = END;
    class
};

/// The URL `input` parses to, or `None` to use the state machine.
pub(crate) fn parse(input: &str) -> Option<Url> {
    scan(input).map(|scanned| scanned.into_url(input))
}

/// What [`scan`] found: the URL but for its serialization, which is the input, with a `/` added
/// for an empty path when `adds_slash`.
pub(crate) struct Scanned {
    /// The URL with an empty serialization; its offsets are those of the serialization.
    offsets_only: Url,
    pub(crate) adds_slash: bool,
}

impl Scanned {
    /// The offsets of the URL, as [`Url::offsets`] (for the wasm layer).
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn offsets(&self) -> [u32; crate::offsets::LEN] {
        self.offsets_only.offsets()
    }

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

/// Checks that `input` is a URL in serialized form, as the module comment says; `None` to use the
/// state machine.
pub(crate) fn scan(input: &str) -> Option<Scanned> {
    let bytes = input.as_bytes();
    let byte = |i: usize| bytes.get(i).copied();
    let is_delimiter = |b: Option<u8>| matches!(b, None | Some(b'/' | b'?' | b'#'));

    // Scheme: already lowercase, special, followed by "//".
    let scheme_end = bytes.iter().position(|&b| !SCHEME[usize::from(b)])?;
    if scheme_end == 0
        || !bytes[0].is_ascii_lowercase()
        || bytes.get(scheme_end..scheme_end + 3) != Some(b"://")
    {
        return None;
    }
    let scheme_type = SchemeType::of(input.slice(..scheme_end));
    if !scheme_type.is_special() {
        return None;
    }

    // Host: a domain the domain parser leaves as it is, which is not an IPv4 address.
    let host_start = scheme_end + 3;
    let host_end = host_start
        + bytes
            .slice(host_start..)
            .iter()
            .position(|&b| !is_plain_domain_byte(b))
            .unwrap_or(bytes.len() - host_start);
    let host = input.slice(host_start..host_end);
    let host_kind = match (host.is_empty(), scheme_type) {
        (true, SchemeType::File) => HostKind::Empty,
        (true, _) => return None,
        (false, SchemeType::File) if host == "localhost" => return None,
        (false, _) if ends_in_a_number(host) => return None,
        (false, _) => HostKind::Domain,
    };

    // Port: the shortest digits of a port that is not the scheme's default.
    let mut i = host_end;
    let mut port = None;
    if byte(i) == Some(b':') {
        let digits = bytes.slice(i + 1..).iter().take_while(|b| b.is_ascii_digit()).count();
        let text = input.slice(i + 1..i + 1 + digits);
        let value: u16 = text.parse().ok()?;
        if scheme_type == SchemeType::File
            || (digits > 1 && text.starts_with('0'))
            || Some(value) == scheme_type.default_port()
        {
            return None;
        }
        port = Some(value);
        i += 1 + digits;
    }
    if !is_delimiter(byte(i)) {
        return None;
    }

    // Path: segments with nothing to encode, no dot segments, no `\`; a missing path is "/".
    let path_start = i;
    let empty_path = byte(i) != Some(b'/');
    if !empty_path {
        let mut segment_start = i + 1;
        loop {
            i += 1;
            i += bytes
                .slice(i..)
                .iter()
                .position(|&b| PATH_CLASS[usize::from(b)] != PLAIN)
                .unwrap_or(bytes.len() - i);
            let class = byte(i).map_or(END, |b| PATH_CLASS[usize::from(b)]);
            if class == REFUSED {
                return None;
            }
            let segment = bytes.slice(segment_start..i);
            let is_dot_segment = matches!(segment.first(), Some(b'.' | b'%'))
                && (is_single_dot(segment) || is_double_dot(segment));
            let is_drive_letter = scheme_type == SchemeType::File
                && segment_start == path_start + 1
                && matches!(segment, [letter, b'|'] if letter.is_ascii_alphabetic());
            if is_dot_segment || is_drive_letter {
                return None;
            }
            if class == END {
                break;
            }
            segment_start = i + 1;
        }
    }

    // Query and fragment: nothing to encode.
    let query_start = (byte(i) == Some(b'?')).then_some(i);
    if query_start.is_some() {
        let len = bytes.slice(i..).iter().position(|&b| b == b'#').unwrap_or(bytes.len() - i);
        if bytes.slice(i + 1..i + len).iter().any(|&b| SPECIAL_QUERY.contains(b)) {
            return None;
        }
        i += len;
    }
    let fragment_start = (byte(i) == Some(b'#')).then_some(i);
    if bytes.slice(i..).iter().skip(1).any(|&b| FRAGMENT.contains(b)) {
        return None;
    }

    let shift = usize::from(empty_path);
    let offsets_only = Url {
        serialization: String::new(),
        scheme_end,
        username_end: host_start,
        host_start,
        host_end,
        port,
        path_start,
        query_start: query_start.map(|q| q + shift),
        fragment_start: fragment_start.map(|f| f + shift),
        host_kind: Some(host_kind),
        scheme_type,
        opaque_path: false,
    };
    Some(Scanned { offsets_only, adds_slash: empty_path })
}

#[cfg(test)]
mod tests {
    use crate::parser::state_machine;
    use crate::percent::utf8;
    use crate::validation::Sink;

    /// Whatever the fast path accepts, the state machine parses to the same URL.
    fn agrees(input: &str) -> bool {
        let Some(fast) = super::parse(input) else { return false };
        let slow = state_machine(input, None, utf8(), Sink::none()).expect("parses");
        assert_eq!(fast.href(), slow.href(), "{input}");
        assert_eq!(fast.offsets(), slow.offsets(), "{input}");
        true
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
        ] {
            if super::parse(input).is_some() {
                assert!(agrees(input));
            }
        }
        assert!(super::parse("https://Example.org/").is_none());
        assert!(super::parse("https://h/a/../b").is_none());
        assert!(super::parse("https://1.2.3.4/").is_none());
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
