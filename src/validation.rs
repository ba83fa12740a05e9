//! [Validation errors](https://url.spec.whatwg.org/#validation-error): mismatches between input
//! and valid input. Most do not stop the parser; they are reported to an optional sink.

use core::fmt;

macro_rules! validation_errors {
    ($($(#[$doc:meta])* $variant:ident => $name:literal,)*) => {
        /// One entry of the standard's
        /// [validation error table](https://url.spec.whatwg.org/#validation-error), named after it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum ValidationError {
            $($(#[$doc])* $variant,)*
        }

        impl ValidationError {
            /// Every validation error, in the order of the standard's table.
            pub const ALL: &'static [ValidationError] = &[$(ValidationError::$variant,)*];

            /// The error type exactly as the standard writes it, e.g. `"host-missing"`.
            pub fn name(self) -> &'static str {
                match self {
                    $(ValidationError::$variant => $name,)*
                }
            }
        }
    };
}

validation_errors! {
    /// Unicode ToASCII records an error with the strict flags.
    DomainToAscii => "domain-to-ASCII",
    /// A host to be processed as a domain contains a percent-encoded byte.
    DomainPercentEncoded => "domain-percent-encoded",
    /// An opaque host contains a forbidden host code point.
    HostInvalidCodePoint => "host-invalid-code-point",
    /// An IPv4 address ends with a U+002E (.).
    Ipv4EmptyPart => "IPv4-empty-part",
    /// An IPv4 address has fewer than 4 parts.
    Ipv4TooFewParts => "IPv4-too-few-parts",
    /// An IPv4 address has more than 4 parts.
    Ipv4TooManyParts => "IPv4-too-many-parts",
    /// An IPv4 address part is not numeric.
    Ipv4NonNumericPart => "IPv4-non-numeric-part",
    /// An IPv4 address contains numbers written in hexadecimal or octal.
    Ipv4NonDecimalPart => "IPv4-non-decimal-part",
    /// An IPv4 address part exceeds 255.
    Ipv4OutOfRangePart => "IPv4-out-of-range-part",
    /// An IPv4 address is derived from a non-ASCII string through IDNA processing.
    Ipv4NonAsciiInput => "IPv4-non-ASCII-input",
    /// An IPv6 address is missing the closing U+005D (]).
    Ipv6Unclosed => "IPv6-unclosed",
    /// An IPv6 address begins with improper compression.
    Ipv6InvalidCompression => "IPv6-invalid-compression",
    /// An IPv6 address contains more than 8 pieces.
    Ipv6TooManyPieces => "IPv6-too-many-pieces",
    /// An IPv6 address is compressed in more than one spot.
    Ipv6MultipleCompression => "IPv6-multiple-compression",
    /// An IPv6 address contains a code point that is neither a hex digit nor `:`, or ends early.
    Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
    /// An uncompressed IPv6 address contains fewer than 8 pieces.
    Ipv6TooFewPieces => "IPv6-too-few-pieces",
    /// An IPv6 address piece contains a leading U+0030 (0).
    Ipv6PieceLeadingZero => "IPv6-piece-leading-zero",
    /// An IPv6 address with IPv4 syntax has more than 6 pieces.
    Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
    /// An IPv6 address with IPv4 syntax has an empty, non-digit or leading-zero part, or too many.
    Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
    /// An IPv6 address with IPv4 syntax has a part exceeding 255.
    Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
    /// An IPv6 address with IPv4 syntax has too few parts.
    Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
    /// A code point is found that is not a URL unit.
    InvalidUrlUnit => "invalid-URL-unit",
    /// The input's scheme is not followed by `//`.
    SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus",
    /// The input is missing a scheme and there is no usable base URL.
    MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
    /// A special URL uses U+005C (\) instead of U+002F (/).
    InvalidReverseSolidus => "invalid-reverse-solidus",
    /// The input includes credentials.
    InvalidCredentials => "invalid-credentials",
    /// The input has a special scheme but no host.
    HostMissing => "host-missing",
    /// The input's port is too big.
    PortOutOfRange => "port-out-of-range",
    /// The input's port is invalid.
    PortInvalid => "port-invalid",
    /// A relative-URL string starts with a Windows drive letter and the base is a `file:` URL.
    FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
    /// A `file:` URL's host is a Windows drive letter.
    FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host",
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where validation errors go: nowhere (the common case, a `None` check per report) or to a
/// caller's callback.
pub(crate) struct Sink<'a>(Option<&'a mut dyn FnMut(ValidationError)>);

impl<'a> Sink<'a> {
    pub(crate) fn none() -> Sink<'static> {
        Sink(None)
    }

    pub(crate) fn new(callback: Option<&'a mut dyn FnMut(ValidationError)>) -> Self {
        Sink(callback)
    }

    /// Whether anyone listens; lets callers skip work done only to find errors.
    #[inline]
    pub(crate) fn is_active(&self) -> bool {
        self.0.is_some()
    }

    #[inline]
    pub(crate) fn report(&mut self, error: ValidationError) {
        if let Some(callback) = self.0.as_mut() {
            callback(error);
        }
    }
}

/// Why a code point is not a [URL unit](https://url.spec.whatwg.org/#url-units).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InvalidUrlUnit {
    /// Neither a URL code point nor `%`.
    CodePoint,
    /// A `%` not followed by two ASCII hex digits.
    Percent,
}

/// The code points of `input` that are not URL units, in order: each is an
/// [invalid-URL-unit](https://url.spec.whatwg.org/#invalid-url-unit) validation error where the
/// parser meets it.
pub(crate) fn invalid_url_units(input: &str) -> impl Iterator<Item = InvalidUrlUnit> + '_ {
    let bytes = input.as_bytes();
    input.char_indices().filter_map(move |(i, c)| {
        if c == '%' {
            let hex = |j: usize| bytes.get(j).is_some_and(u8::is_ascii_hexdigit);
            (!(hex(i + 1) && hex(i + 2))).then_some(InvalidUrlUnit::Percent)
        } else {
            (!is_url_code_point(c)).then_some(InvalidUrlUnit::CodePoint)
        }
    })
}

/// Reports one invalid-URL-unit validation error per code point of `input` that is not a URL unit.
pub(crate) fn report_invalid_url_units(input: &str, sink: &mut Sink) {
    if sink.is_active() {
        for _ in invalid_url_units(input) {
            sink.report(ValidationError::InvalidUrlUnit);
        }
    }
}

/// Whether `c` is a [URL code point](https://url.spec.whatwg.org/#url-code-points).
fn is_url_code_point(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';'
        | '=' | '?' | '@' | '_' | '~' => true,
        '\u{A0}'..='\u{10FFFD}' => !is_noncharacter(c),
        _ => false,
    }
}

/// Whether `c` is a [noncharacter](https://infra.spec.whatwg.org/#noncharacter).
fn is_noncharacter(c: char) -> bool {
    let c = u32::from(c);
    (0xFDD0..=0xFDEF).contains(&c) || c & 0xFFFE == 0xFFFE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_table() {
        assert_eq!(ValidationError::ALL.len(), 31);
        assert_eq!(ValidationError::HostMissing.to_string(), "host-missing");
        assert_eq!(ValidationError::Ipv4InIpv6TooFewParts.name(), "IPv4-in-IPv6-too-few-parts");
    }

    #[test]
    fn url_units() {
        let units: Vec<_> = invalid_url_units("a%zz%41<\u{FFFF}\u{10FFFE}é\u{A0} %4").collect();
        use InvalidUrlUnit::*;
        assert_eq!(units, [Percent, CodePoint, CodePoint, CodePoint, CodePoint, Percent]);
    }
}
