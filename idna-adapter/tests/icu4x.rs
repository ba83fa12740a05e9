//! This back end against ICU4X (the crates.io `idna_adapter`, reimplemented here from ICU4X the
//! same way): the mapping and NFC of every code point and of generated combining sequences, and
//! the properties `idna` asks about for every character they can output.

use std::collections::BTreeSet;
use std::iter::once;

use icu_normalizer::properties::{
    CanonicalCombiningClassMapBorrowed, CanonicalDecompositionBorrowed, Decomposed,
};
use icu_normalizer::uts46::Uts46MapperBorrowed;
use icu_properties::props::{BidiClass, GeneralCategory, JoiningType};
use icu_properties::CodePointMapData;
use idna_adapter::*;

const ICU4X: Uts46MapperBorrowed<'static> = Uts46MapperBorrowed::new();
const OURS: Adapter = Adapter::new();

fn all_chars() -> impl Iterator<Item = char> {
    (0..=0x10FFFF).filter_map(char::from_u32)
}

/// Both mappings of `text` agree; returns ICU4X's outputs.
fn check_mapping(text: &[char], output: &mut BTreeSet<char>) {
    let icu4x: Vec<char> = ICU4X.map_normalize(text.iter().copied()).collect();
    let ours: Vec<char> = OURS.map_normalize(text.iter().copied()).collect();
    assert_eq!(ours, icu4x, "map_normalize({text:?})");
    let icu4x_validated: Vec<char> = ICU4X.normalize_validate(text.iter().copied()).collect();
    let ours_validated: Vec<char> = OURS.normalize_validate(text.iter().copied()).collect();
    assert_eq!(ours_validated, icu4x_validated, "normalize_validate({text:?})");
    output.extend(icu4x.into_iter().chain(icu4x_validated));
}

/// Characters to combine: every one with a combining class or a canonical decomposition, the
/// parts of those, and the ones whose mapping has any of these.
fn combining_material() -> Vec<char> {
    let ccc = CanonicalCombiningClassMapBorrowed::new();
    let decomposition = CanonicalDecompositionBorrowed::new();
    let mut material = BTreeSet::new();
    for c in all_chars() {
        match decomposition.decompose(c) {
            Decomposed::Default if ccc.get_u8(c) == 0 => continue,
            Decomposed::Default => {}
            Decomposed::Singleton(a) => {
                material.insert(a);
            }
            Decomposed::Expansion(a, b) => material.extend([a, b]),
        }
        material.insert(c);
    }
    for c in all_chars() {
        if ICU4X.map_normalize(once(c)).any(|m| material.contains(&m)) {
            material.insert(c);
        }
    }
    // Hangul: jamo, syllables with and without a trailing consonant, and ASCII, an ignored
    // character (soft hyphen), a disallowed one.
    material.extend([
        '\u{1100}', '\u{1161}', '\u{11A8}', '\u{11C2}', '\u{AC00}', '\u{AC01}', '\u{D7A3}',
    ]);
    material.extend(['a', 'E', '.', '\u{AD}', '\u{378}']);
    material.into_iter().collect()
}

#[test]
fn mapping_of_every_code_point() {
    let mut output = BTreeSet::new();
    for c in all_chars() {
        check_mapping(&[c], &mut output);
    }
    check_properties(&output);
}

#[test]
fn mapping_of_combining_sequences() {
    let material = combining_material();
    assert!(material.len() > 4000, "{} characters to combine", material.len());
    let mut output = BTreeSet::new();
    // Each character with every second part of a canonical decomposition, and sequences of 3 to 6 from a fixed pseudo-random sequence (xorshift).
    let decomposition = CanonicalDecompositionBorrowed::new();
    let seconds: BTreeSet<char> = all_chars()
        .filter_map(|c| match decomposition.decompose(c) {
            Decomposed::Expansion(_, b) => Some(b),
            _ => None,
        })
        .collect();
    for &a in &material {
        for &b in &seconds {
            check_mapping(&[a, b], &mut output);
        }
    }
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..1_000_000 {
        let len = 3 + next() as usize % 4;
        let text: Vec<char> =
            (0..len).map(|_| material[next() as usize % material.len()]).collect();
        check_mapping(&text, &mut output);
    }
    check_properties(&output);
}

/// The properties of every character in `output` agree.
fn check_properties(output: &BTreeSet<char>) {
    use BidiClass as B;
    let bidi = CodePointMapData::<BidiClass>::new();
    let joining = CodePointMapData::<JoiningType>::new();
    let gc = CodePointMapData::<GeneralCategory>::new();
    // The masks of the ICU4X `idna_adapter`, as lists of ICU4X's values.
    let neutral = [
        B::EuropeanSeparator,
        B::CommonSeparator,
        B::EuropeanTerminator,
        B::OtherNeutral,
        B::BoundaryNeutral,
        B::NonspacingMark,
    ];
    let rtl = [B::RightToLeft, B::ArabicLetter];
    let masks: [(BidiClassMask, Vec<BidiClass>); 6] = [
        (RTL_MASK, [&rtl[..], &[B::ArabicNumber]].concat()),
        (FIRST_BC_MASK, [&rtl[..], &[B::LeftToRight]].concat()),
        (LAST_LTR_MASK, vec![B::LeftToRight, B::EuropeanNumber]),
        (LAST_RTL_MASK, [&rtl[..], &[B::EuropeanNumber, B::ArabicNumber]].concat()),
        (MIDDLE_LTR_MASK, [&neutral[..], &[B::LeftToRight, B::EuropeanNumber]].concat()),
        (MIDDLE_RTL_MASK, [&neutral[..], &rtl, &[B::ArabicNumber, B::EuropeanNumber]].concat()),
    ];
    for &c in output {
        assert_eq!(OURS.is_virama(c), ICU4X.is_virama(c), "is_virama({c:?})");
        let mark = matches!(
            gc.get(c),
            GeneralCategory::NonspacingMark
                | GeneralCategory::SpacingMark
                | GeneralCategory::EnclosingMark
        );
        assert_eq!(OURS.is_mark(c), mark, "is_mark({c:?})");

        let (ours, icu4x) = (OURS.bidi_class(c), bidi.get(c));
        for (i, (mask, classes)) in masks.iter().enumerate() {
            assert_eq!(
                mask.intersects(ours.to_mask()),
                classes.contains(&icu4x),
                "bidi mask {i} of {c:?} ({icu4x:?})"
            );
        }
        assert_eq!(ours.is_ltr(), icu4x == B::LeftToRight, "is_ltr({c:?})");
        assert_eq!(
            ours.is_nonspacing_mark(),
            icu4x == B::NonspacingMark,
            "is_nonspacing_mark({c:?})"
        );
        assert_eq!(
            ours.is_european_number(),
            icu4x == B::EuropeanNumber,
            "is_european_number({c:?})"
        );
        assert_eq!(ours.is_arabic_number(), icu4x == B::ArabicNumber, "is_arabic_number({c:?})");

        let (ours, icu4x) = (OURS.joining_type(c), joining.get(c));
        let left = matches!(icu4x, JoiningType::LeftJoining | JoiningType::DualJoining);
        let right = matches!(icu4x, JoiningType::RightJoining | JoiningType::DualJoining);
        assert_eq!(
            LEFT_OR_DUAL_JOINING_MASK.intersects(ours.to_mask()),
            left,
            "left joining {c:?}"
        );
        assert_eq!(
            RIGHT_OR_DUAL_JOINING_MASK.intersects(ours.to_mask()),
            right,
            "right joining {c:?}"
        );
        assert_eq!(ours.is_transparent(), icu4x == JoiningType::Transparent, "transparent {c:?}");
    }
}
