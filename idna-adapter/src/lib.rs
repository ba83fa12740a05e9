//! weburl's Unicode back end for the [`idna`](https://docs.rs/idna) crate, in place of the
//! crates.io `idna_adapter` (through `[patch.crates-io]` in weburl's Cargo.toml), with the API
//! `idna` uses. The data is ICU4X's, the same as the crates.io back end's (build.rs generates
//! the tables from it at build time), stored as sorted lists of ranges: in a WebAssembly module
//! 21.6 KB gzip where ICU4X's tries take 38.6 KB, for a short search per lookup instead of a trie
//! lookup. `tests/icu4x.rs` checks every code point against ICU4X.
//!
//! Properties and NFC classes are exact for what mapping and NFC can output, which is all `idna`
//! asks about (build.rs explains).

#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

use alloc::vec::Vec;

// BIDI_OTHER, JOINING_NON_JOINING and DISALLOWED are the generator's (the fallbacks here).
#[allow(dead_code)]
mod layout;
mod nfc;
mod tables;

use layout::*;
use tables::{properties, Mapping};

/// The tables as one span of memory: its first table (where it starts) and its length in bytes
/// (build.rs). A wasm whose data leaves them out (weburl's inline modules) has them written there
/// before a lookup first needs them.
pub fn tables_span() -> (&'static [u32], usize) {
    tables::span()
}

/// A mask representing potentially multiple `BidiClass` values.
#[derive(Clone, Copy)]
pub struct BidiClassMask(u32);

impl BidiClassMask {
    /// `true` iff both masks have a `BidiClass` in common.
    #[inline(always)]
    pub fn intersects(self, other: BidiClassMask) -> bool {
        self.0 & other.0 != 0
    }
}

const fn bidi_mask(classes: &[u8]) -> BidiClassMask {
    let mut mask = 0;
    let mut i = 0;
    while i < classes.len() {
        mask |= 1 << classes[i];
        i += 1;
    }
    BidiClassMask(mask)
}

/// Mask for checking if the domain is a bidi domain.
pub const RTL_MASK: BidiClassMask = bidi_mask(&[BIDI_RIGHT_TO_LEFT, BIDI_ARABIC_NUMBER]);
/// Mask for allowable bidi classes in the first character of a label (either LTR or RTL) in a
/// bidi domain.
pub const FIRST_BC_MASK: BidiClassMask = bidi_mask(&[BIDI_LEFT_TO_RIGHT, BIDI_RIGHT_TO_LEFT]);
/// Mask for allowable bidi classes of the last (non-Non-Spacing Mark) character in an LTR label
/// in a bidi domain.
pub const LAST_LTR_MASK: BidiClassMask = bidi_mask(&[BIDI_LEFT_TO_RIGHT, BIDI_EUROPEAN_NUMBER]);
/// Mask for allowable bidi classes of the last (non-Non-Spacing Mark) character in an RTL label
/// in a bidi domain.
pub const LAST_RTL_MASK: BidiClassMask =
    bidi_mask(&[BIDI_RIGHT_TO_LEFT, BIDI_EUROPEAN_NUMBER, BIDI_ARABIC_NUMBER]);
/// Mask for allowable bidi classes of the middle characters in an LTR label in a bidi domain.
pub const MIDDLE_LTR_MASK: BidiClassMask =
    bidi_mask(&[BIDI_LEFT_TO_RIGHT, BIDI_EUROPEAN_NUMBER, BIDI_NEUTRAL, BIDI_NONSPACING_MARK]);
/// Mask for allowable bidi classes of the middle characters in an RTL label in a bidi domain.
pub const MIDDLE_RTL_MASK: BidiClassMask = bidi_mask(&[
    BIDI_RIGHT_TO_LEFT,
    BIDI_ARABIC_NUMBER,
    BIDI_EUROPEAN_NUMBER,
    BIDI_NEUTRAL,
    BIDI_NONSPACING_MARK,
]);

/// Value for the Bidi_Class Unicode property, as far as the Bidi Rule tells classes apart.
#[derive(Clone, Copy)]
pub struct BidiClass(u8);

impl BidiClass {
    /// Returns the corresponding `BidiClassMask`.
    #[inline(always)]
    pub fn to_mask(self) -> BidiClassMask {
        BidiClassMask(1 << self.0)
    }

    /// `true` iff this value is Left_To_Right.
    #[inline(always)]
    pub fn is_ltr(self) -> bool {
        self.0 == BIDI_LEFT_TO_RIGHT
    }

    /// `true` iff this value is Nonspacing_Mark.
    #[inline(always)]
    pub fn is_nonspacing_mark(self) -> bool {
        self.0 == BIDI_NONSPACING_MARK
    }

    /// `true` iff this value is European_Number.
    #[inline(always)]
    pub fn is_european_number(self) -> bool {
        self.0 == BIDI_EUROPEAN_NUMBER
    }

    /// `true` iff this value is Arabic_Number.
    #[inline(always)]
    pub fn is_arabic_number(self) -> bool {
        self.0 == BIDI_ARABIC_NUMBER
    }
}

/// A mask representing potentially multiple `JoiningType` values.
#[derive(Clone, Copy)]
pub struct JoiningTypeMask(u32);

impl JoiningTypeMask {
    /// `true` iff both masks have a `JoiningType` in common.
    #[inline(always)]
    pub fn intersects(self, other: JoiningTypeMask) -> bool {
        self.0 & other.0 != 0
    }
}

/// Mask for checking for both left and dual joining.
pub const LEFT_OR_DUAL_JOINING_MASK: JoiningTypeMask =
    JoiningTypeMask(1 << JOINING_LEFT | 1 << JOINING_DUAL);
/// Mask for checking for both right and dual joining.
pub const RIGHT_OR_DUAL_JOINING_MASK: JoiningTypeMask =
    JoiningTypeMask(1 << JOINING_RIGHT | 1 << JOINING_DUAL);

/// Value for the Joining_Type Unicode property, as far as ContextJ tells types apart.
#[derive(Clone, Copy)]
pub struct JoiningType(u8);

impl JoiningType {
    /// Returns the corresponding `JoiningTypeMask`.
    #[inline(always)]
    pub fn to_mask(self) -> JoiningTypeMask {
        JoiningTypeMask(1 << self.0)
    }

    /// `true` iff this value is the Transparent value.
    #[inline(always)]
    pub fn is_transparent(self) -> bool {
        self.0 == JOINING_TRANSPARENT
    }
}

/// An adapter between a Unicode back end an the `idna` crate.
#[derive(Default)]
pub struct Adapter;

impl Adapter {
    /// The tables are compiled in: nothing to load.
    #[inline(always)]
    pub const fn new() -> Self {
        Adapter
    }

    /// `true` iff the Canonical_Combining_Class of `c` is Virama.
    #[inline(always)]
    pub fn is_virama(&self, c: char) -> bool {
        tables::nfc_class(c) == 9
    }

    /// `true` iff the General_Category of `c` is Mark, i.e. any of Nonspacing_Mark,
    /// Spacing_Mark, or Enclosing_Mark.
    #[inline(always)]
    pub fn is_mark(&self, c: char) -> bool {
        // No mark comes before U+0300: a label that begins with ASCII (as most do) needs no lookup.
        c >= '\u{300}' && properties(c) & MARK != 0
    }

    /// Returns the Bidi_Class of `c`.
    #[inline(always)]
    pub fn bidi_class(&self, c: char) -> BidiClass {
        BidiClass(properties(c) & BIDI_BITS)
    }

    /// Returns the Joining_Type of `c`.
    #[inline(always)]
    pub fn joining_type(&self, c: char) -> JoiningType {
        JoiningType(properties(c) >> JOINING_SHIFT & JOINING_BITS)
    }

    /// The "Map" and "Normalize" steps of UTS #46 Processing: ignored characters dropped,
    /// mapped ones mapped, disallowed ones replaced with U+FFFD, deviation characters valid, and
    /// the result in NFC (as ICU4X's `Uts46Mapper::map_normalize`).
    pub fn map_normalize<'delegate, I: Iterator<Item = char> + 'delegate>(
        &'delegate self,
        iter: I,
    ) -> impl Iterator<Item = char> + 'delegate {
        map_and_compose(iter, None)
    }

    /// The NFC check and status steps of the UTS #46 Validity Criteria: as `map_normalize`, but
    /// ignored characters are disallowed (U+FFFD); `idna` compares the output with the input
    /// (as ICU4X's `Uts46Mapper::normalize_validate`).
    pub fn normalize_validate<'delegate, I: Iterator<Item = char> + 'delegate>(
        &'delegate self,
        iter: I,
    ) -> impl Iterator<Item = char> + 'delegate {
        map_and_compose(iter, Some('\u{FFFD}'))
    }
}

/// NFC of the UTS #46 mapping of `iter`, with `ignored` for each ignored character.
fn map_and_compose(
    iter: impl Iterator<Item = char>,
    ignored: Option<char>,
) -> impl Iterator<Item = char> {
    // Room for as many characters as `iter` may give (a byte each for `str::Chars`), rather than
    // regrowing the Vec push by push: most mappings give a character for a character.
    let (fewest, most) = iter.size_hint();
    let mut mapped = Vec::with_capacity(most.unwrap_or(fewest));
    let mut push = |c: char, class: Option<u8>| {
        mapped.push((class.unwrap_or_else(|| tables::nfc_class(c)), c))
    };
    let mut range = tables::Range::default();
    for c in iter {
        match tables::mapping(c, &mut range) {
            Mapping::Valid(class) => push(c, class),
            Mapping::Ignored => ignored.into_iter().for_each(|c| push(c, None)),
            Mapping::Disallowed => push('\u{FFFD}', None),
            Mapping::Char(c) => push(c, None),
            Mapping::String(s) => s.chars().for_each(|c| push(c, None)),
        }
    }
    nfc::normalize(mapped).into_iter().map(|(_, c)| c)
}
