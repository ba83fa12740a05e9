//! Finding the first byte of a class, many bytes per step: the parser's scans spend most of
//! their time running over bytes that need nothing, and a branch per byte (whose exit the CPU
//! mispredicts for each component of a different length) costs more than the test itself.
//!
//! On x86_64, SSE2 (always there) tests sixteen bytes at once; elsewhere, and in the wasm (whose
//! builds do not enable SIMD), a table lookup per byte, eight bytes per branch.

use crate::percent::EncodeSet;
use crate::slicing::Slice;

/// A class of bytes: a table, and on x86_64 the same class as SSE2 compares it.
pub(crate) struct ByteClass {
    table: [bool; 256],
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    compares: Compares,
}

/// What SSE2 compares a byte with to tell whether it is in a class: either the C0 controls, space
/// and the bytes from 0x7F up or none of them; maybe all of `A` to `Z`; and up to 16 more bytes.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
struct Compares {
    controls: bool,
    upper: bool,
    /// `bytes[..len]`.
    bytes: [u8; 16],
    len: usize,
}

impl ByteClass {
    /// The class of the bytes for which `table` is true. On x86_64, fails to compile for a class
    /// SSE2 cannot compare (see [`Compares`]).
    pub(crate) const fn new(table: [bool; 256]) -> ByteClass {
        ByteClass {
            table,
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            compares: Compares::new(&table),
        }
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
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        if bytes.len() >= 16 {
            return self.first_sse2(bytes, from);
        }
        self.first_portable(bytes, from)
    }

    /// [`ByteClass::first`] sixteen bytes at a time, for input of sixteen bytes or more.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[inline(always)]
    fn first_sse2(&self, bytes: &[u8], from: usize) -> usize {
        let mut rest = bytes.slice(from.min(bytes.len())..);
        let mut i = from;
        while let Some((sixteen, after)) = rest.split_first_chunk::<16>() {
            let found = self.compares.mask(sixteen);
            if found != 0 {
                return i + found.trailing_zeros() as usize;
            }
            rest = after;
            i += 16;
        }
        // Fewer than sixteen left: the last sixteen bytes, shifted past those before `rest`.
        let Some(last) = bytes.last_chunk::<16>().filter(|_| !rest.is_empty()) else { return i };
        let found = self.compares.mask(last) >> (16 - rest.len());
        i + if found != 0 { found.trailing_zeros() as usize } else { rest.len() }
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

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
impl Compares {
    const fn new(table: &[bool; 256]) -> Compares {
        let controls = table[0];
        let upper = table[b'A' as usize];
        let mut compares = Compares { controls, upper, bytes: [0; 16], len: 0 };
        let mut b = 0;
        while b < 256 {
            let is_control = b <= 0x20 || b >= 0x7F;
            let is_upper = b >= b'A' as usize && b <= b'Z' as usize;
            if is_control {
                assert!(table[b] == controls, "the controls, space and 0x7F up: all or none");
            } else if is_upper {
                assert!(table[b] == upper, "A to Z: all or none");
            } else if table[b] {
                assert!(compares.len < 16, "at most 16 more bytes");
                compares.bytes[compares.len] = b as u8;
                compares.len += 1;
            }
            b += 1;
        }
        compares
    }

    /// Bit k: whether byte k of `sixteen` is in the class.
    #[inline(always)]
    fn mask(&self, sixteen: &[u8; 16]) -> u32 {
        use std::arch::x86_64::*;
        let all = u128::from_le_bytes(*sixteen);
        // SAFETY: these intrinsics need nothing but SSE2, which every x86_64 CPU has (it is part
        // of the architecture, and enabled for every x86_64 target).
        #[allow(unsafe_code)]
        unsafe {
            let x = _mm_set_epi64x((all >> 64) as i64, all as i64);
            let splat = |b: u8| _mm_set1_epi8(b as i8);
            let mut found = _mm_setzero_si128();
            if self.controls {
                // Signed, the bytes below 0x21 are the controls and space, and those from 0x80 up.
                let below = _mm_cmplt_epi8(x, splat(0x21));
                found = _mm_or_si128(below, _mm_cmpeq_epi8(x, splat(0x7F)));
            }
            if self.upper {
                // `A` to `Z` moved to the lowest signed bytes.
                let moved = _mm_add_epi8(x, splat(0x80 - b'A'));
                found = _mm_or_si128(found, _mm_cmplt_epi8(moved, splat(0x80 + 26)));
            }
            for &b in &self.bytes[..self.len.min(16)] {
                found = _mm_or_si128(found, _mm_cmpeq_epi8(x, splat(b)));
            }
            _mm_movemask_epi8(found) as u32
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
