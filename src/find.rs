//! Finding the first byte of a class, many bytes per step: the parser's scans spend most of
//! their time running over bytes that need nothing, and a branch per byte (whose exit the CPU
//! mispredicts for each component of a different length) costs more than the test itself.

use crate::percent::EncodeSet;
use crate::slicing::Slice;

/// A class of bytes.
pub(crate) struct ByteClass {
    table: [bool; 256],
}

impl ByteClass {
    /// The class of the bytes for which `table` is true.
    pub(crate) const fn new(table: [bool; 256]) -> ByteClass {
        ByteClass { table }
    }

    /// The class of the bytes in `set`.
    pub(crate) const fn of(set: EncodeSet) -> ByteClass {
        let mut table = [false; 256];
        let mut b = 0;
        while b < 256 {
            table[b] = set.contains(b as u8);
            b += 1;
        }
        ByteClass::new(table)
    }

    /// Whether `b` is in the class.
    #[inline(always)]
    pub(crate) fn contains(&self, b: u8) -> bool {
        self.table[usize::from(b)]
    }

    /// The index of the first byte of `bytes` from `from` on that is in the class, or the length.
    #[inline(always)]
    pub(crate) fn first(&self, bytes: &[u8], from: usize) -> usize {
        self.first_portable(bytes, from)
    }

    /// [`ByteClass::first`] by table, eight bytes per branch.
    #[inline(always)]
    fn first_portable(&self, bytes: &[u8], from: usize) -> usize {
        // Bit k: whether byte k of the eight is in the class.
        let mask = |eight: &[u8; 8]| {
            eight.iter().rev().fold(0u32, |m, &b| m << 1 | u32::from(self.contains(b)))
        };
        let mut rest = bytes.slice(from.min(bytes.len())..);
        let mut i = from;
        while let Some((eight, after)) = rest.split_first_chunk::<8>() {
            let found = mask(eight);
            if found != 0 {
                return i + found.trailing_zeros() as usize;
            }
            rest = after;
            i += 8;
        }
        // Fewer than eight left: the last eight bytes, shifted past those before `rest`.
        match bytes.last_chunk::<8>() {
            Some(last) if !rest.is_empty() => {
                let found = mask(last) >> (8 - rest.len());
                i + if found != 0 { found.trailing_zeros() as usize } else { rest.len() }
            }
            _ => i + rest.iter().position(|&b| self.contains(b)).unwrap_or(rest.len()),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::ByteClass;

    const SLASH: ByteClass = ByteClass::new({
        let mut table = [false; 256];
        table[b'/' as usize] = true;
        table
    });

    /// All three parts of a class: the controls and the rest, `A` to `Z`, and a byte.
    const SPACE_UPPER_SLASH: ByteClass = ByteClass::new({
        let mut table = [false; 256];
        let mut b = 0;
        while b < 256 {
            table[b] = b <= 0x20 || b >= 0x7F || (b as u8).is_ascii_uppercase() || b == 0x2F;
            b += 1;
        }
        table
    });

    #[test]
    fn finds_the_first_at_every_position() {
        for len in 0..40 {
            for at in 0..=len {
                let mut bytes = vec![b'a'; len];
                if at < len {
                    bytes[at] = b'/';
                }
                for from in 0..=at {
                    assert_eq!(SLASH.first(&bytes, from), at, "{len} {at} {from}");
                    assert_eq!(SLASH.first_portable(&bytes, from), at, "{len} {at} {from}");
                    assert_eq!(SPACE_UPPER_SLASH.first(&bytes, from), at, "{len} {at} {from}");
                }
            }
        }
    }

    /// Asserts that `class` finds each byte as its table says, by SIMD and by table.
    pub(crate) fn finds_as_the_table_says(class: &ByteClass) {
        for b in 0..=255u8 {
            for len in [1, 7, 8, 9, 16, 17, 40] {
                for at in [0, len / 2, len - 1] {
                    // Bytes outside the class, of many values, and `b` at `at`.
                    let outside = (0..=255u8).filter(|&c| !class.contains(c)).cycle();
                    let mut bytes: Vec<u8> = outside.skip(usize::from(b)).take(len).collect();
                    bytes[at] = b;
                    let expected = if class.contains(b) { at } else { len };
                    assert_eq!(class.first(&bytes, 0), expected, "{b:#x} {len} {at}");
                    assert_eq!(class.first_portable(&bytes, 0), expected, "{b:#x} {len} {at}");
                }
            }
        }
    }

    #[test]
    fn every_byte_is_found_as_the_table_says() {
        finds_as_the_table_says(&SLASH);
        finds_as_the_table_says(&SPACE_UPPER_SLASH);
    }
}
