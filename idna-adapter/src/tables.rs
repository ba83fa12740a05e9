//! Lookups in the tables build.rs generates (layouts in src/layout.rs).

use crate::layout::*;

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// What UTS #46 mapping makes of one code point.
pub enum Mapping {
    Valid,
    Ignored,
    Disallowed,
    Char(char),
    String(&'static str),
}

/// A sorted list of ranges of code points, in blocks of `BLOCK`: the first code point of each
/// block's first range in `blocks`, then of each other range, its distance from the previous
/// range's first code point as a LEB128 varint in `distances` (from `offsets[block]` on). Small
/// distances are a byte, which makes the lists half the size of `u32` code points.
pub struct Ranges {
    blocks: &'static [u32],
    offsets: &'static [u16],
    distances: &'static [u8],
}

impl Ranges {
    /// The index and first code point of the range holding `c`: a binary search over the
    /// blocks, then a walk through one block.
    fn find(&self, c: char) -> (usize, u32) {
        let c = c as u32;
        let block = self.blocks.partition_point(|&first| first <= c).saturating_sub(1);
        let mut first = self.blocks.get(block).copied().unwrap_or(0);
        let offset = self.offsets.get(block).map_or(0, |&offset| usize::from(offset));
        let mut distances = self.distances.get(offset..).unwrap_or_default().iter();
        let mut index = block * BLOCK;
        for _ in 1..BLOCK {
            match leb128(&mut distances) {
                Some(distance) if first + distance <= c => first += distance,
                _ => break,
            }
            index += 1;
        }
        (index, first)
    }
}

fn leb128<'a>(bytes: &mut impl Iterator<Item = &'a u8>) -> Option<u32> {
    let mut value = 0;
    for shift in [0, 7, 14] {
        let byte = *bytes.next()?;
        value |= u32::from(byte & 0x7F) << shift;
        if byte < 0x80 {
            break;
        }
    }
    Some(value)
}

/// The UTS #46 mapping of `c` (its status in the IDNA Mapping Table, with the mapping of a mapped
/// code point in NFC, and deviation characters valid).
pub fn mapping(c: char) -> Mapping {
    let (i, first) = MAPPING.find(c);
    let (Some(&kind), Some(&data)) = (MAPPING_KINDS.get(i), MAPPING_DATA.get(i)) else {
        return Mapping::Disallowed;
    };
    let offset = c as u32 - first;
    let shifted = || {
        char::from_u32((c as u32).wrapping_add(data as u32))
            .map_or(Mapping::Disallowed, Mapping::Char)
    };
    match kind {
        VALID => Mapping::Valid,
        IGNORED => Mapping::Ignored,
        SHIFTED => shifted(),
        ALTERNATING if offset % 2 == 0 => shifted(),
        ALTERNATING => Mapping::Valid,
        STRINGS => {
            let slot = (data & ((1 << SLOT_BITS) - 1)) as usize;
            let start = (data >> SLOT_BITS) as usize + offset as usize * slot;
            MAPPING_STRINGS
                .get(start..start + slot)
                .map_or(Mapping::Disallowed, |s| Mapping::String(s.trim_end_matches('\0')))
        }
        _ => Mapping::Disallowed,
    }
}

/// The `PROPERTIES` value of `c`: Bidi_Class, Joining_Type and whether it is a mark.
pub fn properties(c: char) -> u8 {
    PROPERTIES_VALUES.get(PROPERTIES.find(c).0).copied().unwrap_or(0)
}

/// The Canonical_Combining_Class of `c`.
pub fn combining_class(c: char) -> u8 {
    COMBINING_CLASS_VALUES.get(COMBINING_CLASS.find(c).0).copied().unwrap_or(0)
}

const CHAR_MASK: u64 = (1 << CHAR_BITS) - 1;

/// One level of the canonical decomposition of `c` (not a Hangul syllable): one or two characters.
pub fn decomposition(c: char) -> Option<(char, Option<char>)> {
    let i =
        DECOMPOSITIONS.binary_search_by_key(&(c as u64), |entry| entry >> (2 * CHAR_BITS)).ok()?;
    let entry = DECOMPOSITIONS.get(i)?;
    let first = char::from_u32((entry >> CHAR_BITS & CHAR_MASK) as u32)?;
    Some((first, char::from_u32((entry & CHAR_MASK) as u32).filter(|&c| c != '\0')))
}

/// The primary composite of `first` and `second` (not Hangul), if there is one.
pub fn composition(first: char, second: char) -> Option<char> {
    let parts = (first as u64) << CHAR_BITS | second as u64;
    let parts_of =
        |i: &u16| DECOMPOSITIONS.get(*i as usize).map(|entry| entry & (1 << (2 * CHAR_BITS)) - 1);
    let i = COMPOSITIONS.binary_search_by_key(&Some(parts), parts_of).ok()?;
    let entry = DECOMPOSITIONS.get(*COMPOSITIONS.get(i)? as usize)?;
    char::from_u32((entry >> (2 * CHAR_BITS)) as u32)
}
