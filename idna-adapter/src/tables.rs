//! Lookups in the tables build.rs generates (layouts in src/layout.rs).

use crate::layout::*;

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// `MAPPING_STRING_BYTES` as the string it is (build.rs writes UTF-8 there).
static MAPPING_STRINGS: &str = match core::str::from_utf8(MAPPING_STRING_BYTES) {
    Ok(strings) => strings,
    Err(_) => panic!("the mapping strings are UTF-8"),
};

/// What UTS #46 mapping makes of one code point.
pub enum Mapping {
    /// With its NFC class, when the mapping table has it.
    Valid(Option<u8>),
    Ignored,
    Disallowed,
    Char(char),
    String(&'static str),
}

/// A range of a `Ranges`: its index, its first code point and the next range's (or past
/// U+10FFFF).
#[derive(Clone, Copy, Default)]
pub struct Range {
    index: u32,
    first: u32,
    end: u32,
}

impl Range {
    fn holds(&self, c: char) -> bool {
        (self.first..self.end).contains(&(c as u32))
    }
}

/// A sorted list of ranges of code points, in blocks of `BLOCK`: the first code point of each
/// block's first range in `blocks` (and where to search them in `bmp_blocks`), then of each
/// other range, its distance from the previous range's first code point as a LEB128 varint in
/// `distances` (from `offsets[block]` on). Most distances are a byte, which makes the lists half
/// the size (gzip) of `u32` code points.
pub struct Ranges {
    blocks: &'static [u32],
    /// For each 256 code points of the BMP, the block holding the first: where to search; then
    /// the block holding U+10000, where the search above the BMP starts.
    bmp_blocks: &'static [u16],
    offsets: &'static [u16],
    distances: &'static [u8],
}

impl Ranges {
    /// The range holding `c`: a binary search over the blocks (in the BMP, those of its 256
    /// code points; above it, those from U+10000), then a walk through one block.
    fn find(&self, c: char) -> Range {
        let c = c as u32;
        let page = (c >> 8).min(0x100) as usize;
        let low = self.bmp_blocks.get(page).map_or(0, |&block| usize::from(block));
        let high = match self.bmp_blocks.get(page + 1) {
            Some(&block) if page < 0x100 => usize::from(block) + 1,
            _ => self.blocks.len(),
        };
        let blocks = self.blocks.get(low..high).unwrap_or_default();
        let block = low + blocks.partition_point(|&first| first <= c).saturating_sub(1);
        let mut first = self.blocks.get(block).copied().unwrap_or(0);
        let mut distances = self.distances(block);
        let mut index = (block * BLOCK) as u32;
        for _ in 1..BLOCK {
            match leb128(&mut distances) {
                Some(distance) if first + distance <= c => first += distance,
                // The next range, or none: the last range runs on past U+10FFFF.
                next => {
                    let end = next.map_or(char::MAX as u32 + 1, |distance| first + distance);
                    return Range { index, first, end };
                }
            }
            index += 1;
        }
        let end = self.blocks.get(block + 1).copied().unwrap_or(char::MAX as u32 + 1);
        Range { index, first, end }
    }

    /// The first code point of the range at `index`.
    fn first(&self, index: usize) -> Option<u32> {
        let block = index / BLOCK;
        let mut distances = self.distances(block);
        let mut first = *self.blocks.get(block)?;
        for _ in 0..index % BLOCK {
            first += leb128(&mut distances)?;
        }
        Some(first)
    }

    /// The distances in `block`, and on.
    fn distances(&self, block: usize) -> core::slice::Iter<'static, u8> {
        let offset = self.offsets.get(block).map_or(0, |&offset| usize::from(offset));
        self.distances.get(offset..).unwrap_or_default().iter()
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
/// code point in NFC, and deviation characters valid), in `range` (the mapping table's range
/// of the character before, looked up again unless it holds `c`: most of a label's characters
/// come from a few blocks, as its fullwidth ASCII or ideographs do).
pub fn mapping(c: char, range: &mut Range) -> Mapping {
    // ASCII, most of any host, without a lookup: upper case maps to lower case, the rest is
    // valid (idna applies the ASCII deny list).
    if c.is_ascii() {
        return match c.is_ascii_uppercase() {
            true => Mapping::Char(c.to_ascii_lowercase()),
            false => Mapping::Valid(Some(0)),
        };
    }
    if !range.holds(c) {
        *range = MAPPING.find(c);
    }
    let (i, first) = (range.index as usize, range.first);
    let (Some(&kind), Some(&data)) = (MAPPING_KINDS.get(i), MAPPING_DATA.get(i)) else {
        return Mapping::Disallowed;
    };
    let offset = c as u32 - first;
    let shifted = || {
        char::from_u32((c as u32).wrapping_add(data as u32))
            .map_or(Mapping::Disallowed, Mapping::Char)
    };
    match kind {
        VALID => Mapping::Valid(Some(data as u8)),
        IGNORED => Mapping::Ignored,
        SHIFTED => shifted(),
        ALTERNATING if offset.is_multiple_of(2) => shifted(),
        ALTERNATING => Mapping::Valid(None),
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
    PROPERTIES_VALUES.get(PROPERTIES.find(c).index as usize).copied().unwrap_or(0)
}

/// The NFC class of `c` (src/layout.rs): its Canonical_Combining_Class, or whether NFC may
/// change it.
pub fn nfc_class(c: char) -> u8 {
    // Nothing below U+00C0 has a combining class or a decomposition, or composes.
    if c < '\u{C0}' {
        return 0;
    }
    NFC_CLASS_VALUES.get(NFC_CLASSES.find(c).index as usize).copied().unwrap_or(0)
}

/// The parts of the canonical decomposition at index `i`, the first without its plane.
fn parts(i: usize) -> Option<(u16, u32)> {
    let second = SECONDS.get(usize::from(*DECOMPOSITION_SECONDS.get(i)?))?;
    Some((*DECOMPOSITION_FIRSTS.get(i)?, *second))
}

/// One level of the canonical decomposition of `c` (not a Hangul syllable): one or two characters.
pub fn decomposition(c: char) -> Option<(char, Option<char>)> {
    let Range { index, first: decomposed, .. } = DECOMPOSED.find(c);
    let (first, second) = parts(index as usize).filter(|_| decomposed == c as u32)?;
    let first = char::from_u32(c as u32 & !0xFFFF | u32::from(first))?;
    Some((first, char::from_u32(second).filter(|&c| c != '\0')))
}

/// The primary composite of `first` and `second` (not Hangul), if there is one.
pub fn composition(first: char, second: char) -> Option<char> {
    let parts_key = Some((first as u32 as u16, second as u32));
    let i = COMPOSITIONS.binary_search_by_key(&parts_key, |&i| parts(usize::from(i))).ok()?;
    let composite = DECOMPOSED.first(usize::from(*COMPOSITIONS.get(i)?))?;
    char::from_u32(composite).filter(|_| composite >> 16 == first as u32 >> 16)
}
