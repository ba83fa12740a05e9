//! The [URL class](https://url.spec.whatwg.org/#url-class) algorithms: parsing entry points and
//! the setters, each of which runs the basic URL parser with a state override.

use crate::parser::{self, State};
use crate::percent::{utf8, QueryEncoding};
use crate::validation::{Sink, ValidationError};
use crate::{ParseError, Url};

/// Options for the [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser):
/// a base URL, an encoding for the query, and a sink for validation errors.
///
/// ```
/// use weburl::{Url, ValidationError};
/// let base = Url::parse("https://example.org/a/b").unwrap();
/// let mut errors = Vec::new();
/// let url = Url::options()
///     .base_url(Some(&base))
///     .on_validation_error(&mut |e| errors.push(e))
///     .parse("\\c?d")
///     .unwrap();
/// assert_eq!(url.href(), "https://example.org/c?d");
/// assert_eq!(errors, [ValidationError::InvalidReverseSolidus]);
/// ```
///
/// With the `encodings` feature (on by default), a legacy encoding for the query:
///
/// ```
/// # #[cfg(feature = "encodings")] {
/// let url = weburl::Url::options()
///     .encoding(weburl::encoding_rs::WINDOWS_1252)
///     .parse("https://example.org/?smörgås")
///     .unwrap();
/// assert_eq!(url.search(), "?sm%F6rg%E5s");
/// # }
/// ```
pub struct ParseOptions<'a> {
    base: Option<&'a Url>,
    encoding: QueryEncoding,
    on_validation_error: Option<&'a mut dyn FnMut(ValidationError)>,
}

impl<'a> ParseOptions<'a> {
    /// The [base URL](https://url.spec.whatwg.org/#concept-base-url) to resolve against.
    pub fn base_url(mut self, base: Option<&'a Url>) -> Self {
        self.base = base;
        self
    }

    /// The encoding for the query (a legacy concept of HTML documents); UTF-8 by default.
    #[cfg(feature = "encodings")]
    pub fn encoding(mut self, encoding: &'static encoding_rs::Encoding) -> Self {
        self.encoding = encoding;
        self
    }

    /// Calls `sink` with every validation error, where the standard reports it.
    pub fn on_validation_error(mut self, sink: &'a mut dyn FnMut(ValidationError)) -> Self {
        self.on_validation_error = Some(sink);
        self
    }

    /// Runs the [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser).
    pub fn parse(self, input: &str) -> Result<Url, ParseError> {
        parser::parse(input, self.base, self.encoding, Sink::new(self.on_validation_error))
    }
}

impl Url {
    /// Options for parsing with a base URL, an encoding or a validation error sink.
    pub fn options<'a>() -> ParseOptions<'a> {
        ParseOptions { base: None, encoding: utf8(), on_validation_error: None }
    }

    /// Parses an absolute URL with the [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser).
    ///
    /// ```
    /// let url = weburl::Url::parse("https://EXAMPLE.com/./a/../b").unwrap();
    /// assert_eq!(url.href(), "https://example.com/b");
    /// assert!(weburl::Url::parse("/relative").is_err());
    /// ```
    pub fn parse(input: &str) -> Result<Url, ParseError> {
        parser::parse(input, None, utf8(), Sink::none())
    }

    /// Parses `input` against this URL as the base.
    ///
    /// ```
    /// let base = weburl::Url::parse("https://example.com/a/b").unwrap();
    /// assert_eq!(base.join("c?d").unwrap().href(), "https://example.com/a/c?d");
    /// assert_eq!(base.join("//other.example").unwrap().href(), "https://other.example/");
    /// ```
    pub fn join(&self, input: &str) -> Result<Url, ParseError> {
        parser::parse(input, Some(self), utf8(), Sink::none())
    }

    /// The [API URL parser](https://url.spec.whatwg.org/#api-url-parser): parses `base` (when
    /// given), then `input` against it, as `new URL(input, base)` does.
    ///
    /// ```
    /// let url = weburl::Url::parse_with_base("?x", Some("http://h/p")).unwrap();
    /// assert_eq!(url.href(), "http://h/p?x");
    /// ```
    pub fn parse_with_base(input: &str, base: Option<&str>) -> Result<Url, ParseError> {
        match base {
            #[cfg(not(target_arch = "wasm32"))]
            Some(base) => parser::parse_with_base(input, base),
            #[cfg(target_arch = "wasm32")]
            Some(base) => Url::parse(base)?.join(input),
            None => Url::parse(input),
        }
    }

    /// [`URL.canParse`](https://url.spec.whatwg.org/#dom-url-canparse): whether
    /// [`parse_with_base`](Url::parse_with_base) succeeds.
    ///
    /// ```
    /// assert!(weburl::Url::can_parse("a", Some("https://b/")));
    /// assert!(!weburl::Url::can_parse("https://test:test", None));
    /// ```
    pub fn can_parse(input: &str, base: Option<&str>) -> bool {
        Url::parse_with_base(input, base).is_ok()
    }

    /// The [`href` setter](https://url.spec.whatwg.org/#dom-url-href): parses `value` and
    /// replaces this URL with the result; on failure the URL is unchanged.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.org/").unwrap();
    /// assert!(url.set_href("not a url").is_err());
    /// assert_eq!(url.href(), "https://example.org/");
    /// ```
    pub fn set_href(&mut self, value: &str) -> Result<(), ParseError> {
        *self = Url::parse(value)?;
        Ok(())
    }

    /// The [`protocol` setter](https://url.spec.whatwg.org/#dom-url-protocol): the scheme
    /// changes only between special schemes or between non-special ones.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("http://example.org:443/").unwrap();
    /// url.set_protocol("https");
    /// assert_eq!(url.href(), "https://example.org/");
    /// url.set_protocol("web+app");
    /// assert_eq!(url.protocol(), "https:");
    /// ```
    pub fn set_protocol(&mut self, value: &str) {
        let mut input = String::with_capacity(value.len() + 1);
        input.push_str(value);
        input.push(':');
        parser::parse_with_override(self, &input, State::SchemeStart);
    }

    /// The [`username` setter](https://url.spec.whatwg.org/#dom-url-username).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.org/").unwrap();
    /// url.set_username("me@home");
    /// assert_eq!(url.href(), "https://me%40home@example.org/");
    /// ```
    pub fn set_username(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let password = self.password().to_owned();
        self.set_userinfo(value, &password);
    }

    /// The [`password` setter](https://url.spec.whatwg.org/#dom-url-password).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://me@example.org/").unwrap();
    /// url.set_password("sécret");
    /// assert_eq!(url.href(), "https://me:s%C3%A9cret@example.org/");
    /// ```
    pub fn set_password(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let username = self.username().to_owned();
        self.set_userinfo(&username, value);
    }

    /// The [`host` setter](https://url.spec.whatwg.org/#dom-url-host): host and, if given, port.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.org:8080/").unwrap();
    /// url.set_host("example.com");
    /// assert_eq!(url.host(), "example.com:8080");
    /// url.set_host("EXAMPLE.net:443");
    /// assert_eq!(url.host(), "example.net");
    /// ```
    pub fn set_host(&mut self, value: &str) {
        if !self.opaque_path {
            parser::parse_with_override(self, value, State::Host);
        }
    }

    /// The [`hostname` setter](https://url.spec.whatwg.org/#dom-url-hostname).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.org/").unwrap();
    /// url.set_hostname("[::1]");
    /// assert_eq!(url.href(), "https://[::1]/");
    /// url.set_hostname("a:1");
    /// assert_eq!(url.hostname(), "[::1]");
    /// ```
    pub fn set_hostname(&mut self, value: &str) {
        if !self.opaque_path {
            parser::parse_with_override(self, value, State::Hostname);
        }
    }

    /// The [`port` setter](https://url.spec.whatwg.org/#dom-url-port): the empty string removes
    /// the port; otherwise the leading digits are the port.
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.org/").unwrap();
    /// url.set_port("8443abc");
    /// assert_eq!(url.port(), "8443");
    /// url.set_port("443");
    /// assert_eq!(url.port(), "");
    /// ```
    pub fn set_port(&mut self, value: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        if value.is_empty() {
            self.set_port_number(None);
        } else {
            parser::parse_with_override(self, value, State::Port);
        }
    }

    /// The [`pathname` setter](https://url.spec.whatwg.org/#dom-url-pathname).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.org/a?q").unwrap();
    /// url.set_pathname("b/../c d");
    /// assert_eq!(url.href(), "https://example.org/c%20d?q");
    /// ```
    pub fn set_pathname(&mut self, value: &str) {
        if self.opaque_path {
            return;
        }
        self.empty_path();
        parser::parse_with_override(self, value, State::PathStart);
    }

    /// The [`search` setter](https://url.spec.whatwg.org/#dom-url-search).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.org/#f").unwrap();
    /// url.set_search("?a=b c");
    /// assert_eq!(url.href(), "https://example.org/?a=b%20c#f");
    /// url.set_search("");
    /// assert_eq!(url.href(), "https://example.org/#f");
    /// ```
    pub fn set_search(&mut self, value: &str) {
        if value.is_empty() {
            self.set_query(None);
            return;
        }
        let input = value.strip_prefix('?').unwrap_or(value);
        self.set_query(Some(""));
        parser::parse_with_override(self, input, State::Query);
    }

    /// The [`hash` setter](https://url.spec.whatwg.org/#dom-url-hash).
    ///
    /// ```
    /// let mut url = weburl::Url::parse("https://example.org/").unwrap();
    /// url.set_hash("#top of page");
    /// assert_eq!(url.hash(), "#top%20of%20page");
    /// ```
    pub fn set_hash(&mut self, value: &str) {
        if value.is_empty() {
            self.set_fragment(None);
            return;
        }
        let input = value.strip_prefix('#').unwrap_or(value);
        self.set_fragment(Some(""));
        parser::parse_with_override(self, input, State::Fragment);
    }
}

#[cfg(test)]
mod tests {
    use crate::Url;

    /// Found by fuzzing: a host with a port given to a URL whose path needed `/.` (null host,
    /// path starting with `//`) must drop the `/.`.
    #[test]
    fn host_and_port_replace_the_dot_prefix() {
        let mut url = Url::parse("web+demo:/.//x").unwrap();
        assert_eq!(url.pathname(), "//x");
        url.set_host("h:9");
        assert_eq!(url.href(), "web+demo://h:9//x");
        assert_eq!(url.port(), "9");
        assert_eq!(Url::parse(url.href()).unwrap().href(), url.href());
    }
}
