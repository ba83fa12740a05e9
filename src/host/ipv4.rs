//! [IPv4 addresses](https://url.spec.whatwg.org/#concept-ipv4): the ends-in-a-number checker,
//! the IPv4 parser (1–4 parts, decimal, octal and hex) and the IPv4 serializer.

use crate::percent::push_decimal;
use crate::slicing::Slice;
use crate::validation::{Sink, ValidationError};

/// The [ends in a number checker](https://url.spec.whatwg.org/#ends-in-a-number-checker).
#[inline(always)]
pub(crate) fn ends_in_a_number(input: &[u8]) -> bool {
    // Bytes, not `str::strip_suffix`, whose char pattern costs a call per host.
    let input = match input {
        [rest @ .., b'.'] => rest,
        all => all,
    };
    // A number ends in a hex digit or the `x` of "0x"; most domains end in other letters.
    if !input.last().is_some_and(|&b| b.is_ascii_hexdigit() || b == b'x' || b == b'X') {
        return false;
    }
    let last = match input.iter().rposition(|&b| b == b'.') {
        Some(dot) => input.slice(dot + 1..),
        None => input,
    };
    // Digits only; or what else the IPv4 number parser accepts: "0x" and hex digits.
    match last {
        [] => false,
        [b'0', b'x' | b'X', hex @ ..] => hex.iter().all(u8::is_ascii_hexdigit),
        digits => digits.iter().all(u8::is_ascii_digit),
    }
}

/// The [IPv4 number parser](https://url.spec.whatwg.org/#ipv4-number-parser): the value
/// (saturated at `u64::MAX`, which is out of range all the same) and whether it was written in
/// another radix than 10.
fn parse_number(bytes: &[u8]) -> Option<(u64, bool)> {
    if bytes.is_empty() {
        return None;
    }
    let (digits, radix) = match bytes {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8),
        _ => (bytes, 10),
    };
    let mut value: u64 = 0;
    for &b in digits {
        let digit = char::from(b).to_digit(radix)?;
        value = value.saturating_mul(u64::from(radix)).saturating_add(u64::from(digit));
    }
    Some((value, radix != 10))
}

/// The [IPv4 parser](https://url.spec.whatwg.org/#concept-ipv4-parser). Failure is `Err` with
/// the validation error that caused it.
pub(crate) fn parse(input: &str, sink: &mut Sink) -> Result<u32, ValidationError> {
    let mut input = input;
    if let Some(rest) = input.strip_suffix('.') {
        sink.report(ValidationError::Ipv4EmptyPart);
        if !rest.is_empty() {
            input = rest;
        }
    }
    // Split as bytes: `str::split` would bring core's char searcher, and its panics, into the wasm.
    let parts = || input.as_bytes().split(|&b| b == b'.');
    let count = parts().count();
    if count < 4 {
        sink.report(ValidationError::Ipv4TooFewParts);
    }
    if count > 4 {
        return Err(report(sink, ValidationError::Ipv4TooManyParts));
    }
    let mut numbers = [0u64; 4];
    for (slot, part) in numbers.iter_mut().zip(parts()) {
        let Some((number, non_decimal)) = parse_number(part) else {
            return Err(report(sink, ValidationError::Ipv4NonNumericPart));
        };
        if non_decimal {
            sink.report(ValidationError::Ipv4NonDecimalPart);
        }
        *slot = number;
    }
    let numbers = numbers.slice(..count);
    if numbers.iter().any(|&n| n > 255) {
        sink.report(ValidationError::Ipv4OutOfRangePart);
    }
    let (&last, init) = numbers.split_last().unwrap_or((&0, &[]));
    if init.iter().any(|&n| n > 255) || last >= 1 << (8 * (5 - count)) {
        return Err(ValidationError::Ipv4OutOfRangePart);
    }
    // The checks above bound every part, so the sum fits in 32 bits.
    let mut ipv4 = last;
    for (counter, &n) in init.iter().enumerate() {
        ipv4 += n << (8 * (3 - counter));
    }
    Ok(ipv4 as u32)
}

fn report(sink: &mut Sink, error: ValidationError) -> ValidationError {
    sink.report(error);
    error
}

/// The [IPv4 serializer](https://url.spec.whatwg.org/#concept-ipv4-serializer).
pub(crate) fn serialize(address: u32, output: &mut String) {
    for (i, byte) in address.to_be_bytes().into_iter().enumerate() {
        if i > 0 {
            output.push('.');
        }
        push_decimal(output, u32::from(byte));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ipv4(input: &str) -> Option<String> {
        let address = parse(input, &mut Sink::none()).ok()?;
        let mut s = String::new();
        serialize(address, &mut s);
        Some(s)
    }

    #[test]
    fn parts_and_radixes() {
        assert_eq!(ipv4("0x7f.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(ipv4("0177.0.0.1").as_deref(), Some("127.0.0.1"));
        assert_eq!(ipv4("4294967295").as_deref(), Some("255.255.255.255"));
        assert_eq!(ipv4("4294967296"), None);
        assert_eq!(ipv4("1.2.65535").as_deref(), Some("1.2.255.255"));
        assert_eq!(ipv4("1.2.65536"), None);
        assert_eq!(ipv4("256.1.1.1"), None);
        assert_eq!(ipv4("1.2.3.4.5"), None);
        assert_eq!(ipv4("1.2.3.4.").as_deref(), Some("1.2.3.4"));
        assert_eq!(ipv4("0x").as_deref(), Some("0.0.0.0"));
        assert_eq!(ipv4("09"), None);
        assert_eq!(ipv4(&format!("0x{}", "f".repeat(100))), None);
    }

    #[test]
    fn ends_in_a_number_checker() {
        assert!(ends_in_a_number(b"a.1"));
        assert!(ends_in_a_number(b"a.1."));
        assert!(ends_in_a_number(b"a.0x"));
        assert!(ends_in_a_number(b"a.0XfF"));
        assert!(ends_in_a_number(b"09"));
        assert!(!ends_in_a_number(b"a.0xg"));
        assert!(!ends_in_a_number(b"1.a"));
        assert!(!ends_in_a_number(b"a.."));
    }

    #[test]
    fn validation_errors() {
        let mut errors = Vec::new();
        let mut record = |e| errors.push(e);
        let _ = parse("0x1.2.", &mut Sink::new(Some(&mut record)));
        assert_eq!(
            errors,
            [
                ValidationError::Ipv4EmptyPart,
                ValidationError::Ipv4TooFewParts,
                ValidationError::Ipv4NonDecimalPart
            ]
        );
    }
}
