//! [Canonicalization](https://urlpattern.spec.whatwg.org/#canon): the encoding callbacks, each
//! the crate's own [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser)
//! run on a dummy URL with a state override, and
//! [processing a `URLPatternInit`](https://urlpattern.spec.whatwg.org/#canon-processing-for-init).

use super::regexp::escape_pattern_string;
use super::{UrlPatternError, UrlPatternErrorKind, UrlPatternInit};
use crate::parser::{parse_with_override, State};
use crate::slicing::Slice;
use crate::url::SchemeType;
use crate::Url;

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

/// The [dummy URL](https://urlpattern.spec.whatwg.org/#create-a-dummy-url) of most encoding
/// callbacks.
const DUMMY_URL: &str = "https://dummy.invalid/";

/// The steps most encoding callbacks share: the empty string as it is; otherwise `set` gives
/// `value` to the URL parsed from `dummy_url` (false when it fails: a TypeError that names the
/// `component`), and `get` reads the component back. One function rather than a copy in each
/// callback: a URL is a large value to make, move and drop.
#[inline(never)]
fn through_dummy_url(
    value: &str,
    dummy_url: &str,
    component: &str,
    set: fn(&mut Url, &str) -> bool,
    get: fn(&Url) -> &str,
) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let mut url = Url::parse(dummy_url).map_err(|_| invalid("dummy URL", dummy_url))?;
    if !set(&mut url, value) {
        return Err(invalid(component, value));
    }
    Ok(get(&url).to_owned())
}

/// [Canonicalizes a protocol](https://urlpattern.spec.whatwg.org/#canonicalize-a-protocol): the
/// scheme of `<value>://dummy.invalid/` (parsed without a state override, whose restrictions are
/// the protocol setter's only).
pub(crate) fn canonicalize_a_protocol(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let parse_result = Url::parse(&[value, "://dummy.invalid/"].concat());
    parse_result.map(|url| url.scheme().to_owned()).map_err(|_| invalid("protocol", value))
}

/// [Canonicalizes a username](https://urlpattern.spec.whatwg.org/#canonicalize-a-username).
pub(crate) fn canonicalize_a_username(value: &str) -> Result<String, UrlPatternError> {
    let set = |url: &mut Url, value: &str| {
        url.set_username(value);
        true
    };
    through_dummy_url(value, DUMMY_URL, "username", set, Url::username)
}

/// [Canonicalizes a password](https://urlpattern.spec.whatwg.org/#canonicalize-a-password).
pub(crate) fn canonicalize_a_password(value: &str) -> Result<String, UrlPatternError> {
    let set = |url: &mut Url, value: &str| {
        url.set_password(value);
        true
    };
    through_dummy_url(value, DUMMY_URL, "password", set, Url::password)
}

/// [Canonicalizes a hostname](https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname): the
/// [hostname state](https://url.spec.whatwg.org/#hostname-state) as state override.
pub(crate) fn canonicalize_a_hostname(value: &str) -> Result<String, UrlPatternError> {
    let set = |url: &mut Url, value: &str| parse_with_override(url, value, State::Hostname);
    through_dummy_url(value, DUMMY_URL, "hostname", set, Url::hostname)
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

/// [Canonicalizes a port](https://urlpattern.spec.whatwg.org/#canonicalize-a-port): the
/// [port state](https://url.spec.whatwg.org/#port-state) as state override, on a dummy URL whose
/// scheme is `protocol_value` (the empty string when not given), so that a default port goes.
/// The port state reads nothing else of the URL but that default port: the dummy URL is
/// `<protocol_value>://dummy.invalid/` for a scheme that has one, else `dummy://dummy.invalid/`.
pub(crate) fn canonicalize_a_port(
    port_value: &str,
    protocol_value: Option<&str>,
) -> Result<String, UrlPatternError> {
    let scheme = protocol_value.filter(|p| default_port(p).is_some()).unwrap_or("dummy");
    let dummy_url = [scheme, "://dummy.invalid/"].concat();
    let set = |url: &mut Url, value: &str| parse_with_override(url, value, State::Port);
    through_dummy_url(port_value, &dummy_url, "port", set, Url::port)
}

/// [Canonicalizes a pathname](https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname): the
/// [path start state](https://url.spec.whatwg.org/#path-start-state) as state override, with
/// `/-` put before a value without a leading slash and taken off again.
pub(crate) fn canonicalize_a_pathname(value: &str) -> Result<String, UrlPatternError> {
    if value.is_empty() {
        return Ok(String::new());
    }
    let leading_slash = value.starts_with('/');
    let mut modified_value = String::from(if leading_slash { "" } else { "/-" });
    modified_value.push_str(value);
    let set = |url: &mut Url, value: &str| {
        url.empty_path();
        parse_with_override(url, value, State::PathStart);
        true
    };
    let result = through_dummy_url(&modified_value, DUMMY_URL, "pathname", set, Url::pathname)?;
    Ok(if leading_slash { result } else { result.get(2..).unwrap_or_default().to_owned() })
}

/// [Canonicalizes an opaque pathname](https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname):
/// the [opaque path state](https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state) as state
/// override, on a dummy URL with the empty opaque path: `dummy:` (that state reads neither the
/// scheme nor the host).
pub(crate) fn canonicalize_an_opaque_pathname(value: &str) -> Result<String, UrlPatternError> {
    let set = |url: &mut Url, value: &str| parse_with_override(url, value, State::OpaquePath);
    through_dummy_url(value, "dummy:", "opaque pathname", set, Url::pathname)
}

/// [Canonicalizes a search](https://urlpattern.spec.whatwg.org/#canonicalize-a-search): the
/// [query state](https://url.spec.whatwg.org/#query-state) as state override.
pub(crate) fn canonicalize_a_search(value: &str) -> Result<String, UrlPatternError> {
    let set = |url: &mut Url, value: &str| {
        url.set_query(Some(""));
        parse_with_override(url, value, State::Query);
        true
    };
    through_dummy_url(value, DUMMY_URL, "search", set, |url| url.query().unwrap_or_default())
}

/// [Canonicalizes a hash](https://urlpattern.spec.whatwg.org/#canonicalize-a-hash): the
/// [fragment state](https://url.spec.whatwg.org/#fragment-state) as state override.
pub(crate) fn canonicalize_a_hash(value: &str) -> Result<String, UrlPatternError> {
    let set = |url: &mut Url, value: &str| {
        url.set_fragment(Some(""));
        parse_with_override(url, value, State::Fragment);
        true
    };
    through_dummy_url(value, DUMMY_URL, "hash", set, |url| url.fragment().unwrap_or_default())
}

/// Whether `scheme` is a [special scheme](https://url.spec.whatwg.org/#special-scheme).
pub(crate) fn is_special_scheme(scheme: &str) -> bool {
    SchemeType::of(scheme).is_special()
}

/// The [default port](https://url.spec.whatwg.org/#default-port) of `scheme`, if it has one.
pub(crate) fn default_port(scheme: &str) -> Option<u16> {
    SchemeType::of(scheme).default_port()
}

/// [Processes a URLPatternInit](https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit):
/// `defaults` are the protocol, username, password, hostname, port, pathname, search and hash
/// to start from (null as `None`).
pub(crate) fn process_a_urlpatterninit(
    init: &UrlPatternInit,
    kind: InitType,
    defaults: [Option<&str>; 8],
) -> Result<UrlPatternInit, UrlPatternError> {
    let [protocol, username, password, hostname, port, pathname, search, hash] =
        defaults.map(|d| d.map(str::to_owned));
    let mut result = UrlPatternInit {
        protocol,
        username,
        password,
        hostname,
        port,
        pathname,
        search,
        hash,
        base_url: None,
    };
    let mut base_url = None;
    if let Some(base) = &init.base_url {
        let parsed = Url::parse(base).map_err(|_| {
            UrlPatternError::new(
                UrlPatternErrorKind::InvalidBaseUrl,
                &["invalid base URL \"", base, "\""],
            )
        })?;
        inherit_from_base_url(init, kind, &parsed, &mut result);
        base_url = Some(parsed);
    }
    if let Some(protocol) = &init.protocol {
        result.protocol = Some(process_protocol_for_init(protocol, kind)?);
    }
    if let Some(username) = &init.username {
        result.username = Some(process_for_init(username, kind, canonicalize_a_username)?);
    }
    if let Some(password) = &init.password {
        result.password = Some(process_for_init(password, kind, canonicalize_a_password)?);
    }
    if let Some(hostname) = &init.hostname {
        result.hostname = Some(process_for_init(hostname, kind, canonicalize_a_hostname)?);
    }
    let result_protocol_string = result.protocol.clone().unwrap_or_default();
    if let Some(port) = &init.port {
        result.port = Some(match kind {
            InitType::Pattern => port.clone(),
            InitType::Url => canonicalize_a_port(port, Some(&result_protocol_string))?,
        });
    }
    if let Some(pathname) = &init.pathname {
        let mut pathname = pathname.clone();
        if let Some(base_url) = base_url.as_ref().filter(|b| !b.has_opaque_path()) {
            if !is_an_absolute_pathname(&pathname, kind) {
                let base_url_path = process_a_base_url_string(base_url.pathname(), kind);
                // By bytes: `rfind('/')` brings a search from the end, 0.4 KB of wasm.
                if let Some(slash_index) = base_url_path.bytes().rposition(|b| b == b'/') {
                    pathname.insert_str(0, base_url_path.slice(..slash_index + 1));
                }
            }
        }
        result.pathname =
            Some(process_pathname_for_init(&pathname, &result_protocol_string, kind)?);
    }
    if let Some(search) = &init.search {
        let stripped_value = search.strip_prefix('?').unwrap_or(search);
        result.search = Some(process_for_init(stripped_value, kind, canonicalize_a_search)?);
    }
    if let Some(hash) = &init.hash {
        let stripped_value = hash.strip_prefix('#').unwrap_or(hash);
        result.hash = Some(process_for_init(stripped_value, kind, canonicalize_a_hash)?);
    }
    Ok(result)
}

/// The [process a URLPatternInit](https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit)
/// steps for a base URL: each component comes from it unless `init` has one at least as specific.
fn inherit_from_base_url(
    init: &UrlPatternInit,
    kind: InitType,
    base_url: &Url,
    result: &mut UrlPatternInit,
) {
    let from_base = |value: &str| Some(process_a_base_url_string(value, kind));
    if init.protocol.is_none() {
        result.protocol = from_base(base_url.scheme());
    }
    let has_authority = init.protocol.is_some() || init.hostname.is_some() || init.port.is_some();
    if kind != InitType::Pattern && !has_authority && init.username.is_none() {
        result.username = from_base(base_url.username());
    }
    if kind != InitType::Pattern
        && !has_authority
        && init.username.is_none()
        && init.password.is_none()
    {
        result.password = from_base(base_url.password());
    }
    if init.protocol.is_none() && init.hostname.is_none() {
        result.hostname = from_base(base_url.hostname());
    }
    if !has_authority {
        result.port = Some(base_url.port().to_owned());
    }
    if !has_authority && init.pathname.is_none() {
        result.pathname = from_base(base_url.pathname());
    }
    if !has_authority && init.pathname.is_none() && init.search.is_none() {
        result.search = from_base(base_url.query().unwrap_or_default());
    }
    if !has_authority && init.pathname.is_none() && init.search.is_none() && init.hash.is_none() {
        result.hash = from_base(base_url.fragment().unwrap_or_default());
    }
}

/// [Processes a base URL string](https://urlpattern.spec.whatwg.org/#process-a-base-url-string).
fn process_a_base_url_string(input: &str, kind: InitType) -> String {
    match kind {
        InitType::Pattern => escape_pattern_string(input),
        InitType::Url => input.to_owned(),
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

/// [Process protocol for init](https://urlpattern.spec.whatwg.org/#process-protocol-for-init).
fn process_protocol_for_init(value: &str, kind: InitType) -> Result<String, UrlPatternError> {
    let stripped_value = value.strip_suffix(':').unwrap_or(value);
    process_for_init(stripped_value, kind, canonicalize_a_protocol)
}

/// [Process username](https://urlpattern.spec.whatwg.org/#process-username-for-init),
/// [password](https://urlpattern.spec.whatwg.org/#process-password-for-init),
/// [hostname](https://urlpattern.spec.whatwg.org/#process-hostname-for-init),
/// [search](https://urlpattern.spec.whatwg.org/#process-search-for-init) or
/// [hash](https://urlpattern.spec.whatwg.org/#process-hash-for-init) for init: a pattern as it is,
/// a URL's component canonicalized.
fn process_for_init(
    value: &str,
    kind: InitType,
    canonicalize: fn(&str) -> Result<String, UrlPatternError>,
) -> Result<String, UrlPatternError> {
    match kind {
        InitType::Pattern => Ok(value.to_owned()),
        InitType::Url => canonicalize(value),
    }
}

/// [Process pathname for init](https://urlpattern.spec.whatwg.org/#process-pathname-for-init):
/// an empty protocol counts as special, for the most common pathname canonicalization.
fn process_pathname_for_init(
    pathname_value: &str,
    protocol_value: &str,
    kind: InitType,
) -> Result<String, UrlPatternError> {
    if kind == InitType::Pattern {
        return Ok(pathname_value.to_owned());
    }
    if is_special_scheme(protocol_value) || protocol_value.is_empty() {
        return canonicalize_a_pathname(pathname_value);
    }
    canonicalize_an_opaque_pathname(pathname_value)
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
        let init = UrlPatternInit {
            pathname: Some("c?".into()),
            base_url: Some("https://ex.com:8/a/b?q#h".into()),
            ..Default::default()
        };
        let result = process_a_urlpatterninit(&init, InitType::Pattern, [None; 8]).unwrap();
        assert_eq!(result.protocol.as_deref(), Some("https"));
        assert_eq!(result.hostname.as_deref(), Some("ex.com"));
        assert_eq!(result.port.as_deref(), Some("8"));
        assert_eq!(result.pathname.as_deref(), Some("/a/c?"));
        assert_eq!(result.search, None);
        assert_eq!(result.username, None);
        let result = process_a_urlpatterninit(&init, InitType::Url, [Some(""); 8]).unwrap();
        assert_eq!(result.pathname.as_deref(), Some("/a/c%3F"));
        assert_eq!(result.search.as_deref(), Some(""));
    }
}
