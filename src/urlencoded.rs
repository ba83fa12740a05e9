//! [`application/x-www-form-urlencoded`](https://url.spec.whatwg.org/#application/x-www-form-urlencoded):
//! the parser (bytes to a name-value list) and the serializer.

use crate::percent::FORM_URLENCODED;
use crate::percent::{encode_to_slice, percent_decode_in_place, put, utf8, QueryEncoding};
use crate::slicing::Slice;

/// The [`application/x-www-form-urlencoded` parser](https://url.spec.whatwg.org/#concept-urlencoded-parser):
/// splits on `&`, then on the first `=`; `+` is a space; percent-decoded bytes that are not UTF-8
/// become U+FFFD.
///
/// ```
/// let list = weburl::urlencoded::parse(b"a=1&b+c=%F0%9F%92%A9&&=x&d&e=%zz%ff");
/// assert_eq!(list, [("a", "1"), ("b c", "💩"), ("", "x"), ("d", ""), ("e", "%zz\u{FFFD}")]
///     .map(|(n, v)| (n.to_owned(), v.to_owned())));
/// ```
pub fn parse(input: &[u8]) -> Vec<(String, String)> {
    let mut list = Vec::new();
    let mut name = None;
    parse_each(input, |piece| match name.take() {
        None => name = Some(piece.to_owned()),
        Some(name) => list.push((name, piece.to_owned())),
    });
    list
}

/// The parser above without building the list: calls `each` with the first name, its value,
/// the next name, and so on, each percent-decoded where it is in one copy of the input.
pub(crate) fn parse_each(input: &[u8], mut each: impl FnMut(&str)) {
    let mut copy = input.to_vec();
    for bytes in copy.split_mut(|&b| b == b'&').filter(|bytes| !bytes.is_empty()) {
        let at = bytes.iter().position(|&b| b == b'=').unwrap_or(bytes.len());
        let (name, value) = bytes.split_at_mut(at);
        for piece in [name, value.get_mut(1..).unwrap_or_default()] {
            let len = percent_decode_in_place(piece, true);
            // UTF-8 decode without BOM (https://encoding.spec.whatwg.org/#utf-8-decode-without-bom);
            // borrowed, not copied, when the bytes are UTF-8 already.
            each(&String::from_utf8_lossy(piece.slice(..len)));
        }
    }
}

/// The [`application/x-www-form-urlencoded` serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer),
/// in UTF-8.
///
/// ```
/// let pairs = [("a b", "1+1=2"), ("é", "~")];
/// assert_eq!(weburl::urlencoded::serialize(pairs), "a+b=1%2B1%3D2&%C3%A9=%7E");
/// ```
pub fn serialize<'a, I>(tuples: I) -> String
where
    I: IntoIterator<Item = (&'a str, &'a str)>,
{
    let mut output = String::new();
    serialize_into(&mut output, tuples, utf8());
    output
}

/// The [`application/x-www-form-urlencoded` serializer](https://url.spec.whatwg.org/#concept-urlencoded-serializer)
/// with an encoding (its output encoding is used, so UTF-16 becomes UTF-8).
///
/// ```
/// let sjis = weburl::encoding_rs::SHIFT_JIS;
/// let serialized = weburl::urlencoded::serialize_with_encoding([("≡", "‽")], sjis);
/// assert_eq!(serialized, "%81%DF=%26%238253%3B");
/// ```
#[cfg(feature = "encodings")]
pub fn serialize_with_encoding<'a, I>(tuples: I, encoding: &'static encoding_rs::Encoding) -> String
where
    I: IntoIterator<Item = (&'a str, &'a str)>,
{
    let mut output = String::new();
    serialize_into(&mut output, tuples, encoding);
    output
}

/// Writes the serialization of `tuples` into `output`, which is empty (its capacity is used).
pub(crate) fn serialize_into<'a, I>(output: &mut String, tuples: I, encoding: QueryEncoding)
where
    I: IntoIterator<Item = (&'a str, &'a str)>,
{
    #[cfg(feature = "encodings")]
    if encoding.output_encoding() != encoding_rs::UTF_8 {
        for (name, value) in tuples {
            if !output.is_empty() {
                output.push('&');
            }
            crate::percent::encode_after_encoding_into(output, encoding, name, FORM_URLENCODED);
            output.push('=');
            crate::percent::encode_after_encoding_into(output, encoding, value, FORM_URLENCODED);
        }
        return;
    }
    let _ = encoding;
    // In UTF-8, as bytes written at their index into room made ahead for the worst case (three
    // bytes a byte, and the separators), doubling; not by a String's pushes, which reload its
    // length after each byte (URLSearchParams' toString of 100 pairs in Node 20: 128k → 98k
    // instructions). The capacity is kept, so the output buffer the wasm reuses stops growing.
    let mut bytes = std::mem::take(output).into_bytes();
    let mut at = 0;
    for (name, value) in tuples {
        let room = at + 3 * (name.len() + value.len()) + 2;
        if bytes.len() < room {
            bytes.resize(room.max(2 * bytes.len()), 0);
        }
        if at > 0 {
            at = put(&mut bytes, at, b'&');
        }
        at = encode_to_slice(&mut bytes, at, name.as_bytes(), FORM_URLENCODED);
        at = put(&mut bytes, at, b'=');
        at = encode_to_slice(&mut bytes, at, value.as_bytes(), FORM_URLENCODED);
    }
    bytes.truncate(at);
    // Percent-encoding leaves ASCII bytes only.
    *output = String::from_utf8(bytes).unwrap_or_default();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(String, String)]) -> Vec<(&str, &str)> {
        list.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect()
    }

    #[test]
    fn parsing_edge_cases() {
        assert_eq!(pairs(&parse(b"")), []);
        assert_eq!(pairs(&parse(b"&&&")), []);
        assert_eq!(pairs(&parse(b"=")), [("", "")]);
        assert_eq!(pairs(&parse(b"==a")), [("", "=a")]);
        assert_eq!(pairs(&parse(b"a=b=c")), [("a", "b=c")]);
        assert_eq!(pairs(&parse(b"a+b=c+d")), [("a b", "c d")]);
        assert_eq!(pairs(&parse(b"%2B=%2b")), [("+", "+")]);
        assert_eq!(pairs(&parse(b"a%=%4")), [("a%", "%4")]);
        assert_eq!(pairs(&parse(b"%g1=%%41")), [("%g1", "%A")]);
        assert_eq!(pairs(&parse(b"a=%C3")), [("a", "\u{FFFD}")]);
        assert_eq!(pairs(&parse(b"\xFF=\xC3\xA9")), [("\u{FFFD}", "é")]);
        assert_eq!(pairs(&parse(b"%EF%BB%BFa=1")), [("\u{FEFF}a", "1")], "BOM is kept");
        assert_eq!(pairs(&parse(b"a&a=&=a")), [("a", ""), ("a", ""), ("", "a")]);
    }

    #[test]
    fn serializing_edge_cases() {
        assert_eq!(serialize([]), "");
        assert_eq!(serialize([("", "")]), "=");
        assert_eq!(serialize([("a", ""), ("", "b")]), "a=&=b");
        assert_eq!(serialize([(" ", "+")]), "+=%2B");
        assert_eq!(serialize([("*-._", "!'()~")]), "*-._=%21%27%28%29%7E");
        assert_eq!(serialize([("\u{FFFD}", "\n")]), "%EF%BF%BD=%0A");
        #[cfg(feature = "encodings")]
        assert_eq!(
            serialize_with_encoding([("ö", "☃ x")], encoding_rs::WINDOWS_1252),
            "%F6=%26%239731%3B+x"
        );
    }

    #[test]
    fn serializing_as_the_string_encoder_does() {
        // Every code point to U+017F and an astral one, as a name and as a value, against
        // `encode_into`'s writing to a String; a list long enough to make room several times.
        let chars = (0..=0x17F_u32).filter_map(char::from_u32).chain(['\u{FFFD}', '\u{1F600}']);
        let strings: Vec<String> = chars.map(|c| format!("a{c}b")).collect();
        let encoded =
            |s: &str| crate::percent::utf8_percent_encode(s, FORM_URLENCODED).into_owned();
        for s in &strings {
            let e = encoded(s);
            assert_eq!(serialize([(s.as_str(), "x"), ("y", s.as_str())]), format!("{e}=x&y={e}"));
        }
        let list: Vec<(&str, &str)> = strings.iter().map(|s| (s.as_str(), s.as_str())).collect();
        let expected: Vec<String> =
            strings.iter().map(|s| format!("{0}={0}", encoded(s))).collect();
        assert_eq!(serialize(list), expected.join("&"));
    }

    #[test]
    fn roundtrip() {
        let list = parse("a b=c&d=é&=&+".as_bytes());
        let again = parse(serialize(pairs(&list)).as_bytes());
        assert_eq!(list, again);
    }
}
