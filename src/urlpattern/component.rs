//! A URL pattern's [components](https://urlpattern.spec.whatwg.org/#component): a pattern
//! string compiled to a regular expression, and matching it.

use std::borrow::Cow;

use super::parts::{Options, PartType};
use super::pattern_parser::{self, EncodingCallback};
use super::regexp_engine::{Flags, RegExp};
use super::{regexp, UrlPatternComponentResult, UrlPatternError, UrlPatternErrorKind};

/// A [component](https://urlpattern.spec.whatwg.org/#component) of a URL pattern, its regular
/// expression compiled ([`RegExp`]) or kept as its source alone ([`Source`]).
#[derive(Clone, Debug)]
pub(crate) struct Component<R = RegExp> {
    pub(crate) pattern_string: Cow<'static, str>,
    /// The generated regular expression's source, compiled with the `v` flag (`vi` to ignore
    /// case) as [`regular_expression`](Self::regular_expression).
    regular_expression_string: Cow<'static, str>,
    /// The flags the source is for.
    flags: Flags,
    regular_expression: R,
    group_name_list: Vec<String>,
    pub(crate) has_regexp_groups: bool,
}

/// The special schemes, as [protocol component matches a special scheme](https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme)
/// lists them.
const SPECIAL_SCHEMES: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// How a component keeps its regular expression.
pub(crate) trait RegularExpression: Sized {
    /// Compiles `source` with `flags`, or keeps it; the error is the engine's description.
    fn new(source: &str, flags: Flags) -> Result<Self, String>;
    /// The compiled regular expression, where this keeps one.
    fn compiled(&self) -> Option<&RegExp>;
}

impl RegularExpression for RegExp {
    fn new(source: &str, flags: Flags) -> Result<Self, String> {
        RegExp::new(source, flags)
    }

    fn compiled(&self) -> Option<&RegExp> {
        Some(self)
    }
}

/// A regular expression kept as its source only, for the wasm layer, whose caller (JavaScript)
/// compiles the sources itself: compiling them here too would make every `RegExp` twice.
pub(crate) struct Source;

impl RegularExpression for Source {
    fn new(_: &str, _: Flags) -> Result<Self, String> {
        Ok(Source)
    }

    fn compiled(&self) -> Option<&RegExp> {
        None
    }
}

/// `source` compiled with `flags` (or kept) as `R` does, its error the standard's TypeError.
fn regular_expression<R: RegularExpression>(
    source: &str,
    flags: Flags,
) -> Result<R, UrlPatternError> {
    R::new(source, flags).map_err(|e| {
        UrlPatternError::new(
            UrlPatternErrorKind::InvalidRegExp,
            &["invalid regular expression /", source, "/", flags.as_str(), ": ", &e],
        )
    })
}

impl<R: RegularExpression> Component<R> {
    /// [Compiles a component](https://urlpattern.spec.whatwg.org/#compile-a-component), with
    /// the `v` flag (`vi` to ignore case) as the standard does (see [`RegExp::new`] for how each
    /// engine takes it).
    pub(crate) fn compile(
        input: &str,
        encoding_callback: EncodingCallback,
        options: &Options,
    ) -> Result<Component<R>, UrlPatternError> {
        // `*`, the pattern of every component a pattern leaves out (most of them): what the
        // steps give for it, whatever the options, without tokenizing (a test checks they agree).
        let (pattern_string, regular_expression_string, group_name_list, has_regexp_groups) =
            if input == "*" {
                (Cow::Borrowed("*"), Cow::Borrowed("^(.*)$"), vec!["0".to_owned()], false)
            } else {
                let (pattern, source, names, has_regexp_groups) =
                    Self::generate(input, encoding_callback, options)?;
                (Cow::Owned(pattern), Cow::Owned(source), names, has_regexp_groups)
            };
        let flags = Flags::UnicodeSets { ignore_case: options.ignore_case };
        Ok(Component {
            regular_expression: regular_expression(&regular_expression_string, flags)?,
            pattern_string,
            regular_expression_string,
            flags,
            group_name_list,
            has_regexp_groups,
        })
    }

    /// [Protocol component matches a special scheme](https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme),
    /// by the regular expression this component keeps, or else compiled now.
    pub(crate) fn matches_a_special_scheme(&self) -> Result<bool, UrlPatternError> {
        if self.pattern_string == "*" {
            return Ok(true); // `^(.*)$` matches every scheme
        }
        let compiled: RegExp;
        let regular_expression = match self.regular_expression.compiled() {
            Some(regular_expression) => regular_expression,
            None => {
                compiled = regular_expression(&self.regular_expression_string, self.flags)?;
                &compiled
            }
        };
        Ok(SPECIAL_SCHEMES.iter().any(|scheme| regular_expression.is_match(scheme)))
    }

    /// The steps of [compile a component](https://urlpattern.spec.whatwg.org/#compile-a-component)
    /// up to the regular expression: the pattern string, the regular expression's source, the
    /// group name list and whether a part is a custom regular expression.
    fn generate(
        input: &str,
        encoding_callback: EncodingCallback,
        options: &Options,
    ) -> Result<(String, String, Vec<String>, bool), UrlPatternError> {
        let part_list = pattern_parser::parse_pattern_string(input, options, encoding_callback)?;
        let (regular_expression_string, name_list) =
            regexp::generate_regular_expression_and_name_list(&part_list, options);
        let pattern_string = regexp::generate_pattern_string(&part_list, options);
        let has_regexp_groups = part_list.iter().any(|part| part.kind == PartType::Regexp);
        Ok((pattern_string, regular_expression_string, name_list, has_regexp_groups))
    }

    /// The source of the component's [regular expression](https://urlpattern.spec.whatwg.org/#component-regular-expression),
    /// to be compiled with the `v` flag (`vi` when the pattern ignores case, for the pathname,
    /// search and hash).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the wasm layer's
    pub(crate) fn regular_expression_string(&self) -> &str {
        &self.regular_expression_string
    }

    /// The flags JavaScript compiles the source with: the engine's, as [`RegExp::new`] chooses
    /// them.
    #[cfg(target_arch = "wasm32")]
    pub(crate) fn regular_expression_flags(&self) -> &'static str {
        super::regexp_engine::engine_flags(&self.regular_expression_string, self.flags)
    }

    /// The component's [group name list](https://urlpattern.spec.whatwg.org/#component-group-name-list):
    /// the names of capture groups 1, 2, … of its regular expression.
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // the wasm layer's
    pub(crate) fn group_name_list(&self) -> &[String] {
        &self.group_name_list
    }
}

impl Component {
    /// [RegExpBuiltinExec](https://tc39.es/ecma262/#sec-regexpbuiltinexec) of the component's
    /// regular expression on `input`: what each capture group matched, `None` without a match.
    pub(crate) fn exec(&self, input: &str) -> Option<Vec<Option<String>>> {
        self.regular_expression.exec(input)
    }

    /// [Creates a component match result](https://urlpattern.spec.whatwg.org/#create-a-component-match-result).
    pub(crate) fn create_a_component_match_result(
        &self,
        input: &str,
        exec_result: Vec<Option<String>>,
    ) -> UrlPatternComponentResult {
        let mut values = exec_result.into_iter();
        let groups = self
            .group_name_list
            .iter()
            .map(|name| (name.clone(), values.next().flatten()))
            .collect();
        UrlPatternComponentResult { input: input.to_owned(), groups }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::urlpattern::canonicalize;

    #[test]
    fn full_wildcard_as_the_steps_give_it() {
        let callbacks: [EncodingCallback; 3] = [
            canonicalize::canonicalize_a_protocol,
            canonicalize::canonicalize_a_pathname,
            canonicalize::canonicalize_a_hostname,
        ];
        for options in [Options::DEFAULT, Options::HOSTNAME, Options::PATHNAME] {
            for ignore_case in [false, true] {
                let options = Options { ignore_case, ..options };
                for callback in callbacks {
                    let steps = Component::<Source>::generate("*", callback, &options).unwrap();
                    let expected =
                        ("*".to_owned(), "^(.*)$".to_owned(), vec!["0".to_owned()], false);
                    assert_eq!(steps, expected);
                }
            }
        }
    }
}
