//! [`application/x-www-form-urlencoded`](https://url.spec.whatwg.org/#application/x-www-form-urlencoded):
//! the parser (bytes to a name-value list) and the serializer.

use crate::percent::FORM_URLENCODED;
use crate::percent::{encode_after_encoding_into, percent_decode_into, utf8, QueryEncoding};
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
/// the next name, and so on, each decoded into one reused buffer.
pub(crate) fn parse_each(input: &[u8], mut each: impl FnMut(&str)) {
    let mut decoded = Vec::new();
    for bytes in input.split(|&b| b == b'&').filter(|bytes| !bytes.is_empty()) {
        let (name, value) = match bytes.iter().position(|&b| b == b'=') {
            Some(i) => (bytes.slice(..i), bytes.slice(i + 1..)),
            None => (bytes, &[][..]),
        };
        for piece in [name, value] {
            decoded.clear();
            percent_decode_into(&mut decoded, piece, true);
            // UTF-8 decode without BOM (https://encoding.spec.whatwg.org/#utf-8-decode-without-bom);
            // borrowed, not copied, when the bytes are UTF-8 already.
            each(&String::from_utf8_lossy(&decoded));
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
    serialize_into(tuples, utf8())
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
    serialize_into(tuples, encoding)
}

fn serialize_into<'a, I>(tuples: I, encoding: QueryEncoding) -> String
where
    I: IntoIterator<Item = (&'a str, &'a str)>,
{
    let mut output = String::new();
    for (name, value) in tuples {
        if !output.is_empty() {
            output.push('&');
        }
        encode_after_encoding_into(&mut output, encoding, name, FORM_URLENCODED);
        output.push('=');
        encode_after_encoding_into(&mut output, encoding, value, FORM_URLENCODED);
    }
    output
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
    fn roundtrip() {
        let list = parse("a b=c&d=é&=&+".as_bytes());
        let again = parse(serialize(pairs(&list)).as_bytes());
        assert_eq!(list, again);
    }
}
