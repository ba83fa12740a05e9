//! [Parts](https://urlpattern.spec.whatwg.org/#parts) and
//! [options](https://urlpattern.spec.whatwg.org/#options): what a pattern string parses into
//! (`pattern_parser.rs`), and what the regular expression and the pattern string are generated
//! from (`regexp.rs`).

/// A [part type](https://urlpattern.spec.whatwg.org/#part-type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartType {
    /// [`fixed-text`](https://urlpattern.spec.whatwg.org/#part-type-fixed-text).
    FixedText,
    /// [`regexp`](https://urlpattern.spec.whatwg.org/#part-type-regexp): a matching group with a
    /// custom regular expression.
    Regexp,
    /// [`segment-wildcard`](https://urlpattern.spec.whatwg.org/#part-type-segment-wildcard):
    /// matches up to the next delimiter, as `:name` does.
    SegmentWildcard,
    /// [`full-wildcard`](https://urlpattern.spec.whatwg.org/#part-type-full-wildcard): matches
    /// everything, as `*` does.
    FullWildcard,
}

/// A [part modifier](https://urlpattern.spec.whatwg.org/#part-modifier).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartModifier {
    /// [`none`](https://urlpattern.spec.whatwg.org/#part-modifier-none).
    None,
    /// [`optional`](https://urlpattern.spec.whatwg.org/#part-modifier-optional): `?`.
    Optional,
    /// [`zero-or-more`](https://urlpattern.spec.whatwg.org/#part-modifier-zero-or-more): `*`.
    ZeroOrMore,
    /// [`one-or-more`](https://urlpattern.spec.whatwg.org/#part-modifier-one-or-more): `+`.
    OneOrMore,
}

/// A [part](https://urlpattern.spec.whatwg.org/#part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The part's [type](https://urlpattern.spec.whatwg.org/#part-type).
    pub kind: PartType,
    /// The [value](https://urlpattern.spec.whatwg.org/#part-value): the fixed text or the
    /// regular expression.
    pub value: String,
    /// The [modifier](https://urlpattern.spec.whatwg.org/#part-modifier).
    pub modifier: PartModifier,
    /// The [name](https://urlpattern.spec.whatwg.org/#part-name) of a matching group.
    pub name: String,
    /// The [prefix](https://urlpattern.spec.whatwg.org/#part-prefix).
    pub prefix: String,
    /// The [suffix](https://urlpattern.spec.whatwg.org/#part-suffix).
    pub suffix: String,
}

/// An [options](https://urlpattern.spec.whatwg.org/#options) struct: how a component's pattern
/// string is parsed and matched. Its code points as strings, the empty string for none, as the
/// standard has them: compared with and appended as strings, where a `char` was encoded each time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The [delimiter code point](https://urlpattern.spec.whatwg.org/#options-delimiter-code-point).
    pub delimiter_code_point: &'static str,
    /// The [prefix code point](https://urlpattern.spec.whatwg.org/#options-prefix-code-point).
    pub prefix_code_point: &'static str,
    /// [Ignore case](https://urlpattern.spec.whatwg.org/#options-ignore-case).
    pub ignore_case: bool,
}

impl Options {
    /// The [default options](https://urlpattern.spec.whatwg.org/#default-options).
    pub const DEFAULT: Options =
        Options { delimiter_code_point: "", prefix_code_point: "", ignore_case: false };
    /// The [hostname options](https://urlpattern.spec.whatwg.org/#hostname-options).
    pub const HOSTNAME: Options =
        Options { delimiter_code_point: ".", prefix_code_point: "", ignore_case: false };
    /// The [pathname options](https://urlpattern.spec.whatwg.org/#pathname-options).
    pub const PATHNAME: Options =
        Options { delimiter_code_point: "/", prefix_code_point: "/", ignore_case: false };
}
