//! Generates the Unicode tables of this back end into OUT_DIR/tables.rs, by asking ICU4X (its
//! compiled data, the same Unicode data the `idna_adapter` of crates.io reads) about every code
//! point. Nothing generated is committed.
//!
//! Every table is a sorted list of ranges of code points (`Ranges`, src/tables.rs) with what each
//! range holds in arrays beside it (src/layout.rs). Code points that UTS #46 mapping and NFC can
//! never output (upper case, compatibility characters, unassigned ones, …) are never asked about
//! their properties or NFC class: there a range may run on with its neighbour's value (“don't
//! care”), which merges most ranges. Where the layout relies on a fact of the data, it is
//! asserted here.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use icu_normalizer::properties::{
    CanonicalCombiningClassMapBorrowed, CanonicalCompositionBorrowed,
    CanonicalDecompositionBorrowed, Decomposed,
};
use icu_normalizer::uts46::Uts46MapperBorrowed;
use icu_normalizer::DecomposingNormalizerBorrowed;
use icu_properties::props::{BidiClass, GeneralCategory, JoiningType};
use icu_properties::CodePointMapData;

#[path = "src/layout.rs"]
#[allow(dead_code)]
mod layout;
use layout::*;

/// What UTS #46 mapping (ICU4X's `map_normalize` of one code point) makes of a code point.
#[derive(Clone, PartialEq)]
enum Status {
    /// With its NFC class (src/layout.rs).
    Valid(u8),
    Ignored,
    Disallowed,
    /// Mapped to this string (normalized to NFC, which is the same for NFC of the whole).
    Mapped(String),
}

fn chars() -> impl Iterator<Item = char> {
    (0..=0x10FFFF).filter_map(char::from_u32)
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let uts46 = Uts46MapperBorrowed::new();
    let status = |c: char| -> Status {
        let mapped: String = uts46.map_normalize(std::iter::once(c)).collect();
        match mapped.as_str() {
            "" => Status::Ignored,
            "\u{FFFD}" if c != '\u{FFFD}' => Status::Disallowed,
            m if m.chars().eq([c]) => Status::Valid(0),
            _ => Status::Mapped(mapped),
        }
    };
    let mut statuses: Vec<(u32, Status)> = (0..=0x10FFFFu32)
        .map(|cp| (cp, char::from_u32(cp).map_or(Status::Disallowed, status)))
        .collect();

    // The characters NFC can meet (`decomposed`: the canonical decompositions of what mapping
    // outputs) and output (`output`: those and their canonical compositions).
    let nfd = DecomposingNormalizerBorrowed::new_nfd();
    let mut mapped_output = BTreeSet::new();
    for (cp, s) in &statuses {
        match s {
            Status::Valid(_) => mapped_output.extend(char::from_u32(*cp)),
            Status::Mapped(m) => mapped_output.extend(m.chars()),
            _ => {}
        }
    }
    let decomposed: BTreeSet<char> =
        mapped_output.iter().flat_map(|&c| nfd.normalize_iter(std::iter::once(c))).collect();
    let output: BTreeSet<char> = chars()
        .filter(|&c| nfd.normalize_iter(std::iter::once(c)).all(|d| decomposed.contains(&d)))
        .collect();

    let mut out = Tables::default();
    let classes = normalization_tables(&mapped_output, &output, &mut out);
    for (cp, status) in &mut statuses {
        if let Status::Valid(class) = status {
            *class = classes[classes.partition_point(|&(first, _)| first <= *cp) - 1].1;
        }
    }
    mapping_table(&statuses, &mut out);
    properties_table(&output, &mut out);
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let (source, bytes, arrays) = out.write();
    std::fs::write(format!("{dir}/tables.rs"), source).expect("OUT_DIR is writable");
    std::fs::write(format!("{dir}/tables.bin"), bytes).expect("OUT_DIR is writable");
    std::fs::write(format!("{dir}/tables.json"), arrays).expect("OUT_DIR is writable");
}

/// The generated tables: Rust declarations, and the arrays that make up `TABLES`.
#[derive(Default)]
struct Tables {
    declarations: String,
    /// (name, element type, element size, values, whether it has a static of its name)
    arrays: Vec<(String, &'static str, usize, Vec<i64>, bool)>,
}

impl Tables {
    /// The source of src/tables.rs's `include!`, the bytes of `TABLES` as they are in memory
    /// (little-endian), and its arrays in that order as JSON, `[[element size, length], …]`, by
    /// which weburl's build packs those bytes for LZMA.
    ///
    /// Every array is a field of one `#[repr(C)]` struct, `TABLES`, the largest elements first
    /// (so there is no padding but at the end, which is made a field too): the tables are one
    /// span of bytes, which weburl's build finds in a wasm's data by the bytes written here
    /// (OUT_DIR/tables.bin) and leaves out of the inline modules, whose JavaScript fills it in
    /// when a host first needs it. Each array keeps its name as a static reference to its field.
    fn write(mut self) -> (String, Vec<u8>, String) {
        self.arrays.sort_by_key(|&(_, _, size, _, _)| core::cmp::Reverse(size));
        let len: usize =
            self.arrays.iter().map(|(_, _, size, values, _)| size * values.len()).sum();
        let padding = len.next_multiple_of(4) - len;
        self.arrays.push(("PADDING".into(), "u8", 1, vec![0; padding], false));
        let (mut fields, mut values, mut bytes) = (String::new(), String::new(), Vec::new());
        for (name, ty, size, array, named) in &self.arrays {
            let field = name.to_lowercase();
            let _ = writeln!(fields, "    {field}: [{ty}; {}],", array.len());
            let list: Vec<String> = array.iter().map(|v| v.to_string()).collect();
            let _ = writeln!(values, "    {field}: [{}],", list.join(","));
            for &v in array {
                bytes.extend_from_slice(&v.to_le_bytes()[..*size]);
            }
            if *named {
                let _ = writeln!(
                    self.declarations,
                    "static {name}: &[{ty}; {}] = &TABLES.{field};",
                    array.len()
                );
            }
        }
        let first = self.arrays[0].0.to_lowercase();
        let source = format!(
            "#[repr(C)]\npub(crate) struct Tables {{\n{fields}}}\n\
             pub(crate) static TABLES: Tables = Tables {{\n{values}}};\n\
             pub(crate) fn span() -> (&'static [u32], usize) {{\n    \
             (&TABLES.{first}, core::mem::size_of::<Tables>())\n}}\n{}",
            self.declarations
        );
        let arrays: Vec<String> = self
            .arrays
            .iter()
            .map(|(_, _, size, array, _)| format!("[{size},{}]", array.len()))
            .collect();
        (source, bytes, format!("[{}]", arrays.join(",")))
    }
}

// --- UTS #46 mapping.

/// How far a run of `kind` with `data` reaches from `statuses[start]`.
fn run_length(statuses: &[(u32, Status)], start: usize, kind: u8, data: i64) -> usize {
    statuses[start..]
        .iter()
        .enumerate()
        .take_while(|(i, (cp, s))| {
            let target = char::from_u32((*cp as i64 + data) as u32).map(String::from);
            match kind {
                SHIFTED => matches!(s, Status::Mapped(m) if Some(m) == target.as_ref()),
                ALTERNATING if i % 2 == 1 => matches!(s, Status::Valid(_)),
                ALTERNATING => matches!(s, Status::Mapped(m) if Some(m) == target.as_ref()),
                _ => unreachable!(),
            }
        })
        .count()
}

/// How much longer or shorter than the first a string in a run of strings may be.
const SLOT_SLACK: usize = 4;

/// A run of shifted or alternating code points this long is worth a range of its own.
const WORTH_A_RANGE: usize = 3;

/// The shifted or alternating range starting at `statuses[i]`, if it is worth one.
fn own_range(statuses: &[(u32, Status)], i: usize) -> Option<(u8, i64, usize)> {
    let (cp, Status::Mapped(m)) = &statuses[i] else { return None };
    let mut chars = m.chars();
    let (Some(target), None) = (chars.next(), chars.next()) else { return None };
    let shift = target as i64 - *cp as i64;
    let shifted = run_length(statuses, i, SHIFTED, shift);
    let alternating = run_length(statuses, i, ALTERNATING, shift);
    if shifted.max(alternating) < WORTH_A_RANGE {
        None
    } else if shifted >= alternating {
        Some((SHIFTED, shift, shifted))
    } else {
        Some((ALTERNATING, shift, alternating))
    }
}

fn mapping_table(statuses: &[(u32, Status)], out: &mut Tables) {
    let mut entries: Vec<(u32, u8, i64)> = Vec::new(); // (first code point, kind, data)
    let mut strings = String::new();
    let mut i = 0;
    while i < statuses.len() {
        let (cp, s) = &statuses[i];
        let run = || statuses[i..].iter().take_while(|(_, t)| t == s).count();
        let (kind, data, len) = match s {
            Status::Valid(class) => (VALID, *class as i64, run()),
            Status::Ignored => (IGNORED, 0, run()),
            Status::Disallowed => (DISALLOWED, 0, run()),
            Status::Mapped(m) => own_range(statuses, i).unwrap_or_else(|| {
                // Strings in slots of one length (the longest), padded with NUL, up to a run
                // worth a range of its own. A valid or disallowed code point between them is its
                // own string or U+FFFD (cheaper than two more ranges): up to two in a row.
                let string = |j: usize| {
                    match &statuses[j] {
                        (_, Status::Mapped(n)) if j == i || own_range(statuses, j).is_none() => {
                            Some(n.clone())
                        }
                        (cp, Status::Valid(_)) => char::from_u32(*cp).map(String::from),
                        (_, Status::Disallowed) => Some("\u{FFFD}".into()),
                        _ => None,
                    }
                    .filter(|n| n.len().abs_diff(m.len()) <= SLOT_SLACK)
                };
                let mut len = 0;
                while let Some(next) = (i + len..statuses.len())
                    .take(3)
                    .take_while(|&j| string(j).is_some())
                    .position(|j| matches!(statuses[j].1, Status::Mapped(_)))
                {
                    len += next + 1;
                }
                let slot = (i..i + len).filter_map(string).map(|n| n.len()).max().unwrap_or(0);
                let bytes: String = (i..i + len)
                    .filter_map(string)
                    .map(|n| n.clone() + &"\0".repeat(slot - n.len()))
                    .collect();
                let offset = strings.find(&bytes).unwrap_or_else(|| {
                    strings.push_str(&bytes);
                    strings.len() - bytes.len()
                });
                (STRINGS, (offset as i64) << SLOT_BITS | slot as i64, len)
            }),
        };
        entries.push((*cp, kind, data));
        i += len;
    }
    let _ = writeln!(out.declarations, "/// {} ranges.", entries.len());
    range_table(out, "MAPPING", entries.iter().map(|(cp, _, _)| *cp));
    array(out, "MAPPING_KINDS", "u8", entries.iter().map(|(_, kind, _)| *kind as i64));
    array(out, "MAPPING_DATA", "i32", entries.iter().map(|(_, _, data)| *data));
    array(out, "MAPPING_STRING_BYTES", "u8", strings.bytes().map(i64::from));
}

// --- Bidi_Class, Joining_Type, General_Category=Mark.

fn properties_table(output: &BTreeSet<char>, out: &mut Tables) {
    let bidi = CodePointMapData::<BidiClass>::new();
    let joining = CodePointMapData::<JoiningType>::new();
    let gc = CodePointMapData::<GeneralCategory>::new();
    let value = |c: char| -> u8 {
        // The classes idna's Bidi Rule tells apart (src/tables.rs, BIDI_*).
        let bidi = match bidi.get(c) {
            BidiClass::LeftToRight => BIDI_LEFT_TO_RIGHT,
            BidiClass::RightToLeft | BidiClass::ArabicLetter => BIDI_RIGHT_TO_LEFT,
            BidiClass::ArabicNumber => BIDI_ARABIC_NUMBER,
            BidiClass::EuropeanNumber => BIDI_EUROPEAN_NUMBER,
            BidiClass::NonspacingMark => BIDI_NONSPACING_MARK,
            BidiClass::EuropeanSeparator
            | BidiClass::CommonSeparator
            | BidiClass::EuropeanTerminator
            | BidiClass::OtherNeutral
            | BidiClass::BoundaryNeutral => BIDI_NEUTRAL,
            _ => BIDI_OTHER,
        };
        let joining = match joining.get(c) {
            JoiningType::LeftJoining => JOINING_LEFT,
            JoiningType::RightJoining => JOINING_RIGHT,
            JoiningType::DualJoining => JOINING_DUAL,
            JoiningType::Transparent => JOINING_TRANSPARENT,
            _ => JOINING_NON_JOINING,
        };
        let mark = matches!(
            gc.get(c),
            GeneralCategory::NonspacingMark
                | GeneralCategory::SpacingMark
                | GeneralCategory::EnclosingMark
        );
        bidi | joining << JOINING_SHIFT | if mark { MARK } else { 0 }
    };
    let ranges = ranges(output, value);
    range_table(out, "PROPERTIES", ranges.iter().map(|(cp, _)| *cp));
    array(out, "PROPERTIES_VALUES", "u8", ranges.iter().map(|(_, v)| *v as i64));
}

/// Ranges of `value` over the code points of `domain`, running on over the others.
fn ranges(domain: &BTreeSet<char>, value: impl Fn(char) -> u8) -> Vec<(u32, u8)> {
    let mut ranges: Vec<(u32, u8)> = Vec::new();
    for &c in domain {
        let v = value(c);
        if ranges.last().is_none_or(|&(_, last)| last != v) {
            // Start where the previous value was last needed.
            ranges.push((if ranges.is_empty() { 0 } else { c as u32 }, v));
        }
    }
    ranges
}

// --- NFC: Canonical_Combining_Class, canonical decompositions and compositions.

/// Returns the ranges of NFC classes.
fn normalization_tables(
    mapped_output: &BTreeSet<char>,
    output: &BTreeSet<char>,
    out: &mut Tables,
) -> Vec<(u32, u8)> {
    // One level of canonical decomposition, for what mapping outputs, for what NFC can compose,
    // and (recursively) for the parts. Hangul syllables are decomposed and composed by arithmetic.
    let decomposition = CanonicalDecompositionBorrowed::new();
    let composition = CanonicalCompositionBorrowed::new();
    let is_hangul = |c: char| ('\u{AC00}'..='\u{D7A3}').contains(&c);
    let mut decompositions = std::collections::BTreeMap::new();
    let composes = |c: char| match decomposition.decompose(c) {
        Decomposed::Expansion(a, b) => composition.compose(a, b) == Some(c),
        _ => false,
    };
    let mut todo: Vec<char> = mapped_output
        .iter()
        .chain(output.iter().filter(|&&c| composes(c)))
        .copied()
        .filter(|&c| !is_hangul(c))
        .collect();
    while let Some(c) = todo.pop() {
        let parts = match decomposition.decompose(c) {
            Decomposed::Default => continue,
            Decomposed::Singleton(a) => (a, '\0'),
            Decomposed::Expansion(a, b) => (a, b),
        };
        if decompositions.insert(c, parts).is_none() {
            todo.extend([parts.0, parts.1].into_iter().filter(|&p| p != '\0'));
        }
    }
    range_table(out, "DECOMPOSED", decompositions.keys().map(|&c| c as u32));
    for (&c, &(first, _)) in &decompositions {
        assert_eq!(c as u32 >> 16, first as u32 >> 16, "{c:?} decomposes to another plane");
    }
    array(
        out,
        "DECOMPOSITION_FIRSTS",
        "u16",
        decompositions.values().map(|&(a, _)| a as i64 & 0xFFFF),
    );
    let seconds: Vec<char> =
        decompositions.values().map(|&(_, b)| b).collect::<BTreeSet<_>>().into_iter().collect();
    let second = |b| seconds.binary_search(&b).expect("listed") as i64;
    array(out, "DECOMPOSITION_SECONDS", "u8", decompositions.values().map(|&(_, b)| second(b)));
    array(out, "SECONDS", "u32", seconds.iter().map(|&b| b as i64));

    // The NFC class of what NFC can meet and output (src/layout.rs).
    let composing_seconds: BTreeSet<char> = output
        .iter()
        .filter_map(|&c| match decomposition.decompose(c) {
            Decomposed::Expansion(a, b) if composition.compose(a, b) == Some(c) => Some(b),
            _ => None,
        })
        .collect();
    let ccc = CanonicalCombiningClassMapBorrowed::new();
    let nfd = DecomposingNormalizerBorrowed::new_nfd();
    let class = |c: char| match ccc.get_u8(c) {
        0 if is_hangul(c) || decompositions.contains_key(&c) => {
            match nfd.normalize_iter(std::iter::once(c)).next() {
                Some(first) if composing_seconds.contains(&first) => DECOMPOSES_TO_COMPOSING,
                _ => DECOMPOSES,
            }
        }
        0 if composing_seconds.contains(&c) => COMPOSING_STARTER,
        class => {
            assert!(!decompositions.contains_key(&c), "{c:?} decomposes but is no starter");
            class
        }
    };
    let classes = ranges(output, class);
    range_table(out, "NFC_CLASSES", classes.iter().map(|(cp, _)| *cp));
    array(out, "NFC_CLASS_VALUES", "u8", classes.iter().map(|(_, v)| *v as i64));

    // The canonical compositions of what NFC can meet and output: the decompositions that
    // compose back, by their parts (the first without its plane, as it is stored).
    let mut compositions: Vec<(u16, char, usize)> = decompositions
        .iter()
        .enumerate()
        .filter(|(_, (&c, _))| output.contains(&c) && composes(c))
        .map(|(i, (_, &(a, b)))| (a as u32 as u16, b, i))
        .collect();
    compositions.sort();
    assert!(
        compositions.windows(2).all(|w| (w[0].0, w[0].1) != (w[1].0, w[1].1)),
        "the parts without the plane tell compositions apart"
    );
    array(out, "COMPOSITIONS", "u16", compositions.iter().map(|&(_, _, i)| i as i64));
    classes
}

/// A `Ranges` (src/tables.rs) of the ranges starting at `firsts`.
fn range_table(out: &mut Tables, name: &str, firsts: impl Iterator<Item = u32>) {
    let (mut blocks, mut offsets, mut distances) = (Vec::new(), Vec::new(), Vec::new());
    let mut previous = 0;
    for (i, first) in firsts.enumerate() {
        if i % BLOCK == 0 {
            blocks.push(first as i64);
            offsets.push(distances.len() as i64);
        } else {
            // LEB128
            let mut distance = first - previous;
            while distance >= 0x80 {
                distances.push((distance & 0x7F | 0x80) as i64);
                distance >>= 7;
            }
            distances.push(distance as i64);
        }
        previous = first;
    }
    // One more than the BMP's pages: the block holding U+10000 bounds the last page's search
    // and starts the search above the BMP.
    let bmp_blocks = (0..=0x100)
        .map(|chunk| blocks.partition_point(|&first| first <= chunk << 8).saturating_sub(1) as i64);
    field(out, &format!("{name}_BMP_BLOCKS"), "u16", bmp_blocks, false);
    field(out, &format!("{name}_BLOCKS"), "u32", blocks.into_iter(), false);
    field(out, &format!("{name}_OFFSETS"), "u16", offsets.into_iter(), false);
    field(out, &format!("{name}_DISTANCES"), "u8", distances.into_iter(), false);
    let _ = writeln!(
        out.declarations,
        "static {name}: Ranges = Ranges {{ blocks: &TABLES.{field}_blocks, bmp_blocks: &TABLES.{field}_bmp_blocks, offsets: &TABLES.{field}_offsets, distances: &TABLES.{field}_distances }};",
        field = name.to_lowercase()
    );
}

/// An array of `TABLES` with a static of its name.
fn array(out: &mut Tables, name: &str, ty: &'static str, values: impl Iterator<Item = i64>) {
    field(out, name, ty, values, true);
}

fn field(
    out: &mut Tables,
    name: &str,
    ty: &'static str,
    values: impl Iterator<Item = i64>,
    named: bool,
) {
    let size = match ty {
        "u8" => 1,
        "u16" => 2,
        "u32" | "i32" => 4,
        _ => unreachable!("{ty}"),
    };
    out.arrays.push((name.into(), ty, size, values.collect(), named));
}
