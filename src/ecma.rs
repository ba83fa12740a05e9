//! ECMAScript's [URI handling functions](https://tc39.es/ecma262/#sec-uri-handling-functions):
//! `encodeURI`, `encodeURIComponent`, `decodeURI` and `decodeURIComponent`, exactly as ECMA-262
//! defines them (the [Encode](https://tc39.es/ecma262/#sec-encode) and
//! [Decode](https://tc39.es/ecma262/#sec-decode) operations; the sets are those of
//! [5.1 §15.1.3](https://262.ecma-international.org/5.1/#sec-15.1.3)).
//!
//! They work on code units, as JavaScript strings are UTF-16: encoding a lone surrogate fails,
//! decoding takes only escapes that spell complete, shortest-form UTF-8 of a Unicode scalar value,
//! and `decodeURI` leaves escaped what would decode to a character of the reserved set or `#`
//! (the escape as it was written, `%2f` stays `%2f`). Every failure is a [`UriError`], where
//! JavaScript throws a `URIError`.
//!
//! ```
//! use weburl::ecma::{decode_uri, decode_uri_component, encode_uri, encode_uri_component};
//!
//! assert_eq!(encode_uri("https://example.org/a b?q=ß#top"), "https://example.org/a%20b?q=%C3%9F#top");
//! assert_eq!(encode_uri_component("a/b?c=d&e"), "a%2Fb%3Fc%3Dd%26e");
//! assert_eq!(decode_uri("%41%2f%23%C3%9F").unwrap(), "A%2f%23ß");
//! assert_eq!(decode_uri_component("%41%2f%23%C3%9F").unwrap(), "A/#ß");
//!
//! let error = decode_uri_component("ok%C0%80").unwrap_err();
//! assert_eq!(error.kind(), weburl::ecma::UriErrorKind::Overlong);
//! assert_eq!(error.index(), 2);
//! ```
//!
//! The `_utf16` functions take and give UTF-16 code units (`&[u16]`), as a JavaScript string is:
//! there a lone surrogate can be given to encode (a [`UriError`]) and one outside an escape passes
//! through decoding unchanged.
//!
//! ```
//! use weburl::ecma::{decode_uri_component_utf16, encode_uri_component_utf16, UriErrorKind};
//!
//! let units: Vec<u16> = "x😀".encode_utf16().collect();
//! let encoded = encode_uri_component_utf16(&units).unwrap();
//! assert_eq!(String::from_utf16(&encoded).unwrap(), "x%F0%9F%98%80");
//!
//! let lone = [0x61, 0xD800];
//! assert_eq!(encode_uri_component_utf16(&lone).unwrap_err().kind(), UriErrorKind::LoneSurrogate);
//! assert_eq!(decode_uri_component_utf16(&[0xD800, 0x25, 0x34, 0x31]).unwrap(), [0xD800, 0x41]);
//! ```

use std::fmt;
use std::ops::Range;

use crate::percent::{hex_value, percent_encode_byte, EncodeSet, ALL, NON_ASCII};

/// uriAlpha and DecimalDigit: the ASCII word characters but `_`.
const ALPHANUMERIC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/// uriMark.
const URI_MARK: &[u8] = b"-_.!~*'()";
/// uriReserved.
const URI_RESERVED: &[u8] = b";/?:@&=+$,";

/// What `encodeURIComponent` escapes: all but uriUnescaped (uriAlpha, DecimalDigit, uriMark).
/// It is the URL Standard's component percent-encode set (a unit test checks it).
const ENCODE_URI_COMPONENT: EncodeSet = ALL.without(ALPHANUMERIC).without(URI_MARK);
/// What `encodeURI` escapes: all but uriReserved, uriUnescaped and `#`.
const ENCODE_URI: EncodeSet = ENCODE_URI_COMPONENT.without(URI_RESERVED).without(b"#");
/// What `decodeURI` keeps escaped: uriReserved and `#` (the bytes above 0x7F of every set never
/// decode alone).
const DECODE_URI_KEPT: EncodeSet = NON_ASCII.with(URI_RESERVED).with(b"#");
/// What `decodeURIComponent` keeps escaped: nothing.
const DECODE_URI_COMPONENT_KEPT: EncodeSet = NON_ASCII;

/// [`encodeURI`](https://tc39.es/ecma262/#sec-encodeuri-uri): UTF-8 percent-encodes every code
/// point but uriReserved (`;/?:@&=+$,`), uriUnescaped (ASCII letters and digits, `-_.!~*'()`) and
/// `#`. A `&str` holds no lone surrogate, so this cannot fail.
///
/// ```
/// assert_eq!(weburl::ecma::encode_uri("/a b/ü?x=1#y"), "/a%20b/%C3%BC?x=1#y");
/// ```
pub fn encode_uri(uri: &str) -> String {
    encode_str(uri, ENCODE_URI)
}

/// [`encodeURIComponent`](https://tc39.es/ecma262/#sec-encodeuricomponent-uricomponent): UTF-8
/// percent-encodes every code point but uriUnescaped (ASCII letters and digits, `-_.!~*'()`).
///
/// ```
/// assert_eq!(weburl::ecma::encode_uri_component("a+b c/ü"), "a%2Bb%20c%2F%C3%BC");
/// ```
pub fn encode_uri_component(component: &str) -> String {
    encode_str(component, ENCODE_URI_COMPONENT)
}

/// [`decodeURI`](https://tc39.es/ecma262/#sec-decodeuri-encodeduri): decodes each escape (or run
/// of escapes spelling the UTF-8 of one code point), but keeps, as written, an escape of a
/// character of uriReserved (`;/?:@&=+$,`) or `#`.
///
/// ```
/// assert_eq!(weburl::ecma::decode_uri("%2Fa%20b%3f%c3%bc").unwrap(), "%2Fa b%3fü");
/// assert!(weburl::ecma::decode_uri("%E0%A4").is_err());
/// ```
pub fn decode_uri(encoded_uri: &str) -> Result<String, UriError> {
    decode(encoded_uri, DECODE_URI_KEPT)
}

/// [`decodeURIComponent`](https://tc39.es/ecma262/#sec-decodeuricomponent-encodeduricomponent):
/// decodes each escape (or run of escapes spelling the UTF-8 of one code point).
///
/// ```
/// assert_eq!(weburl::ecma::decode_uri_component("%2Fa%20b%3f%c3%bc").unwrap(), "/a b?ü");
/// assert!(weburl::ecma::decode_uri_component("100%").is_err());
/// ```
pub fn decode_uri_component(encoded_component: &str) -> Result<String, UriError> {
    decode(encoded_component, DECODE_URI_COMPONENT_KEPT)
}

/// [`encode_uri`] on UTF-16 code units; a lone surrogate is an error
/// ([`UriErrorKind::LoneSurrogate`]).
pub fn encode_uri_utf16(uri: &[u16]) -> Result<Vec<u16>, UriError> {
    encode(uri, ENCODE_URI)
}

/// [`encode_uri_component`] on UTF-16 code units; a lone surrogate is an error
/// ([`UriErrorKind::LoneSurrogate`]).
pub fn encode_uri_component_utf16(component: &[u16]) -> Result<Vec<u16>, UriError> {
    encode(component, ENCODE_URI_COMPONENT)
}

/// [`decode_uri`] on UTF-16 code units; a lone surrogate outside an escape passes through.
pub fn decode_uri_utf16(encoded_uri: &[u16]) -> Result<Vec<u16>, UriError> {
    decode(encoded_uri, DECODE_URI_KEPT)
}

/// [`decode_uri_component`] on UTF-16 code units; a lone surrogate outside an escape passes
/// through.
pub fn decode_uri_component_utf16(encoded_component: &[u16]) -> Result<Vec<u16>, UriError> {
    decode(encoded_component, DECODE_URI_COMPONENT_KEPT)
}

/// Why encoding or decoding failed, where JavaScript throws a `URIError`.
///
/// Its [`index`](UriError::index) counts code units of the input: bytes (UTF-8) for the `&str`
/// functions, UTF-16 units for the `_utf16` ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UriError {
    kind: UriErrorKind,
    index: usize,
}

impl UriError {
    /// What went wrong.
    pub fn kind(&self) -> UriErrorKind {
        self.kind
    }

    /// Where, in code units of the input: the lone surrogate; the `%` of the escape at fault (for
    /// an invalid UTF-8 sequence, of its first escape); or, for a UTF-8 sequence cut short, where
    /// its next escape should have been.
    pub fn index(&self) -> usize {
        self.index
    }
}

impl fmt::Display for UriError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "URI malformed: {} at index {}", self.kind.description(), self.index)
    }
}

impl std::error::Error for UriError {}

/// The kinds of [`UriError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UriErrorKind {
    /// Encoding: a leading surrogate not followed by a trailing one, or a trailing surrogate not
    /// after a leading one (only UTF-16 input has them).
    LoneSurrogate,
    /// `%` and fewer than two hexadecimal digits at the end of the string (`"%"`, `"%4"`).
    IncompleteEscape,
    /// `%` not followed by two hexadecimal digits (`"%G0"`, `"%4 "`, `"%G"`).
    InvalidEscape,
    /// An escaped byte that cannot start a UTF-8 sequence: a continuation byte (`"%80"`) or
    /// 0xF8 to 0xFF.
    InvalidLeadByte,
    /// A UTF-8 sequence cut short: its lead byte calls for more escaped bytes than follow
    /// (`"%E0%A4"`, `"%C3x"`).
    IncompleteSequence,
    /// A byte of a UTF-8 sequence after its lead that is not a continuation byte
    /// (`"%C3%41"`).
    InvalidContinuation,
    /// A UTF-8 sequence longer than the code point needs (`"%C0%80"`, `"%E0%80%80"`).
    Overlong,
    /// A UTF-8 sequence of a surrogate code point (`"%ED%A0%80"`).
    Surrogate,
    /// A UTF-8 sequence of a value above U+10FFFF (`"%F4%90%80%80"`).
    OutOfRange,
}

impl UriErrorKind {
    /// A short description, as in the error's message.
    pub fn description(self) -> &'static str {
        match self {
            UriErrorKind::LoneSurrogate => "a lone surrogate cannot be encoded",
            UriErrorKind::IncompleteEscape => {
                "the string ends before '%' has two hexadecimal digits"
            }
            UriErrorKind::InvalidEscape => "'%' is not followed by two hexadecimal digits",
            UriErrorKind::InvalidLeadByte => "the escaped byte cannot start a UTF-8 sequence",
            UriErrorKind::IncompleteSequence => "the escaped UTF-8 sequence is cut short",
            UriErrorKind::InvalidContinuation => {
                "the escaped byte is not a UTF-8 continuation byte"
            }
            UriErrorKind::Overlong => "the escaped UTF-8 sequence is overlong",
            UriErrorKind::Surrogate => "the escaped UTF-8 sequence encodes a surrogate",
            UriErrorKind::OutOfRange => "the escaped UTF-8 sequence encodes a value above U+10FFFF",
        }
    }
}

/// A string as its code units, UTF-8 (`str`) or UTF-16 (`[u16]`), and the string built from
/// them: what [`encode`] and [`decode`] need of each.
trait CodeUnits {
    type Output;

    fn with_capacity(units: usize) -> Self::Output;
    fn units_len(&self) -> usize;
    /// The code unit at `i` when it is ASCII.
    fn ascii_at(&self, i: usize) -> Option<u8>;
    /// [CodePointAt](https://tc39.es/ecma262/#sec-codepointat): the code point at `i` and its
    /// length in code units; `None` for a lone surrogate.
    fn code_point_at(&self, i: usize) -> Option<(char, usize)>;
    /// Appends code units `range` of the string, which starts and ends on code points.
    fn push_units(&self, output: &mut Self::Output, range: Range<usize>);
    fn push_char(output: &mut Self::Output, c: char);
    fn push_ascii(output: &mut Self::Output, ascii: &str);
}

impl CodeUnits for str {
    type Output = String;

    fn with_capacity(units: usize) -> String {
        String::with_capacity(units)
    }

    fn units_len(&self) -> usize {
        self.len()
    }

    fn ascii_at(&self, i: usize) -> Option<u8> {
        self.as_bytes().get(i).copied().filter(u8::is_ascii)
    }

    fn code_point_at(&self, i: usize) -> Option<(char, usize)> {
        let c = self.get(i..)?.chars().next()?;
        Some((c, c.len_utf8()))
    }

    fn push_units(&self, output: &mut String, range: Range<usize>) {
        output.push_str(self.get(range).unwrap_or_default());
    }

    fn push_char(output: &mut String, c: char) {
        output.push(c);
    }

    fn push_ascii(output: &mut String, ascii: &str) {
        output.push_str(ascii);
    }
}

impl CodeUnits for [u16] {
    type Output = Vec<u16>;

    fn with_capacity(units: usize) -> Vec<u16> {
        Vec::with_capacity(units)
    }

    fn units_len(&self) -> usize {
        self.len()
    }

    fn ascii_at(&self, i: usize) -> Option<u8> {
        self.get(i).and_then(|&unit| u8::try_from(unit).ok()).filter(u8::is_ascii)
    }

    fn code_point_at(&self, i: usize) -> Option<(char, usize)> {
        let c = char::decode_utf16(self.get(i..)?.iter().copied()).next()?.ok()?;
        Some((c, c.len_utf16()))
    }

    fn push_units(&self, output: &mut Vec<u16>, range: Range<usize>) {
        output.extend_from_slice(self.get(range).unwrap_or_default());
    }

    fn push_char(output: &mut Vec<u16>, c: char) {
        output.extend_from_slice(c.encode_utf16(&mut [0; 2]));
    }

    fn push_ascii(output: &mut Vec<u16>, ascii: &str) {
        output.extend(ascii.bytes().map(u16::from));
    }
}

/// `string` copied, but for the code units `special` picks: at each, `replace` appends what
/// stands for the code units from there on and says where copying resumes.
fn rewrite<S: CodeUnits + ?Sized>(
    string: &S,
    special: impl Fn(usize) -> bool,
    mut replace: impl FnMut(&mut S::Output, usize) -> Result<usize, UriError>,
) -> Result<S::Output, UriError> {
    let len = string.units_len();
    let mut output = S::with_capacity(len);
    let mut run = 0; // the start of the code units copied as they are, not yet appended
    let mut k = 0;
    while k < len {
        if !special(k) {
            k += 1;
            continue;
        }
        string.push_units(&mut output, run..k);
        k = replace(&mut output, k)?;
        run = k;
    }
    string.push_units(&mut output, run..len);
    Ok(output)
}

/// The [Encode](https://tc39.es/ecma262/#sec-encode) operation: each code unit outside `set`
/// as it is, each code point in it (the set holds every non-ASCII one) as the `%XX` escapes of
/// its UTF-8 bytes.
fn encode<S: CodeUnits + ?Sized>(string: &S, set: EncodeSet) -> Result<S::Output, UriError> {
    let unescaped = |k| string.ascii_at(k).is_some_and(|c| !set.contains(c));
    rewrite(
        string,
        |k| !unescaped(k),
        |output, k| {
            let Some((c, units)) = string.code_point_at(k) else {
                return Err(UriError { kind: UriErrorKind::LoneSurrogate, index: k });
            };
            for &octet in c.encode_utf8(&mut [0; 4]).as_bytes() {
                S::push_ascii(output, percent_encode_byte(octet));
            }
            Ok(k + units)
        },
    )
}

/// [`encode`] for a `str`, which has no lone surrogate to fail on.
fn encode_str(string: &str, set: EncodeSet) -> String {
    encode(string, set).unwrap_or_default()
}

/// The [Decode](https://tc39.es/ecma262/#sec-decode) operation: each escape of an ASCII byte
/// decoded, or kept as written when the byte is in `kept`; each run of escapes that spells the
/// UTF-8 of a code point decoded; any other escape, or `%` that starts none, an error.
fn decode<S: CodeUnits + ?Sized>(string: &S, kept: EncodeSet) -> Result<S::Output, UriError> {
    rewrite(
        string,
        |k| string.ascii_at(k) == Some(b'%'),
        |output, start| {
            let byte = escaped_byte(string, start)?;
            let n = byte.leading_ones() as usize;
            if n > 0 {
                S::push_char(output, decode_sequence(string, start, byte, n)?);
                return Ok(start + 3 * n);
            }
            if kept.contains(byte) {
                string.push_units(output, start..start + 3);
            } else {
                S::push_char(output, char::from(byte));
            }
            Ok(start + 3)
        },
    )
}

/// The byte of the escape `%XX` at `k`, where `string` has a `%`. Of the two ways to fail, the
/// first code unit after the `%` that is not a hex digit decides (the string's end or another
/// code unit), so that `&str` and UTF-16 input fail alike.
fn escaped_byte<S: CodeUnits + ?Sized>(string: &S, k: usize) -> Result<u8, UriError> {
    let digit = |i| {
        if i >= string.units_len() {
            return Err(UriError { kind: UriErrorKind::IncompleteEscape, index: k });
        }
        let value = string.ascii_at(i).and_then(hex_value);
        value.ok_or(UriError { kind: UriErrorKind::InvalidEscape, index: k })
    };
    Ok(digit(k + 1)? << 4 | digit(k + 2)?)
}

/// The smallest code point of each length of UTF-8 sequence, 2 to 4 bytes.
const SHORTEST: [u32; 5] = [0, 0, 0x80, 0x800, 0x1_0000];

/// The code point of the UTF-8 sequence of `n` escaped bytes at `start`, whose first byte,
/// `lead`, has `n` leading 1 bits.
fn decode_sequence<S: CodeUnits + ?Sized>(
    string: &S,
    start: usize,
    lead: u8,
    n: usize,
) -> Result<char, UriError> {
    let error = |kind, index| UriError { kind, index };
    if !(2..=4).contains(&n) {
        return Err(error(UriErrorKind::InvalidLeadByte, start));
    }
    let mut value = u32::from(lead & (0xFF >> (n + 1)));
    for j in 1..n {
        let k = start + 3 * j;
        if string.ascii_at(k) != Some(b'%') {
            return Err(error(UriErrorKind::IncompleteSequence, k));
        }
        let byte = escaped_byte(string, k)?;
        if byte & 0xC0 != 0x80 {
            return Err(error(UriErrorKind::InvalidContinuation, k));
        }
        value = value << 6 | u32::from(byte & 0x3F);
    }
    if value < SHORTEST[n] {
        return Err(error(UriErrorKind::Overlong, start));
    }
    char::from_u32(value).ok_or_else(|| {
        let kind =
            if value > 0x10_FFFF { UriErrorKind::OutOfRange } else { UriErrorKind::Surrogate };
        error(kind, start)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    type Utf16Function = fn(&[u16]) -> Result<Vec<u16>, UriError>;

    /// The four functions on UTF-16, as JavaScript has them.
    const FUNCTIONS: [(&str, Utf16Function); 4] = [
        ("encodeURI", encode_uri_utf16),
        ("encodeURIComponent", encode_uri_component_utf16),
        ("decodeURI", decode_uri_utf16),
        ("decodeURIComponent", decode_uri_component_utf16),
    ];

    /// Runs `function` on `input` in both forms, checking they agree; the result as a string.
    fn run(function: usize, input: &str) -> Result<String, UriError> {
        let str_result = match function {
            0 => Ok(encode_uri(input)),
            1 => Ok(encode_uri_component(input)),
            2 => decode_uri(input),
            _ => decode_uri_component(input),
        };
        let utf16_result = FUNCTIONS[function].1(&utf16(input));
        match (&str_result, utf16_result) {
            (Ok(s), Ok(units)) => {
                assert_eq!(utf16(s), units, "{}({input:?})", FUNCTIONS[function].0)
            }
            (Err(a), Err(b)) => assert_eq!(a.kind, b.kind, "{}({input:?})", FUNCTIONS[function].0),
            (a, b) => panic!("{}({input:?}): {a:?} as str, {b:?} as UTF-16", FUNCTIONS[function].0),
        }
        str_result
    }

    fn error(function: usize, input: &str) -> (UriErrorKind, usize) {
        let e = run(function, input).expect_err(input);
        (e.kind, e.index)
    }

    /// The ASCII characters each encoder leaves alone.
    fn unescaped(set: EncodeSet) -> String {
        (0..0x80u8).filter(|&b| !set.contains(b)).map(char::from).collect()
    }

    #[test]
    fn the_sets_of_the_standard() {
        // 5.1 §15.1.3: uriUnescaped is uriAlpha, DecimalDigit and uriMark; encodeURI adds
        // uriReserved and "#".
        assert_eq!(
            unescaped(ENCODE_URI_COMPONENT),
            "!'()*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
        );
        assert_eq!(
            unescaped(ENCODE_URI),
            "!#$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~"
        );
        // The URL Standard's component percent-encode set is encodeURIComponent's.
        assert_eq!(ENCODE_URI_COMPONENT, crate::percent::COMPONENT);
        let kept: String =
            (0..0x80u8).filter(|&b| DECODE_URI_KEPT.contains(b)).map(char::from).collect();
        assert_eq!(kept, "#$&+,/:;=?@");
        assert!((0..0x80u8).all(|b| !DECODE_URI_COMPONENT_KEPT.contains(b)));
        // Each function, on every ASCII character and its escape.
        for b in 0..0x80u8 {
            let c = char::from(b).to_string();
            let escape = percent_encode_byte(b);
            let expected = |unescaped: bool| if unescaped { c.clone() } else { escape.to_owned() };
            assert_eq!(run(0, &c).unwrap(), expected(!ENCODE_URI.contains(b)), "{c:?}");
            assert_eq!(run(1, &c).unwrap(), expected(!ENCODE_URI_COMPONENT.contains(b)), "{c:?}");
            assert_eq!(run(2, escape).unwrap(), expected(!DECODE_URI_KEPT.contains(b)), "{escape}");
            assert_eq!(run(3, escape).unwrap(), c, "{escape}");
            assert_eq!(run(3, &escape.to_ascii_lowercase()).unwrap(), c);
        }
    }

    #[test]
    fn decode_uri_keeps_the_escape_as_written() {
        assert_eq!(run(2, "%23").unwrap(), "%23");
        assert_eq!(run(2, "%2f%2F%3b%3B").unwrap(), "%2f%2F%3b%3B");
        assert_eq!(run(3, "%2f%2F%3b%3B").unwrap(), "//;;");
        assert_eq!(run(2, "a%20b%25c%23").unwrap(), "a b%c%23");
        // A kept escape is not decoded again, nor is what decoding produced.
        assert_eq!(run(2, "%2523").unwrap(), "%23");
        assert_eq!(run(3, "%2541").unwrap(), "%41");
    }

    #[test]
    fn utf8_of_every_length_and_the_bmp_edges() {
        for (c, escaped) in [
            ('\0', "%00"),
            ('\u{7F}', "%7F"),
            ('\u{80}', "%C2%80"),
            ('\u{7FF}', "%DF%BF"),
            ('\u{800}', "%E0%A0%80"),
            ('\u{D7FF}', "%ED%9F%BF"),
            ('\u{E000}', "%EE%80%80"),
            ('\u{FFFD}', "%EF%BF%BD"),
            ('\u{FFFF}', "%EF%BF%BF"),
            ('\u{10000}', "%F0%90%80%80"),
            ('😀', "%F0%9F%98%80"),
            ('\u{10FFFF}', "%F4%8F%BF%BF"),
        ] {
            let s = c.to_string();
            assert_eq!(run(0, &s).unwrap(), escaped);
            assert_eq!(run(1, &s).unwrap(), escaped);
            assert_eq!(run(2, escaped).unwrap(), s);
            assert_eq!(run(3, escaped).unwrap(), s);
            assert_eq!(run(3, &escaped.to_ascii_lowercase()).unwrap(), s);
        }
        assert_eq!(run(1, "a😀b\u{FFFF}").unwrap(), "a%F0%9F%98%80b%EF%BF%BF");
        assert_eq!(run(3, "x%F0%9F%98%80y%C3%A9").unwrap(), "x😀yé");
        // Characters outside escapes pass through decoding.
        assert_eq!(run(3, "😀 ü%20").unwrap(), "😀 ü ");
    }

    #[test]
    fn malformed_escapes() {
        use UriErrorKind::*;
        for function in [2, 3] {
            assert_eq!(error(function, "%"), (IncompleteEscape, 0));
            assert_eq!(error(function, "ab%4"), (IncompleteEscape, 2));
            assert_eq!(error(function, "%G0"), (InvalidEscape, 0));
            assert_eq!(error(function, "%0G"), (InvalidEscape, 0));
            assert_eq!(error(function, "% 41"), (InvalidEscape, 0));
            assert_eq!(error(function, "%é1"), (InvalidEscape, 0));
            assert_eq!(error(function, "%é"), (InvalidEscape, 0));
            assert_eq!(error(function, "%G"), (InvalidEscape, 0));
            assert_eq!(error(function, "%4é"), (InvalidEscape, 0));
            assert_eq!(error(function, "%80"), (InvalidLeadByte, 0));
            assert_eq!(error(function, "%BF"), (InvalidLeadByte, 0));
            assert_eq!(error(function, "%F8%80%80%80%80"), (InvalidLeadByte, 0));
            assert_eq!(error(function, "%FF"), (InvalidLeadByte, 0));
            assert_eq!(error(function, "%C3"), (IncompleteSequence, 3));
            assert_eq!(error(function, "%C3x"), (IncompleteSequence, 3));
            assert_eq!(error(function, "%E0%A4"), (IncompleteSequence, 6));
            assert_eq!(error(function, "%F0%9F%98"), (IncompleteSequence, 9));
            assert_eq!(error(function, "%C3%A"), (IncompleteEscape, 3));
            assert_eq!(error(function, "%C3%G9"), (InvalidEscape, 3));
            assert_eq!(error(function, "%C3%41"), (InvalidContinuation, 3));
            assert_eq!(error(function, "%E0%A4%C3"), (InvalidContinuation, 6));
            assert_eq!(error(function, "a%C0%80"), (Overlong, 1));
            assert_eq!(error(function, "%C1%BF"), (Overlong, 0));
            assert_eq!(error(function, "%E0%80%80"), (Overlong, 0));
            assert_eq!(error(function, "%E0%9F%BF"), (Overlong, 0));
            assert_eq!(error(function, "%F0%8F%BF%BF"), (Overlong, 0));
            assert_eq!(error(function, "%ED%A0%80"), (Surrogate, 0));
            assert_eq!(error(function, "%ED%BF%BF"), (Surrogate, 0));
            assert_eq!(error(function, "%F4%90%80%80"), (OutOfRange, 0));
            assert_eq!(error(function, "%F7%BF%BF%BF"), (OutOfRange, 0));
            // The first fault counts, even after a good escape; a `%` that decoding produced does
            // not start an escape.
            assert_eq!(error(function, "%41%"), (IncompleteEscape, 3));
            assert_eq!(run(function, "%25%41").unwrap(), "%A");
        }
    }

    #[test]
    fn escaped_bytes_decode_as_std_decodes_utf8() {
        // Escapes only: decoding succeeds exactly when the bytes are UTF-8, to the same text.
        // Every sequence of one and two bytes, and of three and four from every first two bytes
        // with the others drawn from the edges of the byte classes.
        const EDGES: [u8; 10] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0];
        let check = |bytes: &[u8]| {
            let escaped: String = bytes.iter().map(|&b| percent_encode_byte(b)).collect();
            let expected = std::str::from_utf8(bytes).ok();
            assert_eq!(decode_uri_component(&escaped).ok().as_deref(), expected, "{escaped}");
            let units = decode_uri_component_utf16(&utf16(&escaped)).ok();
            assert_eq!(units, expected.map(utf16), "{escaped}");
        };
        for first in 0..=0xFFu8 {
            check(&[first]);
            for second in 0..=0xFFu8 {
                check(&[first, second]);
                if first >= 0xE0 {
                    for third in EDGES {
                        check(&[first, second, third]);
                        if first >= 0xF0 {
                            EDGES.iter().for_each(|&fourth| check(&[first, second, third, fourth]));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn lone_surrogates() {
        let lone = |units: &[u16], f: Utf16Function| f(units).map_err(|e| (e.kind, e.index));
        for encode in [encode_uri_utf16, encode_uri_component_utf16] {
            assert_eq!(lone(&[0xD800], encode), Err((UriErrorKind::LoneSurrogate, 0)));
            assert_eq!(lone(&[0x61, 0xDC00], encode), Err((UriErrorKind::LoneSurrogate, 1)));
            assert_eq!(lone(&[0xDC00, 0xD800], encode), Err((UriErrorKind::LoneSurrogate, 0)));
            assert_eq!(
                lone(&[0xD83D, 0xDE00, 0xD83D], encode),
                Err((UriErrorKind::LoneSurrogate, 2))
            );
            assert_eq!(lone(&[0xD800, 0x61], encode), Err((UriErrorKind::LoneSurrogate, 0)));
            assert_eq!(lone(&[0xD83D, 0xDE00], encode), Ok(utf16("%F0%9F%98%80")));
        }
        for decode in [decode_uri_utf16, decode_uri_component_utf16] {
            assert_eq!(lone(&[0xD800], decode), Ok(vec![0xD800]));
            assert_eq!(
                lone(&[0xDC00, 0x25, 0x32, 0x30, 0xD800], decode),
                Ok(vec![0xDC00, 0x20, 0xD800])
            );
            // A surrogate as a hex digit is not one.
            assert_eq!(lone(&[0x25, 0xD800, 0x30], decode), Err((UriErrorKind::InvalidEscape, 0)));
        }
    }

    #[test]
    fn random_strings_round_trip_and_never_panic() {
        // Code units from a pool rich in escapes and surrogates (xorshift, fixed seed): decoding
        // never panics, the `&str` and UTF-16 forms agree, and decoding undoes encoding.
        const POOL: [&str; 14] = [
            "%", "%2", "%2F", "%23", "%C3", "%A9", "%E0", "%F0%9F", "%ED%A0", "a", "/", "#", "é",
            "😀",
        ];
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        for _ in 0..20_000 {
            let mut units = Vec::new();
            for _ in 0..next(8) {
                match next(4) {
                    0 => units.push([0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x25][next(5)]),
                    _ => units.extend(POOL[next(POOL.len())].encode_utf16()),
                }
            }
            for (function, _) in FUNCTIONS.iter().enumerate().skip(2) {
                let _ = FUNCTIONS[function].1(&units);
            }
            let Ok(text) = String::from_utf16(&units) else {
                assert!(
                    encode_uri_utf16(&units).is_err()
                        && encode_uri_component_utf16(&units).is_err()
                );
                continue;
            };
            for function in 0..4 {
                let _ = run(function, &text);
            }
            assert_eq!(decode_uri_component(&encode_uri_component(&text)).unwrap(), text);
            assert_eq!(decode_uri(&encode_uri(&text)).unwrap(), text);
        }
    }

    #[test]
    fn error_messages() {
        let e = decode_uri_component("ab%E0%A4").unwrap_err();
        assert_eq!(
            e.to_string(),
            "URI malformed: the escaped UTF-8 sequence is cut short at index 8"
        );
        let e = encode_uri_component_utf16(&[0x20, 0xDFFF]).unwrap_err();
        assert_eq!(e.to_string(), "URI malformed: a lone surrogate cannot be encoded at index 1");
        let boxed: Box<dyn std::error::Error> = Box::new(e);
        assert!(boxed.to_string().starts_with("URI malformed"));
    }

    #[test]
    fn round_trips() {
        let text = "https://user:pa ss@exämple.org:8080/p/ä th;x?q=1&r=é 😀#frag%";
        let component = encode_uri_component(text);
        assert!(component
            .bytes()
            .all(|b| !ENCODE_URI_COMPONENT.contains(b) || b == b'%' || b.is_ascii_hexdigit()));
        assert_eq!(decode_uri_component(&component).unwrap(), text);
        let uri = encode_uri(text);
        assert_eq!(uri, "https://user:pa%20ss@ex%C3%A4mple.org:8080/p/%C3%A4%20th;x?q=1&r=%C3%A9%20%F0%9F%98%80#frag%25");
        assert_eq!(decode_uri(&uri).unwrap(), text);
        assert_eq!(run(0, "").unwrap(), "");
        assert_eq!(run(3, "").unwrap(), "");
    }
}
