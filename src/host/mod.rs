//! [Hosts](https://url.spec.whatwg.org/#hosts-(domains-and-ip-addresses)): domains, IPv4 and
//! IPv6 addresses, opaque hosts and the empty host; the host parser and serializer.

mod domain;
pub(crate) mod ipv4;
pub(crate) mod ipv6;

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

pub use domain::domain_to_unicode;
pub(crate) use domain::{is_forbidden_domain_code_point, NOT_PLAIN_DOMAIN};
pub(crate) use ipv4::ends_in_a_number;

use crate::find::ByteClass;
use crate::percent::{self, C0_CONTROL};
use crate::slicing::Slice;
use crate::validation::{invalid_url_units, InvalidUrlUnit, Sink, ValidationError};
use crate::ParseError;

/// A parsed [host](https://url.spec.whatwg.org/#concept-host).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Host<S = String> {
    /// A [domain](https://url.spec.whatwg.org/#concept-domain): a non-empty ASCII string.
    Domain(S),
    /// An [IPv4 address](https://url.spec.whatwg.org/#concept-ipv4).
    Ipv4(Ipv4Addr),
    /// An [IPv6 address](https://url.spec.whatwg.org/#concept-ipv6).
    Ipv6(Ipv6Addr),
    /// An [opaque host](https://url.spec.whatwg.org/#opaque-host), in a URL that is not special.
    Opaque(S),
    /// The [empty host](https://url.spec.whatwg.org/#empty-host).
    Empty,
}

/// Which kind of host a URL has, without its value (that is in the URL's serialization).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// A domain.
    Domain,
    /// An IPv4 address.
    Ipv4,
    /// An IPv6 address.
    Ipv6,
    /// An opaque host.
    Opaque,
    /// The empty host.
    Empty,
}

impl Host {
    /// The [host parser](https://url.spec.whatwg.org/#concept-host-parser) with `isOpaque` false,
    /// as for special URLs.
    ///
    /// ```
    /// use weburl::host::Host;
    /// use std::net::Ipv4Addr;
    /// assert_eq!(Host::parse("EXAMPLE.COM").unwrap(), Host::Domain("example.com".into()));
    /// assert_eq!(Host::parse("0xffffffff").unwrap(), Host::Ipv4(Ipv4Addr::new(255, 255, 255, 255)));
    /// assert_eq!(Host::parse("faß.example").unwrap().to_string(), "xn--fa-hia.example");
    /// assert!(Host::parse("example^example").is_err());
    /// ```
    pub fn parse(input: &str) -> Result<Host, ParseError> {
        Self::parse_with(input, false)
    }

    /// The [host parser](https://url.spec.whatwg.org/#concept-host-parser) with `isOpaque` true,
    /// as for URLs that are not special.
    ///
    /// ```
    /// use weburl::host::Host;
    /// assert_eq!(Host::parse_opaque("EXAMPLE.COM").unwrap(), Host::Opaque("EXAMPLE.COM".into()));
    /// assert_eq!(Host::parse_opaque("faß.example").unwrap().to_string(), "fa%C3%9F.example");
    /// assert_eq!(Host::parse_opaque("[0:0::1]").unwrap().to_string(), "[::1]");
    /// ```
    pub fn parse_opaque(input: &str) -> Result<Host, ParseError> {
        Self::parse_with(input, true)
    }

    fn parse_with(input: &str, is_opaque: bool) -> Result<Host, ParseError> {
        if input.is_empty() {
            return Ok(Host::Empty);
        }
        let mut serialization = String::new();
        let kind = parse_into(input, is_opaque, &mut serialization, &mut Sink::none())
            .map_err(|e| ParseError::new(Some(e)))?;
        Ok(Host::from_serialization(kind, &serialization).into_owned())
    }
}

impl<S: AsRef<str>> Host<S> {
    /// The host as `&str`-backed value.
    pub fn as_ref(&self) -> Host<&str> {
        match self {
            Host::Domain(s) => Host::Domain(s.as_ref()),
            Host::Opaque(s) => Host::Opaque(s.as_ref()),
            Host::Ipv4(a) => Host::Ipv4(*a),
            Host::Ipv6(a) => Host::Ipv6(*a),
            Host::Empty => Host::Empty,
        }
    }

    /// Appends the [host serializer](https://url.spec.whatwg.org/#concept-host-serializer)'s
    /// output to `output`.
    pub(crate) fn serialize_into(&self, output: &mut String) {
        match self.as_ref() {
            Host::Domain(d) | Host::Opaque(d) => output.push_str(d),
            Host::Empty => {}
            Host::Ipv4(a) => ipv4::serialize(u32::from(a), output),
            Host::Ipv6(a) => {
                output.push('[');
                ipv6::serialize(&a.segments(), output);
                output.push(']');
            }
        }
    }

    /// Which kind of host this is.
    pub fn kind(&self) -> HostKind {
        match self {
            Host::Domain(_) => HostKind::Domain,
            Host::Ipv4(_) => HostKind::Ipv4,
            Host::Ipv6(_) => HostKind::Ipv6,
            Host::Opaque(_) => HostKind::Opaque,
            Host::Empty => HostKind::Empty,
        }
    }
}

impl<'a> Host<&'a str> {
    /// Rebuilds a host from its kind and [serialization](https://url.spec.whatwg.org/#concept-host-serializer).
    pub(crate) fn from_serialization(kind: HostKind, serialization: &'a str) -> Self {
        match kind {
            HostKind::Domain => Host::Domain(serialization),
            HostKind::Opaque => Host::Opaque(serialization),
            HostKind::Empty => Host::Empty,
            // Serializations this crate wrote always parse back; the fallbacks are unreachable.
            // Our own parsers, not std's `FromStr`, which would add its parser to the wasm.
            HostKind::Ipv4 => Host::Ipv4(Ipv4Addr::from(
                ipv4::parse(serialization.as_bytes(), &mut Sink::none()).unwrap_or(0),
            )),
            HostKind::Ipv6 => Host::Ipv6(Ipv6Addr::from(
                serialization
                    .strip_prefix('[')
                    .and_then(|s| s.strip_suffix(']'))
                    .and_then(|s| ipv6::parse(s.as_bytes(), &mut Sink::none()).ok())
                    .unwrap_or([0; 8]),
            )),
        }
    }

    /// An owned copy.
    pub fn into_owned(self) -> Host {
        match self {
            Host::Domain(s) => Host::Domain(s.into()),
            Host::Opaque(s) => Host::Opaque(s.into()),
            Host::Ipv4(a) => Host::Ipv4(a),
            Host::Ipv6(a) => Host::Ipv6(a),
            Host::Empty => Host::Empty,
        }
    }
}

/// The [host serializer](https://url.spec.whatwg.org/#concept-host-serializer).
impl<S: AsRef<str>> fmt::Display for Host<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.serialize_into(&mut s);
        f.write_str(&s)
    }
}

/// The [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii) (formerly "domain
/// to ASCII"). Lenient (`be_strict` false), as the URL parser runs it, an ASCII domain is only
/// lowercased; strict, it must pass Unicode ToASCII with CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength.
///
/// ```
/// use weburl::host::domain_to_ascii;
/// assert_eq!(domain_to_ascii("Faß.Example", false).unwrap(), "xn--fa-hia.example");
/// assert_eq!(domain_to_ascii("xn--8i7caa", false).unwrap(), "xn--8i7caa");
/// assert!(domain_to_ascii("xn--8i7caa", true).is_err());
/// assert!(domain_to_ascii("a b", false).is_err());
/// ```
pub fn domain_to_ascii(domain: &str, be_strict: bool) -> Result<String, ParseError> {
    let mut ascii = String::new();
    domain::domain_parser(domain, be_strict, &mut ascii, &mut Sink::none())
        .map_err(|e| ParseError::new(Some(e)))?;
    Ok(ascii)
}

/// Whether `input` is a [valid domain](https://url.spec.whatwg.org/#valid-domain): the strict
/// domain parser accepts it and it does not end in a number.
///
/// ```
/// assert!(weburl::host::is_valid_domain("example.com"));
/// assert!(!weburl::host::is_valid_domain("example.123"));
/// assert!(!weburl::host::is_valid_domain("-x.example"));
/// ```
pub fn is_valid_domain(input: &str) -> bool {
    let mut domain = String::new();
    domain::domain_parser(input, true, &mut domain, &mut Sink::none()).is_ok()
        && !ipv4::ends_in_a_number(domain.as_bytes())
}

/// The [host parser](https://url.spec.whatwg.org/#concept-host-parser) for a non-empty `input`,
/// appending the host's serialization to `output` (which is left as it was on failure).
pub(crate) fn parse_into(
    input: &str,
    is_opaque: bool,
    output: &mut String,
    sink: &mut Sink,
) -> Result<HostKind, ValidationError> {
    if let Some(inside) = input.strip_prefix('[') {
        let Some(inside) = inside.strip_suffix(']') else {
            sink.report(ValidationError::Ipv6Unclosed);
            return Err(ValidationError::Ipv6Unclosed);
        };
        let address = ipv6::parse(inside.as_bytes(), sink)?;
        output.push('[');
        ipv6::serialize(&address, output);
        output.push(']');
        return Ok(HostKind::Ipv6);
    }
    if is_opaque {
        return opaque_host_parser(input, output, sink);
    }
    if !sink.is_active() {
        // The common case: ASCII without forbidden domain code points (so without `%`). Then the
        // domain parser only lowercases it; its strict ToASCII run is for validation errors,
        // which nobody asked for.
        let start = output.len();
        if domain::push_lowercase_if_plain(input, output) {
            if !ipv4::ends_in_a_number(output.as_bytes().slice(start..)) {
                return Ok(HostKind::Domain);
            }
            // What the domain parser would give is there already: the IPv4 parser's input.
            let address = ipv4::parse(output.as_bytes().slice(start..), sink);
            output.truncate(start);
            ipv4::serialize(address?, output);
            return Ok(HostKind::Ipv4);
        }
    }
    let has_escape = input.bytes().any(|b| b == b'%');
    // Looked for only where someone listens: the search costs about ten instructions a byte.
    if has_escape
        && sink.is_active()
        && (0..input.len()).any(|i| percent::encoded_byte_at(input.as_bytes(), i).is_some())
    {
        sink.report(ValidationError::DomainPercentEncoded);
    }
    // Percent-decoded in a copy, on the stack for all but long hosts: no allocation.
    let mut on_stack = [0u8; 64];
    let mut on_heap;
    let domain: &str = if has_escape {
        let copy = match on_stack.get_mut(..input.len()) {
            Some(copy) => {
                copy.copy_from_slice(input.as_bytes());
                copy
            }
            None => {
                on_heap = input.as_bytes().to_vec();
                &mut on_heap
            }
        };
        let len = percent::percent_decode_in_place(copy, false);
        // UTF-8 decode without BOM: the decoded bytes as they are when they are UTF-8.
        // Otherwise it gives U+FFFD for each invalid sequence, which UTS #46 disallows: the
        // domain parser fails, here without running it.
        let Ok(utf8) = std::str::from_utf8(copy.slice(..len)) else {
            sink.report(ValidationError::DomainToAscii);
            return Err(ValidationError::DomainToAscii);
        };
        utf8
    } else {
        input
    };
    let start = output.len();
    domain::domain_parser(domain, false, output, sink)?;
    let ascii_domain = output.as_bytes().slice(start..);
    if ipv4::ends_in_a_number(ascii_domain) {
        if !domain.is_ascii() {
            sink.report(ValidationError::Ipv4NonAsciiInput);
        }
        let address = ipv4::parse(ascii_domain, sink);
        output.truncate(start);
        ipv4::serialize(address?, output);
        return Ok(HostKind::Ipv4);
    }
    Ok(HostKind::Domain)
}

/// Whether each byte is a [forbidden host code point](https://url.spec.whatwg.org/#forbidden-host-code-point).
pub(crate) const FORBIDDEN_HOST: [bool; 256] = {
    let mut table = [false; 256];
    let forbidden = b"\0\t\n\r #/:<>?@[\\]^|";
    let mut i = 0;
    while i < forbidden.len() {
        table[forbidden[i] as usize] = true;
        i += 1;
    }
    table
};

/// The bytes that end an opaque host or that the opaque-host parser does not leave as they are:
/// the forbidden host code points (`:` and the delimiters among them) and those it percent-encodes.
pub(crate) const NOT_OPAQUE_HOST: ByteClass = ByteClass::new({
    let mut table = FORBIDDEN_HOST;
    let mut b = 0;
    while b < 256 {
        table[b] |= C0_CONTROL.contains(b as u8);
        b += 1;
    }
    table
});

/// The [opaque-host parser](https://url.spec.whatwg.org/#concept-opaque-host-parser).
fn opaque_host_parser(
    input: &str,
    output: &mut String,
    sink: &mut Sink,
) -> Result<HostKind, ValidationError> {
    if input.bytes().any(|b| FORBIDDEN_HOST[usize::from(b)]) {
        sink.report(ValidationError::HostInvalidCodePoint);
        return Err(ValidationError::HostInvalidCodePoint);
    }
    if sink.is_active() {
        // Each of the two checks reports once, not once per code point.
        let units: Vec<InvalidUrlUnit> = invalid_url_units(input).collect();
        for kind in [InvalidUrlUnit::CodePoint, InvalidUrlUnit::Percent] {
            if units.contains(&kind) {
                sink.report(ValidationError::InvalidUrlUnit);
            }
        }
    }
    percent::encode_into(output, input, C0_CONTROL);
    Ok(HostKind::Opaque)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(input: &str, is_opaque: bool) -> Option<String> {
        let mut s = String::new();
        parse_into(input, is_opaque, &mut s, &mut Sink::none()).ok()?;
        Some(s)
    }

    /// The standard's host parsing example table.
    #[test]
    fn host_parsing_examples() {
        let table: &[(&str, Option<&str>, Option<&str>)] = &[
            ("EXAMPLE.COM", Some("example.com"), Some("EXAMPLE.COM")),
            ("example%2Ecom", Some("example.com"), Some("example%2Ecom")),
            ("faß.example", Some("xn--fa-hia.example"), Some("fa%C3%9F.example")),
            ("0", Some("0.0.0.0"), Some("0")),
            ("%30", Some("0.0.0.0"), Some("%30")),
            ("0x", Some("0.0.0.0"), Some("0x")),
            ("0xffffffff", Some("255.255.255.255"), Some("0xffffffff")),
            ("[0:0::1]", Some("[::1]"), Some("[::1]")),
            ("[0:0::1%5D", None, None),
            ("[0:0::%31]", None, None),
            ("09", None, Some("09")),
            ("example.255", None, Some("example.255")),
            ("example^example", None, None),
        ];
        for &(input, special, opaque) in table {
            assert_eq!(parse(input, false).as_deref(), special, "{input}");
            assert_eq!(parse(input, true).as_deref(), opaque, "{input} (opaque)");
        }
    }

    /// Percent-decoded in a copy on the stack up to 64 bytes, on the heap past them.
    #[test]
    fn percent_decoded_hosts_of_any_length() {
        for n in [1, 19, 20, 100] {
            let host = format!("{}.%65%78", "%41".repeat(n));
            let expected = format!("{}.ex", "a".repeat(n));
            assert_eq!(parse(&host, false), Some(expected), "{host}");
            assert_eq!(parse(&format!("{host}%80"), false), None, "{host}%80");
        }
    }

    #[test]
    fn public_host_type() {
        let host = Host::parse("[::ffff:1.2.3.4]").unwrap();
        assert_eq!(host, Host::Ipv6("::ffff:1.2.3.4".parse().unwrap()));
        assert_eq!(host.to_string(), "[::ffff:102:304]");
        assert_eq!(host.kind(), HostKind::Ipv6);
        assert_eq!(Host::parse("").unwrap(), Host::Empty);
        assert!(Host::parse("%zz.example").is_err());
    }
}
