//! The properties the fuzz targets check, shared with `tests/fuzz_regressions.rs`, which runs
//! them on every WPT input and on every input a fuzzer ever found (fuzz/regressions/).

use std::net::{Ipv4Addr, Ipv6Addr};

use weburl::host::Host;
use weburl::{urlencoded, Url, UrlPath, UrlRecord};

/// The URL serializer written out from the record's accessors: it must give back `href`, so
/// the offsets describe the serialization exactly.
pub fn recompose(url: &Url) -> String {
    let mut s = format!("{}:", url.scheme());
    if let Some(host) = url.host_record() {
        s.push_str("//");
        if url.includes_credentials() {
            s.push_str(url.username());
            if !url.password().is_empty() {
                s.push(':');
                s.push_str(url.password());
            }
            s.push('@');
        }
        s.push_str(&host.to_string());
        if let Some(port) = url.port_number() {
            s.push_str(&format!(":{port}"));
        }
    } else if !url.has_opaque_path() && url.pathname().starts_with("//") {
        s.push_str("/.");
    }
    s.push_str(url.pathname());
    if let Some(query) = url.query() {
        s.push('?');
        s.push_str(query);
    }
    if let Some(fragment) = url.fragment() {
        s.push('#');
        s.push_str(fragment);
    }
    s
}

/// What every URL the API hands out satisfies: an ASCII serialization that its record
/// recomposes, that its offsets rebuild, and that parses to itself (the standard's idempotence
/// goal).
pub fn check_url(url: &Url) {
    let href = url.href();
    assert!(href.is_ascii(), "{href:?}");
    assert_eq!(recompose(url), href);
    let rebuilt =
        Url::from_offsets(href.to_owned(), &url.offsets()).expect("offsets describe href");
    assert_eq!(rebuilt.offsets(), url.offsets());
    let reparsed = Url::parse(href).expect("a serialization parses");
    assert_eq!(reparsed.href(), href);
    assert_eq!(reparsed.offsets(), url.offsets(), "{href:?}");
    let _ = url.origin().ascii_serialization();
}

/// Parsing: a URL that parses satisfies [`check_url`]; asking for validation errors does not
/// change the result.
pub fn parse(input: &str) {
    let parsed = Url::parse(input);
    let mut sink = |_| {};
    let with_sink = Url::options().on_validation_error(&mut sink).parse(input);
    // The same URL, or a failure with the same validation error (the fast path finds some).
    assert_eq!(
        with_sink.map(String::from).map_err(|e| e.validation_error()),
        parsed.as_ref().map(|u| u.href().to_owned()).map_err(|e| e.validation_error())
    );
    if let Ok(url) = parsed {
        check_url(&url);
    }
}

/// Parsing against a base: `data` is base NEWLINE input.
pub fn parse_with_base(data: &str) {
    let Some((base, input)) = data.split_once('\n') else { return };
    let Ok(base) = Url::parse(base) else { return };
    if let Ok(url) = base.join(input) {
        check_url(&url);
    }
}

type Setter = fn(&mut Url, &str);
const SETTERS: [Setter; 9] = [
    Url::set_protocol,
    Url::set_username,
    Url::set_password,
    Url::set_host,
    Url::set_hostname,
    Url::set_port,
    Url::set_pathname,
    Url::set_search,
    Url::set_hash,
];

/// Setters: `data` is URL NEWLINE value NEWLINE value …; each value goes to the setter its
/// length picks (or the href setter). Every result satisfies [`check_url`]; a failed href setter
/// changes nothing; the same setter on an equal URL gives the same.
pub fn setters(data: &str) {
    let mut parts = data.split('\n');
    let Some(Ok(mut url)) = parts.next().map(Url::parse) else { return };
    for value in parts {
        let before = url.clone();
        let chosen = value.len() % (SETTERS.len() + 1);
        if chosen == SETTERS.len() {
            if url.set_href(value).is_err() {
                assert_eq!(url.href(), before.href());
                assert_eq!(url.offsets(), before.offsets());
            }
        } else {
            SETTERS[chosen](&mut url, value);
            let mut again = Url::parse(before.href()).expect("a serialization parses");
            SETTERS[chosen](&mut again, value);
            assert_eq!(again.href(), url.href());
        }
        check_url(&url);
        if url.href() == before.href() {
            assert_eq!(url.offsets(), before.offsets());
        }
    }
}

/// The host parser: a host's serialization parses to the same host.
pub fn host(input: &str) {
    if let Ok(host) = Host::parse(input) {
        let serialized = host.to_string();
        assert!(serialized.is_ascii());
        assert_eq!(Host::parse(&serialized).ok(), Some(host), "{input:?}");
    }
    if let Ok(host) = Host::parse_opaque(input) {
        let serialized = host.to_string();
        assert!(serialized.is_ascii());
        assert_eq!(Host::parse_opaque(&serialized).ok(), Some(host), "{input:?}");
    }
    let _ = weburl::host::domain_to_ascii(input, true);
    let _ = weburl::host::domain_to_unicode(input);
}

/// application/x-www-form-urlencoded: parse, serialize, parse gives the same list.
pub fn urlencoded(data: &[u8]) {
    let list = urlencoded::parse(data);
    let serialized = urlencoded::serialize(list.iter().map(|(n, v)| (n.as_str(), v.as_str())));
    assert!(serialized.is_ascii());
    assert_eq!(urlencoded::parse(serialized.as_bytes()), list);
}

/// URL records written by hand, as whatwg-url's callers hand them to weburl: `data` is a
/// selector line, then scheme, username, password, host, port, path, query, fragment and a
/// setter's value, one per line. The selector's bytes pick the host's kind, whether the port,
/// query and fragment are null, whether the path is opaque (else it is split on `/`), and the
/// setter. A URL made from the record gives the same URL again through its own record, before
/// and after the setter, which never panics.
pub fn records(data: &str) {
    let mut lines = data.split('\n');
    let selector = lines.next().unwrap_or_default().as_bytes();
    let pick = |i: usize| selector.get(i).copied().unwrap_or(0);
    let mut field = || lines.next().unwrap_or_default();
    let (scheme, username, password, host, port) = (field(), field(), field(), field(), field());
    let (path, query, fragment, value) = (field(), field(), field(), field());
    let number = port.bytes().fold(0u64, |n, b| n.wrapping_mul(31).wrapping_add(u64::from(b)));
    let host = match pick(0) % 6 {
        0 => None,
        1 => Some(Host::Domain(host)),
        2 => Some(Host::Opaque(host)),
        3 => Some(Host::Empty),
        4 => Some(Host::Ipv4(Ipv4Addr::from(number as u32))),
        _ => Some(Host::Ipv6(Ipv6Addr::from(u128::from(number) * 0x1_0001_0001))),
    };
    let record = UrlRecord {
        scheme,
        username,
        password,
        host,
        port: (pick(1) % 2 == 1).then_some(number as u16),
        path: if pick(2) % 2 == 1 {
            UrlPath::Opaque(path)
        } else {
            UrlPath::Segments(path.split('/').collect())
        },
        query: (pick(3) % 2 == 1).then_some(query),
        fragment: (pick(4) % 2 == 1).then_some(fragment),
    };
    let mut url = Url::from_record(&record);
    assert_eq!(Url::from_record(&url.record()).href(), url.href());
    let chosen = usize::from(pick(5)) % (SETTERS.len() + 1);
    if chosen == SETTERS.len() {
        let _ = url.set_href(value);
    } else {
        SETTERS[chosen](&mut url, value);
    }
    let again = Url::from_record(&url.record());
    assert_eq!(again.href(), url.href());
    assert_eq!(again.offsets(), url.offsets(), "{:?}", url.href());
}

/// Whether a URL Pattern is small enough to run in bounded time. The regular expressions the
/// standard generates backtrack, in every engine: a modifier on a wildcard (`/a/ht**s`), or a
/// repeated name without a prefix (`:a+` is `((?:[^\/]+?)(?:(?:[^\/]+?))*)`), nests quantifiers,
/// and matching that against a path of 30 characters that does not match takes V8 0.3 s, of 40
/// characters 195 s. The fuzzers look for panics and wrong answers, so they keep to few
/// modifiers and, with [`bounded_input`], short component values.
#[cfg(feature = "urlpattern")]
fn bounded(pattern: &str) -> bool {
    pattern.chars().filter(|c| matches!(c, '*' | '+' | '?')).count() <= 4
}

/// Whether each component value of `input` (parsed against `base`) that a pattern matches is at
/// most 16 characters long. Bounding the input itself is not enough: percent-encoding makes a
/// value up to three times as long as its part of the input, and the base URL adds its path.
#[cfg(feature = "urlpattern")]
fn bounded_input(input: &str, base: &Url) -> bool {
    let Ok(url) = Url::options().base_url(Some(base)).parse(input) else { return true };
    let values = [url.scheme(), url.username(), url.password(), url.hostname(), url.port()];
    let mut values =
        values.into_iter().chain([url.pathname()]).chain(url.query()).chain(url.fragment());
    values.all(|value| value.chars().count() <= 16)
}

/// The URL Pattern constructor string parser and compiler: `data` is a constructor string,
/// compiled alone and against a base URL, with and without ignoreCase. Nothing panics.
#[cfg(feature = "urlpattern")]
pub fn urlpattern_constructor(data: &str) {
    use weburl::urlpattern::{UrlPattern, UrlPatternOptions};
    if !bounded(data) {
        return;
    }
    for base in [None, Some("https://example.com/a/b?c#d")] {
        for ignore_case in [false, true] {
            let _ = UrlPattern::new(data, base, UrlPatternOptions { ignore_case });
        }
    }
}

/// URL Pattern matching: `data` is a constructor string NEWLINE an input URL (against the same
/// base). `test` agrees with `exec`, and nothing panics.
#[cfg(feature = "urlpattern")]
pub fn urlpattern_exec(data: &str) {
    use weburl::urlpattern::{UrlPattern, UrlPatternOptions};
    let Some((pattern, input)) = data.split_once('\n') else { return };
    let base = "https://example.com/a/b?c#d";
    if !bounded(pattern) || !bounded_input(input, &Url::parse(base).expect("a valid base URL")) {
        return;
    }
    let base = Some(base);
    let Ok(pattern) = UrlPattern::new(pattern, base, UrlPatternOptions::default()) else { return };
    let tested = pattern.test(input, base).expect("a string input takes a base URL");
    let executed = pattern.exec(input, base).expect("a string input takes a base URL");
    assert_eq!(tested, executed.is_some());
}

/// URL rendering: `data` is a URL (parsed with the API URL parser). Every combination of the
/// options renders without a panic; the default rendering, and the one with the trailing slash
/// elided, parse back to the same URL; with no option that changes anything, rendering is the
/// href.
#[cfg(feature = "display")]
pub fn render(data: &str) {
    use weburl::display::RenderOptions;
    let Ok(url) = Url::parse(data) else { return };
    for bits in 0..32u8 {
        let options = RenderOptions {
            elide_scheme: bits & 1 != 0,
            elide_trailing_slash: bits & 2 != 0,
            unicode_host: bits & 4 != 0,
            hide_credentials: bits & 8 != 0,
            percent_decode: bits & 16 != 0,
        };
        let rendered = url.render(options);
        if !options.elide_scheme && !options.hide_credentials {
            let again = Url::parse(&rendered).ok();
            assert_eq!(again.as_ref().map(Url::href), Some(url.href()), "{data:?}: {rendered:?}");
            if !options.percent_decode && !options.unicode_host && !options.elide_trailing_slash {
                assert_eq!(rendered, url.href());
            }
        }
    }
}
