//! [Canonicalization](https://urlpattern.spec.whatwg.org/#canon): the encoding callbacks, and
//! [processing a `URLPatternInit`](https://urlpattern.spec.whatwg.org/#canon-processing-for-init).
//! Every encoding callback but the IPv6 hostname's runs the crate's own
//! [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser) on a dummy URL with a
//! state override ([`url_parser`]).

use super::pattern_parser::EncodingCallback;
use super::regexp::{self, escape_pattern_string_into};
use super::url_parser::{self, Canonicalize};
use super::{
    Components, UrlPatternError, UrlPatternErrorKind, HASH, HOSTNAME, PASSWORD, PATHNAME, PORT,
    PROTOCOL, SEARCH, USERNAME,
};
use crate::slicing::Slice;
use crate::url::SchemeType;

/// Whether [process a URLPatternInit](https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit)
/// makes a pattern (`"pattern"`: values are pattern strings) or a URL to match (`"url"`: values
/// are canonicalized).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InitType {
    Pattern,
    Url,
}

fn invalid(component: &str, value: &str) -> UrlPatternError {
    UrlPatternError::new(
        UrlPatternErrorKind::InvalidComponent,
        &["invalid ", component, " \"", value, "\""],
    )
}

/// The encoding callback `callback`, which runs the URL parser on a dummy URL ([`url_parser`])
/// and reads its component: the empty string as it is; a failure is a TypeError that names the
/// component. `protocol` is the protocol value for the port's (the empty string when there is
/// none).
fn through_url_parser(
    callback: Canonicalize,
    value: &str,
    protocol: &str,
) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let component = match callback {
        Canonicalize::Protocol => PROTOCOL,
        Canonicalize::Username => USERNAME,
        Canonicalize::Password => PASSWORD,
        Canonicalize::Hostname => HOSTNAME,
        Canonicalize::Port => PORT,
        Canonicalize::Pathname | Canonicalize::OpaquePathname => PATHNAME,
        Canonicalize::Search => SEARCH,
        Canonicalize::Hash => HASH,
    };
    url_parser::canonicalize(callback, component, value, protocol)
        .ok_or_else(|| invalid(callback.name(), value))
}

/// [Canonicalizes a protocol](https://urlpattern.spec.whatwg.org/#canonicalize-a-protocol).
pub(crate) fn canonicalize_a_protocol(value: &str) -> Result<String, UrlPatternError> {
    through_url_parser(Canonicalize::Protocol, value, "")
}

/// [Canonicalizes a username](https://urlpattern.spec.whatwg.org/#canonicalize-a-username).
pub(crate) fn canonicalize_a_username(value: &str) -> Result<String, UrlPatternError> {
    through_url_parser(Canonicalize::Username, value, "")
}

/// [Canonicalizes a password](https://urlpattern.spec.whatwg.org/#canonicalize-a-password).
pub(crate) fn canonicalize_a_password(value: &str) -> Result<String, UrlPatternError> {
    through_url_parser(Canonicalize::Password, value, "")
}

/// [Canonicalizes a hostname](https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname).
pub(crate) fn canonicalize_a_hostname(value: &str) -> Result<String, UrlPatternError> {
    through_url_parser(Canonicalize::Hostname, value, "")
}

/// [Canonicalizes an IPv6 hostname](https://urlpattern.spec.whatwg.org/#canonicalize-an-ipv6-hostname):
/// only hex digits, brackets and colons, lowercased.
pub(crate) fn canonicalize_an_ipv6_hostname(value: &str) -> Result<String, UrlPatternError> {
    // Bytes: a code point that is not ASCII is not one of these either.
    if !value.bytes().all(|b| b.is_ascii_hexdigit() || matches!(b, b'[' | b']' | b':')) {
        return Err(invalid("IPv6 hostname", value));
    }
    Ok(value.to_ascii_lowercase())
}

/// [Canonicalizes a port](https://urlpattern.spec.whatwg.org/#canonicalize-a-port), whose
/// default for the protocol `protocol_value` (when given) goes.
pub(crate) fn canonicalize_a_port(
    port_value: &str,
    protocol_value: Option<&str>,
) -> Result<String, UrlPatternError> {
    through_url_parser(Canonicalize::Port, port_value, protocol_value.unwrap_or_default())
}

/// [Canonicalizes a pathname](https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname), with
/// `/-` put before a value without a leading slash and taken off again.
pub(crate) fn canonicalize_a_pathname(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() || value.starts_with('/') {
        return through_url_parser(Canonicalize::Pathname, value, "");
    }
    let mut dashed = String::from("/-");
    regexp::push(&mut dashed, value);
    let result = through_url_parser(Canonicalize::Pathname, &dashed, "")?;
    Ok(result.get(2..).unwrap_or_default().to_owned())
}

/// [Canonicalizes an opaque pathname](https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname).
pub(crate) fn canonicalize_an_opaque_pathname(value: &str) -> Result<String, UrlPatternError> {
    through_url_parser(Canonicalize::OpaquePathname, value, "")
}

/// [Canonicalizes a search](https://urlpattern.spec.whatwg.org/#canonicalize-a-search).
pub(crate) fn canonicalize_a_search(value: &str) -> Result<String, UrlPatternError> {
    through_url_parser(Canonicalize::Search, value, "")
}

/// [Canonicalizes a hash](https://urlpattern.spec.whatwg.org/#canonicalize-a-hash).
pub(crate) fn canonicalize_a_hash(value: &str) -> Result<String, UrlPatternError> {
    through_url_parser(Canonicalize::Hash, value, "")
}

/// Whether `scheme` is a [special scheme](https://url.spec.whatwg.org/#special-scheme).
pub(crate) fn is_special_scheme(scheme: &str) -> bool {
    scheme_type(scheme).is_special()
}

/// The [default port](https://url.spec.whatwg.org/#default-port) of `scheme`, if it has one.
pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    scheme_type(scheme).default_port()
}

/// Not inlined: the two above would each have a copy of its comparisons.
#[inline(never)]
fn scheme_type(scheme: &str) -> SchemeType {
    SchemeType::of(scheme)
}

/// What [processing a URLPatternInit](https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit)
/// gives: its protocol, username, password, hostname, port, pathname, search and hash, one after
/// another in one string, each by where it is there (null as `None`). A `String` each was eight
/// allocations, their growth and their drops inlined in the processing (0.2 KB of LZMA).
#[derive(Default)]
pub(crate) struct ProcessedInit {
    text: String,
    spans: [Option<(usize, usize)>; 8],
}

impl ProcessedInit {
    /// The components, in their order.
    pub(crate) fn values(&self) -> [Option<&str>; 8] {
        std::array::from_fn(|index| self.value(index))
    }

    /// Component `index`. Not inlined: each slicing's checks inlined were eight copies.
    #[inline(never)]
    fn value(&self, index: usize) -> Option<&str> {
        let (start, end) = self.spans.get(index).copied().flatten()?;
        Some(self.text.slice(start..end))
    }

    /// Component `index` is what `text` has from `start` on.
    fn set(&mut self, index: usize, start: usize) {
        self.spans[index] = Some((start, self.text.len()));
    }
}

/// [Processes a URLPatternInit](https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit).
/// Each component starts as its caller gives it: null to make a pattern, the empty string for a
/// URL to match. `init_components` are the init's members protocol to hash, `base_url` its baseURL.
pub(crate) fn process_a_urlpatterninit(
    result: &mut ProcessedInit,
    init_components: &[Option<&str>; 8],
    base_url: Option<&str>,
    kind: InitType,
) -> Result<(), UrlPatternError> {
    result.spans = [(kind == InitType::Url).then_some((0, 0)); 8];
    let parsed_base_url = match base_url {
        Some(base) => Some(url_parser::parse(base, None).ok_or_else(|| {
            UrlPatternError::new(
                UrlPatternErrorKind::InvalidBaseUrl,
                &["invalid base URL \"", base, "\""],
            )
        })?),
        None => None,
    };
    // The base URL's path where it is not opaque, by its pathname: an opaque path never starts
    // with `/`, one that is not opaque does or is empty (which adds nothing to a pathname).
    let mut base_url_path = None;
    if let Some(base_url) = parsed_base_url.as_ref().map(Components::components) {
        // The init's members present, a bit each, as in INHERITED_UNLESS.
        let present =
            (0..8).filter(|&i| init_components[i].is_some()).fold(0, |set, i| set | 1 << i);
        // Each component comes from the base URL unless init has one at least as specific (the
        // port too, whose digits the processing leaves as they are); a URL's username and
        // password only.
        for (index, &value) in base_url.iter().enumerate() {
            if INHERITED_UNLESS[index] & present == 0
                && (kind == InitType::Url || !matches!(index, USERNAME | PASSWORD))
            {
                let start = result.text.len();
                process_a_base_url_string(&mut result.text, value, kind);
                result.set(index, start);
            }
        }
        base_url_path = Some(base_url[PATHNAME]).filter(|path| path.starts_with('/'));
    }
    for (index, &value) in init_components.iter().enumerate() {
        let Some(value) = value else { continue };
        let start = result.text.len();
        let value = match index {
            // Without the `:` after a protocol, the `?` before a search, the `#` before a hash.
            PROTOCOL => value.strip_suffix(':').unwrap_or(value),
            SEARCH => value.strip_prefix('?').unwrap_or(value),
            HASH => value.strip_prefix('#').unwrap_or(value),
            // A relative pathname after the base URL's path up to its last `/` (processing
            // escapes no `/`, so the processed path's last `/` is this one).
            PATHNAME => {
                if let Some(base_url_path) = base_url_path {
                    if !is_an_absolute_pathname(value, kind) {
                        // By bytes: `rfind('/')` brings a search from the end, 0.4 KB of wasm.
                        if let Some(slash_index) = base_url_path.bytes().rposition(|b| b == b'/') {
                            let directory = base_url_path.slice(..slash_index + 1);
                            process_a_base_url_string(&mut result.text, directory, kind);
                        }
                    }
                }
                value
            }
            _ => value,
        };
        regexp::push(&mut result.text, value);
        if kind == InitType::Url {
            let protocol = result.value(PROTOCOL).unwrap_or_default();
            let canonical = process_for_init(index, result.text.slice(start..), protocol)?;
            result.text.truncate(start);
            regexp::push(&mut result.text, &canonical);
        }
        result.set(index, start);
    }
    Ok(())
}

/// For each component, the members of an init any of which keeps it from coming from the base
/// URL: itself and those more general, a bit each (bit `i` for component `i`).
const INHERITED_UNLESS: [u8; 8] = {
    const fn set(members: &[usize]) -> u8 {
        let mut set = 0;
        let mut i = 0;
        while i < members.len() {
            set |= 1 << members[i];
            i += 1;
        }
        set
    }
    [
        set(&[PROTOCOL]),
        set(&[PROTOCOL, HOSTNAME, PORT, USERNAME]),
        set(&[PROTOCOL, HOSTNAME, PORT, USERNAME, PASSWORD]),
        set(&[PROTOCOL, HOSTNAME]),
        set(&[PROTOCOL, HOSTNAME, PORT]),
        set(&[PROTOCOL, HOSTNAME, PORT, PATHNAME]),
        set(&[PROTOCOL, HOSTNAME, PORT, PATHNAME, SEARCH]),
        set(&[PROTOCOL, HOSTNAME, PORT, PATHNAME, SEARCH, HASH]),
    ]
};

/// [Processes a base URL string](https://urlpattern.spec.whatwg.org/#process-a-base-url-string).
/// Appends it to `result`.
fn process_a_base_url_string(result: &mut String, input: &str, kind: InitType) {
    match kind {
        InitType::Pattern => escape_pattern_string_into(result, input),
        InitType::Url => regexp::push(result, input),
    }
}

/// [Is an absolute pathname](https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname).
fn is_an_absolute_pathname(input: &str, kind: InitType) -> bool {
    if input.starts_with('/') {
        return true;
    }
    if kind == InitType::Url {
        return false;
    }
    input.starts_with("\\/") || input.starts_with("{/")
}

/// Process [protocol](https://urlpattern.spec.whatwg.org/#process-protocol-for-init),
/// [username](https://urlpattern.spec.whatwg.org/#process-username-for-init),
/// [password](https://urlpattern.spec.whatwg.org/#process-password-for-init),
/// [hostname](https://urlpattern.spec.whatwg.org/#process-hostname-for-init),
/// [port](https://urlpattern.spec.whatwg.org/#process-port-for-init),
/// [pathname](https://urlpattern.spec.whatwg.org/#process-pathname-for-init),
/// [search](https://urlpattern.spec.whatwg.org/#process-search-for-init) or
/// [hash](https://urlpattern.spec.whatwg.org/#process-hash-for-init) for init, the component at
/// `index`, of a URL (a pattern's are its values as they are): canonicalized. The port's and the
/// pathname's canonicalization depend on the protocol; an empty one counts as special for the
/// pathname, for the most common pathname canonicalization.
fn process_for_init(
    index: usize,
    value: &str,
    protocol_value: &str,
) -> Result<String, UrlPatternError> {
    // Through a pointer: each canonicalization called by name would be inlined here.
    let canonicalize: EncodingCallback = match index {
        PROTOCOL => canonicalize_a_protocol,
        USERNAME => canonicalize_a_username,
        PASSWORD => canonicalize_a_password,
        HOSTNAME => canonicalize_a_hostname,
        PORT => return canonicalize_a_port(value, Some(protocol_value)),
        PATHNAME if is_special_scheme(protocol_value) || protocol_value.is_empty() => {
            canonicalize_a_pathname
        }
        PATHNAME => canonicalize_an_opaque_pathname,
        SEARCH => canonicalize_a_search,
        _ => canonicalize_a_hash,
    };
    canonicalize(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding_callbacks() {
        assert_eq!(canonicalize_a_protocol("HTTPS").unwrap(), "https");
        assert!(canonicalize_a_protocol("a b").is_err());
        assert_eq!(canonicalize_a_username("a@b").unwrap(), "a%40b");
        assert_eq!(canonicalize_a_password("p:w").unwrap(), "p%3Aw");
        assert_eq!(canonicalize_a_hostname("EXAMPLE.com").unwrap(), "example.com");
        assert_eq!(canonicalize_a_hostname("xn--ida.example").unwrap(), "xn--ida.example");
        assert!(canonicalize_a_hostname("a b").is_err());
        assert_eq!(canonicalize_an_ipv6_hostname("[::AB]").unwrap(), "[::ab]");
        assert!(canonicalize_an_ipv6_hostname("[::g]").is_err());
        assert_eq!(canonicalize_a_port("8080", None).unwrap(), "8080");
        assert_eq!(canonicalize_a_port("80", Some("http")).unwrap(), "");
        assert_eq!(canonicalize_a_port("80", Some("")).unwrap(), "80");
        assert!(canonicalize_a_port("x", None).is_err());
        assert!(canonicalize_a_port("65536", None).is_err());
        assert_eq!(canonicalize_a_pathname("/a/./b/../c d").unwrap(), "/a/c%20d");
        assert_eq!(canonicalize_a_pathname("a b").unwrap(), "a%20b");
        assert_eq!(canonicalize_a_pathname(".").unwrap(), ".");
        assert_eq!(canonicalize_an_opaque_pathname("a b/../c").unwrap(), "a b/../c");
        assert_eq!(canonicalize_a_search("a=b c#d").unwrap(), "a=b%20c%23d");
        assert_eq!(canonicalize_a_hash("a b#c").unwrap(), "a%20b#c");
    }

    #[test]
    fn process_init_inherits_from_base_url() {
        let mut init = [None; 8];
        init[PATHNAME] = Some("c?");
        let base_url = Some("https://ex.com:8/a/b?q#h");
        let mut processed = ProcessedInit::default();
        process_a_urlpatterninit(&mut processed, &init, base_url, InitType::Pattern).unwrap();
        let result = processed.values();
        assert_eq!(result[PROTOCOL], Some("https"));
        assert_eq!(result[HOSTNAME], Some("ex.com"));
        assert_eq!(result[PORT], Some("8"));
        assert_eq!(result[PATHNAME], Some("/a/c?"));
        assert_eq!(result[SEARCH], None);
        assert_eq!(result[USERNAME], None);
        let mut processed = ProcessedInit::default();
        process_a_urlpatterninit(&mut processed, &init, base_url, InitType::Url).unwrap();
        let result = processed.values();
        assert_eq!(result[PATHNAME], Some("/a/c%3F"));
        assert_eq!(result[SEARCH], Some(""));
    }
}
