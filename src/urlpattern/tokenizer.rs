//! [Tokenizing](https://urlpattern.spec.whatwg.org/#tokenizing) a pattern string: the first
//! step of both the pattern string parser and the constructor string parser.

use super::regexp_engine;
use super::{UrlPatternError, UrlPatternErrorKind};
use crate::percent::push_decimal;
use crate::slicing::Slice;

/// A [token type](https://urlpattern.spec.whatwg.org/#token-type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenType {
    /// [`open`](https://urlpattern.spec.whatwg.org/#token-type-open): `{`.
    Open,
    /// [`close`](https://urlpattern.spec.whatwg.org/#token-type-close): `}`.
    Close,
    /// [`regexp`](https://urlpattern.spec.whatwg.org/#token-type-regexp): `(<regular expression>)`.
    Regexp,
    /// [`name`](https://urlpattern.spec.whatwg.org/#token-type-name): `:<name>`.
    Name,
    /// [`char`](https://urlpattern.spec.whatwg.org/#token-type-char): a code point without
    /// special meaning.
    Char,
    /// [`escaped-char`](https://urlpattern.spec.whatwg.org/#token-type-escaped-char): `\<char>`.
    EscapedChar,
    /// [`other-modifier`](https://urlpattern.spec.whatwg.org/#token-type-other-modifier): `?` or `+`.
    OtherModifier,
    /// [`asterisk`](https://urlpattern.spec.whatwg.org/#token-type-asterisk): `*`.
    Asterisk,
    /// [`end`](https://urlpattern.spec.whatwg.org/#token-type-end): the end of the pattern string.
    End,
    /// [`invalid-char`](https://urlpattern.spec.whatwg.org/#token-type-invalid-char): a code
    /// point that is invalid where it is (lenient policy only).
    InvalidChar,
}

impl TokenType {
    /// The type's name in the standard, for error messages (without `Debug`, whose output the
    /// npm package's wasm leaves out).
    pub fn name(self) -> &'static str {
        match self {
            TokenType::Open => "open",
            TokenType::Close => "close",
            TokenType::Regexp => "regexp",
            TokenType::Name => "name",
            TokenType::Char => "char",
            TokenType::EscapedChar => "escaped-char",
            TokenType::OtherModifier => "other-modifier",
            TokenType::Asterisk => "asterisk",
            TokenType::End => "end",
            TokenType::InvalidChar => "invalid-char",
        }
    }
}

/// A [token](https://urlpattern.spec.whatwg.org/#token), its value a slice of the pattern string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's [type](https://urlpattern.spec.whatwg.org/#token-type).
    pub kind: TokenType,
    /// The [index](https://urlpattern.spec.whatwg.org/#token-index): the position of the token's
    /// first code point in the pattern string, as a byte offset (the standard counts code points;
    /// [`code_point_position`] gives that, for the error messages).
    pub index: usize,
    /// The token's [value](https://urlpattern.spec.whatwg.org/#token-value).
    pub value: &'a str,
}

/// A [tokenize policy](https://urlpattern.spec.whatwg.org/#tokenize-policy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenizePolicy {
    /// [`strict`](https://urlpattern.spec.whatwg.org/#tokenize-policy-strict): an invalid code
    /// point is an error.
    Strict,
    /// [`lenient`](https://urlpattern.spec.whatwg.org/#tokenize-policy-lenient): an invalid code
    /// point becomes an `invalid-char` token.
    Lenient,
}

/// A [tokenizer](https://urlpattern.spec.whatwg.org/#tokenizer). Its indices are byte offsets
/// into the input: the code points it looks for are ASCII, one byte each, and the tokens' values
/// are slices of the input without a table of code points' offsets (0.2 KB of LZMA).
struct Tokenizer<'a> {
    input: &'a str,
    policy: TokenizePolicy,
    token_list: Vec<Token<'a>>,
    index: usize,
    next_index: usize,
    code_point: char,
}

/// [Tokenizes](https://urlpattern.spec.whatwg.org/#tokenize) `input` under `policy`.
pub fn tokenize(input: &str, policy: TokenizePolicy) -> Result<Vec<Token<'_>>, UrlPatternError> {
    let mut tokenizer = Tokenizer {
        input,
        policy,
        token_list: Vec::new(),
        index: 0,
        next_index: 0,
        code_point: '\0',
    };
    let length = input.len();
    while tokenizer.index < length {
        tokenizer.seek_and_get_next_code_point(tokenizer.index);
        match tokenizer.code_point {
            '*' => tokenizer.add_token_with_default_position_and_length(TokenType::Asterisk),
            '+' | '?' => {
                tokenizer.add_token_with_default_position_and_length(TokenType::OtherModifier)
            }
            '\\' => {
                if tokenizer.index == length - 1 {
                    tokenizer.process_tokenizing_error(tokenizer.next_index, tokenizer.index)?;
                    continue;
                }
                let escaped_index = tokenizer.next_index;
                tokenizer.get_next_code_point();
                let next = tokenizer.next_index;
                tokenizer.add_token_with_default_length(
                    TokenType::EscapedChar,
                    next,
                    escaped_index,
                );
            }
            '{' => tokenizer.add_token_with_default_position_and_length(TokenType::Open),
            '}' => tokenizer.add_token_with_default_position_and_length(TokenType::Close),
            ':' => tokenizer.name()?,
            '(' => tokenizer.regexp()?,
            _ => tokenizer.add_token_with_default_position_and_length(TokenType::Char),
        }
    }
    let index = tokenizer.index;
    tokenizer.add_token_with_default_length(TokenType::End, index, index);
    Ok(tokenizer.token_list)
}

impl Tokenizer<'_> {
    /// The [tokenize](https://urlpattern.spec.whatwg.org/#tokenize) steps for U+003A (`:`): a
    /// name token.
    fn name(&mut self) -> Result<(), UrlPatternError> {
        let mut name_position = self.next_index;
        let name_start = name_position;
        while name_position < self.input.len() {
            self.seek_and_get_next_code_point(name_position);
            let first_code_point = name_position == name_start;
            if !is_valid_name_code_point(self.code_point, first_code_point) {
                break;
            }
            name_position = self.next_index;
        }
        if name_position <= name_start {
            return self.process_tokenizing_error(name_start, self.index);
        }
        self.add_token_with_default_length(TokenType::Name, name_position, name_start);
        Ok(())
    }

    /// The [tokenize](https://urlpattern.spec.whatwg.org/#tokenize) steps for U+0028 (`(`): a
    /// regexp token, whose parentheses must balance and whose groups must be non-capturing.
    fn regexp(&mut self) -> Result<(), UrlPatternError> {
        let regexp_start = self.next_index;
        match self.regexp_end(regexp_start) {
            Some(regexp_position) => {
                let regexp_length = regexp_position - regexp_start - 1;
                self.add_token(TokenType::Regexp, regexp_position, regexp_start, regexp_length);
                Ok(())
            }
            None => self.process_tokenizing_error(regexp_start, self.index),
        }
    }

    /// Where the regexp token that starts at `regexp_start` ends (after its `)`); `None` where
    /// the steps process a tokenizing error, which they all do alike: one call, not one each.
    fn regexp_end(&mut self, regexp_start: usize) -> Option<usize> {
        let length = self.input.len();
        let mut depth = 1;
        let mut regexp_position = regexp_start;
        while regexp_position < length {
            self.seek_and_get_next_code_point(regexp_position);
            if !self.code_point.is_ascii() {
                return None;
            }
            if regexp_position == regexp_start && self.code_point == '?' {
                return None;
            }
            if self.code_point == '\\' {
                if regexp_position == length - 1 {
                    return None;
                }
                self.get_next_code_point();
                if !self.code_point.is_ascii() {
                    return None;
                }
                regexp_position = self.next_index;
                continue;
            }
            if self.code_point == ')' {
                depth -= 1;
                if depth == 0 {
                    regexp_position = self.next_index;
                    break;
                }
            } else if self.code_point == '(' {
                depth += 1;
                if regexp_position == length - 1 {
                    return None;
                }
                let temporary_position = self.next_index;
                self.get_next_code_point();
                if self.code_point != '?' {
                    return None;
                }
                self.next_index = temporary_position;
            }
            regexp_position = self.next_index;
        }
        // Unbalanced, or empty.
        (depth == 0 && regexp_position - regexp_start - 1 != 0).then_some(regexp_position)
    }

    /// [Get the next code point](https://urlpattern.spec.whatwg.org/#get-the-next-code-point).
    /// Not inlined: each of the tokenizer's steps would get its own copy.
    #[inline(never)]
    fn get_next_code_point(&mut self) {
        let rest = self.input.get(self.next_index..).unwrap_or_default();
        self.code_point = rest.chars().next().unwrap_or('\0');
        self.next_index += self.code_point.len_utf8();
    }

    /// [Seek and get the next code point](https://urlpattern.spec.whatwg.org/#seek-and-get-the-next-code-point).
    fn seek_and_get_next_code_point(&mut self, index: usize) {
        self.next_index = index;
        self.get_next_code_point();
    }

    /// [Add a token](https://urlpattern.spec.whatwg.org/#add-a-token).
    fn add_token(
        &mut self,
        kind: TokenType,
        next_position: usize,
        value_position: usize,
        value_length: usize,
    ) {
        let value = self.input.get(value_position..value_position + value_length);
        let value = value.unwrap_or_default();
        self.token_list.push(Token { kind, index: self.index, value });
        self.index = next_position;
    }

    /// [Add a token with default length](https://urlpattern.spec.whatwg.org/#add-a-token-with-default-length).
    fn add_token_with_default_length(
        &mut self,
        kind: TokenType,
        next_position: usize,
        value_position: usize,
    ) {
        let computed_length = next_position.saturating_sub(value_position);
        self.add_token(kind, next_position, value_position, computed_length);
    }

    /// [Add a token with default position and length](https://urlpattern.spec.whatwg.org/#add-a-token-with-default-position-and-length).
    fn add_token_with_default_position_and_length(&mut self, kind: TokenType) {
        self.add_token_with_default_length(kind, self.next_index, self.index);
    }

    /// [Process a tokenizing error](https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error).
    fn process_tokenizing_error(
        &mut self,
        next_position: usize,
        value_position: usize,
    ) -> Result<(), UrlPatternError> {
        if self.policy == TokenizePolicy::Strict {
            return Err(invalid_pattern_syntax(self.input, value_position));
        }
        self.add_token_with_default_length(TokenType::InvalidChar, next_position, value_position);
        Ok(())
    }
}

/// The error of a tokenizing error under the strict policy. Not inlined: each of the tokenizer's
/// steps that fails would get its own copy.
#[inline(never)]
fn invalid_pattern_syntax(input: &str, value_position: usize) -> UrlPatternError {
    UrlPatternError::new(
        UrlPatternErrorKind::InvalidPatternSyntax,
        &["invalid pattern syntax at code point ", &code_point_position(input, value_position)],
    )
}

/// The position, in code points, of the code point at byte offset `index` of `input`, in
/// decimal: where the error messages say something went wrong.
pub(super) fn code_point_position(input: &str, index: usize) -> String {
    let mut position = String::new();
    push_decimal(&mut position, input.slice(..index).chars().count() as u32);
    position
}

/// [Is a valid name code point](https://urlpattern.spec.whatwg.org/#is-a-valid-name-code-point):
/// ECMAScript's [IdentifierStart](https://tc39.es/ecma262/#prod-IdentifierStart) (`first`) or
/// [IdentifierPart](https://tc39.es/ecma262/#prod-IdentifierPart) code points (the Unicode
/// ID_Start and ID_Continue properties, as the ECMAScript engine knows them).
pub fn is_valid_name_code_point(code_point: char, first: bool) -> bool {
    if code_point.is_ascii() {
        return code_point == '$'
            || code_point == '_'
            || code_point.is_ascii_alphabetic()
            || (!first && code_point.is_ascii_digit());
    }
    is_a_valid_non_ascii_name_code_point(code_point, first)
}

/// [`is_valid_name_code_point`] beyond ASCII: by the ECMAScript engine's `RegExp`. Not inlined,
/// unlike the ASCII checks: each caller would get its own copy.
#[inline(never)]
fn is_a_valid_non_ascii_name_code_point(code_point: char, first: bool) -> bool {
    let source = if first { r"^[$_\p{ID_Start}]$" } else { r"^[$\u200C\u200D\p{ID_Continue}]$" };
    let mut buffer = [0; 4];
    regexp_engine::class_matches(source, code_point.encode_utf8(&mut buffer))
}

#[cfg(test)]
mod tests {
    use super::TokenType::*;
    use super::*;

    fn kinds(input: &str, policy: TokenizePolicy) -> Vec<(TokenType, String)> {
        tokenize(input, policy).unwrap().into_iter().map(|t| (t.kind, t.value.to_owned())).collect()
    }

    fn t(kind: TokenType, value: &str) -> (TokenType, String) {
        (kind, value.to_owned())
    }

    /// The standard's examples in "parse a pattern string": `<prefix char><name><regexp><modifier>`.
    #[test]
    fn prefix_name_regexp_modifier() {
        let strict = TokenizePolicy::Strict;
        assert_eq!(
            kinds("/:foo(bar)?", strict),
            [t(Char, "/"), t(Name, "foo"), t(Regexp, "bar"), t(OtherModifier, "?"), t(End, "")]
        );
        assert_eq!(kinds("/", strict), [t(Char, "/"), t(End, "")]);
        assert_eq!(kinds(":foo", strict), [t(Name, "foo"), t(End, "")]);
        assert_eq!(kinds("(bar)", strict), [t(Regexp, "bar"), t(End, "")]);
        assert_eq!(kinds("/(bar)?", strict)[2], t(OtherModifier, "?"));
        assert_eq!(
            kinds("{a:foo(bar)b}?", strict),
            [
                t(Open, "{"),
                t(Char, "a"),
                t(Name, "foo"),
                t(Regexp, "bar"),
                t(Char, "b"),
                t(Close, "}"),
                t(OtherModifier, "?"),
                t(End, "")
            ]
        );
        assert_eq!(
            kinds("\\:*+", strict),
            [t(EscapedChar, ":"), t(Asterisk, "*"), t(OtherModifier, "+"), t(End, "")]
        );
    }

    #[test]
    fn indices_are_byte_offsets() {
        let input = "é:ünï(a)";
        let tokens = tokenize(input, TokenizePolicy::Strict).unwrap();
        let indices: Vec<_> = tokens.iter().map(|t| t.index).collect();
        assert_eq!(indices, [0, 2, 8, 11]);
        assert_eq!(tokens[1].value, "ünï");
        assert_eq!(code_point_position(input, tokens[2].index), "5");
        let error = tokenize("é:(", TokenizePolicy::Strict).unwrap_err();
        assert_eq!(error.message(), "invalid pattern syntax at code point 1");
    }

    #[test]
    fn regexp_rules() {
        let strict = TokenizePolicy::Strict;
        assert_eq!(kinds("((?:a)|b)", strict)[0], t(Regexp, "(?:a)|b"));
        assert_eq!(kinds(r"(\))", strict)[0], t(Regexp, r"\)"));
        for invalid in ["(", "()", "(?:a)", "((a))", "(é)", "(a", "\\", ":", "(a\\"] {
            assert!(tokenize(invalid, strict).is_err(), "{invalid}");
        }
    }

    #[test]
    fn lenient_policy_makes_invalid_chars() {
        assert_eq!(
            kinds("a:(", TokenizePolicy::Lenient),
            [t(Char, "a"), t(InvalidChar, ":"), t(InvalidChar, "("), t(End, "")]
        );
        assert_eq!(kinds("\\", TokenizePolicy::Lenient), [t(InvalidChar, "\\"), t(End, "")]);
    }

    #[test]
    fn name_code_points() {
        assert!(is_valid_name_code_point('é', true));
        assert!(is_valid_name_code_point('\u{200C}', false));
        assert!(!is_valid_name_code_point('\u{200C}', true));
        assert!(!is_valid_name_code_point('1', true));
        assert!(is_valid_name_code_point('1', false));
        assert!(!is_valid_name_code_point('-', false));
        assert!(!is_valid_name_code_point('🚲', false));
    }
}
