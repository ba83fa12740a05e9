//! A part list [converted to a regular expression](https://urlpattern.spec.whatwg.org/#converting-part-lists-to-regular-expressions)
//! and [back to a pattern string](https://urlpattern.spec.whatwg.org/#converting-part-lists-to-pattern-strings),
//! with the escaping each needs.

use super::parts::{Options, Part, PartModifier, PartType};
use super::tokenizer::is_valid_name_code_point;
use crate::slicing::Slice;

/// The [full wildcard regexp value](https://urlpattern.spec.whatwg.org/#full-wildcard-regexp-value).
pub const FULL_WILDCARD_REGEXP_VALUE: &str = ".*";

/// [Generates a segment wildcard regexp](https://urlpattern.spec.whatwg.org/#generate-a-segment-wildcard-regexp):
/// anything up to the delimiter code point.
pub fn generate_segment_wildcard_regexp(options: &Options) -> String {
    let mut result = String::from("[^");
    escape_regexp_string_into(&mut result, options.delimiter_code_point);
    push(&mut result, "]+?");
    result
}

/// [Generates a regular expression and name list](https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list)
/// from a part list.
pub fn generate_regular_expression_and_name_list(
    part_list: &[Part],
    options: &Options,
) -> (String, Vec<String>) {
    let mut result = String::from("^");
    let mut name_list = Vec::new();
    let segment_wildcard_regexp = generate_segment_wildcard_regexp(options);
    for part in part_list {
        if part.kind == PartType::FixedText {
            if part.modifier == PartModifier::None {
                escape_regexp_string_into(&mut result, &part.value);
            } else {
                // `(?:<fixed text>)<modifier>`
                push(&mut result, "(?:");
                escape_regexp_string_into(&mut result, &part.value);
                push(&mut result, ")");
                push(&mut result, convert_modifier_to_string(part.modifier));
            }
            continue;
        }
        name_list.push(part.name.clone());
        let regexp_value = match part.kind {
            PartType::SegmentWildcard => &segment_wildcard_regexp,
            PartType::FullWildcard => FULL_WILDCARD_REGEXP_VALUE,
            _ => &part.value,
        };
        let modifier = convert_modifier_to_string(part.modifier);
        let repeats = matches!(part.modifier, PartModifier::ZeroOrMore | PartModifier::OneOrMore);
        if part.prefix.is_empty() && part.suffix.is_empty() {
            if !repeats {
                // `(<regexp value>)<modifier>`
                push(&mut result, "(");
                push(&mut result, regexp_value);
                push(&mut result, ")");
                push(&mut result, modifier);
            } else {
                // `((?:<regexp value>)<modifier>)`
                push(&mut result, "((?:");
                push(&mut result, regexp_value);
                push(&mut result, ")");
                push(&mut result, modifier);
                push(&mut result, ")");
            }
            continue;
        }
        if !repeats {
            // `(?:<prefix>(<regexp value>)<suffix>)<modifier>`
            push(&mut result, "(?:");
            escape_regexp_string_into(&mut result, &part.prefix);
            push(&mut result, "(");
            push(&mut result, regexp_value);
            push(&mut result, ")");
            escape_regexp_string_into(&mut result, &part.suffix);
            push(&mut result, ")");
            push(&mut result, modifier);
            continue;
        }
        // `(?:<prefix>((?:<regexp value>)(?:<suffix><prefix>(?:<regexp value>))*)<suffix>)?`
        push(&mut result, "(?:");
        escape_regexp_string_into(&mut result, &part.prefix);
        push(&mut result, "((?:");
        push(&mut result, regexp_value);
        push(&mut result, ")(?:");
        escape_regexp_string_into(&mut result, &part.suffix);
        escape_regexp_string_into(&mut result, &part.prefix);
        push(&mut result, "(?:");
        push(&mut result, regexp_value);
        push(&mut result, "))*)");
        escape_regexp_string_into(&mut result, &part.suffix);
        push(&mut result, ")");
        if part.modifier == PartModifier::ZeroOrMore {
            push(&mut result, "?");
        }
    }
    push(&mut result, "$");
    (result, name_list)
}

/// [Escapes a regexp string](https://urlpattern.spec.whatwg.org/#escape-a-regexp-string),
/// appending the result.
fn escape_regexp_string_into(result: &mut String, input: &str) {
    escape_into(result, input, &const { ascii_set(b".+*?^${}()[]|/\\") });
}

/// `bytes`, all ASCII, as a set: bit `b % 64` of word `b / 64` for byte `b`.
const fn ascii_set(bytes: &[u8]) -> [u64; 2] {
    let mut set = [0; 2];
    let mut i = 0;
    while i < bytes.len() {
        set[(bytes[i] >> 6) as usize] |= 1 << (bytes[i] & 63);
        i += 1;
    }
    set
}

/// Appends `input` with a `\` before each of its bytes in `escaped` ([`ascii_set`]): by bytes, the
/// runs between them whole code points appended as slices (each code point decoded and encoded
/// again was 0.6 KB of wasm). Both escapes in one function.
#[inline(never)]
fn escape_into(result: &mut String, input: &str, escaped: &[u64; 2]) {
    let mut start = 0;
    for (index, b) in input.bytes().enumerate() {
        // A bit test: `contains` on the escaped bytes brought core's `memchr` (0.3 KB of wasm).
        if escaped.get(usize::from(b >> 6)).is_some_and(|word| word >> (b & 63) & 1 == 1) {
            push(result, input.slice(start..index));
            push(result, "\\");
            start = index;
        }
    }
    push(result, input.slice(start..));
}

/// [Generates a pattern string](https://urlpattern.spec.whatwg.org/#generate-a-pattern-string)
/// from a part list: the normalized pattern that the component getters return.
pub fn generate_pattern_string(part_list: &[Part], options: &Options) -> String {
    let mut result = String::new();
    for (index, part) in part_list.iter().enumerate() {
        let previous_part = index.checked_sub(1).and_then(|i| part_list.get(i));
        let next_part = part_list.get(index + 1);
        if part.kind == PartType::FixedText {
            if part.modifier == PartModifier::None {
                escape_pattern_string_into(&mut result, &part.value);
                continue;
            }
            push(&mut result, "{");
            escape_pattern_string_into(&mut result, &part.value);
            push(&mut result, "}");
            push(&mut result, convert_modifier_to_string(part.modifier));
            continue;
        }
        let custom_name = !starts_with_an_ascii_digit(&part.name);
        let mut needs_grouping = !part.suffix.is_empty()
            || (!part.prefix.is_empty() && part.prefix != options.prefix_code_point);
        if !needs_grouping
            && custom_name
            && part.kind == PartType::SegmentWildcard
            && part.modifier == PartModifier::None
        {
            if let Some(next) = next_part.filter(|n| n.prefix.is_empty() && n.suffix.is_empty()) {
                needs_grouping = if next.kind == PartType::FixedText {
                    starts_with_a_name_code_point(&next.value)
                } else {
                    starts_with_an_ascii_digit(&next.name)
                };
            }
        }
        if !needs_grouping && part.prefix.is_empty() {
            if let Some(previous) = previous_part {
                needs_grouping = previous.kind == PartType::FixedText
                    && !options.prefix_code_point.is_empty()
                    && previous.value.ends_with(options.prefix_code_point);
            }
        }
        if needs_grouping {
            push(&mut result, "{");
        }
        escape_pattern_string_into(&mut result, &part.prefix);
        if custom_name {
            push(&mut result, ":");
            push(&mut result, &part.name);
        }
        match part.kind {
            PartType::Regexp => {
                push(&mut result, "(");
                push(&mut result, &part.value);
                push(&mut result, ")");
            }
            PartType::SegmentWildcard if !custom_name => {
                push(&mut result, "(");
                push(&mut result, &generate_segment_wildcard_regexp(options));
                push(&mut result, ")");
            }
            PartType::FullWildcard => {
                let asterisk_suffices = previous_part.is_none_or(|previous| {
                    previous.kind == PartType::FixedText || previous.modifier != PartModifier::None
                }) || needs_grouping
                    || !part.prefix.is_empty();
                if !custom_name && asterisk_suffices {
                    push(&mut result, "*");
                } else {
                    push(&mut result, "(");
                    push(&mut result, FULL_WILDCARD_REGEXP_VALUE);
                    push(&mut result, ")");
                }
            }
            _ => {}
        }
        if part.kind == PartType::SegmentWildcard
            && custom_name
            && starts_with_a_name_code_point(&part.suffix)
        {
            push(&mut result, "\\");
        }
        escape_pattern_string_into(&mut result, &part.suffix);
        if needs_grouping {
            push(&mut result, "}");
        }
        push(&mut result, convert_modifier_to_string(part.modifier));
    }
    result
}

/// Whether `s`'s first code point is a valid name code point (not the first of a name). Not
/// inlined: each caller had its own copy of the decoding of a code point.
#[inline(never)]
fn starts_with_a_name_code_point(s: &str) -> bool {
    s.chars().next().is_some_and(|c| is_valid_name_code_point(c, false))
}

/// Whether `name`'s first code point is an ASCII digit (a byte: one that is not ASCII is no digit).
fn starts_with_an_ascii_digit(name: &str) -> bool {
    name.as_bytes().first().is_some_and(u8::is_ascii_digit)
}

/// [Escapes a pattern string](https://urlpattern.spec.whatwg.org/#escape-a-pattern-string),
/// appending the result.
pub(super) fn escape_pattern_string_into(result: &mut String, input: &str) {
    escape_into(result, input, &const { ascii_set(b"+*?:{}()\\") });
}

/// [Converts a modifier to a string](https://urlpattern.spec.whatwg.org/#convert-a-modifier-to-a-string).
pub fn convert_modifier_to_string(modifier: PartModifier) -> &'static str {
    match modifier {
        PartModifier::ZeroOrMore => "*",
        PartModifier::Optional => "?",
        PartModifier::OneOrMore => "+",
        PartModifier::None => "",
    }
}

/// Appends `s` to `result`. Not inlined: each append inlined is a copy of the code that grows
/// the string (0.4 KB of LZMA in the add-on).
#[inline(never)]
pub(super) fn push(result: &mut String, s: &str) {
    result.push_str(s);
}

/// `s` as a `String`, appended by [`push`]: `to_owned` inlined is a copy of an allocation and a
/// copy.
pub(super) fn owned(s: &str) -> String {
    let mut result = String::new();
    push(&mut result, s);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping() {
        assert_eq!(generate_segment_wildcard_regexp(&Options::HOSTNAME), r"[^\.]+?");
        let mut escaped = String::new();
        escape_pattern_string_into(&mut escaped, "a:b(c)?");
        assert_eq!(escaped, "a\\:b\\(c\\)\\?");
        let mut escaped = String::new();
        escape_regexp_string_into(&mut escaped, "a.b/c");
        assert_eq!(escaped, "a\\.b\\/c");
    }
}
