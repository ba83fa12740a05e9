//! [IPv6 addresses](https://url.spec.whatwg.org/#concept-ipv6): the IPv6 parser (compression,
//! IPv4-in-IPv6) and the serializer with RFC 5952 compression.

use crate::percent::hex_value;
use crate::validation::{Sink, ValidationError};

/// The [IPv6 parser](https://url.spec.whatwg.org/#concept-ipv6-parser), given the input between
/// the brackets. Failure is `Err` with the validation error that caused it.
///
/// The pieces are written through `get_mut`, and swapped after a check, that always find the
/// index below 8 (the algorithm's checks see to it): the compiler cannot tell, and indexing would
/// bring its panic, with core::fmt's integer formatting, into the wasm.
pub(crate) fn parse(input: &[u8], sink: &mut Sink) -> Result<[u16; 8], ValidationError> {
    use ValidationError::*;
    let fail = |sink: &mut Sink, error| {
        sink.report(error);
        Err(error)
    };
    let mut address = [0u16; 8];
    let mut piece_index = 0;
    let mut compress = None;
    let mut pointer = 0;
    let c = |pointer: usize| input.get(pointer).copied();

    if c(pointer) == Some(b':') {
        if c(pointer + 1) != Some(b':') {
            return fail(sink, Ipv6InvalidCompression);
        }
        pointer += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }
    while c(pointer).is_some() {
        if piece_index == 8 {
            return fail(sink, Ipv6TooManyPieces);
        }
        if c(pointer) == Some(b':') {
            if compress.is_some() {
                return fail(sink, Ipv6MultipleCompression);
            }
            pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        let mut value: u16 = 0;
        let mut length = 0;
        while length < 4 {
            let Some(digit) = c(pointer).and_then(hex_value) else {
                break;
            };
            value = value * 0x10 + u16::from(digit);
            pointer += 1;
            length += 1;
        }
        match c(pointer) {
            Some(b'.') => {
                if length == 0 {
                    return fail(sink, Ipv4InIpv6InvalidCodePoint);
                }
                pointer -= length;
                if piece_index > 6 {
                    return fail(sink, Ipv4InIpv6TooManyPieces);
                }
                let mut numbers_seen = 0;
                while c(pointer).is_some() {
                    if numbers_seen > 0 {
                        if c(pointer) == Some(b'.') && numbers_seen < 4 {
                            pointer += 1;
                        } else {
                            return fail(sink, Ipv4InIpv6InvalidCodePoint);
                        }
                    }
                    if !c(pointer).is_some_and(|b| b.is_ascii_digit()) {
                        return fail(sink, Ipv4InIpv6InvalidCodePoint);
                    }
                    let mut ipv4_piece: Option<u16> = None;
                    while let Some(digit @ b'0'..=b'9') = c(pointer) {
                        let number = u16::from(digit - b'0');
                        ipv4_piece = match ipv4_piece {
                            None => Some(number),
                            Some(0) => return fail(sink, Ipv4InIpv6InvalidCodePoint),
                            Some(piece) => Some(piece * 10 + number),
                        };
                        if ipv4_piece > Some(255) {
                            return fail(sink, Ipv4InIpv6OutOfRangePart);
                        }
                        pointer += 1;
                    }
                    let piece = ipv4_piece.unwrap_or(0);
                    if let Some(address_piece) = address.get_mut(piece_index) {
                        *address_piece = *address_piece * 0x100 + piece;
                    }
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece_index += 1;
                    }
                }
                if numbers_seen != 4 {
                    return fail(sink, Ipv4InIpv6TooFewParts);
                }
                break;
            }
            Some(b':') => {
                pointer += 1;
                if c(pointer).is_none() {
                    return fail(sink, Ipv6InvalidCodePoint);
                }
            }
            Some(_) => return fail(sink, Ipv6InvalidCodePoint),
            None => {}
        }
        if length > 1 && value < 1 << (4 * (length - 1)) {
            sink.report(Ipv6PieceLeadingZero);
        }
        if let Some(address_piece) = address.get_mut(piece_index) {
            *address_piece = value;
        }
        piece_index += 1;
    }
    if let Some(compress) = compress {
        let mut swaps = piece_index - compress;
        piece_index = 7;
        while piece_index != 0 && swaps > 0 {
            let other = compress + swaps - 1;
            if other < address.len() {
                address.swap(piece_index, other);
            }
            piece_index -= 1;
            swaps -= 1;
        }
    } else if piece_index != 8 {
        return fail(sink, Ipv6TooFewPieces);
    }
    Ok(address)
}

/// [Find the IPv6 address compressed piece index](https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index):
/// the first longest run of two or more zero pieces.
fn compressed_piece_index(address: &[u16; 8]) -> Option<usize> {
    let mut longest = None;
    let mut longest_size = 1;
    let mut i = 0;
    while i < 8 {
        let start = i;
        while address.get(i) == Some(&0) {
            i += 1;
        }
        if i - start > longest_size {
            longest = Some(start);
            longest_size = i - start;
        }
        // Past the run and the non-zero piece that ends it.
        i += 1;
    }
    longest
}

/// The [IPv6 serializer](https://url.spec.whatwg.org/#concept-ipv6-serializer), without the
/// brackets.
pub(crate) fn serialize(address: &[u16; 8], output: &mut String) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let compress = compressed_piece_index(address);
    let mut ignore0 = false;
    for (i, &piece) in address.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(i) {
            output.push_str(if i == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        // A digit is written once the piece has a non-zero digit at or above it (leading zeros
        // are left out), and the last always.
        for shift in [12, 8, 4, 0] {
            if piece >> shift != 0 || shift == 0 {
                output.push(char::from(HEX[usize::from(piece >> shift & 0xF)]));
            }
        }
        if i != 7 {
            output.push(':');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip(input: &str) -> Option<String> {
        let address = parse(input.as_bytes(), &mut Sink::none()).ok()?;
        let mut s = String::new();
        serialize(&address, &mut s);
        Some(s)
    }

    #[test]
    fn compression_and_ipv4() {
        assert_eq!(roundtrip("0:0::1").as_deref(), Some("::1"));
        assert_eq!(roundtrip("::").as_deref(), Some("::"));
        assert_eq!(roundtrip("1:0:0:2:0:0:0:3").as_deref(), Some("1:0:0:2::3"));
        assert_eq!(roundtrip("1:0:0:2:0:0:3:4").as_deref(), Some("1::2:0:0:3:4"));
        assert_eq!(roundtrip("1:0:2:3:4:5:6:7").as_deref(), Some("1:0:2:3:4:5:6:7"));
        assert_eq!(roundtrip("::ffff:192.168.0.1").as_deref(), Some("::ffff:c0a8:1"));
        assert_eq!(roundtrip("ABCD::").as_deref(), Some("abcd::"));
        assert_eq!(roundtrip("0:f:0:0:f:f:0:0").as_deref(), Some("0:f::f:f:0:0"));
    }

    #[test]
    fn failures() {
        for bad in [
            "",
            ":1",
            "1:::1",
            "1:2:3:4:5:6:7:8:9",
            "1::1::1",
            "1:2:3!:4",
            "1:2:3:",
            "1:2:3",
            "ffff::.0.0.1",
            "ffff::127.0.xyz.1",
            "ffff::127.0xyz",
            "ffff::127.00.0.1",
            "ffff::127.0.0.1.2",
            "ffff::127.0.0.4000",
            "ffff::127.0.0",
            "1:1:1:1:1:1:1:127.0.0.1",
            "12345::",
        ] {
            assert_eq!(roundtrip(bad), None, "{bad}");
        }
    }
}
