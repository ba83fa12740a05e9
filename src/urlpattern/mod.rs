//! The [URL Pattern Standard](https://urlpattern.spec.whatwg.org/): `URLPattern`, matching URLs
//! against patterns like `https://example.com/:category/*`.
//!
//! ```
//! use weburl::urlpattern::{UrlPattern, UrlPatternOptions};
//!
//! let pattern =
//!     UrlPattern::new("https://example.com/books/:id(\\d+)", None, UrlPatternOptions::default())
//!         .unwrap();
//! assert_eq!(pattern.pathname(), "/books/:id(\\d+)");
//! assert!(pattern.has_regexp_groups());
//! assert!(pattern.test("https://example.com/books/123", None).unwrap());
//!
//! let result = pattern.exec("https://example.com/books/456", None).unwrap().unwrap();
//! assert_eq!(result.pathname.group("id"), Some("456"));
//! assert!(pattern.exec("https://example.com/books/abc", None).unwrap().is_none());
//! ```
//!
//! Components are canonicalized by this crate's own URL parser (each encoding callback runs the
//! basic URL parser with a state override on a dummy URL, as the standard writes it), and matched
//! with ECMAScript regular expressions: through the [`regress`](https://docs.rs/regress) engine
//! natively, through the JavaScript engine's own `RegExp` in WebAssembly (`wasm32`, where a
//! [`UrlPattern`] is then neither `Send` nor `Sync`).

mod canonicalize;
mod component;
mod constructor;
mod parts;
mod pattern_parser;
mod regexp;
mod regexp_engine;
mod tokenizer;
mod url_parser;

use std::fmt;

use self::canonicalize::InitType;
pub(crate) use self::canonicalize::ProcessedInit;
use self::component::{Component, RegularExpression};
use self::parts::Options;
use self::pattern_parser::EncodingCallback;
use self::url_parser::ParsedUrl;
use crate::percent::push_decimal;
use crate::Url;

/// A [`URLPatternInit`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatterninit): a pattern
/// (or a URL to match) given component by component. A member that is `None` does not exist.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UrlPatternInit {
    /// `protocol`
    pub protocol: Option<String>,
    /// `username`
    pub username: Option<String>,
    /// `password`
    pub password: Option<String>,
    /// `hostname`
    pub hostname: Option<String>,
    /// `port`
    pub port: Option<String>,
    /// `pathname`
    pub pathname: Option<String>,
    /// `search`
    pub search: Option<String>,
    /// `hash`
    pub hash: Option<String>,
    /// `baseURL`
    pub base_url: Option<String>,
}

/// The components in the standard's order (protocol, username, password, hostname, port,
/// pathname, search, hash): the indices of the arrays that hold something for each. A loop over
/// them is one copy of the code where the components written out would be eight.
const PROTOCOL: usize = 0;
const USERNAME: usize = 1;
const PASSWORD: usize = 2;
const HOSTNAME: usize = 3;
const PORT: usize = 4;
const PATHNAME: usize = 5;
const SEARCH: usize = 6;
const HASH: usize = 7;

impl UrlPatternInit {
    /// The members protocol to hash, in the components' order.
    fn components(&self) -> [Option<&str>; 8] {
        [
            &self.protocol,
            &self.username,
            &self.password,
            &self.hostname,
            &self.port,
            &self.pathname,
            &self.search,
            &self.hash,
        ]
        .map(Option::as_deref)
    }
}

/// A [`URLPatternInput`](https://urlpattern.spec.whatwg.org/#typedefdef-urlpatterninput): a
/// constructor string (or URL string) or a [`UrlPatternInit`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UrlPatternInput {
    /// A string: a pattern's constructor string, or the URL to match.
    String(String),
    /// The components one by one.
    Init(UrlPatternInit),
}

impl UrlPatternInput {
    /// What create and match read of it.
    pub(crate) fn borrowed(&self) -> Input<'_> {
        match self {
            UrlPatternInput::String(input) => Input::String(input),
            UrlPatternInput::Init(init) => Input::Init(init.components(), init.base_url.as_deref()),
        }
    }
}

/// A [`UrlPatternInput`] borrowed: the string, or an init's members protocol to hash and its
/// baseURL. The wasm layer reads its arguments as this, without owned copies of them.
#[derive(Clone, Copy)]
pub(crate) enum Input<'a> {
    String(&'a str),
    Init([Option<&'a str>; 8], Option<&'a str>),
}

impl From<&str> for UrlPatternInput {
    fn from(s: &str) -> Self {
        UrlPatternInput::String(s.to_owned())
    }
}

impl From<String> for UrlPatternInput {
    fn from(s: String) -> Self {
        UrlPatternInput::String(s)
    }
}

impl From<UrlPatternInit> for UrlPatternInput {
    fn from(init: UrlPatternInit) -> Self {
        UrlPatternInput::Init(init)
    }
}

/// [`URLPatternOptions`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatternoptions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UrlPatternOptions {
    /// `ignoreCase`: match the pathname, search and hash case-insensitively.
    pub ignore_case: bool,
}

/// What went wrong: the `TypeError`s of the standard, by cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UrlPatternErrorKind {
    /// A pattern string is not [well formed](https://urlpattern.spec.whatwg.org/#pattern-string-well-formed):
    /// tokenizing or parsing it failed.
    InvalidPatternSyntax,
    /// Two groups of one component have the same name.
    DuplicateName,
    /// A generated regular expression does not compile (a custom regexp group is invalid).
    InvalidRegExp,
    /// A component's fixed text does not canonicalize (e.g. a hostname with a forbidden code point).
    InvalidComponent,
    /// The base URL does not parse.
    InvalidBaseUrl,
    /// A constructor string without a protocol, and no base URL.
    MissingBaseUrl,
    /// A base URL given beside a [`UrlPatternInit`] (it has its own `base_url`).
    UnexpectedBaseUrl,
}

/// A URL Pattern Standard `TypeError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlPatternError {
    kind: UrlPatternErrorKind,
    message: String,
}

impl UrlPatternError {
    /// The error with the message of `parts` one after another: `format!` would bring core's
    /// formatting machinery into the wasm (3.6 KB), and `concat` a join of its own (0.1 KB of
    /// LZMA in the add-on) where the appending the patterns' generation does is there already.
    pub(crate) fn new(kind: UrlPatternErrorKind, parts: &[&str]) -> Self {
        let mut message = String::new();
        parts.iter().for_each(|part| regexp::push(&mut message, part));
        UrlPatternError { kind, message }
    }

    /// What went wrong.
    pub fn kind(&self) -> UrlPatternErrorKind {
        self.kind
    }

    /// A description of the error.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for UrlPatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UrlPatternError {}

/// A [`URLPatternComponentResult`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatterncomponentresult):
/// a component's input and what each of its groups matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlPatternComponentResult {
    /// The component of the input that was matched.
    pub input: String,
    /// The groups in order, by name: what each matched (`None` for an optional group that did
    /// not take part, `undefined` in JavaScript).
    pub groups: Vec<(String, Option<String>)>,
}

impl UrlPatternComponentResult {
    /// What the group named `name` matched.
    pub fn group(&self, name: &str) -> Option<&str> {
        self.groups.iter().find(|(n, _)| n == name).and_then(|(_, value)| value.as_deref())
    }
}

/// A [`URLPatternResult`](https://urlpattern.spec.whatwg.org/#dictdef-urlpatternresult).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlPatternResult {
    /// The inputs matched: the input, then the base URL string if one was given.
    pub inputs: Vec<UrlPatternInput>,
    /// The protocol's result.
    pub protocol: UrlPatternComponentResult,
    /// The username's result.
    pub username: UrlPatternComponentResult,
    /// The password's result.
    pub password: UrlPatternComponentResult,
    /// The hostname's result.
    pub hostname: UrlPatternComponentResult,
    /// The port's result.
    pub port: UrlPatternComponentResult,
    /// The pathname's result.
    pub pathname: UrlPatternComponentResult,
    /// The search's result.
    pub search: UrlPatternComponentResult,
    /// The hash's result.
    pub hash: UrlPatternComponentResult,
}

/// A [URL pattern](https://urlpattern.spec.whatwg.org/#url-pattern): the `URLPattern` class.
#[derive(Clone, Debug)]
pub struct UrlPattern {
    /// Protocol, username, password, hostname, port, pathname, search and hash.
    components: [Component; 8],
}

impl UrlPattern {
    /// [Creates](https://urlpattern.spec.whatwg.org/#url-pattern-create) a URL pattern, as
    /// `new URLPattern(input, baseURL, options)` does (`base_url` is `None` for
    /// `new URLPattern(input, options)`).
    pub fn new(
        input: impl Into<UrlPatternInput>,
        base_url: Option<&str>,
        options: UrlPatternOptions,
    ) -> Result<UrlPattern, UrlPatternError> {
        let components = Self::create(input.into().borrowed(), base_url, options)?;
        // Eight compiled: the conversion cannot fail.
        Ok(UrlPattern { components: components.try_into().unwrap_or_else(|_| unreachable!()) })
    }

    /// What [`new`](Self::new) makes, but the components' regular expressions as their sources
    /// only, for JavaScript to compile (see [`Source`](component::Source)); a protocol other than
    /// `*` is compiled here too, to see whether it matches a special scheme. An error for an
    /// invalid regular expression elsewhere comes from JavaScript's `RegExp` then.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub(crate) fn sources(
        input: Input,
        base_url: Option<&str>,
        options: UrlPatternOptions,
    ) -> Result<Vec<Component<component::Source>>, UrlPatternError> {
        Self::create(input, base_url, options)
    }

    /// [Create](https://urlpattern.spec.whatwg.org/#url-pattern-create): the components
    /// (protocol, username, password, hostname, port, pathname, search, hash). Not inlined, nor
    /// [`compile`](Self::compile): inlined into the wasm export, they made the add-on 180 bytes
    /// of LZMA larger.
    #[inline(never)]
    fn create<R: RegularExpression>(
        input: Input,
        base_url: Option<&str>,
        options: UrlPatternOptions,
    ) -> Result<Vec<Component<R>>, UrlPatternError> {
        // The init's members protocol to hash and its baseURL, processed where each is read.
        let mut processed_init = ProcessedInit::default();
        match input {
            Input::String(input) => {
                let mut init = [None; 8];
                constructor::parse_a_constructor_string(input, &mut init)?;
                if base_url.is_none() && init[PROTOCOL].is_none() {
                    return Err(UrlPatternError::new(
                        UrlPatternErrorKind::MissingBaseUrl,
                        &["relative constructor string \"", input, "\" without a base URL"],
                    ));
                }
                canonicalize::process_a_urlpatterninit(
                    &mut processed_init,
                    &init,
                    base_url,
                    InitType::Pattern,
                )?;
            }
            Input::Init(init, init_base_url) => {
                if base_url.is_some() {
                    return Err(UrlPatternError::new(
                        UrlPatternErrorKind::UnexpectedBaseUrl,
                        &["a base URL beside a URLPatternInit"],
                    ));
                }
                canonicalize::process_a_urlpatterninit(
                    &mut processed_init,
                    &init,
                    init_base_url,
                    InitType::Pattern,
                )?;
            }
        }
        Self::compile(&processed_init, options)
    }

    /// The steps of [create](https://urlpattern.spec.whatwg.org/#url-pattern-create) from the
    /// processed init on: wildcards for what is missing, then each component compiled.
    #[inline(never)]
    fn compile<R: RegularExpression>(
        processed_init: &ProcessedInit,
        options: UrlPatternOptions,
    ) -> Result<Vec<Component<R>>, UrlPatternError> {
        let mut values = processed_init.values().map(|value| value.unwrap_or("*"));
        let protocol = values[PROTOCOL];
        // The standard asks whether the protocol is a special scheme first: only those have a
        // default port.
        if canonicalize::default_port(protocol).is_some_and(|p| {
            let mut default_port = String::new();
            push_decimal(&mut default_port, p.into());
            default_port == values[PORT]
        }) {
            values[PORT] = "";
        }
        let mut components: Vec<Component<R>> = Vec::with_capacity(8);
        for (index, value) in values.iter().enumerate() {
            let component = Self::compile_a_component(index, value, &components, options)?;
            components.push(component);
        }
        Ok(components)
    }

    /// Compiles component `index` from `value`, after the components before it: with its
    /// encoding callback and options. Not inlined: the loop around it is split where the pathname
    /// reads the protocol's component, into two copies of the body.
    #[inline(never)]
    fn compile_a_component<R: RegularExpression>(
        index: usize,
        value: &str,
        before: &[Component<R>],
        options: UrlPatternOptions,
    ) -> Result<Component<R>, UrlPatternError> {
        let (mut encoding_callback, mut component_options) = COMPILING[index];
        if index == HOSTNAME && hostname_pattern_is_an_ipv6_address(value) {
            encoding_callback = canonicalize::canonicalize_an_ipv6_hostname;
        }
        if index == PATHNAME
            && !before.first().map_or(Ok(false), Component::matches_a_special_scheme)?
        {
            (encoding_callback, component_options) =
                (canonicalize::canonicalize_an_opaque_pathname, Options::DEFAULT);
        }
        // The pathname, search and hash are matched ignoring case if asked.
        component_options.ignore_case = index >= PATHNAME && options.ignore_case;
        Component::compile(value, encoding_callback, &component_options)
    }

    /// The normalized protocol pattern string.
    pub fn protocol(&self) -> &str {
        &self.components[PROTOCOL].pattern_string
    }

    /// The normalized username pattern string.
    pub fn username(&self) -> &str {
        &self.components[USERNAME].pattern_string
    }

    /// The normalized password pattern string.
    pub fn password(&self) -> &str {
        &self.components[PASSWORD].pattern_string
    }

    /// The normalized hostname pattern string.
    pub fn hostname(&self) -> &str {
        &self.components[HOSTNAME].pattern_string
    }

    /// The normalized port pattern string.
    pub fn port(&self) -> &str {
        &self.components[PORT].pattern_string
    }

    /// The normalized pathname pattern string.
    pub fn pathname(&self) -> &str {
        &self.components[PATHNAME].pattern_string
    }

    /// The normalized search pattern string.
    pub fn search(&self) -> &str {
        &self.components[SEARCH].pattern_string
    }

    /// The normalized hash pattern string.
    pub fn hash(&self) -> &str {
        &self.components[HASH].pattern_string
    }

    /// [Has regexp groups](https://urlpattern.spec.whatwg.org/#url-pattern-has-regexp-groups):
    /// whether any component uses a custom regular expression.
    pub fn has_regexp_groups(&self) -> bool {
        self.components.iter().any(|c| c.has_regexp_groups)
    }

    /// [`test(input, baseURL)`](https://urlpattern.spec.whatwg.org/#dom-urlpattern-test): whether
    /// the input matches. An error only for a base URL beside a [`UrlPatternInit`].
    pub fn test(
        &self,
        input: impl Into<UrlPatternInput>,
        base_url: Option<&str>,
    ) -> Result<bool, UrlPatternError> {
        Ok(self.exec(input, base_url)?.is_some())
    }

    /// [`exec(input, baseURL)`](https://urlpattern.spec.whatwg.org/#dom-urlpattern-exec): the
    /// [match](https://urlpattern.spec.whatwg.org/#url-pattern-match) result, `None` when the
    /// input does not match (or is not a valid URL). An error only for a base URL beside a
    /// [`UrlPatternInit`].
    pub fn exec(
        &self,
        input: impl Into<UrlPatternInput>,
        base_url: Option<&str>,
    ) -> Result<Option<UrlPatternResult>, UrlPatternError> {
        let input = input.into();
        let Some(processed) = Self::process_input(input.borrowed(), base_url)? else {
            return Ok(None);
        };
        let values = processed.values();
        let base_url = match input {
            UrlPatternInput::String(_) => base_url,
            UrlPatternInput::Init(_) => None,
        };
        let mut inputs = vec![input];
        inputs.extend(base_url.map(|base_url| UrlPatternInput::String(base_url.to_owned())));
        Ok(self.match_components(inputs, values))
    }

    /// The first half of [match](https://urlpattern.spec.whatwg.org/#url-pattern-match), which
    /// does not depend on the pattern: what the values of the input's components come from.
    /// `None` when match returns null there (the input or the base URL does not parse, the init
    /// does not process); an error for a base URL beside a [`UrlPatternInit`].
    pub(crate) fn process_input(
        input: Input,
        base_url: Option<&str>,
    ) -> Result<Option<Processed>, UrlPatternError> {
        Ok(match input {
            Input::Init(init, init_base_url) => {
                let mut processed_init = ProcessedInit::default();
                Self::process_init(&mut processed_init, init, init_base_url, base_url)?
                    .then_some(Processed::Init(processed_init))
            }
            Input::String(input) => url_parser::parse(input, base_url).map(Processed::Url),
        })
    }

    /// [`process_input`](Self::process_input) for an init (its members protocol to hash and its
    /// baseURL), given `base_url` beside it, into `processed_init`: false when the init does not
    /// process. The wasm layer's, whose JavaScript parses a string input itself. Written in
    /// place: an `Option` returned was two copies of it.
    pub(crate) fn process_init(
        processed_init: &mut ProcessedInit,
        init: [Option<&str>; 8],
        init_base_url: Option<&str>,
        base_url: Option<&str>,
    ) -> Result<bool, UrlPatternError> {
        if base_url.is_some() {
            return Err(UrlPatternError::new(
                UrlPatternErrorKind::UnexpectedBaseUrl,
                &["a base URL beside a URLPatternInit"],
            ));
        }
        let apply_result = canonicalize::process_a_urlpatterninit(
            processed_init,
            &init,
            init_base_url,
            InitType::Url,
        );
        Ok(apply_result.is_ok())
    }

    /// [Matches](https://urlpattern.spec.whatwg.org/#url-pattern-match) a [`Url`] (its
    /// serialization is the result's input).
    pub fn exec_url(&self, url: &Url) -> Option<UrlPatternResult> {
        let inputs = vec![UrlPatternInput::String(url.href().to_owned())];
        self.match_components(inputs, url.components())
    }

    /// The [match](https://urlpattern.spec.whatwg.org/#url-pattern-match) steps from the
    /// components' values on: every component's regular expression must match.
    fn match_components(
        &self,
        inputs: Vec<UrlPatternInput>,
        values: [&str; 8],
    ) -> Option<UrlPatternResult> {
        let mut results = Vec::with_capacity(8);
        for (component, value) in self.components.iter().zip(values) {
            let exec_result = component.exec(value)?;
            results.push(component.create_a_component_match_result(value, exec_result));
        }
        let [protocol, username, password, hostname, port, pathname, search, hash] =
            <[UrlPatternComponentResult; 8]>::try_from(results).ok()?;
        Some(UrlPatternResult {
            inputs,
            protocol,
            username,
            password,
            hostname,
            port,
            pathname,
            search,
            hash,
        })
    }
}

/// What [`UrlPattern::process_input`] gives: the URL to match, or the processed init.
pub(crate) enum Processed {
    Url(ParsedUrl),
    /// The processed init.
    Init(ProcessedInit),
}

impl Processed {
    /// The values of the components (protocol, username, password, hostname, port, pathname,
    /// search, hash) to match; the empty string for those the init does not have.
    pub(crate) fn values(&self) -> [&str; 8] {
        match self {
            Processed::Url(url) => url.components(),
            Processed::Init(init) => init.values().map(Option::unwrap_or_default),
        }
    }
}

/// A URL's components as [match](https://urlpattern.spec.whatwg.org/#url-pattern-match) takes
/// them: scheme, username, password, host, port, path, query and fragment, serialized (the empty
/// string for a null one).
pub(crate) trait Components {
    fn components(&self) -> [&str; 8];
}

impl Components for Url {
    fn components(&self) -> [&str; 8] {
        [
            self.scheme(),
            self.username(),
            self.password(),
            self.hostname(),
            self.port(),
            self.pathname(),
            self.query().unwrap_or_default(),
            self.fragment().unwrap_or_default(),
        ]
    }
}

/// Each component's encoding callback and options as [create](https://urlpattern.spec.whatwg.org/#url-pattern-create)
/// compiles it, but for an IPv6 hostname and an opaque pathname: a table, where a `match` on the
/// index was a copy of the call for each.
const COMPILING: [(EncodingCallback, Options); 8] = [
    (canonicalize::canonicalize_a_protocol, Options::DEFAULT),
    (canonicalize::canonicalize_a_username, Options::DEFAULT),
    (canonicalize::canonicalize_a_password, Options::DEFAULT),
    (canonicalize::canonicalize_a_hostname, Options::HOSTNAME),
    (|value| canonicalize::canonicalize_a_port(value, None), Options::DEFAULT),
    (canonicalize::canonicalize_a_pathname, Options::PATHNAME),
    (canonicalize::canonicalize_a_search, Options::DEFAULT),
    (canonicalize::canonicalize_a_hash, Options::DEFAULT),
];

/// [Hostname pattern is an IPv6 address](https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address).
fn hostname_pattern_is_an_ipv6_address(input: &str) -> bool {
    // By bytes: after an ASCII `[`, any byte starts a second code point.
    matches!(input.as_bytes(), [b'[', _, ..] | [b'{' | b'\\', b'[', ..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources() {
        let sources = |options| {
            let input = Input::String("https://example.com/books/:id(\\d+)");
            let components = UrlPattern::sources(input, None, options).unwrap();
            let components = components.into_iter().map(|component| {
                let source = component.regular_expression_string().to_owned();
                let names = component.group_name_list().to_vec();
                (component.pattern_string.into_owned(), source, names)
            });
            components.collect::<Vec<_>>()
        };
        let names = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        let wildcard = ("*".to_owned(), "^(.*)$".to_owned(), names(&["0"]));
        let owned = |(pattern, source, names): (&str, &str, Vec<String>)| {
            (pattern.to_owned(), source.to_owned(), names)
        };
        let components = sources(UrlPatternOptions::default());
        assert_eq!(
            components,
            [
                owned(("https", "^https$", names(&[]))),
                wildcard.clone(),
                wildcard.clone(),
                owned(("example.com", "^example\\.com$", names(&[]))),
                owned(("", "^$", names(&[]))),
                owned(("/books/:id(\\d+)", "^\\/books(?:\\/(\\d+))$", names(&["id"]))),
                wildcard.clone(),
                wildcard,
            ]
        );
        // The sources are for `v` with `i` when ignoring case: the same text.
        let ignoring_case = sources(UrlPatternOptions { ignore_case: true });
        assert_eq!(ignoring_case[5].1, "^\\/books(?:\\/(\\d+))$");
    }

    #[test]
    fn process_input() {
        let values = |values: [&str; 8]| Ok(Some(values.map(str::to_owned)));
        let process = |input: &UrlPatternInput, base_url| {
            UrlPattern::process_input(input.borrowed(), base_url)
                .map(|processed| processed.map(|p| p.values().map(str::to_owned)))
        };
        let input = UrlPatternInput::from("../b?q#f");
        assert_eq!(
            process(&input, Some("https://u:p@example.com:81/a/c")),
            values(["https", "u", "p", "example.com", "81", "/b", "q", "f"])
        );
        assert_eq!(process(&input, None), Ok(None));
        assert_eq!(process(&input, Some("not a URL")), Ok(None));
        let init = UrlPatternInput::Init(UrlPatternInit {
            pathname: Some("/x".to_owned()),
            base_url: Some("http://example.com/".to_owned()),
            ..UrlPatternInit::default()
        });
        assert_eq!(process(&init, None), values(["http", "", "", "example.com", "", "/x", "", ""]));
        let error = process(&init, Some("http://example.com/")).unwrap_err();
        assert_eq!(error.kind(), UrlPatternErrorKind::UnexpectedBaseUrl);
        let bad_init = UrlPatternInput::Init(UrlPatternInit {
            base_url: Some("not a URL".to_owned()),
            ..UrlPatternInit::default()
        });
        assert_eq!(process(&bad_init, None), Ok(None));
    }
}
