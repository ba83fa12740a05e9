//! The [constructor string parser](https://urlpattern.spec.whatwg.org/#constructor-string-parsing):
//! a shorthand like `https://example.com/:category/*` split into its components' pattern strings.

use super::component::Source;
use super::parts::Options;
use super::tokenizer::{tokenize, Token, TokenType, TokenizePolicy};
use super::{
    canonicalize, Component, UrlPatternError, HASH, HOSTNAME, PASSWORD, PATHNAME, PORT, PROTOCOL,
    SEARCH, USERNAME,
};
use crate::slicing::Slice;

/// A [constructor string parser state](https://urlpattern.spec.whatwg.org/#constructor-string-parser-state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ParserState {
    // A component's state first, its index in the components' order.
    Protocol = PROTOCOL as isize,
    Username = USERNAME as isize,
    Password = PASSWORD as isize,
    Hostname = HOSTNAME as isize,
    Port = PORT as isize,
    Pathname = PATHNAME as isize,
    Search = SEARCH as isize,
    Hash = HASH as isize,
    Init,
    Authority,
    Done,
}

/// A [constructor string parser](https://urlpattern.spec.whatwg.org/#constructor-string-parser).
struct ConstructorStringParser<'a, 'r> {
    input: &'a str,
    token_list: Vec<Token<'a>>,
    /// The result's protocol, username, password, hostname, port, pathname, search and hash:
    /// slices of the input (owned strings were their allocations and drops on every path).
    result: &'r mut [Option<&'a str>; 8],
    component_start: usize,
    token_index: usize,
    token_increment: usize,
    group_depth: usize,
    hostname_ipv6_bracket_depth: isize,
    protocol_matches_a_special_scheme_flag: bool,
    state: ParserState,
}

/// [Parses a constructor string](https://urlpattern.spec.whatwg.org/#parse-a-constructor-string):
/// the result's protocol, username, password, hostname, port, pathname, search and hash (the
/// members of a `URLPatternInit` it has, without baseURL), written into `result` (returned, the
/// array was copied out of the parser, 43 bytes of the add-on's LZMA).
pub(crate) fn parse_a_constructor_string<'a>(
    input: &'a str,
    result: &mut [Option<&'a str>; 8],
) -> Result<(), UrlPatternError> {
    let mut parser = ConstructorStringParser {
        input,
        token_list: tokenize(input, TokenizePolicy::Lenient)?,
        result,
        component_start: 0,
        token_index: 0,
        token_increment: 1,
        group_depth: 0,
        hostname_ipv6_bracket_depth: 0,
        protocol_matches_a_special_scheme_flag: false,
        state: ParserState::Init,
    };
    while parser.token_index < parser.token_list.len() {
        // Usually the next token; zero after a change of state or a rewind.
        parser.token_increment = 1;
        if parser.token().kind == TokenType::End {
            match parser.state {
                ParserState::Init => {
                    // No protocol terminator: a relative constructor string. Where does it start?
                    parser.rewind();
                    if parser.is_a_hash_prefix() {
                        parser.change_state(ParserState::Hash, 1);
                    } else if parser.is_a_search_prefix() {
                        parser.change_state(ParserState::Search, 1);
                    } else {
                        parser.change_state(ParserState::Pathname, 0);
                    }
                    parser.token_index += parser.token_increment;
                    continue;
                }
                ParserState::Authority => {
                    // No `@`: no username or password.
                    parser.rewind_and_set_state(ParserState::Hostname);
                    parser.token_index += parser.token_increment;
                    continue;
                }
                _ => {
                    parser.change_state(ParserState::Done, 0);
                    break;
                }
            }
        }
        // Everything within `{ … }` is pattern syntax, never a component boundary.
        if parser.is_a_group_open() {
            parser.group_depth += 1;
            parser.token_index += parser.token_increment;
            continue;
        }
        if parser.group_depth > 0 {
            if parser.is_a_group_close() {
                parser.group_depth -= 1;
            } else {
                parser.token_index += parser.token_increment;
                continue;
            }
        }
        parser.state_step()?;
        parser.token_index += parser.token_increment;
    }
    // A hostname without a port means the default port.
    if parser.result[HOSTNAME].is_some() && parser.result[PORT].is_none() {
        parser.result[PORT] = Some("");
    }
    Ok(())
}

impl<'a> ConstructorStringParser<'a, '_> {
    /// The steps of [parse a constructor string](https://urlpattern.spec.whatwg.org/#parse-a-constructor-string)
    /// for the current state.
    fn state_step(&mut self) -> Result<(), UrlPatternError> {
        match self.state {
            ParserState::Init => {
                if self.is_a_protocol_suffix() {
                    self.rewind_and_set_state(ParserState::Protocol);
                }
            }
            ParserState::Protocol => {
                if self.is_a_protocol_suffix() {
                    self.compute_protocol_matches_a_special_scheme_flag()?;
                    let (next_state, skip) = if self.next_is_authority_slashes() {
                        (ParserState::Authority, 3)
                    } else if self.protocol_matches_a_special_scheme_flag {
                        (ParserState::Authority, 1)
                    } else {
                        (ParserState::Pathname, 1)
                    };
                    self.change_state(next_state, skip);
                }
            }
            ParserState::Authority => {
                if self.is_an_identity_terminator() {
                    self.rewind_and_set_state(ParserState::Username);
                } else if self.is_a_pathname_start()
                    || self.is_a_search_prefix()
                    || self.is_a_hash_prefix()
                {
                    self.rewind_and_set_state(ParserState::Hostname);
                }
            }
            ParserState::Username => {
                if self.is_a_password_prefix() {
                    self.change_state(ParserState::Password, 1);
                } else if self.is_an_identity_terminator() {
                    self.change_state(ParserState::Hostname, 1);
                }
            }
            ParserState::Password => {
                if self.is_an_identity_terminator() {
                    self.change_state(ParserState::Hostname, 1);
                }
            }
            ParserState::Hostname => {
                if self.is_an_ipv6_open() {
                    self.hostname_ipv6_bracket_depth += 1;
                } else if self.is_an_ipv6_close() {
                    self.hostname_ipv6_bracket_depth -= 1;
                } else if self.is_a_port_prefix() && self.hostname_ipv6_bracket_depth == 0 {
                    self.change_state(ParserState::Port, 1);
                } else if self.is_a_pathname_start() {
                    self.change_state(ParserState::Pathname, 0);
                } else if self.is_a_search_prefix() {
                    self.change_state(ParserState::Search, 1);
                } else if self.is_a_hash_prefix() {
                    self.change_state(ParserState::Hash, 1);
                }
            }
            ParserState::Port => {
                if self.is_a_pathname_start() {
                    self.change_state(ParserState::Pathname, 0);
                } else if self.is_a_search_prefix() {
                    self.change_state(ParserState::Search, 1);
                } else if self.is_a_hash_prefix() {
                    self.change_state(ParserState::Hash, 1);
                }
            }
            ParserState::Pathname => {
                if self.is_a_search_prefix() {
                    self.change_state(ParserState::Search, 1);
                } else if self.is_a_hash_prefix() {
                    self.change_state(ParserState::Hash, 1);
                }
            }
            ParserState::Search => {
                if self.is_a_hash_prefix() {
                    self.change_state(ParserState::Hash, 1);
                }
            }
            ParserState::Hash | ParserState::Done => {}
        }
        Ok(())
    }

    /// The token at the token index (the loop keeps it in range).
    fn token(&self) -> &Token<'_> {
        self.get_a_safe_token(self.token_index)
    }

    /// [Change state](https://urlpattern.spec.whatwg.org/#change-state).
    fn change_state(&mut self, new_state: ParserState, skip: usize) {
        use ParserState::*;
        let state = self.state;
        if !matches!(state, Init | Authority | Done) {
            self.result[state as usize] = Some(self.make_a_component_string());
        }
        if state != Init && new_state != Done {
            if matches!(state, Protocol | Authority | Username | Password)
                && matches!(new_state, Port | Pathname | Search | Hash)
                && self.result[HOSTNAME].is_none()
            {
                self.result[HOSTNAME] = Some("");
            }
            if matches!(state, Protocol | Authority | Username | Password | Hostname | Port)
                && matches!(new_state, Search | Hash)
                && self.result[PATHNAME].is_none()
            {
                let pathname = if self.protocol_matches_a_special_scheme_flag { "/" } else { "" };
                self.result[PATHNAME] = Some(pathname);
            }
            if matches!(
                state,
                Protocol | Authority | Username | Password | Hostname | Port | Pathname
            ) && new_state == Hash
                && self.result[SEARCH].is_none()
            {
                self.result[SEARCH] = Some("");
            }
        }
        self.state = new_state;
        self.token_index += skip;
        self.component_start = self.token_index;
        self.token_increment = 0;
    }

    /// [Rewind](https://urlpattern.spec.whatwg.org/#rewind).
    fn rewind(&mut self) {
        self.token_index = self.component_start;
        self.token_increment = 0;
    }

    /// [Rewind and set state](https://urlpattern.spec.whatwg.org/#rewind-and-set-state).
    fn rewind_and_set_state(&mut self, state: ParserState) {
        self.rewind();
        self.state = state;
    }

    /// [Get a safe token](https://urlpattern.spec.whatwg.org/#get-a-safe-token): past the end,
    /// the last (`end`) token.
    fn get_a_safe_token(&self, index: usize) -> &Token<'_> {
        // The token list always ends with an `end` token, so it is never empty.
        let last_index = self.token_list.len() - 1;
        &self.token_list[index.min(last_index)]
    }

    /// [Is a non-special pattern char](https://urlpattern.spec.whatwg.org/#is-a-non-special-pattern-char).
    /// Not inlined: every check of the parser's would get its own copy.
    #[inline(never)]
    fn is_a_non_special_pattern_char(&self, index: usize, value: u8) -> bool {
        let token = self.get_a_safe_token(index);
        token.value.as_bytes() == [value]
            && matches!(
                token.kind,
                TokenType::Char | TokenType::EscapedChar | TokenType::InvalidChar
            )
    }

    /// [Is a protocol suffix](https://urlpattern.spec.whatwg.org/#is-a-protocol-suffix).
    fn is_a_protocol_suffix(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, b':')
    }

    /// [Next is authority slashes](https://urlpattern.spec.whatwg.org/#next-is-authority-slashes).
    fn next_is_authority_slashes(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index + 1, b'/')
            && self.is_a_non_special_pattern_char(self.token_index + 2, b'/')
    }

    /// [Is an identity terminator](https://urlpattern.spec.whatwg.org/#is-an-identity-terminator).
    fn is_an_identity_terminator(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, b'@')
    }

    /// [Is a password prefix](https://urlpattern.spec.whatwg.org/#is-a-password-prefix).
    fn is_a_password_prefix(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, b':')
    }

    /// [Is a port prefix](https://urlpattern.spec.whatwg.org/#is-a-port-prefix).
    fn is_a_port_prefix(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, b':')
    }

    /// [Is a pathname start](https://urlpattern.spec.whatwg.org/#is-a-pathname-start).
    fn is_a_pathname_start(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, b'/')
    }

    /// [Is a search prefix](https://urlpattern.spec.whatwg.org/#is-a-search-prefix): a `?` that
    /// is not a modifier of what comes before it.
    fn is_a_search_prefix(&self) -> bool {
        if self.is_a_non_special_pattern_char(self.token_index, b'?') {
            return true;
        }
        if self.token().value != "?" {
            return false;
        }
        let Some(previous_index) = self.token_index.checked_sub(1) else {
            return true;
        };
        let previous_token = self.get_a_safe_token(previous_index);
        !matches!(
            previous_token.kind,
            TokenType::Name | TokenType::Regexp | TokenType::Close | TokenType::Asterisk
        )
    }

    /// [Is a hash prefix](https://urlpattern.spec.whatwg.org/#is-a-hash-prefix).
    fn is_a_hash_prefix(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, b'#')
    }

    /// [Is a group open](https://urlpattern.spec.whatwg.org/#is-a-group-open).
    fn is_a_group_open(&self) -> bool {
        self.token().kind == TokenType::Open
    }

    /// [Is a group close](https://urlpattern.spec.whatwg.org/#is-a-group-close).
    fn is_a_group_close(&self) -> bool {
        self.token().kind == TokenType::Close
    }

    /// [Is an IPv6 open](https://urlpattern.spec.whatwg.org/#is-an-ipv6-open).
    fn is_an_ipv6_open(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, b'[')
    }

    /// [Is an IPv6 close](https://urlpattern.spec.whatwg.org/#is-an-ipv6-close).
    fn is_an_ipv6_close(&self) -> bool {
        self.is_a_non_special_pattern_char(self.token_index, b']')
    }

    /// [Make a component string](https://urlpattern.spec.whatwg.org/#make-a-component-string):
    /// the input from the component start token to the current token.
    fn make_a_component_string(&self) -> &'a str {
        // Token indices are byte offsets.
        let end = self.token().index;
        let start = self.get_a_safe_token(self.component_start).index.min(end);
        self.input.slice(start..end)
    }

    /// [Compute protocol matches a special scheme flag](https://urlpattern.spec.whatwg.org/#compute-protocol-matches-a-special-scheme-flag):
    /// compiles the protocol component now, to see whether special rules apply.
    fn compute_protocol_matches_a_special_scheme_flag(&mut self) -> Result<(), UrlPatternError> {
        let protocol_string = self.make_a_component_string();
        let protocol_component = Component::<Source>::compile(
            protocol_string,
            canonicalize::canonicalize_a_protocol,
            &Options::DEFAULT,
        )?;
        if protocol_component.matches_a_special_scheme()? {
            self.protocol_matches_a_special_scheme_flag = true;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(input: &str) -> [Option<&str>; 8] {
        let mut result = [None; 8];
        parse_a_constructor_string(input, &mut result).unwrap();
        result
    }

    #[test]
    fn standard_examples() {
        assert_eq!(
            parse("https://example.com/:category/*"),
            [
                Some("https"),
                None,
                None,
                Some("example.com"),
                Some(""),
                Some("/:category/*"),
                None,
                None
            ]
        );
        assert_eq!(
            parse("http{s}?://{:subdomain.}?shop.example/products/:id([0-9]+)#reviews"),
            [
                Some("http{s}?"),
                None,
                None,
                Some("{:subdomain.}?shop.example"),
                Some(""),
                Some("/products/:id([0-9]+)"),
                Some(""),
                Some("reviews")
            ]
        );
        assert_eq!(
            parse("../admin/*"),
            [None, None, None, None, None, Some("../admin/*"), None, None]
        );
    }

    #[test]
    fn authority_and_relative_forms() {
        assert_eq!(
            parse("https://user\\:pass@[::1]:8080?q"),
            [
                Some("https"),
                Some("user"),
                Some("pass"),
                Some("[::1]"),
                Some("8080"),
                Some("/"),
                Some("q"),
                None
            ]
        );
        assert_eq!(parse("#h"), [None, None, None, None, None, None, None, Some("h")]);
        assert_eq!(parse("?s#h"), [None, None, None, None, None, None, Some("s"), Some("h")]);
        assert_eq!(
            parse("data\\:text/plain,:x"),
            [Some("data"), None, None, Some(""), Some(""), Some("text/plain,:x"), None, None]
        );
        // The `?` after a name is its modifier, not the search.
        assert_eq!(parse("/:a?")[5], Some("/:a?"));
    }
}
