//! [Percent-encoded bytes](https://url.spec.whatwg.org/#percent-encoded-bytes): the named
//! percent-encode sets, percent-encoding and percent-decoding, and
//! [percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding)
//! for every encoding of the Encoding Standard.

use std::borrow::Cow;

#[cfg(feature = "encodings")]
use encoding_rs::{EncoderResult, Encoding, UTF_8};

use crate::slicing::Slice;

/// The encoding a query is percent-encoded after: any encoding of the Encoding Standard with
/// the `encodings` feature, otherwise UTF-8, the only one.
#[cfg(feature = "encodings")]
pub(crate) type QueryEncoding = &'static Encoding;
/// The encoding a query is percent-encoded after: any encoding of the Encoding Standard with
/// the `encodings` feature, otherwise UTF-8, the only one.
#[cfg(not(feature = "encodings"))]
pub(crate) type QueryEncoding = Utf8;

/// UTF-8, the only encoding without the `encodings` feature.
#[cfg(not(feature = "encodings"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Utf8;

/// UTF-8 as a [`QueryEncoding`].
pub(crate) fn utf8() -> QueryEncoding {
    #[cfg(feature = "encodings")]
    return UTF_8;
    #[cfg(not(feature = "encodings"))]
    return Utf8;
}

/// A [percent-encode set](https://url.spec.whatwg.org/#percent-encode-set).
///
/// Every set of the standard contains all code points above U+007E, so for UTF-8 (or legacy
/// encoding) bytes a set is a bitset of which bytes to encode; 0x80 and up always are. (A bitset,
/// not a table of 256 bools: sets are passed by value, and 32 bytes copy for free.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeSet {
    bits: [u64; 4],
    /// Only the `application/x-www-form-urlencoded` set: percent-encoding after encoding writes
    /// a space as `+`.
    space_as_plus: bool,
}

impl EncodeSet {
    /// The set and `bytes`.
    pub(crate) const fn with(self, bytes: &[u8]) -> Self {
        let mut bits = self.bits;
        let mut i = 0;
        while i < bytes.len() {
            bits[(bytes[i] >> 6) as usize] |= 1 << (bytes[i] & 63);
            i += 1;
        }
        EncodeSet { bits, space_as_plus: false }
    }

    /// The set without the ASCII `bytes`: for sets the ECMAScript standard writes as what they
    /// leave alone (`weburl::ecma`).
    #[cfg(feature = "ecma")]
    pub(crate) const fn without(self, bytes: &[u8]) -> Self {
        let mut bits = self.bits;
        let mut i = 0;
        while i < bytes.len() {
            assert!(bytes[i] < 0x80, "every set contains the bytes above 0x7F");
            bits[(bytes[i] >> 6) as usize] &= !(1 << (bytes[i] & 63));
            i += 1;
        }
        EncodeSet { bits, space_as_plus: false }
    }

    /// Whether `byte` (of a UTF-8 or legacy encoding) is in the set.
    #[inline]
    pub const fn contains(self, byte: u8) -> bool {
        self.bits[(byte >> 6) as usize] >> (byte & 63) & 1 == 1
    }

    /// A table of every byte's class: `member` for the bytes in the set, `other` for the rest.
    pub(crate) const fn classes(self, member: u8, other: u8) -> [u8; 256] {
        let mut table = [other; 256];
        let mut b = 0;
        while b < 256 {
            if self.contains(b as u8) {
                table[b] = member;
            }
            b += 1;
        }
        table
    }

    /// Appends `byte`, which is in the set: `%` and two hex digits, or `+` for a space in the
    /// `application/x-www-form-urlencoded` set.
    #[inline]
    fn push_encoded(self, output: &mut String, byte: u8) {
        if self.space_as_plus && byte == b' ' {
            output.push('+');
        } else {
            push_percent_encoded(output, byte);
        }
    }
}

/// Every byte: the base of the sets written as what they leave alone.
#[cfg(feature = "ecma")]
pub(crate) const ALL: EncodeSet = EncodeSet { bits: [u64::MAX; 4], space_as_plus: false };

/// Only the bytes above 0x7F, which every set contains: the base of a set of a few ASCII bytes.
#[cfg(feature = "ecma")]
pub(crate) const NON_ASCII: EncodeSet =
    EncodeSet { bits: [0, 0, u64::MAX, u64::MAX], space_as_plus: false };

/// The C0 controls (0x00 to 0x1F), U+007F and every byte above it.
const C0_CONTROL_BITS: [u64; 4] = [0xFFFF_FFFF, 1 << 63, u64::MAX, u64::MAX];

/// A percent-encode set and the bytes that end a component, as one table: each byte is copied,
/// percent-encoded or a stop.
pub(crate) struct Scanner([u8; 256]);

const COPY: u8 = 0;
const ENCODE: u8 = 1;
const STOP: u8 = 2;

impl Scanner {
    pub(crate) const fn new(set: EncodeSet, stops: &[u8]) -> Scanner {
        let mut table = set.classes(ENCODE, COPY);
        let mut i = 0;
        while i < stops.len() {
            table[stops[i] as usize] = STOP;
            i += 1;
        }
        Scanner(table)
    }
}

/// The [C0 control percent-encode set](https://url.spec.whatwg.org/#c0-control-percent-encode-set):
/// C0 controls and everything above U+007E (~).
pub const C0_CONTROL: EncodeSet = EncodeSet { bits: C0_CONTROL_BITS, space_as_plus: false };

/// The [fragment percent-encode set](https://url.spec.whatwg.org/#fragment-percent-encode-set).
pub const FRAGMENT: EncodeSet = C0_CONTROL.with(b" \"<>`");

/// The [query percent-encode set](https://url.spec.whatwg.org/#query-percent-encode-set).
pub const QUERY: EncodeSet = C0_CONTROL.with(b" \"#<>");

/// The [special-query percent-encode set](https://url.spec.whatwg.org/#special-query-percent-encode-set).
pub const SPECIAL_QUERY: EncodeSet = QUERY.with(b"'");

/// The [path percent-encode set](https://url.spec.whatwg.org/#path-percent-encode-set).
pub const PATH: EncodeSet = QUERY.with(b"?^`{}");

/// The [userinfo percent-encode set](https://url.spec.whatwg.org/#userinfo-percent-encode-set).
pub const USERINFO: EncodeSet = PATH.with(b"/:;=@[\\]|");

/// The [component percent-encode set](https://url.spec.whatwg.org/#component-percent-encode-set),
/// which gives the same results as JavaScript's `encodeURIComponent()`.
pub const COMPONENT: EncodeSet = USERINFO.with(b"$%&+,");

/// The [`application/x-www-form-urlencoded` percent-encode set](https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set):
/// everything but ASCII alphanumerics, `*`, `-`, `.` and `_`.
pub const FORM_URLENCODED: EncodeSet =
    EncodeSet { space_as_plus: true, ..COMPONENT.with(b"!'()~") };

/// `%00` to `%FF`, so that encoding a byte is a table lookup.
const PERCENT_ENCODED: &str = "%00%01%02%03%04%05%06%07%08%09%0A%0B%0C%0D%0E%0F\
%10%11%12%13%14%15%16%17%18%19%1A%1B%1C%1D%1E%1F%20%21%22%23%24%25%26%27%28%29%2A%2B%2C%2D%2E%2F\
%30%31%32%33%34%35%36%37%38%39%3A%3B%3C%3D%3E%3F%40%41%42%43%44%45%46%47%48%49%4A%4B%4C%4D%4E%4F\
%50%51%52%53%54%55%56%57%58%59%5A%5B%5C%5D%5E%5F%60%61%62%63%64%65%66%67%68%69%6A%6B%6C%6D%6E%6F\
%70%71%72%73%74%75%76%77%78%79%7A%7B%7C%7D%7E%7F%80%81%82%83%84%85%86%87%88%89%8A%8B%8C%8D%8E%8F\
%90%91%92%93%94%95%96%97%98%99%9A%9B%9C%9D%9E%9F%A0%A1%A2%A3%A4%A5%A6%A7%A8%A9%AA%AB%AC%AD%AE%AF\
%B0%B1%B2%B3%B4%B5%B6%B7%B8%B9%BA%BB%BC%BD%BE%BF%C0%C1%C2%C3%C4%C5%C6%C7%C8%C9%CA%CB%CC%CD%CE%CF\
%D0%D1%D2%D3%D4%D5%D6%D7%D8%D9%DA%DB%DC%DD%DE%DF%E0%E1%E2%E3%E4%E5%E6%E7%E8%E9%EA%EB%EC%ED%EE%EF\
%F0%F1%F2%F3%F4%F5%F6%F7%F8%F9%FA%FB%FC%FD%FE%FF";

/// [Percent-encode](https://url.spec.whatwg.org/#percent-encode) a byte: `%` and two upper-case
/// hex digits.
///
/// ```
/// assert_eq!(weburl::percent::percent_encode_byte(0x7F), "%7F");
/// ```
#[inline]
pub fn percent_encode_byte(byte: u8) -> &'static str {
    let i = usize::from(byte) * 3;
    PERCENT_ENCODED.slice(i..i + 3)
}

/// Appends `byte`, [percent-encoded](https://url.spec.whatwg.org/#percent-encode): what
/// [`percent_encode_byte`] gives, without its 768-byte table (the URL code encodes this way; the
/// table stays out of the browser wasm, 0.6 KB gzip).
#[inline]
fn push_percent_encoded(output: &mut String, byte: u8) {
    output.push('%');
    output.push(char::from(HEX_DIGITS[usize::from(byte >> 4)]));
    output.push(char::from(HEX_DIGITS[usize::from(byte & 0xF)]));
}

const HEX_DIGITS: &[u8; 16] = b"0123456789ABCDEF";

/// [`encode_into`] for output written as bytes: writes `input`, percent-encoding the bytes in
/// `set`, into `output` from byte `at`, where there is room for three bytes an input byte; returns
/// where it ends. Each byte is written at its index, with no capacity check or length update a
/// byte as a `String`'s pushes have (the form serializer's loop, whose output is mostly bytes
/// copied).
pub(crate) fn encode_to_slice(
    output: &mut [u8],
    mut at: usize,
    input: &[u8],
    set: EncodeSet,
) -> usize {
    for &byte in input {
        if !set.contains(byte) {
            at = put(output, at, byte);
        } else if set.space_as_plus && byte == b' ' {
            at = put(output, at, b'+');
        } else {
            at = put(output, at, b'%');
            at = put(output, at, HEX_DIGITS[usize::from(byte >> 4)]);
            at = put(output, at, HEX_DIGITS[usize::from(byte & 0xF)]);
        }
    }
    at
}

/// Writes `byte` at `at` of `bytes` (within the room the caller made); where the next one goes.
pub(crate) fn put(bytes: &mut [u8], at: usize, byte: u8) -> usize {
    if let Some(slot) = bytes.get_mut(at) {
        *slot = byte;
    }
    at + 1
}

/// Appends `input` to `output`, percent-encoding the bytes in `set`. For UTF-8 input this is
/// [UTF-8 percent-encode](https://url.spec.whatwg.org/#string-utf-8-percent-encode) run on each
/// code point, since every set holds all non-ASCII code points.
pub(crate) fn encode_into(output: &mut String, input: &str, set: EncodeSet) {
    let bytes = input.as_bytes();
    // Up to the first byte to encode (an ASCII byte or the lead byte of a code point), the
    // input as it is; after it, byte by byte, which for short runs beats copying them.
    let first = bytes.iter().position(|&b| set.contains(b)).unwrap_or(bytes.len());
    output.push_str(input.slice(..first));
    if first == bytes.len() {
        return;
    }
    output.reserve(bytes.len() - first);
    for &byte in bytes.slice(first..) {
        // Every set holds the bytes above 0x7F; saying so lets `push` skip its UTF-8 encoding.
        if byte.is_ascii() && !set.contains(byte) {
            output.push(char::from(byte));
        } else {
            set.push_encoded(output, byte);
        }
    }
}

/// Appends `input[start..end]`, a run of bytes outside a percent-encode set. Such bytes are
/// ASCII, so a non-empty run starts and ends on char boundaries.
#[inline]
fn push_run(output: &mut String, input: &str, start: usize, end: usize) {
    if start < end {
        output.push_str(input.slice(start..end));
    }
}

/// Appends `input[from..]` to `output` up to the first stop byte of `scanner`, percent-encoding
/// the bytes of its set; returns the index of the stop byte (or the length). Stop bytes are
/// ASCII, so the index is a char boundary.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(crate) fn encode_until(
    output: &mut String,
    input: &str,
    from: usize,
    scanner: &Scanner,
) -> usize {
    let bytes = input.as_bytes();
    let mut run_start = from;
    let mut i = from;
    loop {
        i += bytes
            .slice(i..)
            .iter()
            .position(|&b| scanner.0[usize::from(b)] != COPY)
            .unwrap_or(bytes.len() - i);
        let Some(&byte) = bytes.get(i) else { break };
        if scanner.0[usize::from(byte)] == STOP {
            break;
        }
        push_run(output, input, run_start, i);
        push_percent_encoded(output, byte);
        i += 1;
        run_start = i;
    }
    push_run(output, input, run_start, i);
    i
}

/// [UTF-8 percent-encode](https://url.spec.whatwg.org/#string-utf-8-percent-encode) `input`
/// using `set`, borrowing when nothing needs encoding.
///
/// ```
/// use weburl::percent::{utf8_percent_encode, USERINFO};
/// assert_eq!(utf8_percent_encode("Say what‽", USERINFO), "Say%20what%E2%80%BD");
/// ```
pub fn utf8_percent_encode(input: &str, set: EncodeSet) -> Cow<'_, str> {
    match input.bytes().position(|b| set.contains(b)) {
        None => Cow::Borrowed(input),
        Some(_) => {
            let mut output = String::with_capacity(input.len() + 8);
            encode_into(&mut output, input, set);
            Cow::Owned(output)
        }
    }
}

#[inline]
pub(crate) fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        _ => None,
    }
}

/// Whether `input[i..]` starts with a [percent-encoded byte](https://url.spec.whatwg.org/#percent-encoded-byte)
/// (`%` and two ASCII hex digits), giving its value.
#[inline]
pub(crate) fn encoded_byte_at(input: &[u8], i: usize) -> Option<u8> {
    match input.get(i..i + 3) {
        Some(&[b'%', high, low]) => Some(hex_value(high)? << 4 | hex_value(low)?),
        _ => None,
    }
}

/// [Percent-decode](https://url.spec.whatwg.org/#percent-decode) a byte sequence. A `%` not
/// followed by two hex digits stays as it is.
///
/// ```
/// use weburl::percent::percent_decode;
/// assert_eq!(&*percent_decode(b"%25%s%1G"), b"%%s%1G");
/// ```
pub fn percent_decode(input: &[u8]) -> Cow<'_, [u8]> {
    if !input.contains(&b'%') {
        return Cow::Borrowed(input);
    }
    let mut output = input.to_vec();
    let len = percent_decode_in_place(&mut output, false);
    output.truncate(len);
    Cow::Owned(output)
}

/// [Percent-decodes](https://url.spec.whatwg.org/#percent-decode) `bytes` where they are (each
/// `+` a space first with `plus_as_space`); returns the decoded length, the bytes from the start.
/// Decoding never lengthens, so each byte is written where it was read or before: a caller
/// needs no buffer but a copy of its input: on the stack (the host parser's), or one for all the
/// pieces of its input (the form-urlencoded parser's).
pub(crate) fn percent_decode_in_place(bytes: &mut [u8], plus_as_space: bool) -> usize {
    let stops = |b: u8| b == b'%' || (plus_as_space && b == b'+');
    let (mut read, mut write) = (0, 0);
    loop {
        let run = bytes.slice(read..).iter().position(|&b| stops(b)).unwrap_or(bytes.len() - read);
        // Moved back over what the escapes before it saved (none before the first).
        if run > 0 && write < read {
            bytes.copy_within(read..read + run, write);
        }
        (read, write) = (read + run, write + run);
        let Some(&byte) = bytes.get(read) else { return write };
        let (decoded, length) = match encoded_byte_at(bytes, read) {
            Some(decoded) => (decoded, 3),
            None if byte == b'+' => (b' ', 1),
            None => (byte, 1),
        };
        write = put(bytes, write, decoded);
        read += length;
    }
}

/// [Percent-decode](https://url.spec.whatwg.org/#string-percent-decode) a string: its UTF-8
/// bytes, percent-decoded.
///
/// ```
/// use weburl::percent::percent_decode_str;
/// assert_eq!(&*percent_decode_str("‽%25%2E"), b"\xE2\x80\xBD%.");
/// ```
pub fn percent_decode_str(input: &str) -> Cow<'_, [u8]> {
    percent_decode(input.as_bytes())
}

/// [Percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding):
/// encodes `input` with `encoding` (its output encoding, so UTF-16 and replacement become UTF-8),
/// percent-encodes the bytes in `set`, writes a code point the encoding cannot represent as
/// `%26%23` + its decimal value + `%3B`, and, for the form-urlencoded set, a space as `+`.
///
/// ```
/// use weburl::percent::{percent_encode_after_encoding, SPECIAL_QUERY};
/// let sjis = encoding_rs::SHIFT_JIS;
/// assert_eq!(percent_encode_after_encoding(sjis, "≡", SPECIAL_QUERY), "%81%DF");
/// assert_eq!(percent_encode_after_encoding(sjis, "‽", SPECIAL_QUERY), "%26%238253%3B");
/// let iso2022jp = encoding_rs::ISO_2022_JP;
/// assert_eq!(percent_encode_after_encoding(iso2022jp, "¥", SPECIAL_QUERY), "%1B(J\\%1B(B");
/// ```
#[cfg(feature = "encodings")]
pub fn percent_encode_after_encoding(
    encoding: &'static Encoding,
    input: &str,
    set: EncodeSet,
) -> String {
    let mut output = String::with_capacity(input.len());
    encode_after_encoding_into(&mut output, encoding, input, set);
    output
}

/// [Percent-encode after encoding](https://url.spec.whatwg.org/#string-percent-encode-after-encoding),
/// appending to `output`.
pub(crate) fn encode_after_encoding_into(
    output: &mut String,
    encoding: QueryEncoding,
    input: &str,
    set: EncodeSet,
) {
    #[cfg(feature = "encodings")]
    {
        let encoding = encoding.output_encoding();
        if encoding != UTF_8 {
            return encode_legacy(output, encoding, input, set);
        }
    }
    let _ = encoding;
    encode_into(output, input, set);
}

/// Percent-encode after encoding with a legacy encoding: a code point it cannot represent
/// becomes `%26%23`, its decimal value and `%3B`.
#[cfg(feature = "encodings")]
fn encode_legacy(output: &mut String, encoding: &'static Encoding, input: &str, set: EncodeSet) {
    let mut encoder = encoding.new_encoder();
    let mut bytes = [0u8; 1024];
    let mut rest = input;
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut bytes, true);
        rest = rest.slice(read..);
        for &byte in bytes.slice(..written) {
            if set.contains(byte) {
                set.push_encoded(output, byte);
            } else {
                output.push(char::from(byte));
            }
        }
        match result {
            EncoderResult::InputEmpty => return,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(c) => {
                output.push_str("%26%23");
                push_decimal(output, u32::from(c));
                output.push_str("%3B");
            }
        }
    }
}

/// Appends `n` as the shortest decimal string ([serialize an integer](https://url.spec.whatwg.org/#serialize-an-integer)).
pub(crate) fn push_decimal(output: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    // Natively only, as `ascii`.
    if !cfg!(target_arch = "wasm32") {
        output.reserve(digits.len() - i);
    }
    for &d in digits.slice(i..) {
        output.push(ascii(d));
    }
}

/// `byte`, which is ASCII, as a `char` the compiler knows to be one byte long (natively): a
/// `String::push` of it is a store, without the branch for longer UTF-8 sequences. Not in the
/// wasm, where that store is inlined at every push, a larger download.
#[inline(always)]
pub(crate) fn ascii(byte: u8) -> char {
    char::from(if cfg!(target_arch = "wasm32") { byte } else { byte & 0x7F })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "encodings")]
    fn encode(encoding: &'static Encoding, input: &str, set: EncodeSet) -> String {
        percent_encode_after_encoding(encoding, input, set)
    }

    #[test]
    fn sets_are_nested_as_the_standard_defines_them() {
        for set in [FRAGMENT, QUERY, SPECIAL_QUERY, PATH, USERINFO, COMPONENT, FORM_URLENCODED] {
            for b in 0..=0xFFu8 {
                assert!(!C0_CONTROL.contains(b) || set.contains(b));
            }
        }
        let kept: Vec<u8> = (0..=0x7Fu8).filter(|&b| !FORM_URLENCODED.contains(b)).collect();
        assert_eq!(kept, b"*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz");
        assert!(FRAGMENT.contains(b'`') && !QUERY.contains(b'`') && PATH.contains(b'`'));
        assert!(SPECIAL_QUERY.contains(b'\'') && !QUERY.contains(b'\''));
        assert!(C0_CONTROL.contains(0x7F) && !C0_CONTROL.contains(b'~'));
    }

    #[test]
    fn utf8_encoding_encodes_whole_code_points() {
        assert_eq!(utf8_percent_encode("≡", USERINFO), "%E2%89%A1");
        assert_eq!(utf8_percent_encode("a‽b c", PATH), "a%E2%80%BDb%20c");
        assert_eq!(utf8_percent_encode("plain", PATH), "plain");
        assert!(matches!(utf8_percent_encode("plain", PATH), Cow::Borrowed(_)));
        assert_eq!(utf8_percent_encode("é", C0_CONTROL), "%C3%A9");
        assert_eq!(utf8_percent_encode("💩x", FRAGMENT), "%F0%9F%92%A9x");
    }

    #[test]
    fn both_ways_of_encoding_a_byte_agree() {
        for byte in 0..=255 {
            let mut pushed = String::new();
            push_percent_encoded(&mut pushed, byte);
            assert_eq!(pushed, percent_encode_byte(byte));
        }
    }

    #[test]
    fn decoding_keeps_malformed_escapes() {
        assert_eq!(&*percent_decode(b"%41%4a%4A%"), b"AJJ%");
        assert_eq!(&*percent_decode(b"%%41"), b"%A");
        assert_eq!(&*percent_decode(b"%4"), b"%4");
        assert_eq!(&*percent_decode(b"%zz%FF"), b"%zz\xFF");
    }

    #[test]
    #[cfg(feature = "encodings")]
    fn the_standards_example_table() {
        use encoding_rs::SHIFT_JIS;
        assert_eq!(percent_encode_byte(0x23), "%23");
        assert_eq!(encode(SHIFT_JIS, " ", SPECIAL_QUERY), "%20");
        assert_eq!(encode(SHIFT_JIS, "≡", SPECIAL_QUERY), "%81%DF");
        assert_eq!(encode(SHIFT_JIS, "‽", SPECIAL_QUERY), "%26%238253%3B");
        assert_eq!(encode(encoding_rs::ISO_2022_JP, "¥", SPECIAL_QUERY), "%1B(J\\%1B(B");
        assert_eq!(
            encode(SHIFT_JIS, "1+1 ≡ 2%20‽", FORM_URLENCODED),
            "1%2B1+%81%DF+2%2520%26%238253%3B"
        );
    }

    #[test]
    #[cfg(feature = "encodings")]
    fn legacy_encodings() {
        use encoding_rs::{GB18030, ISO_2022_JP, WINDOWS_1252};
        // windows-1252: one byte per mappable code point, NCR fallback otherwise.
        assert_eq!(encode(WINDOWS_1252, "smörgåsbord", SPECIAL_QUERY), "sm%F6rg%E5sbord");
        assert_eq!(encode(WINDOWS_1252, "€†", QUERY), "%80%86");
        assert_eq!(encode(WINDOWS_1252, "a☃b", QUERY), "a%26%239731%3Bb");
        // gb18030 maps every code point (four-byte sequences beyond GBK).
        assert_eq!(encode(GB18030, "中", SPECIAL_QUERY), "%D6%D0");
        assert_eq!(encode(GB18030, "\u{E5E5}", SPECIAL_QUERY), "%26%2358853%3B");
        assert_eq!(encode(GB18030, "😀", SPECIAL_QUERY), "%949%FC6");
        // ISO-2022-JP is stateful: escapes switch sets, the end returns to ASCII.
        assert_eq!(encode(ISO_2022_JP, "‾\\", SPECIAL_QUERY), "%1B(J~%1B(B\\");
        assert_eq!(encode(ISO_2022_JP, "\u{E}A", SPECIAL_QUERY), "%26%2365533%3BA");
        assert_eq!(encode(ISO_2022_JP, "日本", SPECIAL_QUERY), "%1B$BF|K\\%1B(B");
        assert_eq!(encode(encoding_rs::SHIFT_JIS, "−", SPECIAL_QUERY), "%81|");
        // UTF-16 encodings and replacement are not output encodings: UTF-8 is used.
        assert_eq!(encode(encoding_rs::UTF_16LE, "é", QUERY), "%C3%A9");
        assert_eq!(encode(encoding_rs::REPLACEMENT, "é", QUERY), "%C3%A9");
    }

    #[test]
    #[cfg(feature = "encodings")]
    fn long_input_crosses_the_encoder_buffer() {
        let input: String = "≡".repeat(2000);
        let output = encode(encoding_rs::SHIFT_JIS, &input, SPECIAL_QUERY);
        assert_eq!(output, "%81%DF".repeat(2000));
    }

    /// In place, as the standard's steps give, a byte at a time into a new buffer: runs before,
    /// between and after escapes, escapes side by side, `%` without two hex digits, `+`.
    #[test]
    fn decodes_in_place_as_the_standard_says() {
        let standard = |input: &[u8], plus_as_space: bool| {
            let mut output = Vec::new();
            let mut i = 0;
            while let Some(&b) = input.get(i) {
                match encoded_byte_at(input, i) {
                    Some(decoded) => (output.push(decoded), i += 3),
                    None => {
                        (output.push(if plus_as_space && b == b'+' { b' ' } else { b }), i += 1)
                    }
                };
            }
            output
        };
        let pieces = ["", "a", "abc", "%41", "%4", "%", "%zz", "%e2%98%83", "+", "%2B", "%%41"];
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let input = format!("{a}{b}x{c}");
                    for plus_as_space in [false, true] {
                        let mut bytes = input.clone().into_bytes();
                        let len = percent_decode_in_place(&mut bytes, plus_as_space);
                        let expected = standard(input.as_bytes(), plus_as_space);
                        assert_eq!(bytes[..len], expected, "{input} {plus_as_space}");
                    }
                }
            }
        }
    }

    #[test]
    fn decimal() {
        let mut s = String::new();
        push_decimal(&mut s, 0);
        s.push(' ');
        push_decimal(&mut s, 4_294_967_295);
        assert_eq!(s, "0 4294967295");
    }
}
