//! The [pattern parser](https://urlpattern.spec.whatwg.org/#pattern-parser): a pattern string
//! becomes a part list, its fixed text encoded by the component's encoding callback.

use super::parts::{Options, Part, PartModifier, PartType};
use super::regexp::{generate_segment_wildcard_regexp, owned, push, FULL_WILDCARD_REGEXP_VALUE};
use super::tokenizer::{code_point_position, tokenize, Token, TokenType, TokenizePolicy};
use super::{UrlPatternError, UrlPatternErrorKind};
use crate::percent::push_decimal;

/// An [encoding callback](https://urlpattern.spec.whatwg.org/#encoding-callback): validates and
/// encodes a piece of fixed text.
pub type EncodingCallback = fn(&str) -> Result<String, UrlPatternError>;

/// A [pattern parser](https://urlpattern.spec.whatwg.org/#pattern-parser).
struct PatternParser<'a> {
    input: &'a str,
    token_list: Vec<Token<'a>>,
    encoding_callback: EncodingCallback,
    segment_wildcard_regexp: String,
    part_list: Vec<Part>,
    pending_fixed_value: String,
    index: usize,
    next_numeric_name: u32,
}

/// [Parses a pattern string](https://urlpattern.spec.whatwg.org/#parse-a-pattern-string) into a
/// part list.
pub fn parse_pattern_string(
    input: &str,
    options: &Options,
    encoding_callback: EncodingCallback,
) -> Result<Vec<Part>, UrlPatternError> {
    let mut parser = PatternParser {
        input,
        token_list: tokenize(input, TokenizePolicy::Strict)?,
        encoding_callback,
        segment_wildcard_regexp: generate_segment_wildcard_regexp(options),
        part_list: Vec::new(),
        pending_fixed_value: String::new(),
        index: 0,
        next_numeric_name: 0,
    };
    parser.parse(options)?;
    Ok(parser.part_list)
}

fn syntax_error(message: &[&str]) -> UrlPatternError {
    UrlPatternError::new(UrlPatternErrorKind::InvalidPatternSyntax, message)
}

impl<'a> PatternParser<'a> {
    /// The loop of [parse a pattern string](https://urlpattern.spec.whatwg.org/#parse-a-pattern-string).
    /// Not inlined, on a borrowed parser: an error leaves it to the caller's one drop, where each
    /// `?` of the loop had a copy of the parser's drop (41 bytes of LZMA in the add-on).
    #[inline(never)]
    fn parse(&mut self, options: &Options) -> Result<(), UrlPatternError> {
        while self.index < self.token_list.len() {
            // `<prefix char><name><regexp><modifier>`, any of them possibly absent.
            let char_token = self.try_to_consume_a_token(TokenType::Char);
            let mut name_token = self.try_to_consume_a_token(TokenType::Name);
            let mut regexp_or_wildcard_token =
                self.try_to_consume_a_regexp_or_wildcard_token(name_token.as_ref());
            if name_token.is_some() || regexp_or_wildcard_token.is_some() {
                // A matching group: add the part at once.
                let mut prefix = char_token.map_or("", |t| t.value);
                if !prefix.is_empty() && prefix != options.prefix_code_point {
                    push(&mut self.pending_fixed_value, prefix);
                    prefix = "";
                }
                self.maybe_add_a_part_from_the_pending_fixed_value()?;
                let modifier_token = self.try_to_consume_a_modifier_token();
                self.add_a_part(prefix, name_token, regexp_or_wildcard_token, "", modifier_token)?;
                continue;
            }
            // No matching group: buffer the fixed text, to make one part of as much as possible.
            let fixed_token =
                char_token.or_else(|| self.try_to_consume_a_token(TokenType::EscapedChar));
            if let Some(fixed_token) = fixed_token {
                push(&mut self.pending_fixed_value, fixed_token.value);
                continue;
            }
            // `<open><char prefix><name><regexp><char suffix><close><modifier>`.
            if self.try_to_consume_a_token(TokenType::Open).is_some() {
                let prefix = self.consume_text();
                name_token = self.try_to_consume_a_token(TokenType::Name);
                regexp_or_wildcard_token =
                    self.try_to_consume_a_regexp_or_wildcard_token(name_token.as_ref());
                let suffix = self.consume_text();
                self.consume_a_required_token(TokenType::Close)?;
                let modifier_token = self.try_to_consume_a_modifier_token();
                self.add_a_part(
                    &prefix,
                    name_token,
                    regexp_or_wildcard_token,
                    &suffix,
                    modifier_token,
                )?;
                continue;
            }
            self.maybe_add_a_part_from_the_pending_fixed_value()?;
            self.consume_a_required_token(TokenType::End)?;
        }
        Ok(())
    }

    /// [Try to consume a token](https://urlpattern.spec.whatwg.org/#try-to-consume-a-token).
    /// Not inlined: each of the parser's steps would get its own copy.
    #[inline(never)]
    fn try_to_consume_a_token(&mut self, kind: TokenType) -> Option<Token<'a>> {
        let next_token = *self.token_list.get(self.index)?;
        if next_token.kind != kind {
            return None;
        }
        self.index += 1;
        Some(next_token)
    }

    /// [Try to consume a modifier token](https://urlpattern.spec.whatwg.org/#try-to-consume-a-modifier-token).
    fn try_to_consume_a_modifier_token(&mut self) -> Option<Token<'a>> {
        self.try_to_consume_a_token(TokenType::OtherModifier)
            .or_else(|| self.try_to_consume_a_token(TokenType::Asterisk))
    }

    /// [Try to consume a regexp or wildcard token](https://urlpattern.spec.whatwg.org/#try-to-consume-a-regexp-or-wildcard-token).
    fn try_to_consume_a_regexp_or_wildcard_token(
        &mut self,
        name_token: Option<&Token>,
    ) -> Option<Token<'a>> {
        let token = self.try_to_consume_a_token(TokenType::Regexp);
        if name_token.is_none() && token.is_none() {
            return self.try_to_consume_a_token(TokenType::Asterisk);
        }
        token
    }

    /// [Consume a required token](https://urlpattern.spec.whatwg.org/#consume-a-required-token).
    fn consume_a_required_token(&mut self, kind: TokenType) -> Result<Token<'a>, UrlPatternError> {
        self.try_to_consume_a_token(kind).ok_or_else(|| match self.token_list.get(self.index) {
            Some(token) => syntax_error(&[
                "unexpected ",
                token.kind.name(),
                " at code point ",
                &code_point_position(self.input, token.index),
                ", expected ",
                kind.name(),
            ]),
            None => syntax_error(&["unexpected end of pattern"]),
        })
    }

    /// [Consume text](https://urlpattern.spec.whatwg.org/#consume-text).
    fn consume_text(&mut self) -> String {
        let mut result = String::new();
        while let Some(token) = self
            .try_to_consume_a_token(TokenType::Char)
            .or_else(|| self.try_to_consume_a_token(TokenType::EscapedChar))
        {
            push(&mut result, token.value);
        }
        result
    }

    /// [Maybe add a part from the pending fixed value](https://urlpattern.spec.whatwg.org/#maybe-add-a-part-from-the-pending-fixed-value).
    fn maybe_add_a_part_from_the_pending_fixed_value(&mut self) -> Result<(), UrlPatternError> {
        if self.pending_fixed_value.is_empty() {
            return Ok(());
        }
        let encoded_value = (self.encoding_callback)(&self.pending_fixed_value)?;
        self.pending_fixed_value.clear();
        self.part_list.push(Part {
            kind: PartType::FixedText,
            value: encoded_value,
            modifier: PartModifier::None,
            name: String::new(),
            prefix: String::new(),
            suffix: String::new(),
        });
        Ok(())
    }

    /// [Add a part](https://urlpattern.spec.whatwg.org/#add-a-part).
    fn add_a_part(
        &mut self,
        prefix: &str,
        name_token: Option<Token>,
        regexp_or_wildcard_token: Option<Token>,
        suffix: &str,
        modifier_token: Option<Token>,
    ) -> Result<(), UrlPatternError> {
        let modifier = match modifier_token.map(|t| t.value) {
            Some("?") => PartModifier::Optional,
            Some("*") => PartModifier::ZeroOrMore,
            Some("+") => PartModifier::OneOrMore,
            _ => PartModifier::None,
        };
        if name_token.is_none() && regexp_or_wildcard_token.is_none() {
            if modifier == PartModifier::None {
                // A `{foo}` grouping: fixed text, combined with what comes before and after.
                push(&mut self.pending_fixed_value, prefix);
                return Ok(());
            }
            self.maybe_add_a_part_from_the_pending_fixed_value()?;
            // A `{foo}?` grouping: the modifier keeps it apart from other text.
            if prefix.is_empty() {
                return Ok(());
            }
            let encoded_value = (self.encoding_callback)(prefix)?;
            self.part_list.push(Part {
                kind: PartType::FixedText,
                value: encoded_value,
                modifier,
                name: String::new(),
                prefix: String::new(),
                suffix: String::new(),
            });
            return Ok(());
        }
        self.maybe_add_a_part_from_the_pending_fixed_value()?;
        let regexp_value = match regexp_or_wildcard_token {
            None => None,
            Some(token) if token.kind == TokenType::Asterisk => Some(FULL_WILDCARD_REGEXP_VALUE),
            Some(token) => Some(token.value),
        };
        // An equivalent regexp token is the same as a name or asterisk.
        let (kind, regexp_value) = match regexp_value {
            None => (PartType::SegmentWildcard, String::new()),
            Some(value) if value == self.segment_wildcard_regexp => {
                (PartType::SegmentWildcard, String::new())
            }
            Some(FULL_WILDCARD_REGEXP_VALUE) => (PartType::FullWildcard, String::new()),
            Some(value) => (PartType::Regexp, owned(value)),
        };
        // The name is explicit, or else the next number (there is a regexp or wildcard token).
        let name = match name_token {
            Some(name_token) => owned(name_token.value),
            None => {
                let mut name = String::new();
                push_decimal(&mut name, self.next_numeric_name);
                self.next_numeric_name += 1;
                name
            }
        };
        if self.is_a_duplicate_name(&name) {
            return Err(UrlPatternError::new(
                UrlPatternErrorKind::DuplicateName,
                &["duplicate group name \"", &name, "\""],
            ));
        }
        let encoded_prefix = (self.encoding_callback)(prefix)?;
        let encoded_suffix = (self.encoding_callback)(suffix)?;
        self.part_list.push(Part {
            kind,
            value: regexp_value,
            modifier,
            name,
            prefix: encoded_prefix,
            suffix: encoded_suffix,
        });
        Ok(())
    }

    /// [Is a duplicate name](https://urlpattern.spec.whatwg.org/#is-a-duplicate-name).
    fn is_a_duplicate_name(&self, name: &str) -> bool {
        self.part_list.iter().any(|part| part.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::PartModifier as M;
    use super::PartType as T;
    use super::*;
    use crate::urlpattern::regexp::{
        generate_pattern_string, generate_regular_expression_and_name_list,
    };

    fn identity(s: &str) -> Result<String, UrlPatternError> {
        Ok(s.to_owned())
    }

    fn parse(input: &str, options: &Options) -> Vec<Part> {
        parse_pattern_string(input, options, identity).unwrap()
    }

    fn part(kind: T, value: &str, modifier: M, name: &str, prefix: &str, suffix: &str) -> Part {
        Part {
            kind,
            value: value.into(),
            modifier,
            name: name.into(),
            prefix: prefix.into(),
            suffix: suffix.into(),
        }
    }

    /// The standard's examples in "parse a pattern string".
    #[test]
    fn standard_examples() {
        let path = &Options::PATHNAME;
        assert_eq!(
            parse("/:foo(bar)?", path),
            [part(T::Regexp, "bar", M::Optional, "foo", "/", "")]
        );
        assert_eq!(parse("/", path), [part(T::FixedText, "/", M::None, "", "", "")]);
        assert_eq!(parse(":foo", path), [part(T::SegmentWildcard, "", M::None, "foo", "", "")]);
        assert_eq!(parse("(bar)", path), [part(T::Regexp, "bar", M::None, "0", "", "")]);
        assert_eq!(parse("/:foo", path), [part(T::SegmentWildcard, "", M::None, "foo", "/", "")]);
        assert_eq!(parse("/(bar)", path), [part(T::Regexp, "bar", M::None, "0", "/", "")]);
        assert_eq!(parse("/:foo?", path)[0].modifier, M::Optional);
        assert_eq!(
            parse("{a:foo(bar)b}?", path),
            [part(T::Regexp, "bar", M::Optional, "foo", "a", "b")]
        );
        assert_eq!(
            parse("{:foo}?", path),
            [part(T::SegmentWildcard, "", M::Optional, "foo", "", "")]
        );
        assert_eq!(parse("{(bar)}?", path), [part(T::Regexp, "bar", M::Optional, "0", "", "")]);
        assert_eq!(parse("{ab}?", path), [part(T::FixedText, "ab", M::Optional, "", "", "")]);
    }

    #[test]
    fn fixed_text_merges_and_prefixes() {
        let path = &Options::PATHNAME;
        assert_eq!(parse("/a{b}c", path), [part(T::FixedText, "/abc", M::None, "", "", "")]);
        assert_eq!(
            parse("/products/:id?", path),
            [
                part(T::FixedText, "/products", M::None, "", "", ""),
                part(T::SegmentWildcard, "", M::Optional, "id", "/", ""),
            ]
        );
        // `.` is not the pathname's prefix code point: it stays fixed text.
        assert_eq!(
            parse(".:x*", path),
            [
                part(T::FixedText, ".", M::None, "", "", ""),
                part(T::SegmentWildcard, "", M::ZeroOrMore, "x", "", ""),
            ]
        );
        assert_eq!(
            parse("*", &Options::DEFAULT),
            [part(T::FullWildcard, "", M::None, "0", "", "")]
        );
        // A regexp equal to the segment wildcard is a segment wildcard.
        assert_eq!(parse("([^\\/]+?)", path)[0].kind, T::SegmentWildcard);
        assert_eq!(parse("(.*)", path)[0].kind, T::FullWildcard);
    }

    #[test]
    fn errors() {
        let path = &Options::PATHNAME;
        for input in ["{a", "a}", ":a:a", "(a)(b)", "{:a}{:a}", "?", "{{a}}", "(a"] {
            let result = parse_pattern_string(input, path, identity);
            match input {
                // Two numbered groups, 0 and 1: fine.
                "(a)(b)" => assert!(result.is_ok()),
                _ => assert!(result.is_err(), "{input}"),
            }
        }
        let failing = |_: &str| Err(syntax_error(&["no"]));
        assert!(parse_pattern_string("/a", path, failing).is_err());
        assert!(parse_pattern_string("", path, failing).unwrap().is_empty());
    }

    fn both(input: &str, options: &Options) -> (String, Vec<String>, String) {
        let parts = parse_pattern_string(input, options, identity).unwrap();
        let (regexp, names) = generate_regular_expression_and_name_list(&parts, options);
        (regexp, names, generate_pattern_string(&parts, options))
    }

    /// Part lists parsed, then converted to a regular expression and back to a pattern string.
    #[test]
    fn regular_expressions() {
        let path = &Options::PATHNAME;
        let (regexp, names, pattern) = both("/:category/*", path);
        assert_eq!(regexp, r"^(?:\/([^\/]+?))(?:\/(.*))$");
        assert_eq!(names, ["category", "0"]);
        assert_eq!(pattern, "/:category/*");
        let (regexp, _, pattern) = both("/:id+", path);
        assert_eq!(regexp, r"^(?:\/((?:[^\/]+?)(?:\/(?:[^\/]+?))*))$");
        assert_eq!(pattern, "/:id+");
        assert_eq!(both("{ab}?", path).0, "^(?:ab)?$");
        assert_eq!(both(":x*", &Options::DEFAULT).0, "^((?:[^]+?)*)$");
    }

    #[test]
    fn pattern_strings() {
        let path = &Options::PATHNAME;
        assert_eq!(both("/{:foo}bar", path).2, "/{:foo}bar");
        assert_eq!(both("/:foo\\bar", path).2, "{/:foo}bar");
        assert_eq!(both("{a:foo(bar)b}?", path).2, "{a:foo(bar)b}?");
        assert_eq!(both("/(.*)", path).2, "/*");
        assert_eq!(both("/:a(.*)", path).2, "/:a(.*)");
        assert_eq!(both("/{x}?*", path).2, "/{x}?*");
        assert_eq!(both(":a(b):c", path).2, ":a(b):c");
        assert_eq!(both("/:a([^\\/]+?)", path).2, "/:a");
        assert_eq!(both("/([^\\/]+?)", path).2, "/([^\\/]+?)");
    }
}
