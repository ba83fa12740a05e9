//! WebSocket URLs (`weburl::websocket`): the cases of the web-platform-tests `websockets/Create-*`
//! tests that are about the URL (invalid URLs and hosts, other schemes, fragments, relative input
//! with a base, http and https), rebuilt from the WebSockets Standard with the page's location
//! as the base; the scheme switch on ports; the handshake's host, port, resource name and secure
//! flag; and every input of the WPT URL data checked against the standard's steps written out
//! on the URL API.

#![cfg(feature = "websocket")]

#[allow(dead_code)] // shared by the test crates; this one uses the data loading only
mod common;

use common::parse_json;
use weburl::websocket::{WebSocketUrl, WebSocketUrlError};
use weburl::{ParseError, Url};

/// The location of a WPT test page (`wpt serve`'s default host and ports).
const PAGE: &str = "http://web-platform.test:8000/websockets/Create-valid-url.any.html";
const SECURE_PAGE: &str = "https://web-platform.test:8443/websockets/Create-valid-url.any.html";

fn parse(input: &str, base: Option<&str>) -> Result<WebSocketUrl, WebSocketUrlError> {
    let base = base.map(|base| Url::parse(base).expect("the base parses"));
    WebSocketUrl::parse(input, base.as_ref())
}

fn href(input: &str, base: Option<&str>) -> String {
    match parse(input, base) {
        Ok(socket) => socket.href().to_owned(),
        Err(error) => panic!("{input:?} against {base:?}: {error}"),
    }
}

fn is_parse_failure(result: Result<WebSocketUrl, WebSocketUrlError>) -> bool {
    matches!(result, Err(WebSocketUrlError::Parse(_)))
}

#[test]
fn invalid_urls_and_hosts_fail_in_the_parser() {
    // Create-invalid-urls, Create-url-with-space, Create-non-absolute-url.
    for input in [
        "ws://foo bar.com/",
        "wss://foo bar.com/",
        "ws://web platform.test:8000/echo",
        "wss://[",
        "ws://[::1/",
        "ws://ex%00ample/",
        "ws://javascript:a",
        "ws://example.com:65536/",
        "ws://",
        "http://",
        "ws:",
    ] {
        assert!(is_parse_failure(parse(input, None)), "{input}");
        assert!(is_parse_failure(parse(input, Some(PAGE))), "{input} against the page");
    }
    // Relative input without a base.
    for input in ["/echo", "?test", "#test", "test", "web-platform.test", "", "//example.com/"] {
        assert!(is_parse_failure(parse(input, None)), "{input}");
    }
    // The parser's error, with its cause.
    let error = parse("ws://foo bar.com/", None).unwrap_err();
    assert_eq!(error, WebSocketUrlError::Parse(Url::parse("ws://foo bar.com/").unwrap_err()));
    let WebSocketUrlError::Parse(cause) = error else { unreachable!() };
    assert!(cause.validation_error().is_some());
}

#[test]
fn other_schemes_fail() {
    // Create-wrong-scheme, Create-invalid-urls.
    for (input, scheme) in [
        ("ftp://web-platform.test:8000/", "ftp"),
        ("mailto:example@example.org", "mailto"),
        ("about:blank", "about"),
        ("data:text/plain,hello", "data"),
        ("file:///tmp/socket", "file"),
        ("javascript:alert(1)", "javascript"),
        ("invalid-scheme://web-platform.test:8000/echo", "invalid-scheme"),
        ("blob:https://example.com/0b8f0e8e-42d7-4d74-9b0a-6d5bd8ae7c3e", "blob"),
        ("HTTPX://example.com/", "httpx"),
        ("wsx://example.com/", "wsx"),
        ("ws+unix://example.com/", "ws+unix"),
    ] {
        assert_eq!(parse(input, None), Err(WebSocketUrlError::Scheme(scheme.into())), "{input}");
        // Absolute input ignores the base, whatever its scheme.
        assert_eq!(parse(input, Some(PAGE)), Err(WebSocketUrlError::Scheme(scheme.into())));
    }
    // A relative URL takes its scheme from the base.
    assert_eq!(
        parse("x", Some("ftp://example.com/")),
        Err(WebSocketUrlError::Scheme("ftp".into()))
    );
    assert_eq!(parse("/x", Some("file:///a")), Err(WebSocketUrlError::Scheme("file".into())));
}

#[test]
fn fragments_fail_even_empty() {
    for input in [
        "ws://web-platform.test:8000/#",
        "ws://web-platform.test:8000/#test",
        "wss://web-platform.test:8443/echo?q#",
        "http://example.com/#",
        "https://example.com/?#x",
        "ws://example.com#",
    ] {
        assert_eq!(parse(input, None), Err(WebSocketUrlError::Fragment), "{input}");
    }
    for base in [PAGE, SECURE_PAGE, "ws://example.com/a"] {
        for input in ["#", "#test", "?q#", "/echo#x"] {
            assert_eq!(
                parse(input, Some(base)),
                Err(WebSocketUrlError::Fragment),
                "{input} {base}"
            );
        }
    }
    // A `#` escaped is not a fragment.
    assert_eq!(href("ws://example.com/%23", None), "ws://example.com/%23");
    // The scheme is checked before the fragment.
    assert!(matches!(parse("ftp://example.com/#", None), Err(WebSocketUrlError::Scheme(_))));
}

#[test]
fn relative_input_against_the_page() {
    // Create-valid-url-relative and the newer Create-non-absolute-url: relative to the page, the
    // page's http and https become ws and wss, and the page's port stays.
    assert_eq!(href("/echo", Some(PAGE)), "ws://web-platform.test:8000/echo");
    assert_eq!(href("/echo", Some(SECURE_PAGE)), "wss://web-platform.test:8443/echo");
    assert_eq!(href("test", Some(PAGE)), "ws://web-platform.test:8000/websockets/test");
    assert_eq!(
        href("?", Some(PAGE)),
        "ws://web-platform.test:8000/websockets/Create-valid-url.any.html?"
    );
    // `null` and `123` as USVString.
    assert_eq!(href("null", Some(PAGE)), "ws://web-platform.test:8000/websockets/null");
    assert_eq!(href("123", Some(SECURE_PAGE)), "wss://web-platform.test:8443/websockets/123");
    assert_eq!(href("?x", Some("http://h/p")), "ws://h/p?x");
    assert_eq!(href("/path", Some("https://h/")), "wss://h/path");
    assert_eq!(href("//other.example:81/x", Some(SECURE_PAGE)), "wss://other.example:81/x");
    assert_eq!(href("../a/./b/../c", Some("https://h/x/y/z")), "wss://h/x/a/c");
    assert_eq!(href("", Some("http://h/p?q")), "ws://h/p?q");
    // The base's fragment is never copied, not even for empty input.
    assert_eq!(href("?y", Some("http://h/p#frag")), "ws://h/p?y");
    assert_eq!(href("", Some("http://h/p#frag")), "ws://h/p");
    // Absolute input ignores the base.
    assert_eq!(href("wss://example.com/", Some(PAGE)), "wss://example.com/");
    assert_eq!(href("ws://example.com/", Some("mailto:x")), "ws://example.com/");
    // Relative input against a base that cannot be a base.
    assert!(is_parse_failure(parse("/echo", Some("mailto:x"))));
}

#[test]
fn http_and_https_become_ws_and_wss() {
    // Create-http-urls, Create-valid-url-http.
    let cases = [
        // input, href, port, Host header, secure
        (
            "http://web-platform.test:8000/echo",
            "ws://web-platform.test:8000/echo",
            8000,
            "web-platform.test:8000",
            false,
        ),
        (
            "https://web-platform.test:8443/echo",
            "wss://web-platform.test:8443/echo",
            8443,
            "web-platform.test:8443",
            true,
        ),
        ("HTTP://X/", "ws://x/", 80, "x", false),
        ("HtTpS://X/", "wss://x/", 443, "x", true),
        // The port stays as the parser left it: ws shares http's default port, wss https's.
        ("http://x:80/", "ws://x/", 80, "x", false),
        ("http://x:443/", "ws://x:443/", 443, "x:443", false),
        ("https://x:443/", "wss://x/", 443, "x", true),
        ("https://x:80/", "wss://x:80/", 80, "x:80", true),
        ("ws://x:80/", "ws://x/", 80, "x", false),
        ("ws://x:443/", "ws://x:443/", 443, "x:443", false),
        ("wss://x:443/", "wss://x/", 443, "x", true),
        ("wss://x:80/", "wss://x:80/", 80, "x:80", true),
        ("ws://x:0/", "ws://x:0/", 0, "x:0", false),
        ("wss://x:65535", "wss://x:65535/", 65535, "x:65535", true),
        ("http://x:0080/", "ws://x/", 80, "x", false),
        ("http:x", "ws://x/", 80, "x", false),
        ("https:\\\\x\\y", "wss://x/y", 443, "x", true),
    ];
    for (input, expected, port, host, secure) in cases {
        let socket = parse(input, None).unwrap();
        assert_eq!(socket.href(), expected, "{input}");
        assert_eq!(socket.port(), port, "{input}");
        assert_eq!(socket.host(), host, "{input}");
        assert_eq!(socket.is_secure(), secure, "{input}");
        assert_eq!(socket.url().scheme(), if secure { "wss" } else { "ws" });
        // The record after the scheme switch is the record of its serialization.
        assert_eq!(socket.url().offsets(), Url::parse(expected).unwrap().offsets(), "{input}");
    }
    // The request URL of the handshake goes back to http and https, the port still as it was.
    let request = |input: &str| parse(input, None).unwrap().request_url().href().to_owned();
    assert_eq!(request("ws://x:443/a?b"), "http://x:443/a?b");
    assert_eq!(request("wss://x/"), "https://x/");
    assert_eq!(request("https://x:80/"), "https://x:80/");
}

#[test]
fn hosts() {
    let cases = [
        // IPv6, IPv4 and domains, serialized as the handshake needs them.
        ("ws://[::1]:8080/a?b", "[::1]", "[::1]:8080", 8080),
        ("wss://[0:0:0:0:0:0:0:1]/", "[::1]", "[::1]", 443),
        ("http://[2001:DB8::A:0:0:1]:80/", "[2001:db8::a:0:0:1]", "[2001:db8::a:0:0:1]", 80),
        ("ws://[::ffff:192.168.0.1]:81", "[::ffff:c0a8:1]", "[::ffff:c0a8:1]:81", 81),
        ("ws://0x7f.1/", "127.0.0.1", "127.0.0.1", 80),
        ("wss://192.168.257/", "192.168.1.1", "192.168.1.1", 443),
        // Non-ASCII hosts in Punycode, after UTS #46 mapping.
        ("ws://bücher.example/", "xn--bcher-kva.example", "xn--bcher-kva.example", 80),
        ("wss://faß.EXAMPLE:8443/", "xn--fa-hia.example", "xn--fa-hia.example:8443", 8443),
        ("ws://例え.テスト/", "xn--r8jz45g.xn--zckzah", "xn--r8jz45g.xn--zckzah", 80),
        ("https://ｅｘａｍｐｌｅ．ｃｏｍ/", "example.com", "example.com", 443),
        ("ws://xn--bcher-kva.example/", "xn--bcher-kva.example", "xn--bcher-kva.example", 80),
        // Credentials are in the URL, not in the host.
        ("ws://user:pass@example.com:9000/", "example.com", "example.com:9000", 9000),
    ];
    for (input, hostname, host, port) in cases {
        let socket = parse(input, None).unwrap();
        assert_eq!(socket.hostname(), hostname, "{input}");
        assert_eq!(socket.host(), host, "{input}");
        assert_eq!(socket.port(), port, "{input}");
    }
    for input in
        ["wss://exa%mple/", "ws://a<b/", "ws://a\u{0}b/", "ws://1.2.3.256.5/", "ws://[1::2::3]/"]
    {
        assert!(is_parse_failure(parse(input, None)), "{input}");
    }
}

#[test]
fn resource_names() {
    let cases = [
        ("ws://example.com", "/"),
        ("ws://example.com/", "/"),
        ("ws://example.com/echo", "/echo"),
        ("ws://example.com/a/b/", "/a/b/"),
        ("ws://example.com//a", "//a"),
        ("ws://example.com/./a/../b/.", "/b/"),
        ("ws://example.com/a b?c d", "/a%20b?c%20d"),
        ("ws://example.com/ü?ü", "/%C3%BC?%C3%BC"),
        ("ws://example.com?a=b", "/?a=b"),
        ("ws://example.com/p?a=b&c", "/p?a=b&c"),
        ("ws://example.com/p??", "/p??"),
        // A non-null but empty query: the standard appends `?` and the query only when the query
        // is non-empty ("If url's query is non-empty, append U+003F (?), followed by url's query,
        // to resource name"; RFC 6455 §3 says the same), so the `?` that href keeps goes.
        ("ws://example.com/?", "/"),
        ("ws://example.com/p?", "/p"),
        ("ws://user:pw@example.com:81/p?q", "/p?q"),
        ("ws://example.com/%3F", "/%3F"),
        ("ws://example.com/'\"<>`", "/'%22%3C%3E%60"),
        ("ws://example.com/?'\"<>`", "/?%27%22%3C%3E`"),
    ];
    for (input, name) in cases {
        assert_eq!(parse(input, None).unwrap().resource_name(), name, "{input}");
    }
    assert_eq!(parse("ws://example.com/?", None).unwrap().href(), "ws://example.com/?");
}

#[test]
fn errors_display_and_chain() {
    use std::error::Error;
    let parse_error = parse("ws://foo bar/", None).unwrap_err();
    assert_eq!(parse_error.to_string(), Url::parse("ws://foo bar/").unwrap_err().to_string());
    assert!(parse_error.to_string().starts_with("invalid URL ("));
    assert!(parse_error.source().is_some_and(|source| source.is::<ParseError>()));
    let scheme_error = parse("ftp://x/", None).unwrap_err();
    assert_eq!(scheme_error.to_string(), "the scheme must be ws, wss, http or https, not ftp");
    assert!(scheme_error.source().is_none());
    assert_eq!(
        parse("ws://x/#", None).unwrap_err().to_string(),
        "a WebSocket URL cannot have a fragment"
    );
}

#[test]
fn conversions() {
    let socket: WebSocketUrl = "HTTPS://example.com:443/a?b".parse().unwrap();
    assert_eq!(socket.to_string(), "wss://example.com/a?b");
    assert_eq!(socket.as_ref(), "wss://example.com/a?b");
    assert_eq!(
        WebSocketUrl::try_from(Url::parse("wss://example.com/a?b").unwrap()).unwrap(),
        socket
    );
    let url: Url = socket.clone().into();
    assert_eq!(&url, socket.url());
    assert_eq!(socket.into_url().href(), "wss://example.com/a?b");
    assert!("/relative".parse::<WebSocketUrl>().is_err());
}

/// Every input of the WPT URL data: the result is the standard's steps written out on the URL
/// API (the serialization with its scheme replaced), and the components agree with the URL's.
#[test]
fn every_wpt_url() {
    let (_, text) = wpt_file!("urltestdata.json");
    let data = parse_json(text);
    let mut counts = [0usize; 4]; // parse failure, scheme, fragment, accepted
    for case in data.as_array().unwrap().iter().filter(|case| case.is_object()) {
        let input = case["input"].as_str().unwrap();
        let base = case["base"].as_str();
        let Some(base) = base.map_or(Some(None), |base| Url::parse(base).ok().map(Some)) else {
            continue;
        };
        let parsed = match base.as_ref() {
            Some(base) => base.join(input),
            None => Url::parse(input),
        };
        let result = WebSocketUrl::parse(input, base.as_ref());
        let Ok(url) = parsed else {
            assert!(matches!(result, Err(WebSocketUrlError::Parse(_))), "{input:?} {base:?}");
            counts[0] += 1;
            continue;
        };
        let href = url.href();
        let expected = match url.scheme() {
            "http" => format!("ws{}", &href[4..]),
            "https" => format!("wss{}", &href[5..]),
            _ => href.to_owned(),
        };
        let scheme = &expected[..expected.find(':').unwrap()];
        if scheme != "ws" && scheme != "wss" {
            assert_eq!(result, Err(WebSocketUrlError::Scheme(scheme.into())), "{input:?}");
            counts[1] += 1;
        } else if url.fragment().is_some() {
            assert_eq!(result, Err(WebSocketUrlError::Fragment), "{input:?}");
            counts[2] += 1;
        } else {
            let socket = result.unwrap_or_else(|e| panic!("{input:?} {base:?}: {e}"));
            assert_eq!(socket.href(), expected);
            // The record is the one its serialization parses to.
            let again = Url::parse(&expected).unwrap();
            assert_eq!(socket.url().offsets(), again.offsets(), "{input:?}");
            assert_eq!(socket.hostname(), url.hostname());
            assert_eq!(socket.host(), url.host());
            let default = if scheme == "wss" { 443 } else { 80 };
            assert_eq!(socket.port(), url.port_number().unwrap_or(default));
            let query = url.query().filter(|q| !q.is_empty());
            let name = format!(
                "{}{}{}",
                url.pathname(),
                if query.is_some() { "?" } else { "" },
                query.unwrap_or("")
            );
            assert_eq!(socket.resource_name(), name, "{input:?}");
            assert!(socket.resource_name().starts_with('/'));
            assert_eq!(socket.is_secure(), scheme == "wss");
            if url.scheme().starts_with("http") {
                assert_eq!(socket.request_url(), url);
            }
            counts[3] += 1;
        }
    }
    // Each branch is taken, by many cases.
    assert!(counts.iter().all(|&n| n >= 10), "{counts:?}");
}
