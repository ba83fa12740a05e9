//! The Unicode properties the display checks read: the Script property, as far as they tell
//! scripts apart (which script that
//! [UTS #31](https://www.unicode.org/reports/tr31/#Table_Recommended_Scripts) recommends, Table 4,
//! or Common, Inherited, Unknown, or another script), and whether a code point is hidden: never
//! shown decoded, as it is invisible (White_Space, Default_Ignorable_Code_Point or
//! Prepended_Concatenation_Mark) or one of the characters the display keeps percent-encoded
//! whatever their properties say. A table of ranges made from ICU4X's data (the data
//! `icu_properties` has) and that list by a test, which compares it with them code point by code
//! point: 3.5 KB instead of ICU4X's 24 KB for every script.

use std::sync::OnceLock;

/// A code point's script, as far as the checks tell scripts apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Script {
    /// A script that UTS #31 recommends for identifiers, as its bit in a label's set of scripts
    /// (`RECOMMENDED` in the tests says which bit is which).
    Recommended(u32),
    /// Common: symbols, punctuation, digits, emoji.
    Common,
    /// Inherited: combining marks that take the script of what they follow.
    Inherited,
    /// Unknown: unassigned, private use, noncharacters, surrogates.
    Unknown,
    /// A script that UTS #31 does not recommend (Cherokee, Runic, Gothic, …).
    Excluded,
}

/// The classes of [`CLASSES`]: the script, as a recommended script's bit number (0 to 28) or one
/// of these, plus HIDDEN.
const COMMON: u8 = 29;
const INHERITED: u8 = 30;
const UNKNOWN: u8 = 31;
const EXCLUDED: u8 = 32;
const HIDDEN: u8 = 0x40;

/// The script of `c`.
pub(crate) fn script(c: char) -> Script {
    match class(c) & !HIDDEN {
        COMMON => Script::Common,
        INHERITED => Script::Inherited,
        UNKNOWN => Script::Unknown,
        EXCLUDED => Script::Excluded,
        bit => Script::Recommended(1 << bit),
    }
}

/// Whether `c` is never shown decoded: White_Space, Default_Ignorable_Code_Point or
/// Prepended_Concatenation_Mark (blank, or rendered as nothing), or one of `NEVER_DECODED` (see
/// the tests, where the table is made).
pub(crate) fn hidden(c: char) -> bool {
    class(c) & HIDDEN != 0
}

/// The class of `c`. Not inlined: the checks ask in several places.
#[inline(never)]
fn class(c: char) -> u8 {
    static RANGES: OnceLock<Vec<(u32, u8)>> = OnceLock::new();
    let ranges = RANGES.get_or_init(decode);
    let at = ranges.partition_point(|&(start, _)| start <= u32::from(c));
    ranges.get(at.wrapping_sub(1)).map_or(UNKNOWN, |&(_, class)| class)
}

/// The ranges of [`CLASSES`] and [`STARTS`]: the first code point of each and its class.
fn decode() -> Vec<(u32, u8)> {
    let mut starts = STARTS.iter().copied();
    let mut start = 0u32;
    let mut next_start = || {
        let (mut delta, mut shift) = (0u32, 0);
        for byte in starts.by_ref() {
            delta |= u32::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                break;
            }
            shift += 7;
        }
        start += delta;
        start
    };
    CLASSES.iter().map(|&class| (next_start(), class)).collect()
}

/// The ranges of code points of one class, in order from U+0000: the class of each, and in
/// STARTS how far its first code point is from the previous range's (LEB128: seven bits a byte,
/// the low ones first). Two arrays rather than one of pairs: 12% smaller compressed. Written by
/// the test below from ICU4X's data when that changes.
#[rustfmt::skip]
const CLASSES: [u8; 1773] = [
    29, 93, 29, 93, 29, 0, 29, 0, 29, 93, 29, 0, 29, 93, 29, 0, 29, 0, 29, 0, 29, 0, 29, 0,
    29, 4, 29, 30, 94, 30, 7, 29, 7, 31, 7, 29, 7, 31, 7, 29, 7, 29, 7, 31, 7, 31, 7, 31,
    7, 32, 7, 6, 30, 6, 31, 9, 31, 9, 73, 9, 31, 16, 31, 16, 31, 16, 31, 72, 93, 8, 29, 8,
    29, 72, 8, 29, 8, 29, 8, 30, 8, 30, 8, 93, 8, 32, 31, 96, 32, 31, 32, 8, 26, 31, 32, 31,
    32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 8, 72, 31, 8, 93, 8, 11, 30, 11, 29, 11, 10, 31, 10,
    31, 10, 31, 10, 31, 10, 31, 10, 31, 10, 31, 10, 31, 10, 31, 10, 31, 10, 31, 10, 31, 10, 31, 10,
    31, 15, 31, 15, 31, 15, 31, 15, 31, 15, 31, 15, 31, 15, 31, 15, 31, 15, 31, 15, 31, 15, 31, 15,
    31, 15, 31, 15, 31, 15, 31, 15, 31, 14, 31, 14, 31, 14, 31, 14, 31, 14, 31, 14, 31, 14, 31, 14,
    31, 14, 31, 14, 31, 14, 31, 14, 31, 14, 31, 14, 31, 22, 31, 22, 31, 22, 31, 22, 31, 22, 31, 22,
    31, 22, 31, 22, 31, 22, 31, 22, 31, 22, 31, 22, 31, 22, 31, 22, 31, 24, 31, 24, 31, 24, 31, 24,
    31, 24, 31, 24, 31, 24, 31, 24, 31, 24, 31, 24, 31, 24, 31, 24, 31, 24, 31, 24, 31, 24, 31, 24,
    31, 25, 31, 25, 31, 25, 31, 25, 31, 25, 31, 25, 31, 25, 31, 25, 31, 25, 31, 25, 31, 25, 31, 25,
    31, 25, 17, 31, 17, 31, 17, 31, 17, 31, 17, 31, 17, 31, 17, 31, 17, 31, 17, 31, 17, 31, 17, 31,
    17, 31, 17, 31, 20, 31, 20, 31, 20, 31, 20, 31, 20, 31, 20, 31, 20, 31, 23, 31, 23, 31, 23, 31,
    23, 31, 23, 31, 23, 31, 23, 31, 23, 31, 23, 31, 23, 31, 23, 31, 23, 31, 27, 31, 29, 27, 31, 19,
    31, 19, 31, 19, 31, 19, 31, 19, 31, 19, 31, 19, 31, 19, 31, 19, 31, 19, 31, 19, 31, 28, 31, 28,
    31, 28, 31, 28, 31, 28, 31, 28, 29, 28, 31, 21, 13, 31, 13, 31, 13, 31, 13, 29, 13, 5, 69, 5,
    12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31,
    12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 32, 31, 32, 31, 32, 96, 32, 31, 32, 29, 32, 31,
    32, 31, 32, 29, 31, 32, 31, 32, 31, 32, 31, 32, 31, 18, 82, 18, 31, 18, 31, 18, 31, 32, 29, 32,
    29, 32, 96, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 32, 18, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 30, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 32, 6, 31, 13, 31, 13, 32, 31, 30, 29, 30, 29, 30, 29, 30, 29, 30, 29, 30,
    29, 31, 0, 7, 6, 0, 7, 0, 7, 0, 6, 0, 7, 30, 0, 7, 31, 7, 31, 7, 31, 7, 31, 7,
    31, 7, 31, 7, 31, 7, 31, 7, 31, 7, 31, 7, 31, 7, 31, 7, 31, 7, 31, 7, 31, 7, 31, 93,
    94, 93, 29, 93, 29, 93, 29, 93, 95, 93, 29, 0, 31, 29, 0, 29, 0, 29, 31, 30, 31, 29, 7, 29,
    0, 29, 0, 29, 0, 29, 0, 29, 31, 29, 93, 29, 93, 29, 31, 29, 31, 29, 93, 29, 93, 29, 93, 29,
    96, 32, 29, 93, 29, 93, 29, 31, 29, 32, 0, 32, 31, 32, 13, 31, 13, 31, 13, 31, 32, 31, 32, 31,
    32, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 6, 29, 31, 29, 31,
    1, 31, 1, 31, 1, 31, 29, 93, 29, 1, 29, 1, 29, 1, 30, 5, 29, 1, 29, 31, 2, 31, 30, 29,
    2, 29, 3, 29, 3, 31, 4, 31, 5, 69, 5, 31, 29, 4, 29, 31, 29, 3, 5, 31, 29, 5, 29, 3,
    29, 3, 29, 1, 29, 1, 32, 31, 32, 31, 32, 31, 6, 32, 31, 29, 0, 29, 0, 31, 0, 31, 0, 32,
    31, 29, 31, 32, 31, 32, 31, 32, 31, 11, 32, 29, 32, 31, 32, 5, 31, 32, 31, 29, 32, 31, 32, 21,
    31, 32, 31, 32, 31, 32, 31, 32, 21, 32, 31, 32, 31, 12, 31, 12, 31, 12, 31, 12, 31, 12, 31, 0,
    29, 0, 7, 0, 29, 0, 31, 32, 31, 32, 31, 5, 31, 5, 31, 5, 31, 1, 31, 1, 31, 0, 31, 9,
    31, 16, 31, 16, 31, 16, 31, 16, 31, 16, 31, 16, 8, 29, 8, 31, 8, 94, 29, 31, 30, 6, 29, 31,
    29, 93, 29, 93, 29, 31, 93, 29, 93, 31, 8, 31, 8, 31, 93, 31, 29, 93, 29, 93, 29, 93, 29, 93,
    29, 93, 0, 29, 93, 29, 0, 29, 3, 29, 3, 29, 69, 5, 31, 5, 31, 5, 31, 5, 31, 5, 31, 29,
    31, 29, 31, 95, 93, 29, 93, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 29, 31,
    29, 31, 29, 7, 31, 29, 31, 7, 31, 29, 30, 31, 32, 31, 32, 31, 30, 29, 31, 32, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 0, 31, 0, 31, 0,
    31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 32, 31, 32, 31, 8, 31, 32, 31, 32, 31, 32, 31, 8, 31, 8, 31, 8, 32, 31,
    32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 96, 32, 31, 96, 31, 32, 31, 32, 31, 32, 31,
    32, 31, 32, 31, 32, 31, 23, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31,
    32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 30, 32, 31, 32, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 21, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 11, 31, 32,
    31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32,
    31, 10, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 24, 31, 24, 32, 31, 32, 31, 32, 31, 32, 31,
    32, 96, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31,
    32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31,
    32, 1, 32, 31, 1, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 3, 31, 3, 31, 3, 31, 3, 2,
    3, 2, 3, 31, 2, 31, 2, 31, 3, 31, 3, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 93,
    31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 30, 31, 30, 31, 29, 31, 29, 31, 29, 30, 29, 30, 29,
    93, 30, 29, 30, 29, 30, 29, 7, 31, 29, 30, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29,
    31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29,
    31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 32, 31, 32, 31, 32, 31, 29, 31, 0, 31,
    0, 31, 0, 7, 0, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 6, 31, 6, 31, 32, 31, 32, 31, 32,
    31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 12, 31, 12,
    31, 12, 31, 12, 31, 32, 31, 32, 31, 32, 31, 32, 31, 32, 31, 29, 31, 29, 31, 8, 31, 8, 31, 8,
    31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8,
    31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8,
    31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 8, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29,
    31, 29, 31, 29, 31, 29, 2, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 93, 29, 93, 29, 31, 29,
    31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29,
    31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 29, 31, 1, 31, 1, 31, 1,
    31, 1, 31, 1, 31, 1, 31, 1, 31, 1, 31, 32, 31, 95, 93, 95, 93, 95, 94, 95, 31,
];
#[rustfmt::skip]
const STARTS: [u8; 1873] = [
    0, 9, 5, 18, 1, 32, 26, 6, 26, 5, 33, 9, 1, 2, 1, 12, 1, 5, 23, 1, 31, 1, 193, 3,
    39, 5, 5, 2, 20, 79, 1, 32, 4, 1, 3, 2, 4, 1, 1, 4, 1, 1, 1, 1, 3, 1, 1, 1,
    20, 1, 63, 14, 16, 133, 1, 2, 169, 1, 1, 38, 1, 49, 1, 6, 1, 57, 6, 27, 4, 6, 11, 5,
    1, 6, 1, 14, 1, 1, 2, 1, 32, 1, 10, 11, 26, 1, 108, 1, 34, 14, 1, 1, 59, 2, 3, 48,
    50, 14, 59, 2, 49, 2, 15, 1, 28, 2, 1, 1, 11, 5, 32, 2, 5, 75, 1, 29, 81, 4, 15, 2,
    26, 4, 1, 8, 2, 2, 2, 22, 1, 7, 1, 1, 3, 4, 2, 9, 2, 2, 2, 4, 8, 1, 4, 2,
    1, 5, 2, 25, 2, 3, 1, 6, 4, 2, 2, 22, 1, 7, 1, 2, 1, 2, 1, 2, 2, 1, 1, 5,
    4, 2, 2, 3, 3, 1, 7, 4, 1, 1, 7, 17, 10, 3, 1, 9, 1, 3, 1, 22, 1, 7, 1, 2,
    1, 5, 2, 10, 1, 3, 1, 3, 2, 1, 15, 4, 2, 12, 7, 7, 1, 3, 1, 8, 2, 2, 2, 22,
    1, 7, 1, 2, 1, 5, 2, 9, 2, 2, 2, 3, 5, 5, 4, 2, 1, 5, 2, 18, 10, 2, 1, 6,
    3, 3, 1, 4, 3, 2, 1, 1, 1, 2, 3, 2, 3, 3, 3, 12, 4, 5, 3, 3, 1, 4, 2, 1,
    6, 1, 14, 21, 5, 13, 1, 3, 1, 23, 1, 16, 2, 9, 1, 3, 1, 4, 7, 2, 1, 3, 1, 2,
    2, 4, 2, 10, 7, 9, 13, 1, 3, 1, 23, 1, 10, 1, 5, 2, 9, 1, 3, 1, 4, 7, 2, 5,
    3, 1, 4, 2, 10, 1, 3, 12, 13, 1, 3, 1, 51, 1, 3, 1, 6, 4, 16, 2, 26, 1, 3, 1,
    18, 3, 24, 1, 9, 1, 1, 2, 7, 3, 1, 4, 6, 1, 1, 1, 8, 6, 10, 2, 3, 12, 58, 4,
    1, 28, 37, 2, 1, 1, 1, 5, 1, 24, 1, 1, 1, 23, 2, 5, 1, 1, 1, 7, 1, 10, 2, 4,
    32, 72, 1, 36, 4, 39, 1, 36, 1, 15, 1, 7, 4, 2, 37, 160, 1, 38, 1, 1, 5, 1, 2, 43,
    1, 4, 95, 2, 159, 1, 73, 1, 4, 2, 7, 1, 1, 1, 4, 2, 41, 1, 4, 2, 33, 1, 4, 2,
    7, 1, 1, 1, 4, 2, 15, 1, 57, 1, 4, 2, 67, 2, 32, 3, 26, 6, 86, 2, 6, 2, 128, 5,
    1, 28, 3, 75, 3, 11, 7, 22, 9, 22, 2, 9, 20, 12, 13, 1, 3, 1, 2, 12, 52, 2, 40, 2,
    10, 6, 10, 6, 2, 2, 1, 1, 5, 5, 10, 6, 89, 7, 43, 5, 70, 10, 31, 1, 12, 4, 12, 4,
    1, 3, 42, 2, 5, 11, 44, 4, 26, 6, 11, 3, 2, 32, 28, 2, 65, 1, 29, 2, 11, 6, 10, 6,
    14, 2, 65, 15, 77, 1, 166, 1, 8, 60, 3, 15, 3, 51, 11, 5, 43, 2, 3, 8, 8, 3, 1, 13,
    1, 7, 4, 1, 6, 1, 3, 2, 1, 5, 38, 5, 1, 49, 5, 4, 5, 13, 1, 70, 1, 64, 128, 2,
    22, 2, 6, 2, 38, 2, 6, 2, 8, 1, 1, 1, 1, 1, 1, 1, 31, 2, 53, 1, 15, 1, 14, 2,
    6, 1, 19, 2, 3, 1, 9, 1, 12, 2, 2, 24, 8, 20, 1, 26, 6, 1, 10, 1, 1, 2, 11, 1,
    16, 16, 37, 11, 33, 15, 38, 1, 3, 2, 6, 1, 27, 1, 17, 41, 3, 4, 133, 1, 2, 31, 1, 243,
    3, 22, 11, 21, 145, 2, 2, 216, 4, 1, 1, 1, 50, 1, 255, 1, 245, 1, 1, 2, 2, 250, 2, 2,
    138, 1, 96, 32, 116, 5, 7, 38, 1, 1, 5, 1, 2, 56, 7, 2, 14, 1, 23, 9, 7, 1, 7, 1,
    7, 1, 7, 1, 7, 1, 7, 1, 7, 1, 7, 1, 32, 94, 2, 4, 28, 26, 1, 89, 12, 214, 1, 26,
    16, 1, 4, 1, 1, 1, 25, 9, 4, 2, 8, 4, 4, 1, 86, 2, 2, 2, 3, 1, 90, 2, 3, 5,
    43, 1, 51, 1, 42, 1, 16, 32, 38, 9, 1, 16, 31, 1, 64, 31, 81, 47, 1, 88, 168, 1, 192, 51,
    64, 128, 164, 1, 141, 9, 3, 55, 9, 220, 2, 20, 96, 88, 8, 34, 102, 3, 83, 4, 1, 14, 15, 45,
    3, 10, 6, 56, 8, 70, 8, 12, 6, 32, 46, 1, 37, 11, 1, 29, 3, 78, 1, 1, 10, 4, 2, 31,
    1, 55, 9, 14, 2, 10, 2, 4, 32, 67, 24, 28, 10, 6, 2, 6, 2, 6, 9, 7, 1, 7, 1, 43,
    1, 9, 1, 4, 2, 2, 2, 126, 2, 10, 6, 164, 87, 12, 23, 4, 49, 132, 66, 238, 2, 2, 106, 38,
    7, 12, 5, 5, 26, 1, 5, 1, 1, 1, 2, 1, 2, 1, 10, 238, 3, 2, 144, 1, 32, 16, 16, 10,
    6, 14, 2, 35, 1, 1, 2, 8, 1, 7, 1, 1, 1, 2, 4, 5, 1, 135, 1, 2, 1, 1, 2, 1,
    1, 1, 9, 1, 10, 1, 4, 2, 26, 1, 1, 4, 26, 11, 10, 1, 45, 2, 1, 30, 3, 6, 2, 6,
    2, 6, 2, 3, 3, 7, 1, 7, 1, 9, 3, 1, 1, 2, 12, 1, 26, 1, 19, 1, 2, 1, 15, 2,
    14, 34, 123, 5, 3, 4, 45, 3, 9, 79, 1, 13, 3, 1, 47, 45, 1, 130, 1, 29, 3, 49, 15, 1,
    27, 4, 36, 9, 30, 5, 43, 5, 30, 1, 37, 4, 14, 42, 158, 1, 2, 10, 6, 36, 4, 36, 4, 40,
    8, 52, 11, 12, 1, 15, 1, 7, 1, 2, 1, 11, 1, 15, 1, 7, 1, 2, 3, 52, 12, 183, 2, 9,
    22, 10, 8, 24, 6, 1, 42, 1, 14, 64, 6, 2, 1, 1, 44, 1, 2, 3, 1, 2, 23, 1, 72, 8,
    9, 48, 19, 1, 2, 5, 33, 3, 27, 5, 27, 38, 56, 4, 20, 2, 50, 1, 2, 5, 8, 1, 3, 1,
    29, 2, 3, 4, 10, 7, 9, 7, 64, 32, 39, 4, 12, 9, 54, 3, 29, 2, 27, 5, 26, 7, 4, 12,
    7, 80, 73, 55, 51, 13, 51, 7, 46, 8, 10, 6, 38, 3, 29, 8, 2, 208, 1, 31, 1, 42, 1, 3,
    2, 2, 16, 6, 1, 38, 1, 16, 40, 8, 42, 22, 26, 38, 28, 20, 23, 9, 78, 4, 36, 9, 62, 1,
    5, 10, 1, 2, 25, 7, 10, 6, 53, 1, 18, 8, 39, 9, 96, 1, 20, 11, 18, 1, 47, 62, 7, 1,
    1, 1, 4, 1, 15, 1, 11, 6, 59, 5, 10, 6, 4, 1, 8, 2, 2, 2, 22, 1, 7, 1, 2, 1,
    5, 1, 1, 9, 2, 2, 2, 3, 2, 1, 6, 1, 5, 7, 2, 7, 3, 5, 11, 10, 1, 1, 2, 1,
    1, 38, 1, 10, 1, 1, 2, 1, 1, 4, 1, 10, 1, 2, 8, 2, 29, 92, 1, 5, 30, 72, 8, 10,
    166, 1, 54, 2, 38, 34, 69, 11, 10, 6, 13, 19, 58, 6, 10, 6, 20, 28, 27, 2, 15, 4, 23, 185,
    1, 60, 100, 83, 12, 8, 2, 1, 2, 8, 1, 2, 1, 30, 1, 2, 2, 12, 9, 10, 70, 8, 2, 46,
    2, 11, 27, 72, 8, 83, 13, 73, 7, 11, 85, 8, 88, 34, 14, 10, 6, 9, 1, 45, 1, 14, 10, 29,
    3, 32, 2, 22, 1, 14, 73, 7, 1, 2, 1, 44, 3, 1, 1, 2, 1, 9, 8, 10, 6, 6, 1, 2,
    1, 37, 1, 2, 1, 6, 7, 10, 6, 44, 4, 10, 6, 2, 238, 1, 25, 7, 17, 1, 41, 3, 29, 85,
    1, 15, 50, 13, 1, 154, 7, 102, 196, 2, 12, 183, 2, 137, 18, 99, 13, 176, 8, 16, 22, 10, 155, 31,
    5, 199, 4, 185, 53, 58, 198, 13, 185, 4, 7, 31, 1, 10, 4, 81, 1, 10, 6, 30, 2, 6, 10, 70,
    10, 10, 1, 7, 1, 21, 5, 19, 176, 3, 58, 198, 1, 91, 5, 25, 2, 25, 44, 75, 4, 57, 7, 17,
    64, 2, 2, 1, 11, 7, 9, 219, 57, 36, 34, 95, 115, 13, 146, 7, 14, 51, 157, 60, 4, 1, 7, 1,
    2, 1, 1, 159, 2, 3, 1, 5, 9, 1, 29, 3, 2, 1, 14, 5, 7, 140, 3, 132, 18, 107, 5, 13,
    3, 9, 7, 10, 2, 4, 4, 220, 30, 253, 1, 3, 180, 3, 6, 23, 1, 3, 8, 33, 2, 46, 2, 23,
    9, 116, 60, 246, 1, 10, 39, 2, 62, 3, 9, 8, 8, 2, 7, 30, 4, 82, 70, 10, 11, 2, 37, 62,
    20, 12, 20, 12, 87, 9, 25, 135, 1, 85, 1, 71, 1, 2, 2, 1, 2, 2, 2, 4, 1, 12, 1, 1,
    1, 7, 1, 65, 1, 4, 2, 8, 1, 7, 1, 28, 1, 4, 1, 5, 1, 1, 3, 7, 1, 213, 2, 1,
    164, 2, 2, 50, 140, 5, 15, 5, 1, 15, 80, 29, 227, 7, 130, 1, 14, 7, 54, 38, 2, 11, 7, 1,
    17, 2, 7, 1, 2, 1, 5, 5, 62, 33, 1, 112, 45, 3, 14, 2, 10, 4, 2, 192, 2, 31, 17, 58,
    5, 1, 208, 3, 42, 214, 1, 43, 4, 1, 192, 1, 31, 1, 22, 8, 2, 224, 1, 7, 1, 4, 1, 2,
    1, 15, 1, 197, 1, 2, 16, 41, 76, 4, 10, 4, 2, 145, 6, 68, 76, 61, 194, 1, 4, 1, 27, 1,
    2, 1, 1, 2, 1, 1, 10, 1, 4, 1, 1, 1, 1, 6, 1, 4, 1, 1, 1, 1, 1, 1, 3, 1,
    2, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 2, 4, 1, 7, 1, 4, 1,
    4, 1, 1, 1, 10, 1, 17, 5, 3, 1, 5, 1, 17, 52, 2, 142, 2, 44, 4, 100, 12, 15, 2, 15,
    1, 15, 1, 37, 10, 175, 1, 55, 26, 1, 2, 13, 44, 4, 9, 7, 2, 14, 6, 154, 1, 143, 4, 2,
    1, 2, 198, 3, 2, 17, 3, 13, 3, 220, 1, 4, 12, 4, 28, 4, 56, 8, 10, 6, 40, 8, 30, 2,
    12, 4, 2, 14, 9, 39, 216, 2, 8, 14, 2, 13, 3, 71, 1, 1, 3, 18, 1, 13, 3, 12, 5, 147,
    1, 1, 103, 133, 8, 224, 205, 2, 32, 159, 34, 1, 142, 45, 2, 177, 58, 15, 238, 4, 162, 19, 158, 4,
    226, 11, 203, 38, 5, 170, 66, 134, 183, 2, 192, 88, 192, 135, 40, 1, 1, 30, 96, 128, 1, 240, 1, 144,
    28,
];

#[cfg(test)]
mod tests {
    use icu_properties::props::{
        DefaultIgnorableCodePoint, PrependedConcatenationMark, Script as IcuScript, WhiteSpace,
    };
    use icu_properties::{CodePointMapData, CodePointSetData};

    use super::*;

    /// The scripts of UTS #31's Table 4 (Recommended Scripts), by their bit number.
    const RECOMMENDED: [IcuScript; 29] = [
        IcuScript::Latin,
        IcuScript::Han,
        IcuScript::Hiragana,
        IcuScript::Katakana,
        IcuScript::Bopomofo,
        IcuScript::Hangul,
        IcuScript::Cyrillic,
        IcuScript::Greek,
        IcuScript::Arabic,
        IcuScript::Armenian,
        IcuScript::Bengali,
        IcuScript::Devanagari,
        IcuScript::Ethiopic,
        IcuScript::Georgian,
        IcuScript::Gujarati,
        IcuScript::Gurmukhi,
        IcuScript::Hebrew,
        IcuScript::Kannada,
        IcuScript::Khmer,
        IcuScript::Lao,
        IcuScript::Malayalam,
        IcuScript::Myanmar,
        IcuScript::Oriya,
        IcuScript::Sinhala,
        IcuScript::Tamil,
        IcuScript::Telugu,
        IcuScript::Thaana,
        IcuScript::Thai,
        IcuScript::Tibetan,
    ];

    /// Characters kept percent-encoded whatever their properties say: the C1 controls; the format
    /// characters that are neither default-ignorable nor prepended concatenation marks (interlinear
    /// annotation controls, Egyptian hieroglyph format controls); and visible characters that
    /// mislead: look-alikes of the URL's delimiters (`/`, `\`, `?`, `#`, `@`, `:`, `%`), which could
    /// fake a URL's structure, the lock emoji, which could fake a browser's security indicator (the
    /// standard's example), the blank U+2800 BRAILLE PATTERN BLANK, and U+FFFD, which would hide
    /// which bytes were there.
    const NEVER_DECODED: [(char, char); 34] = [
        ('\u{80}', '\u{9F}'),       // C1 controls
        ('\u{FFF9}', '\u{FFFB}'),   // INTERLINEAR ANNOTATION ANCHOR to TERMINATOR
        ('\u{13430}', '\u{1343F}'), // EGYPTIAN HIEROGLYPH VERTICAL JOINER to END WALLED ENCLOSURE
        ('\u{2044}', '\u{2044}'),   // FRACTION SLASH
        ('\u{2215}', '\u{2215}'),   // DIVISION SLASH
        ('\u{2216}', '\u{2216}'),   // SET MINUS
        ('\u{2571}', '\u{2571}'),   // BOX DRAWINGS LIGHT DIAGONAL UPPER RIGHT TO LOWER LEFT
        ('\u{2572}', '\u{2572}'),   // BOX DRAWINGS LIGHT DIAGONAL UPPER LEFT TO LOWER RIGHT
        ('\u{27CB}', '\u{27CB}'),   // MATHEMATICAL RISING DIAGONAL
        ('\u{27CD}', '\u{27CD}'),   // MATHEMATICAL FALLING DIAGONAL
        ('\u{29F5}', '\u{29F5}'),   // REVERSE SOLIDUS OPERATOR
        ('\u{29F8}', '\u{29F8}'),   // BIG SOLIDUS
        ('\u{29F9}', '\u{29F9}'),   // BIG REVERSE SOLIDUS
        ('\u{FE68}', '\u{FE68}'),   // SMALL REVERSE SOLIDUS
        ('\u{FF0F}', '\u{FF0F}'),   // FULLWIDTH SOLIDUS
        ('\u{FF3C}', '\u{FF3C}'),   // FULLWIDTH REVERSE SOLIDUS
        ('\u{FE56}', '\u{FE56}'),   // SMALL QUESTION MARK
        ('\u{FF1F}', '\u{FF1F}'),   // FULLWIDTH QUESTION MARK
        ('\u{FE5F}', '\u{FE5F}'),   // SMALL NUMBER SIGN
        ('\u{FF03}', '\u{FF03}'),   // FULLWIDTH NUMBER SIGN
        ('\u{FE6B}', '\u{FE6B}'),   // SMALL COMMERCIAL AT
        ('\u{FF20}', '\u{FF20}'),   // FULLWIDTH COMMERCIAL AT
        ('\u{0589}', '\u{0589}'),   // ARMENIAN FULL STOP (a colon's shape)
        ('\u{2236}', '\u{2236}'),   // RATIO
        ('\u{FE55}', '\u{FE55}'),   // SMALL COLON
        ('\u{FF1A}', '\u{FF1A}'),   // FULLWIDTH COLON
        ('\u{FE6A}', '\u{FE6A}'),   // SMALL PERCENT SIGN
        ('\u{FF05}', '\u{FF05}'),   // FULLWIDTH PERCENT SIGN
        ('\u{1F50F}', '\u{1F50F}'), // LOCK WITH INK PEN
        ('\u{1F510}', '\u{1F510}'), // CLOSED LOCK WITH KEY
        ('\u{1F512}', '\u{1F512}'), // LOCK
        ('\u{1F513}', '\u{1F513}'), // OPEN LOCK
        ('\u{2800}', '\u{2800}'),   // BRAILLE PATTERN BLANK
        ('\u{FFFD}', '\u{FFFD}'),   // REPLACEMENT CHARACTER
    ];

    /// The class of `code_point` by ICU4X's data and [`NEVER_DECODED`].
    fn icu4x_class(code_point: u32) -> u8 {
        let script = match CodePointMapData::<IcuScript>::new().get32(code_point) {
            IcuScript::Common => COMMON,
            IcuScript::Inherited => INHERITED,
            IcuScript::Unknown => UNKNOWN,
            script => RECOMMENDED.iter().position(|&s| s == script).map_or(EXCLUDED, |b| b as u8),
        };
        let never_decoded = NEVER_DECODED
            .iter()
            .any(|&(first, last)| (u32::from(first)..=u32::from(last)).contains(&code_point));
        let hidden = CodePointSetData::new::<WhiteSpace>().contains32(code_point)
            || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains32(code_point)
            || CodePointSetData::new::<PrependedConcatenationMark>().contains32(code_point)
            || never_decoded;
        script | if hidden { HIDDEN } else { 0 }
    }

    /// [`CLASSES`] and [`STARTS`] as ICU4X's data makes them.
    fn tables() -> (Vec<u8>, Vec<u8>) {
        let (mut classes, mut starts) = (Vec::new(), Vec::new());
        let mut previous_start = 0;
        for code_point in 0..=u32::from(char::MAX) {
            let class = icu4x_class(code_point);
            if classes.last() == Some(&class) {
                continue;
            }
            let mut delta = code_point - previous_start;
            while delta >= 0x80 {
                starts.push(delta as u8 | 0x80);
                delta >>= 7;
            }
            starts.push(delta as u8);
            classes.push(class);
            previous_start = code_point;
        }
        (classes, starts)
    }

    /// `table` as Rust source.
    fn rust(name: &str, table: &[u8]) -> String {
        let lines: Vec<String> = table
            .chunks(24)
            .map(|chunk| chunk.iter().map(|b| format!("{b},")).collect::<Vec<_>>().join(" "))
            .collect();
        format!("const {name}: [u8; {}] = [\n    {}\n];", table.len(), lines.join("\n    "))
    }

    #[test]
    fn tables_are_icu4x_data() {
        let (classes, starts) = tables();
        if CLASSES[..] != classes[..] || STARTS[..] != starts[..] {
            let (classes, starts) = (rust("CLASSES", &classes), rust("STARTS", &starts));
            panic!("the tables are not ICU4X's data; they are now:\n{classes}\n{starts}");
        }
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            assert_eq!(class(c), icu4x_class(u32::from(c)), "U+{:04X}", u32::from(c));
        }
    }

    #[test]
    fn properties() {
        assert_eq!(script('a'), Script::Recommended(1));
        assert_eq!(script('ж'), Script::Recommended(1 << 6));
        assert_eq!(script('ᚠ'), Script::Excluded, "Runic");
        assert_eq!((script('\u{301}'), hidden('\u{301}')), (Script::Inherited, false));
        assert_eq!((script('\u{200D}'), hidden('\u{200D}')), (Script::Inherited, true));
        assert_eq!((script('\u{3000}'), hidden('\u{3000}')), (Script::Common, true));
        assert_eq!((script('\u{2215}'), hidden('\u{2215}')), (Script::Common, true), "∕");
        assert_eq!((script('\u{2214}'), hidden('\u{2214}')), (Script::Common, false), "∔");
        assert_eq!(script('\u{E000}'), Script::Unknown);
    }
}
