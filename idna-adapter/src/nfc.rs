//! Normalization Form C of what UTS #46 mapping outputs: canonical decomposition, canonical
//! ordering, canonical composition (UAX #15), with Hangul syllables by arithmetic.

use alloc::vec::Vec;

use crate::layout::{COMPOSING_STARTER, DECOMPOSES, DECOMPOSES_TO_COMPOSING};
use crate::tables::{composition, decomposition, nfc_class};

/// A character with its NFC class (src/layout.rs; once decomposed, never DECOMPOSES).
type Classified = (u8, char);

/// The Canonical_Combining_Class of an NFC class.
fn combining_class(class: u8) -> u8 {
    if class == COMPOSING_STARTER {
        0
    } else {
        class
    }
}

/// NFC of `text`, characters that are each in NFC (as UTS #46 mapping outputs them).
pub fn normalize(text: Vec<Classified>) -> Vec<Classified> {
    // Without a mark or a starter that composes with the one before (even decomposed), nothing
    // composes or moves: `text` is in NFC.
    if text.iter().all(|&(class, _)| class == 0 || class == DECOMPOSES) {
        return text;
    }
    let mut decomposed = Vec::with_capacity(text.len());
    for (class, c) in text {
        decompose_classified(c, class, &mut decomposed);
    }
    compose(&mut decomposed);
    decomposed
}

/// Appends the canonical decomposition of `c` to `out`.
fn decompose(c: char, out: &mut Vec<Classified>) {
    decompose_classified(c, nfc_class(c), out);
}

/// `decompose`, for a character whose NFC class is known.
fn decompose_classified(c: char, class: u8, out: &mut Vec<Classified>) {
    if class != DECOMPOSES && class != DECOMPOSES_TO_COMPOSING {
        out.push((class, c));
    } else if let Some(jamos) = hangul::decompose(c) {
        jamos.into_iter().flatten().for_each(|jamo| decompose(jamo, out));
    } else if let Some((first, second)) = decomposition(c) {
        decompose(first, out);
        if let Some(second) = second {
            decompose(second, out);
        }
    } else {
        out.push((0, c));
    }
}

/// Puts decomposed text (from `decompose`) in canonical order and composes it: NFC.
fn compose(text: &mut Vec<Classified>) {
    // Canonical ordering: each run of non-starters sorted by combining class, stably.
    let mut scratch = Vec::new();
    for marks in text.split_mut(|&(class, _)| combining_class(class) == 0) {
        sort_by_class(marks, &mut scratch);
    }
    // Canonical composition, in place: `kept` characters stay, the last starter at `starter`. A
    // mark or composing starter composes with the starter unless blocked: a character kept
    // since the starter (the last one, as they are in order) is a starter or has a combining
    // class at least its own.
    let mut starter: Option<usize> = None;
    let mut kept = 0;
    for i in 0..text.len() {
        let (class, c) = text[i];
        let ccc = combining_class(class);
        if let (Some(s), true) = (starter, class != 0) {
            let last = combining_class(text[kept - 1].0);
            if kept - 1 == s || (last != 0 && last < ccc) {
                if let Some(composite) = compose_pair(text[s].1, c) {
                    text[s].1 = composite;
                    continue;
                }
            }
        }
        if ccc == 0 {
            starter = Some(kept);
        }
        text[kept] = (class, c);
        kept += 1;
    }
    text.truncate(kept);
}

/// A stable sort by class: a bottom-up merge sort through `scratch`. Runs of marks are mostly one
/// or two long, but hostile text may hold long ones, so it must stay O(n log n); the standard
/// library's stable sort does too, but costs 3 KB of wasm for this one type.
fn sort_by_class(marks: &mut [Classified], scratch: &mut Vec<Classified>) {
    let mut width = 1;
    while width < marks.len() {
        scratch.clear();
        for run in marks.chunks(2 * width) {
            let (mut left, mut right) = run.split_at(width.min(run.len()));
            while let (Some(&l), Some(&r)) = (left.first(), right.first()) {
                // Equal classes keep their order: the left one first.
                if r.0 < l.0 {
                    scratch.push(r);
                    right = &right[1..];
                } else {
                    scratch.push(l);
                    left = &left[1..];
                }
            }
            scratch.extend_from_slice(left);
            scratch.extend_from_slice(right);
        }
        marks.copy_from_slice(scratch);
        width *= 2;
    }
}

fn compose_pair(first: char, second: char) -> Option<char> {
    hangul::compose(first, second).or_else(|| composition(first, second))
}

/// Hangul syllables and their conjoining jamo (The Unicode Standard, 3.12).
mod hangul {
    const S_BASE: u32 = 0xAC00;
    const L_BASE: u32 = 0x1100;
    const V_BASE: u32 = 0x1161;
    const T_BASE: u32 = 0x11A7;
    const L_COUNT: u32 = 19;
    const V_COUNT: u32 = 21;
    const T_COUNT: u32 = 28;
    const N_COUNT: u32 = V_COUNT * T_COUNT;
    const S_COUNT: u32 = L_COUNT * N_COUNT;

    /// The leading consonant, vowel and trailing consonant (if any) of a syllable.
    pub fn decompose(c: char) -> Option<[Option<char>; 3]> {
        let s = (c as u32).checked_sub(S_BASE).filter(|&s| s < S_COUNT)?;
        let t = s % T_COUNT;
        Some([
            char::from_u32(L_BASE + s / N_COUNT),
            char::from_u32(V_BASE + s % N_COUNT / T_COUNT),
            (t != 0).then(|| char::from_u32(T_BASE + t)).flatten(),
        ])
    }

    /// A leading consonant and a vowel, or a syllable without a trailing consonant and one.
    pub fn compose(first: char, second: char) -> Option<char> {
        let (first, second) = (first as u32, second as u32);
        let composite = if (L_BASE..L_BASE + L_COUNT).contains(&first)
            && (V_BASE..V_BASE + V_COUNT).contains(&second)
        {
            S_BASE + ((first - L_BASE) * V_COUNT + second - V_BASE) * T_COUNT
        } else if (S_BASE..S_BASE + S_COUNT).contains(&first)
            && (first - S_BASE).is_multiple_of(T_COUNT)
            && (T_BASE + 1..T_BASE + T_COUNT).contains(&second)
        {
            first + second - T_BASE
        } else {
            return None;
        };
        char::from_u32(composite)
    }
}
