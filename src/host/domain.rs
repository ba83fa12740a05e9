//! [IDNA](https://url.spec.whatwg.org/#idna): the domain parser and domain to Unicode, with
//! UTS #46 processing done by the `idna` crate and the standard's steps around it.

use std::borrow::Cow;

use idna::uts46::{
    verify_dns_length, AsciiDenyList, ErrorPolicy, Hyphens, ProcessingSuccess, Uts46,
};

use super::FORBIDDEN_HOST;
use crate::find::ByteClass;
use crate::validation::{Sink, ValidationError};

/// Whether each byte is a [forbidden domain code point](https://url.spec.whatwg.org/#forbidden-domain-code-point):
/// a forbidden host code point, a C0 control, `%` or U+007F DELETE.
const FORBIDDEN_DOMAIN: [bool; 256] = {
    let mut table = FORBIDDEN_HOST;
    let mut b = 0;
    while b < 0x20 {
        table[b] = true;
        b += 1;
    }
    table[b'%' as usize] = true;
    table[0x7F] = true;
    table
};

/// Whether `c` is a [forbidden domain code point](https://url.spec.whatwg.org/#forbidden-domain-code-point).
#[inline]
pub(crate) fn is_forbidden_domain_code_point(c: u8) -> bool {
    FORBIDDEN_DOMAIN[usize::from(c)]
}

/// [Domain parser ToASCII](https://url.spec.whatwg.org/#domain-parser-toascii): Unicode ToASCII
/// with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set to `be_strict`; CheckBidi and
/// CheckJoiners on, nontransitional, invalid Punycode not ignored (the `idna` crate's fixed
/// choices). Appends the result to `output` and gives true, or leaves `output` as it was and
/// gives false: written there, not into a string of its own (`to_ascii` starts an empty one and
/// grows it a code point at a time). Lenient, it also fails where the result would have a
/// forbidden domain code point, which the domain parser rejects: `idna`'s URL deny list finds
/// them as it maps (UseSTD3ASCIIRules' list denies them too), so that no check of the result is
/// needed and a host such as `GOO 　goo.com` fails at its space rather than after Punycode.
fn domain_parser_to_ascii(domain: &str, be_strict: bool, output: &mut String) -> bool {
    let (deny, hyphens) = if be_strict {
        (AsciiDenyList::STD3, Hyphens::Check)
    } else {
        (AsciiDenyList::URL, Hyphens::Allow)
    };
    let start = output.len();
    let written = match uts46().process(
        domain.as_bytes(),
        deny,
        hyphens,
        ErrorPolicy::FailFast,
        output_as_unicode(false),
        output,
        None,
    ) {
        Ok(ProcessingSuccess::Passthrough) => {
            output.push_str(domain);
            true
        }
        Ok(ProcessingSuccess::WroteToSink) => true,
        Err(_) => false,
    };
    let ascii = output.get(start..).unwrap_or_default();
    // A trailing dot (an empty root label) fails VerifyDnsLength: UTS #46's test data marks it
    // A4_2, and whatwg-url agrees.
    if written
        && (!be_strict || verify_dns_length(ascii, false))
        && !ascii.as_bytes().split(|&b| b == b'.').any(decodes_to_xn_label)
    {
        return true;
    }
    output.truncate(start);
    false
}

/// UTS #46 processing's choice of Unicode or Punycode for each label: all (ToUnicode) or none
/// (ToASCII). One closure type for both, so that a wasm with both carries one copy of
/// `Uts46::process` (two closures were two copies: `weburl/display` and `weburl/whatwg-url` 0.5
/// KB gzip larger), and one with ToASCII alone still has the Unicode output folded away.
fn output_as_unicode(unicode: bool) -> impl FnMut(&[char], &[char], bool) -> bool {
    move |_, _, _| unicode
}

/// UTS #46 processing, once its tables are there: in a wasm, JavaScript may write them in when a
/// host first needs them (src/wasm/mod.rs).
fn uts46() -> Uts46 {
    #[cfg(target_arch = "wasm32")]
    crate::wasm::idna_tables();
    Uts46::new()
}

/// Whether `label` is Punycode for a label that itself begins with `xn--`, which UTS #46's
/// validity criteria reject ("If not CheckHyphens, the label must not begin with “xn--”"; with
/// CheckHyphens its hyphens fail anyway) and the `idna` crate (1.1) lets through. Punycode keeps a
/// label's ASCII first and in order and inserts only non-ASCII, so such a label begins
/// `xn--xn--`: the others (every label `idna` encodes) are not decoded.
fn decodes_to_xn_label(label: &[u8]) -> bool {
    let begins_xn =
        |s: &[u8]| s.get(..4).is_some_and(|prefix| prefix.eq_ignore_ascii_case(b"xn--"));
    label
        .strip_prefix(b"xn--")
        .filter(|encoded| begins_xn(encoded))
        .and_then(|encoded| std::str::from_utf8(encoded).ok())
        .and_then(idna::punycode::decode_to_string)
        .is_some_and(|decoded| begins_xn(decoded.as_bytes()))
}

/// The [domain parser](https://url.spec.whatwg.org/#concept-domain-to-ascii) ("domain to
/// ASCII"), appending its result to `output` (left as it was on failure). With `be_strict` false,
/// an ASCII domain is only lowercased whatever Unicode ToASCII thinks of it (whatwg/url#914); a
/// non-ASCII one must pass relaxed ToASCII.
pub(crate) fn domain_parser(
    domain: &str,
    be_strict: bool,
    output: &mut String,
    sink: &mut Sink,
) -> Result<(), ValidationError> {
    let start = output.len();
    // Unicode ToASCII with strict flags runs only for its validation error (or when strict).
    if be_strict || sink.is_active() {
        if !domain_parser_to_ascii(domain, true, output) {
            sink.report(ValidationError::DomainToAscii);
            if be_strict {
                return Err(ValidationError::DomainToAscii);
            }
        } else if !be_strict {
            output.truncate(start);
        }
    }
    if !be_strict {
        if domain.is_ascii() {
            // Only lowercased: its forbidden domain code points are the input's.
            if domain.bytes().any(is_forbidden_domain_code_point) {
                return Err(ValidationError::DomainToAscii);
            }
            output.push_str(domain);
            if let Some(pushed) = output.get_mut(start..) {
                pushed.make_ascii_lowercase();
            }
        } else if !domain_parser_to_ascii(domain, false, output) {
            return Err(ValidationError::DomainToAscii);
        }
    }
    // UTS #46's output has no forbidden domain code point (its deny lists above).
    if output.len() == start {
        return Err(ValidationError::DomainToAscii);
    }
    Ok(())
}

/// The bytes the domain parser does not leave as they are in an ASCII domain: non-ASCII, upper
/// case, or a forbidden domain code point.
pub(crate) const NOT_PLAIN_DOMAIN: ByteClass = ByteClass::new({
    let mut table = [true; 256];
    let mut b = 0;
    while b < 0x80 {
        table[b] = FORBIDDEN_DOMAIN[b] || (b as u8).is_ascii_uppercase();
        b += 1;
    }
    table
});

/// The same but for uppercase letters: the bytes that keep a domain from being ASCII, or forbidden.
const NOT_ASCII_DOMAIN: ByteClass = ByteClass::new({
    let mut table = [true; 256];
    let mut b = 0;
    while b < 0x80 {
        table[b] = FORBIDDEN_DOMAIN[b];
        b += 1;
    }
    table
});

/// Appends `domain`, ASCII-lowercased, when it is ASCII without forbidden domain code points
/// (the domain parser's whole work on such input); otherwise returns false and appends nothing.
pub(crate) fn push_lowercase_if_plain(domain: &str, output: &mut String) -> bool {
    // Natively by classes, many bytes a step: most domains are plain and lowercase throughout;
    // from the first byte that is not, uppercase letters may follow. In the wasm a byte loop
    // (the classes' searches made `weburl` 0.3 KB gzip larger).
    let bytes = domain.as_bytes();
    let mut upper = false;
    if cfg!(target_arch = "wasm32") {
        for &b in bytes {
            if b >= 0x80 || is_forbidden_domain_code_point(b) {
                return false;
            }
            upper |= b.is_ascii_uppercase();
        }
    } else {
        let plain_to = NOT_PLAIN_DOMAIN.first(bytes, 0);
        upper = plain_to < bytes.len();
        if upper && NOT_ASCII_DOMAIN.first(bytes, plain_to) < bytes.len() {
            return false;
        }
    }
    let start = output.len();
    output.push_str(domain);
    if upper {
        // In place: pushing char by char costs a capacity and UTF-8 check per byte.
        if let Some(pushed) = output.get_mut(start..) {
            pushed.make_ascii_lowercase();
        }
    }
    true
}

/// [Domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode): Unicode
/// ToUnicode with the standard's flags; on any recorded error the domain is returned as it is.
///
/// ```
/// assert_eq!(weburl::host::domain_to_unicode("xn--fa-hia.example"), "faß.example");
/// assert_eq!(weburl::host::domain_to_unicode("xn--8i7caa"), "xn--8i7caa");
/// ```
pub fn domain_to_unicode(domain: &str) -> Cow<'_, str> {
    let mut unicode = String::new();
    match uts46().process(
        domain.as_bytes(),
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        ErrorPolicy::MarkErrors,
        output_as_unicode(true),
        &mut unicode,
        None,
    ) {
        Ok(ProcessingSuccess::WroteToSink) => Cow::Owned(unicode),
        Ok(ProcessingSuccess::Passthrough) | Err(_) => Cow::Borrowed(domain),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(domain: &str, be_strict: bool, sink: &mut Sink) -> Result<String, ValidationError> {
        let mut output = String::from("before");
        let result = domain_parser(domain, be_strict, &mut output, sink);
        let parsed = output.strip_prefix("before").expect("appends").to_owned();
        assert!(result.is_ok() || parsed.is_empty(), "{domain}: output left as it was");
        result.map(|()| parsed)
    }

    fn lenient(domain: &str) -> Option<String> {
        parsed(domain, false, &mut Sink::none()).ok()
    }

    #[test]
    fn ascii_domains_are_only_lowercased() {
        assert_eq!(lenient("EXAMPLE.com").as_deref(), Some("example.com"));
        // Invalid Punycode, and Punycode that decodes to mapped code points: kept (whatwg/url#914).
        assert_eq!(lenient("xn--a").as_deref(), Some("xn--a"));
        assert_eq!(lenient("XN--8I7CAA").as_deref(), Some("xn--8i7caa"));
        assert_eq!(lenient("a..b").as_deref(), Some("a..b"));
        assert_eq!(lenient("ex ample"), None);
        assert_eq!(lenient("a%b"), None);
    }

    #[test]
    fn unicode_domains_go_through_uts46() {
        assert_eq!(lenient("faß.de").as_deref(), Some("xn--fa-hia.de"));
        assert_eq!(lenient("☕.example").as_deref(), Some("xn--53h.example"));
        assert_eq!(lenient("ＥＸＡＭＰＬＥ．ｃｏｍ").as_deref(), Some("example.com"));
        assert_eq!(lenient("a\u{200C}b"), None);
        assert_eq!(lenient("\u{FF05}41"), None, "mapped to a forbidden code point");
        assert_eq!(lenient("\u{AD}"), None, "mapped to the empty string");
        // A forbidden domain code point beside code points UTS #46 maps: its deny list fails it.
        assert_eq!(lenient("a b.\u{E9}"), None);
        assert_eq!(lenient("\u{E9}%41"), None);
        assert_eq!(lenient("\u{E9}\u{7F}"), None);
    }

    #[test]
    fn strict_mode_and_its_validation_error() {
        let mut errors = Vec::new();
        let mut record = |e| errors.push(e);
        let result = parsed("-x.example", false, &mut Sink::new(Some(&mut record)));
        assert_eq!(result.as_deref(), Ok("-x.example"));
        assert_eq!(errors, [ValidationError::DomainToAscii]);
        assert!(parsed("-x.example", true, &mut Sink::none()).is_err());
        assert!(parsed("a_b.example", true, &mut Sink::none()).is_err());
        assert!(parsed("a.example.", true, &mut Sink::none()).is_err());
        assert_eq!(parsed("a.example.", false, &mut Sink::none()).as_deref(), Ok("a.example."));
        assert_eq!(
            parsed("Faß.Example", true, &mut Sink::none()).as_deref(),
            Ok("xn--fa-hia.example")
        );
    }

    /// Found by the differential against whatwg-url: `①` maps to `1`, giving a label whose
    /// Punycode decodes to `xn--11£2`.
    #[test]
    fn a_label_may_not_decode_to_an_xn_label() {
        assert!(lenient("xn--xn--1\u{2460}2-gia").is_none());
        assert!(lenient("\u{2460}.xn--xn--112-gia").is_none());
        // ASCII input is only lowercased (whatwg/url#914), whatever its labels decode to.
        assert!(lenient("xn--xn--112-gia").is_some());
        assert!(lenient("\u{2460}.xn--fa-hia").is_some());
    }

    /// `push_lowercase_if_plain` as it is defined, for each ASCII byte and two others in domains
    /// shorter and longer than the classes' sixteen-byte step, after lowercase or uppercase.
    #[test]
    fn plain_domains_are_found_by_their_classes() {
        crate::find::tests::finds_as_the_table_says(&NOT_ASCII_DOMAIN);
        let long = "a".repeat(20);
        for c in (0..0x80u8).map(char::from).chain(['é', '☕']) {
            for domain in [
                format!("{c}"),
                format!("a{c}b"),
                format!("A{c}"),
                format!("{long}{c}"),
                format!("{long}B{long}{c}{long}"),
                format!("{c}{long}C"),
            ] {
                let expected = domain
                    .bytes()
                    .all(|b| b < 0x80 && !is_forbidden_domain_code_point(b))
                    .then(|| domain.to_ascii_lowercase());
                let mut output = String::from("x");
                let plain =
                    push_lowercase_if_plain(&domain, &mut output).then(|| output[1..].into());
                assert_eq!(plain, expected, "{domain:?}");
            }
        }
    }

    #[test]
    fn forbidden_domain_code_points() {
        let forbidden: Vec<u8> = (0..0x80).filter(|&b| is_forbidden_domain_code_point(b)).collect();
        let mut expected: Vec<u8> = (0..0x20).collect();
        expected.extend_from_slice(b" #%/:<>?@[\\]^|\x7F");
        expected.sort();
        assert_eq!(forbidden, expected);
        assert!(!is_forbidden_domain_code_point(0xC3));
    }
}
