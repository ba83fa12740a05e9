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

/// The index of the range of `ranges` (sorted by first code point, stored above `bits` low bits)
/// that holds `c`. The first range starts at 0.
fn range(ranges: &[u32], bits: u32, c: char) -> usize {
    ranges.partition_point(|&entry| entry >> bits <= c as u32).saturating_sub(1)
}

/// The UTS #46 mapping of `c` (its status in the IDNA Mapping Table, with the mapping of a mapped
/// code point in NFC, and deviation characters valid).
pub fn mapping(c: char) -> Mapping {
    let i = range(&MAPPING, KIND_BITS, c);
    let (Some(&entry), Some(&data)) = (MAPPING.get(i), MAPPING_DATA.get(i)) else {
        return Mapping::Disallowed;
    };
    let offset = c as u32 - (entry >> KIND_BITS);
    let shifted = || {
        char::from_u32((c as u32).wrapping_add(data as u32))
            .map_or(Mapping::Disallowed, Mapping::Char)
    };
    match entry & ((1 << KIND_BITS) - 1) {
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
pub fn properties(c: char) -> u32 {
    PROPERTIES.get(range(&PROPERTIES, VALUE_BITS, c)).map_or(0, |entry| entry & 0xFF)
}

/// The Canonical_Combining_Class of `c`.
pub fn combining_class(c: char) -> u8 {
    COMBINING_CLASS.get(range(&COMBINING_CLASS, VALUE_BITS, c)).map_or(0, |&entry| entry as u8)
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
