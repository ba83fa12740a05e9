//! [URL writing](https://url.spec.whatwg.org/#url-writing): whether a string is a
//! [valid URL string](https://url.spec.whatwg.org/#valid-url-string), one function per production
//! of the standard, named after it; the [host writing](https://url.spec.whatwg.org/#host-writing)
//! productions are in [`host`].
//!
//! The productions are checked by splitting where the grammar leaves only one place to split:
//! no production before a fragment contains U+0023 (#), none before a query contains U+003F (?),
//! no host or port contains U+002F (/), and no scheme contains U+003A (:). So the first of each
//! starts what follows it.

mod host;

use crate::parser::port_number;
use crate::url::SchemeType;
use crate::validation::invalid_url_units;
use crate::Url;

/// Whether `input` is a [valid URL string](https://url.spec.whatwg.org/#valid-url-string): an
/// [absolute-URL-with-fragment string](https://url.spec.whatwg.org/#absolute-url-with-fragment-string),
/// or, against a `base`, a
/// [relative-URL-with-fragment string](https://url.spec.whatwg.org/#relative-url-with-fragment-string).
/// These are the strings the URL parser takes without a
/// [validation error](https://url.spec.whatwg.org/#validation-error).
///
/// ```
/// use weburl::{is_valid_url_string, Url};
/// assert!(is_valid_url_string("https://example.org/a?b#c", None));
/// assert!(!is_valid_url_string("https://example.org/a b", None));
/// assert!(!is_valid_url_string("https://user@example.org/", None));
/// let base = Url::parse("https://example.org/dir/").unwrap();
/// assert!(is_valid_url_string("../x?y", Some(&base)));
/// assert!(!is_valid_url_string("../x?y", None));
/// ```
pub fn is_valid_url_string(input: &str, base: Option<&Url>) -> bool {
    is_absolute_url_with_fragment_string(input)
        || base.is_some_and(|base| is_relative_url_with_fragment_string(input, base))
}

/// `input` split at its first `separator`: what precedes it, and what follows it if present.
fn split_off(input: &str, separator: char) -> (&str, Option<&str>) {
    match input.split_once(separator) {
        Some((before, after)) => (before, Some(after)),
        None => (input, None),
    }
}

/// Whether `input` is an [absolute-URL-with-fragment string](https://url.spec.whatwg.org/#absolute-url-with-fragment-string):
/// an absolute-URL string, optionally followed by `#` and a URL-fragment string.
fn is_absolute_url_with_fragment_string(input: &str) -> bool {
    let (before, fragment) = split_off(input, '#');
    fragment.is_none_or(is_url_fragment_string) && is_absolute_url_string(before)
}

/// Whether `input` is an [absolute-URL string](https://url.spec.whatwg.org/#absolute-url-string):
/// a URL-scheme string and `:`, followed by what the scheme calls for (a special scheme other
/// than `file`: a scheme-relative-special-URL string; `file`: a scheme-relative-file-URL
/// string; any other: a scheme-relative-URL, path-absolute-non-authority-URL or opaque-path-URL
/// string), any optionally followed by `?` and a URL-query string.
fn is_absolute_url_string(input: &str) -> bool {
    let (before, query) = split_off(input, '?');
    let Some((scheme, rest)) = before.split_once(':') else {
        return false;
    };
    is_url_scheme_string(scheme)
        && query.is_none_or(is_url_query_string)
        && match SchemeType::of(&scheme.to_ascii_lowercase()) {
            SchemeType::Special(_) => is_scheme_relative_special_url_string(rest),
            SchemeType::File => is_scheme_relative_file_url_string(rest),
            SchemeType::Blob | SchemeType::NotSpecial => {
                is_scheme_relative_url_string(rest)
                    || is_path_absolute_non_authority_url_string(rest)
                    || is_opaque_path_url_string(rest)
            }
        }
}

/// Whether `input` is a [URL-scheme string](https://url.spec.whatwg.org/#url-scheme-string): an
/// ASCII alpha, followed by zero or more ASCII alphanumerics, `+`, `-` and `.`.
fn is_url_scheme_string(input: &str) -> bool {
    let mut bytes = input.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(crate::parser::is_scheme_code_point)
}

/// Whether `input` is a [relative-URL-with-fragment string](https://url.spec.whatwg.org/#relative-url-with-fragment-string)
/// against `base`: `#` and a URL-fragment string if `base` has an opaque path; otherwise a
/// relative-URL string, optionally followed by `#` and a URL-fragment string.
fn is_relative_url_with_fragment_string(input: &str, base: &Url) -> bool {
    if base.has_opaque_path() {
        return input.strip_prefix('#').is_some_and(is_url_fragment_string);
    }
    let (before, fragment) = split_off(input, '#');
    fragment.is_none_or(is_url_fragment_string) && is_relative_url_string(before, base)
}

/// Whether `input` is a [relative-URL string](https://url.spec.whatwg.org/#relative-url-string)
/// against `base`: a path-absolute-non-authority-URL string, a path-relative-scheme-less-URL
/// string, or what `base`'s scheme calls for (a special scheme other than `file`: a
/// scheme-relative-special-URL string; `file`: a scheme-relative-file-URL string; any other: a
/// scheme-relative-URL string), any optionally followed by `?` and a URL-query string.
fn is_relative_url_string(input: &str, base: &Url) -> bool {
    let (before, query) = split_off(input, '?');
    query.is_none_or(is_url_query_string)
        && (is_path_absolute_non_authority_url_string(before)
            || is_path_relative_scheme_less_url_string(before)
            || match SchemeType::of(base.scheme()) {
                SchemeType::Special(_) => is_scheme_relative_special_url_string(before),
                SchemeType::File => is_scheme_relative_file_url_string(before),
                SchemeType::Blob | SchemeType::NotSpecial => is_scheme_relative_url_string(before),
            })
}

/// `input` split at its first `/`: an authority (host and port), and the path-absolute-URL
/// string that follows it, if any.
fn split_off_path(input: &str) -> (&str, Option<&str>) {
    match input.find('/') {
        Some(slash) => (&input[..slash], Some(&input[slash..])),
        None => (input, None),
    }
}

/// `input` split into a host and the port after its `:`, if any. A host in brackets ends at
/// its `]` (an IPv6 address contains `:`); otherwise at the first `:` (no other host contains
/// one). `None` when something other than `:` follows the `]`.
fn split_off_port(input: &str) -> Option<(&str, Option<&str>)> {
    if input.starts_with('[') {
        let end = input.find(']')? + 1;
        let (host, rest) = input.split_at(end);
        return match rest {
            "" => Some((host, None)),
            _ => Some((host, Some(rest.strip_prefix(':')?))),
        };
    }
    Some(split_off(input, ':'))
}

/// Whether `input` is a [scheme-relative-special-URL string](https://url.spec.whatwg.org/#scheme-relative-special-url-string):
/// `//`, a valid host string, optionally `:` and a URL-port string, optionally a
/// path-absolute-URL string.
fn is_scheme_relative_special_url_string(input: &str) -> bool {
    let Some(rest) = input.strip_prefix("//") else {
        return false;
    };
    let (authority, path) = split_off_path(rest);
    path.is_none_or(is_path_absolute_url_string)
        && split_off_port(authority).is_some_and(|(host, port)| {
            port.is_none_or(is_url_port_string) && host::is_valid_host_string(host)
        })
}

/// Whether `input` is a [URL-port string](https://url.spec.whatwg.org/#url-port-string): the
/// empty string, or ASCII digits representing a decimal number that is a 16-bit unsigned
/// integer (leading zeros included).
fn is_url_port_string(input: &str) -> bool {
    port_number(input.as_bytes()).is_some()
}

/// Whether `input` is a [scheme-relative-URL string](https://url.spec.whatwg.org/#scheme-relative-url-string):
/// `//`, an opaque-host-and-port string, optionally a path-absolute-URL string.
fn is_scheme_relative_url_string(input: &str) -> bool {
    let Some(rest) = input.strip_prefix("//") else {
        return false;
    };
    let (authority, path) = split_off_path(rest);
    path.is_none_or(is_path_absolute_url_string) && is_opaque_host_and_port_string(authority)
}

/// Whether `input` is an [opaque-host-and-port string](https://url.spec.whatwg.org/#opaque-host-and-port-string):
/// the empty string, or a valid opaque-host string optionally followed by `:` and a URL-port
/// string.
fn is_opaque_host_and_port_string(input: &str) -> bool {
    input.is_empty()
        || split_off_port(input).is_some_and(|(host, port)| {
            port.is_none_or(is_url_port_string) && host::is_valid_opaque_host_string(host)
        })
}

/// Whether `input` is a [scheme-relative-file-URL string](https://url.spec.whatwg.org/#scheme-relative-file-url-string):
/// `//`, optionally followed by a valid host string (optionally followed by a path-absolute-URL
/// string) or by a path-absolute-URL string. No port.
fn is_scheme_relative_file_url_string(input: &str) -> bool {
    let Some(rest) = input.strip_prefix("//") else {
        return false;
    };
    if rest.is_empty() || rest.starts_with('/') {
        // A valid host string is never empty, so this can only be the path.
        return rest.is_empty() || is_path_absolute_url_string(rest);
    }
    let (host, path) = split_off_path(rest);
    path.is_none_or(is_path_absolute_url_string) && host::is_valid_host_string(host)
}

/// Whether `input` is a [path-absolute-URL string](https://url.spec.whatwg.org/#path-absolute-url-string):
/// `/`, followed by zero or more URL-path-segment strings separated by `/`.
fn is_path_absolute_url_string(input: &str) -> bool {
    input
        .strip_prefix('/')
        .is_some_and(|segments| segments.split('/').all(is_url_path_segment_string))
}

/// Whether `input` is a [path-absolute-non-authority-URL string](https://url.spec.whatwg.org/#path-absolute-non-authority-url-string):
/// a path-absolute-URL string that does not start with `//`.
fn is_path_absolute_non_authority_url_string(input: &str) -> bool {
    !input.starts_with("//") && is_path_absolute_url_string(input)
}

/// Whether `input` is a [path-relative-URL string](https://url.spec.whatwg.org/#path-relative-url-string):
/// zero or more URL-path-segment strings separated by `/`, not starting with `/`.
fn is_path_relative_url_string(input: &str) -> bool {
    !input.starts_with('/') && input.split('/').all(is_url_path_segment_string)
}

/// Whether `input` is a [path-relative-scheme-less-URL string](https://url.spec.whatwg.org/#path-relative-scheme-less-url-string):
/// a path-relative-URL string that does not start with a URL-scheme string followed by `:`.
fn is_path_relative_scheme_less_url_string(input: &str) -> bool {
    let starts_with_scheme = input.split_once(':').is_some_and(|(s, _)| is_url_scheme_string(s));
    !starts_with_scheme && is_path_relative_url_string(input)
}

/// Whether `input` is an [opaque-path-URL string](https://url.spec.whatwg.org/#opaque-path-url-string):
/// zero or more URL units excluding `?`, the first of which (if any) is not `/`.
fn is_opaque_path_url_string(input: &str) -> bool {
    !input.starts_with('/') && are_url_units_excluding(input, |c| c == '?')
}

/// Whether `input` is a [URL-path-segment string](https://url.spec.whatwg.org/#url-path-segment-string):
/// URL units excluding `/` and `?` that are not a single-dot or double-dot URL path segment, or
/// a [single-dot](https://url.spec.whatwg.org/#single-dot-path-segment) or
/// [double-dot](https://url.spec.whatwg.org/#double-dot-path-segment) URL path segment. The
/// dot segments (`.`, `%2e`, `..`, `.%2e`, `%2e.`, `%2e%2e`, any case) are themselves URL units
/// excluding `/` and `?`; the exclusion only keeps the alternatives apart, and together they
/// are exactly such URL units.
fn is_url_path_segment_string(input: &str) -> bool {
    are_url_units_excluding(input, |c| matches!(c, '/' | '?'))
}

/// Whether `input` is a [URL-query string](https://url.spec.whatwg.org/#url-query-string):
/// zero or more URL units.
fn is_url_query_string(input: &str) -> bool {
    are_url_units_excluding(input, |_| false)
}

/// Whether `input` is a [URL-fragment string](https://url.spec.whatwg.org/#url-fragment-string):
/// zero or more URL units.
fn is_url_fragment_string(input: &str) -> bool {
    are_url_units_excluding(input, |_| false)
}

/// Whether `input` is zero or more [URL units](https://url.spec.whatwg.org/#url-units) (URL code
/// points and percent-encoded bytes), none of them a code point `excluded` is true for. The
/// excluded code points are never `%` or an ASCII hex digit, so they can only be URL code
/// points, never part of a percent-encoded byte.
fn are_url_units_excluding(input: &str, excluded: impl Fn(char) -> bool) -> bool {
    !input.contains(excluded) && invalid_url_units(input).next().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_scheme_strings() {
        assert!(is_url_scheme_string("a"));
        assert!(is_url_scheme_string("web+demo.v-1"));
        assert!(!is_url_scheme_string(""));
        assert!(!is_url_scheme_string("1a"));
        assert!(!is_url_scheme_string("a_b"));
    }

    #[test]
    fn url_port_strings() {
        assert!(is_url_port_string(""));
        assert!(is_url_port_string("0"));
        assert!(is_url_port_string("00080"));
        assert!(is_url_port_string("65535"));
        assert!(!is_url_port_string("65536"));
        assert!(!is_url_port_string("99999999999999999999"));
        assert!(!is_url_port_string("8a"));
        assert!(!is_url_port_string("+80"));
    }

    #[test]
    fn host_and_port_split() {
        assert_eq!(split_off_port("[::1]:80"), Some(("[::1]", Some("80"))));
        assert_eq!(split_off_port("[::1]"), Some(("[::1]", None)));
        assert_eq!(split_off_port("[::1]x"), None);
        assert_eq!(split_off_port("[::1"), None);
        assert_eq!(split_off_port("a:b:c"), Some(("a", Some("b:c"))));
    }

    #[test]
    fn path_segments_including_dot_segments() {
        for segment in ["", "a", ".", "%2E", "..", ".%2e", "%2E.", "%2e%2E", "é", "a%20b", ";=@:"]
        {
            assert!(is_url_path_segment_string(segment), "{segment:?}");
        }
        for segment in ["a/b", "a?b", "a b", "%zz", "%2", "#", "[", "\\", "\u{FDD0}"] {
            assert!(!is_url_path_segment_string(segment), "{segment:?}");
        }
    }

    #[test]
    fn paths() {
        assert!(is_path_absolute_url_string("/"));
        assert!(is_path_absolute_url_string("//a//"));
        assert!(!is_path_absolute_url_string(""));
        assert!(!is_path_absolute_url_string("a/"));
        assert!(is_path_absolute_non_authority_url_string("/a//"));
        assert!(!is_path_absolute_non_authority_url_string("//a"));
        assert!(is_path_relative_url_string(""));
        assert!(is_path_relative_url_string("a/../b/"));
        assert!(!is_path_relative_url_string("/a"));
        assert!(is_path_relative_scheme_less_url_string("1:a"));
        assert!(is_path_relative_scheme_less_url_string("./a:b"));
        assert!(!is_path_relative_scheme_less_url_string("a:b"));
        assert!(is_opaque_path_url_string(""));
        assert!(is_opaque_path_url_string("x@y:z/w"));
        assert!(!is_opaque_path_url_string("/x"));
        assert!(!is_opaque_path_url_string("x?y"));
    }

    #[test]
    fn queries_and_fragments_are_url_units() {
        assert!(is_url_query_string("a=b&c=%C3%A9?/:@"));
        assert!(!is_url_query_string("a b"));
        assert!(!is_url_query_string("a#b"));
        assert!(is_url_fragment_string("top?x/y"));
        assert!(!is_url_fragment_string("%G0"));
        assert!(!is_url_fragment_string("`"));
    }

    #[test]
    fn authorities() {
        assert!(is_scheme_relative_special_url_string("//example.org:8080/a"));
        assert!(is_scheme_relative_special_url_string("//[::1]:"));
        assert!(!is_scheme_relative_special_url_string("//"));
        assert!(!is_scheme_relative_special_url_string("//:80/"));
        assert!(!is_scheme_relative_special_url_string("/example.org"));
        assert!(is_scheme_relative_url_string("//"));
        assert!(is_scheme_relative_url_string("///a"));
        assert!(is_scheme_relative_url_string("//h%C3%A9st:1/a"));
        assert!(!is_scheme_relative_url_string("//:1"));
        assert!(!is_scheme_relative_url_string("//u@h"));
        assert!(is_scheme_relative_file_url_string("//"));
        assert!(is_scheme_relative_file_url_string("///C:/x"));
        assert!(is_scheme_relative_file_url_string("//localhost"));
        assert!(!is_scheme_relative_file_url_string("//localhost:80/"));
        assert!(!is_scheme_relative_file_url_string("//C:/x"));
    }
}
