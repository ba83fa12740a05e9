//! The layout of the generated tables, shared by the generator (build.rs) and the lookups
//! (src/tables.rs).

/// Each table is a sorted list of ranges of code points (a `Ranges`, src/tables.rs, with
/// `BLOCK` ranges a block) and what each holds in arrays beside it: `MAPPING_KINDS` and
/// `MAPPING_DATA`, `PROPERTIES_VALUES`, `NFC_CLASS_VALUES`.
pub const BLOCK: usize = 8;

/// The kinds of mapping ranges (`MAPPING_KINDS`).
/// Valid code points of one NFC class (`MAPPING_DATA`), which saves its lookup.
pub const VALID: u8 = 0;
pub const IGNORED: u8 = 1;
pub const DISALLOWED: u8 = 2;
/// Each code point maps to the one at a fixed distance (`MAPPING_DATA`).
pub const SHIFTED: u8 = 3;
/// Upper and lower case alternating: the first, third, … code point maps to the one at a fixed
/// distance (`MAPPING_DATA`), the others are valid.
pub const ALTERNATING: u8 = 4;
/// Each code point maps to a string, in slots of one length one after the other in
/// `MAPPING_STRINGS`, padded with NUL (`MAPPING_DATA`: offset << SLOT_BITS | slot length). A
/// valid code point there is its own string, a disallowed one U+FFFD.
pub const STRINGS: u8 = 5;
pub const SLOT_BITS: u32 = 6;

/// In a `PROPERTIES_VALUES` value: the Bidi_Class, as the classes the Bidi Rule (RFC 5893) tells apart.
pub const BIDI_BITS: u8 = 0b111;
pub const BIDI_OTHER: u8 = 0;
pub const BIDI_LEFT_TO_RIGHT: u8 = 1;
/// Right_To_Left and Arabic_Letter, which the rule always takes together.
pub const BIDI_RIGHT_TO_LEFT: u8 = 2;
pub const BIDI_ARABIC_NUMBER: u8 = 3;
pub const BIDI_EUROPEAN_NUMBER: u8 = 4;
pub const BIDI_NONSPACING_MARK: u8 = 5;
/// European_Separator, Common_Separator, European_Terminator, Other_Neutral, Boundary_Neutral:
/// allowed in the middle of a label of either direction, nowhere else.
pub const BIDI_NEUTRAL: u8 = 6;

/// In a `PROPERTIES_VALUES` value: the Joining_Type (Join_Causing is Non_Joining for ContextJ).
pub const JOINING_SHIFT: u32 = 3;
pub const JOINING_BITS: u8 = 0b111;
pub const JOINING_NON_JOINING: u8 = 0;
pub const JOINING_LEFT: u8 = 1;
pub const JOINING_RIGHT: u8 = 2;
pub const JOINING_DUAL: u8 = 3;
pub const JOINING_TRANSPARENT: u8 = 4;

/// In a `PROPERTIES_VALUES` value: General_Category is Mark (Mn, Mc or Me).
pub const MARK: u8 = 1 << 6;

/// In `NFC_CLASS_VALUES`: the Canonical_Combining_Class, but for a starter (class 0) that NFC
/// may change, DECOMPOSES (it has a canonical decomposition), DECOMPOSES_TO_COMPOSING (one that
/// begins with a COMPOSING_STARTER) or COMPOSING_STARTER (it is the second part of a
/// composition, as some vowel signs and the Hangul vowels are). One lookup tells what NFC does
/// with most characters: nothing.
pub const DECOMPOSES: u8 = 255;
pub const COMPOSING_STARTER: u8 = 254;
pub const DECOMPOSES_TO_COMPOSING: u8 = 253;

// Canonical decompositions: the characters in `DECOMPOSED` (a `Ranges` of one code point
// each), the first part's low 16 bits in `DECOMPOSITION_FIRSTS` (it is in the same plane), the
// second part (U+0000 for a singleton) in `SECONDS` at `DECOMPOSITION_SECONDS`. `COMPOSITIONS`:
// the indexes of those that compose back, sorted by their parts.
