//! Checks shared by the fuzz targets.

use weburl::Url;

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

/// What every URL the API hands out must satisfy: an ASCII serialization that its record
/// recomposes, that its offsets rebuild, and that parses to itself (the standard's idempotence
/// goal).
pub fn check_url(url: &Url) {
    let href = url.href();
    assert!(href.is_ascii(), "{href:?}");
    assert_eq!(recompose(url), href);
    let rebuilt = Url::from_offsets(href.to_owned(), &url.offsets()).expect("offsets describe href");
    assert_eq!(rebuilt.offsets(), url.offsets());
    let reparsed = Url::parse(href).expect("a serialization parses");
    assert_eq!(reparsed.href(), href);
    assert_eq!(reparsed.offsets(), url.offsets(), "{href:?}");
    for getter in [Url::protocol, Url::username, Url::password, Url::host, Url::hostname, Url::port, Url::pathname, Url::search, Url::hash] {
        assert!(href.contains(getter(url)));
    }
}
