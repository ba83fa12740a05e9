//! [IPv4 addresses](https://url.spec.whatwg.org/#concept-ipv4): the ends-in-a-number checker,
//! the IPv4 parser (1–4 parts, decimal, octal and hex) and the IPv4 serializer.

use crate::percent::{ascii, push_decimal};
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

/// Anything at or above 2^32 is out of range in every part; numbers stop growing there.
const OUT_OF_RANGE: u64 = 1 << 32;

/// The [IPv4 number parser](https://url.spec.whatwg.org/#ipv4-number-parser): the value
/// (capped at 2^32, which is out of range all the same) and whether it was written in another
/// radix than 10.
fn parse_number(input: &[u8]) -> Option<(u64, bool)> {
    let (digits, radix) = match input {
        [] => return None,
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8),
        _ => (input, 10),
    };
    let mut value = 0;
    for &b in digits {
        // A byte match, not `char::to_digit`, whose radix is only known at run time.
        let digit = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => return None,
        };
        if u64::from(digit) >= radix {
            return None;
        }
        value = (value * radix + u64::from(digit)).min(OUT_OF_RANGE);
    }
    Some((value, radix != 10))
}

/// The [IPv4 parser](https://url.spec.whatwg.org/#concept-ipv4-parser). Failure is `Err` with
/// the validation error that caused it.
pub(crate) fn parse(mut input: &[u8], sink: &mut Sink) -> Result<u32, ValidationError> {
    if let [rest @ .., b'.'] = input {
        sink.report(ValidationError::Ipv4EmptyPart);
        if !rest.is_empty() {
            input = rest;
        }
    }
    // One pass: each part is parsed as it is split off, rather than split, counted and then
    // parsed. The standard's order of errors is kept: a part that is not a number fails once the
    // parts are counted (too many parts fail first), after the errors of the parts before it.
    // Of the numbers, the last is kept, the others summed as they come, each shifted by 8 bits at
    // the next (the standard's sum with 256^(3 − n), whose shifts the count then completes), with
    // the largest of them.
    let (mut init, mut init_max, mut last) = (0u64, 0u64, 0u64);
    let mut non_decimal = 0u8;
    let mut non_numeric = None;
    let mut count = 0;
    let mut parts = input.split(|&b| b == b'.');
    while let Some(part) = parts.next() {
        if count == 4 {
            return Err(report(sink, ValidationError::Ipv4TooManyParts));
        }
        (init, init_max) = (init << 8 | last, init_max.max(last));
        match parse_number(part) {
            Some((n, radix_is_not_10)) => {
                last = n;
                non_decimal |= u8::from(radix_is_not_10) << count;
            }
            None => {
                // The parser fails here: the parts after it are only counted, not parsed.
                non_numeric = Some(count);
                count += parts.by_ref().count();
                if count >= 4 {
                    return Err(report(sink, ValidationError::Ipv4TooManyParts));
                }
            }
        }
        count += 1;
    }
    if count < 4 {
        sink.report(ValidationError::Ipv4TooFewParts);
    }
    if sink.is_active() || non_numeric.is_some() {
        for index in 0..count {
            if non_numeric == Some(index) {
                return Err(report(sink, ValidationError::Ipv4NonNumericPart));
            }
            if non_decimal & 1 << index != 0 {
                sink.report(ValidationError::Ipv4NonDecimalPart);
            }
        }
    }
    if init_max > 255 || last > 255 {
        sink.report(ValidationError::Ipv4OutOfRangePart);
    }
    let shift = 8 * (5 - count);
    if init_max > 255 || last >> shift != 0 {
        return Err(ValidationError::Ipv4OutOfRangePart);
    }
    Ok((init << shift | last) as u32)
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
        // Natively each digit of the byte, written first to last (`push_decimal` finds them last
        // to first and must store them); in the wasm `push_decimal`, smaller.
        if cfg!(target_arch = "wasm32") {
            push_decimal(output, u32::from(byte));
            continue;
        }
        if byte >= 100 {
            output.push(ascii(b'0' + byte / 100));
        }
        if byte >= 10 {
            output.push(ascii(b'0' + byte / 10 % 10));
        }
        output.push(ascii(b'0' + byte % 10));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ipv4(input: &str) -> Option<String> {
        let address = parse(input.as_bytes(), &mut Sink::none()).ok()?;
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
    fn serializer_writes_every_byte() {
        for byte in 0..=255u8 {
            let mut s = String::new();
            serialize(u32::from_be_bytes([byte, 9, 10, byte]), &mut s);
            assert_eq!(s, format!("{byte}.9.10.{byte}"));
        }
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
        let _ = parse(b"0x1.2.", &mut Sink::new(Some(&mut record)));
        assert_eq!(
            errors,
            [
                ValidationError::Ipv4EmptyPart,
                ValidationError::Ipv4TooFewParts,
                ValidationError::Ipv4NonDecimalPart
            ]
        );
    }

    /// Every input of up to five pieces from numbers in each radix, at and past each limit, and
    /// parts that fail: `parse` gives what the standard's steps give, and the same validation
    /// errors in the same order.
    #[test]
    fn agrees_with_the_standard_steps() {
        const PIECES: [&str; 16] = [
            ".",
            "0",
            "1",
            "08",
            "0x",
            "0xfF",
            "0Xg",
            "017",
            "255",
            "256",
            "65536",
            "4294967295",
            "4294967296",
            "99999999999999999999",
            "0x1000000000000000F",
            "a",
        ];
        fn run(f: fn(&str, &mut Sink) -> Result<u32, ValidationError>, input: &str) -> String {
            let mut errors = Vec::new();
            let mut record = |e| errors.push(e);
            let result = f(input, &mut Sink::new(Some(&mut record)));
            format!("{result:?} {errors:?}")
        }
        let mut addresses = 0;
        for len in 1..=5 {
            for n in 0..PIECES.len().pow(len) {
                let piece = |digit| PIECES[n / PIECES.len().pow(digit) % PIECES.len()];
                let input: String = (0..len).map(piece).collect();
                let expected = run(standard_steps, &input);
                assert_eq!(run(|i, sink| parse(i.as_bytes(), sink), &input), expected, "{input}");
                addresses += usize::from(expected.starts_with("Ok"));
            }
        }
        assert!(addresses > 10_000, "only {addresses} inputs parsed");
    }

    /// The [IPv4 number parser](https://url.spec.whatwg.org/#ipv4-number-parser) as the
    /// standard words it.
    fn standard_number(input: &str) -> Option<(u64, bool)> {
        if input.is_empty() {
            return None;
        }
        let (input, radix) =
            if let Some(rest) = input.strip_prefix("0x").or(input.strip_prefix("0X")) {
                (rest, 16)
            } else if input.len() >= 2 && input.starts_with('0') {
                (&input[1..], 8)
            } else {
                (input, 10)
            };
        let mut value: u64 = 0;
        for c in input.chars() {
            let digit = c.to_digit(radix)?;
            value = value.saturating_mul(u64::from(radix)).saturating_add(u64::from(digit));
        }
        Some((value, radix != 10))
    }

    /// The [IPv4 parser](https://url.spec.whatwg.org/#concept-ipv4-parser) as the standard words
    /// it (split, count, then parse the parts), with this crate's too-few-parts error: what `parse`
    /// must agree with.
    fn standard_steps(input: &str, sink: &mut Sink) -> Result<u32, ValidationError> {
        let mut parts: Vec<&str> = input.split('.').collect();
        if parts.last() == Some(&"") {
            sink.report(ValidationError::Ipv4EmptyPart);
            if parts.len() > 1 {
                parts.pop();
            }
        }
        if parts.len() < 4 {
            sink.report(ValidationError::Ipv4TooFewParts);
        }
        if parts.len() > 4 {
            sink.report(ValidationError::Ipv4TooManyParts);
            return Err(ValidationError::Ipv4TooManyParts);
        }
        let mut numbers = Vec::new();
        for part in parts {
            let Some((number, non_decimal)) = standard_number(part) else {
                sink.report(ValidationError::Ipv4NonNumericPart);
                return Err(ValidationError::Ipv4NonNumericPart);
            };
            if non_decimal {
                sink.report(ValidationError::Ipv4NonDecimalPart);
            }
            numbers.push(number);
        }
        if numbers.iter().any(|&n| n > 255) {
            sink.report(ValidationError::Ipv4OutOfRangePart);
        }
        let (&last, init) = numbers.split_last().unwrap();
        if init.iter().any(|&n| n > 255) || last >= 256u64.pow(5 - numbers.len() as u32) {
            return Err(ValidationError::Ipv4OutOfRangePart);
        }
        let mut ipv4 = last;
        for (counter, &n) in init.iter().enumerate() {
            ipv4 += n * 256u64.pow(3 - counter as u32);
        }
        Ok(ipv4 as u32)
    }
}
