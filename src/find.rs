//! Finding the first byte of a class, many bytes per step: the parser's scans spend most of
//! their time running over bytes that need nothing, and a branch per byte (whose exit the CPU
//! mispredicts for each component of a different length) costs more than the test itself.
//!
//! On x86_64, SSE2 (always there) tests sixteen bytes at once; elsewhere, and in the wasm (whose
//! builds do not enable SIMD), a table lookup per byte, eight bytes per branch.

use crate::percent::EncodeSet;
use crate::slicing::Slice;

/// A class of bytes: a table, and on x86_64 the ranges of bytes outside it that SSE2 compares.
pub(crate) struct ByteClass {
    table: [bool; 256],
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    outside: Ranges,
}

/// Ranges of bytes outside a class, the longest: what most bytes of URLs fall in (letters, digits,
/// runs of punctuation). A byte in none of them is only a candidate, which the table then decides:
/// a few range compares for sixteen bytes cost less than a compare for each byte of the class.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
struct Ranges {
    /// Of each range `first..=last`, of which `ranges[..len]`, the two operands its test takes,
    /// each in all sixteen bytes: `0x80 - first` and `last - first + 0x81`. Kept broadcast, they
    /// are one load each where the class is chosen at run time (a broadcast costs four
    /// instructions).
    ranges: [(u128, u128); MAX_RANGES],
    len: usize,
}

/// Each range costs SSE2 three operations per sixteen bytes. Six take every run of three bytes or
/// more outside the classes here (the host state's has six: a digit there would otherwise be a
/// candidate). Shorter runs are left to the table, as single bytes are: theirs are rare in URLs
/// (`!"` and `}~` in hosts, `-.` in schemes), while a range costs every block (the two runs of two
/// outside a plain domain, 18 of a kasztp URL's 583 instructions).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
const MAX_RANGES: usize = 6;

impl ByteClass {
    /// The class of the bytes for which `table` is true.
    pub(crate) const fn new(table: [bool; 256]) -> ByteClass {
        ByteClass {
            table,
            #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
            outside: Ranges::new(&table),
        }
    }

    /// The class of `bytes`.
    pub(crate) const fn of_bytes(bytes: &[u8]) -> ByteClass {
        let mut table = [false; 256];
        let mut i = 0;
        while i < bytes.len() {
            table[bytes[i] as usize] = true;
            i += 1;
        }
        ByteClass::new(table)
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
            if let Some(k) = self.first_candidate_in(sixteen, self.outside.candidates(sixteen)) {
                return i + k;
            }
            rest = after;
            i += 16;
        }
        // Fewer than sixteen left: the last sixteen bytes, shifted past those before `rest`.
        let Some(last) = bytes.last_chunk::<16>().filter(|_| !rest.is_empty()) else { return i };
        let candidates = self.outside.candidates(last) >> (16 - rest.len());
        i + self.first_candidate_in(rest, candidates).unwrap_or(rest.len())
    }

    /// The first `k` of the bits of `candidates` for which `block[k]` is in the class.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    #[inline(always)]
    fn first_candidate_in(&self, block: &[u8], mut candidates: u32) -> Option<usize> {
        while candidates != 0 {
            let k = candidates.trailing_zeros() as usize;
            if block.get(k).is_some_and(|&b| self.contains(b)) {
                return Some(k);
            }
            candidates &= candidates - 1;
        }
        None
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
impl Ranges {
    /// The longest runs of three bytes or more outside the class of `table`, longest first.
    const fn new(table: &[bool; 256]) -> Ranges {
        let mut ranges = Ranges { ranges: [(0, 0); MAX_RANGES], len: 0 };
        let mut taken = [false; 256];
        while ranges.len < MAX_RANGES {
            // The longest run of bytes outside the class and not taken yet.
            let (mut best, mut best_len, mut b) = (0, 0, 0);
            while b < 256 {
                let mut end = b;
                while end < 256 && !table[end] && !taken[end] {
                    end += 1;
                }
                if end - b > best_len {
                    (best, best_len) = (b, end - b);
                }
                b = if end > b { end } else { b + 1 };
            }
            if best_len < 3 {
                break;
            }
            let (first, last) = (best as u8, (best + best_len - 1) as u8);
            ranges.ranges[ranges.len] = (
                u128::from_le_bytes([0x80u8.wrapping_sub(first); 16]),
                u128::from_le_bytes([(last - first).wrapping_add(0x81); 16]),
            );
            ranges.len += 1;
            let mut t = best;
            while t < best + best_len {
                taken[t] = true;
                t += 1;
            }
        }
        ranges
    }

    /// Bit k: whether byte k of `sixteen` is in none of the ranges.
    #[inline(always)]
    fn candidates(&self, sixteen: &[u8; 16]) -> u32 {
        use std::arch::x86_64::*;
        let all = u128::from_le_bytes(*sixteen);
        // SAFETY: these intrinsics need nothing but SSE2, which every x86_64 CPU has (it is part
        // of the architecture, and enabled for every x86_64 target).
        #[allow(unsafe_code)]
        unsafe {
            let vector = |v: u128| _mm_set_epi64x((v >> 64) as i64, v as i64);
            let x = vector(all);
            let mut inside = _mm_setzero_si128();
            for &(move_by, bound) in &self.ranges[..self.len.min(MAX_RANGES)] {
                // `first..=last` moved to `-128..=last - first - 128`, so that one signed
                // compare (SSE2 has no unsigned one) tells whether a byte is in it.
                let moved = _mm_add_epi8(x, vector(move_by));
                let kept = _mm_cmplt_epi8(moved, vector(bound));
                inside = _mm_or_si128(inside, kept);
            }
            !(_mm_movemask_epi8(inside) as u32) & 0xFFFF
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::ByteClass;

    const SLASH: ByteClass = ByteClass::of_bytes(b"/");

    /// A class in three parts, with three ranges outside it.
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

    /// A class with more runs of bytes outside it than SSE2 compares: the rest are candidates
    /// the table turns down.
    const EVERY_FOURTH: ByteClass = ByteClass::new({
        let mut table = [false; 256];
        let mut b = 0;
        while b < 256 {
            table[b] = b % 4 == 0;
            b += 1;
        }
        table
    });

    #[test]
    fn every_byte_is_found_as_the_table_says() {
        finds_as_the_table_says(&SLASH);
        finds_as_the_table_says(&SPACE_UPPER_SLASH);
        finds_as_the_table_says(&EVERY_FOURTH);
    }
}
