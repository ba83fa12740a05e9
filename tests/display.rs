//! [URL rendering](https://url.spec.whatwg.org/#url-rendering) (`weburl::display`): a table of
//! cases, and the property that matters: parsing the rendered string (default options) gives
//! back the same URL, for every URL of the datasets (`$WEBURL_DATASETS`, `../shared/datasets`)
//! and every href of the web-platform-tests URL data.

#![cfg(all(feature = "display", not(target_arch = "wasm32")))]

#[allow(dead_code)] // shared by the test crates; this one uses the data loading only
mod common;

use common::{cases, parse_json, str_field};
use weburl::display::{domain_to_display, RenderOptions};
use weburl::Url;

/// The table of cases, shared with tests/js/display.test.mjs: objects with the input, its
/// rendering with the default options and as an address bar shows it (strings are comments).
const CASES: &str = include_str!("display-cases.json");

#[test]
fn the_table() {
    let table = parse_json(CASES);
    let mut failures = Vec::new();
    for case in cases(&table) {
        let field = |name| str_field(case, name).unwrap_or_else(|| panic!("{case:?}: no {name}"));
        let (input, expected, address_bar) =
            (field("input"), field("rendered"), field("addressBar"));
        let url = Url::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
        let rendered = url.render(RenderOptions::default());
        if rendered != expected {
            failures.push(format!("{input:?}: rendered {rendered:?}, expected {expected:?}"));
        }
        let shown = url.render(RenderOptions::address_bar());
        if shown != address_bar {
            failures.push(format!("{input:?}: address bar {shown:?}, expected {address_bar:?}"));
        }
        if let Err(failure) = round_trip(&url, "rendered", &rendered) {
            failures.push(failure);
        }
    }
    assert!(cases(&table).count() >= 40, "the table has its cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn options_one_by_one() {
    let url = Url::parse("https://us%C3%A9r:pw@xn--mnchen-3ya.de/caf%C3%A9").unwrap();
    let with = |options: RenderOptions| url.render(options);
    let default = RenderOptions::default();
    assert_eq!(with(default), "https://usér:pw@münchen.de/café");
    assert_eq!(
        with(RenderOptions { unicode_host: false, ..default }),
        "https://usér:pw@xn--mnchen-3ya.de/café"
    );
    assert_eq!(
        with(RenderOptions { percent_decode: false, ..default }),
        "https://us%C3%A9r:pw@münchen.de/caf%C3%A9"
    );
    assert_eq!(
        with(RenderOptions { hide_credentials: true, ..default }),
        "https://münchen.de/café"
    );
    assert_eq!(with(RenderOptions { elide_scheme: true, ..default }), "usér:pw@münchen.de/café");
    let nothing = RenderOptions { unicode_host: false, percent_decode: false, ..default };
    assert_eq!(with(nothing), url.href());
    let bare = Url::parse("http://example.com").unwrap();
    assert_eq!(
        bare.render(RenderOptions { elide_trailing_slash: true, ..default }),
        "http://example.com"
    );
}

/// Every line of a dataset that parses, and every href of the WPT URL data.
fn all_urls() -> Vec<(&'static str, Url)> {
    let mut urls = Vec::new();
    for (name, text) in [dataset_file!("kasztp.txt"), dataset_file!("node_files.txt")] {
        let before = urls.len();
        let lines = text.lines().map(|line| line.trim_start_matches('\u{FEFF}'));
        urls.extend(lines.filter_map(|line| Url::parse(line).ok()).map(|url| (name, url)));
        let parsed = urls.len() - before;
        assert!(parsed > 40_000, "{name}: only {parsed} URLs parse");
        println!("{name}: {parsed} of {} lines parse", text.lines().count());
    }
    let (name, text) = wpt_file!("urltestdata.json");
    let data = parse_json(text);
    let before = urls.len();
    for href in cases(&data).filter_map(|case| str_field(case, "href")) {
        urls.push((name, Url::parse(href).unwrap_or_else(|e| panic!("WPT href {href:?}: {e}"))));
    }
    assert!(urls.len() - before > 500, "{name}: only {} hrefs", urls.len() - before);
    println!("{name}: {} hrefs", urls.len() - before);
    urls
}

/// Whether parsing `shown` gives back `url`; a description of the failure otherwise.
fn round_trip(url: &Url, what: &str, shown: &str) -> Result<(), String> {
    match Url::parse(shown) {
        Ok(again) if again == *url => Ok(()),
        Ok(again) => Err(format!("{what} {shown:?} of {url} parses to {again}")),
        Err(e) => Err(format!("{what} {shown:?} of {url} fails: {e}")),
    }
}

/// Checks the round trip of `urls`: the default rendering, the one with the trailing slash
/// elided, and the address bar's rendering of an http(s) URL without credentials once its
/// scheme is put back. Returns how many default renderings differ from the href, and how many
/// show their host in Unicode.
fn check_round_trips(urls: &[(&str, Url)]) -> (usize, usize) {
    let default = RenderOptions::default();
    let elided = RenderOptions { elide_trailing_slash: true, ..default };
    let (mut changed, mut unicode_hosts, mut failures) = (0, 0, Vec::new());
    for (source, url) in urls {
        let rendered = url.render(default);
        let mut check = |what: &str, shown: &str| {
            if let Err(failure) = round_trip(url, what, shown) {
                failures.push(format!("{source}: {failure}"));
            }
        };
        check("default", &rendered);
        check("trailing slash elided", &url.render(elided));
        if matches!(url.scheme(), "http" | "https") && !url.includes_credentials() {
            let bar = url.render(RenderOptions::address_bar());
            check("address bar", &format!("{}//{bar}", url.protocol()));
        }
        changed += usize::from(rendered != url.href());
        unicode_hosts += usize::from(domain_to_display(url.hostname()) != url.hostname());
    }
    let first = failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n");
    assert!(failures.is_empty(), "{} failures, the first:\n{first}", failures.len());
    (changed, unicode_hosts)
}

/// The property that matters: parsing the rendered string gives back the same URL, for every
/// URL of the datasets and every WPT href. (The datasets are nearly all ASCII without encoded
/// UTF-8, so the next test adds such URLs.)
#[test]
fn rendering_round_trips_for_every_dataset_and_wpt_url() {
    let urls = all_urls();
    let (changed, unicode_hosts) = check_round_trips(&urls);
    println!(
        "{} URLs round-trip; {changed} rendered differently from their href, {unicode_hosts} with a host shown in Unicode",
        urls.len()
    );
    assert!(changed >= 20 && unicode_hosts >= 3, "{changed} changed, {unicode_hosts} hosts");
}

/// Characters of every kind the rendering decodes or keeps encoded: letters of several scripts,
/// marks, emoji, RTL text, whitespace, controls, bidi and other format characters,
/// default-ignorables, private use, unassigned, noncharacters, look-alikes of delimiters,
/// ASCII delimiters, and percent-escapes as written by hand (lower case, invalid UTF-8).
const COMPONENT_TEXTS: [&str; 5] = [
    "café ✓ 🎉 שלום 日本 e\u{301} /\u{301} \u{202E}x\u{2066}y\u{61C} \u{A0}\u{3000}\u{2028}\u{85}\u{9B}",
    "\u{200B}\u{AD}\u{FEFF}\u{180E}\u{FE0F}\u{3164}\u{E0001}\u{E000}\u{10FFFD}\u{0378}\u{FFFF}\u{FFFD}",
    "a\u{2215}b\u{FF0F}c\u{FF03}d\u{1F512}\u{2800}?#/\\%@:;=&+'\"<>`{}|^[]",
    "%c3%a9%C3%A9%FF%C3%E2%82%AC%E2%82%ED%A0%80%C0%AF%25%2F%5C%3F%23%41%20",
    "\u{10000}\u{1F600}\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}ÿ\u{100}\u{7FF}\u{800}\u{FFFC}",
];

/// Hosts to put in special URLs: safe and unsafe IDNs, invalid Punycode, and mixed labels.
const HOSTS: [&str; 8] = [
    "münchen.de",
    "例え.テスト",
    "аррӏе.com",
    "pаypal.com",
    "xn--zz.example",
    "аррӏе.рф",
    "a.☕.bücher.example",
    "ελληνικά.gr",
];

/// WPT hrefs and every 25th dataset URL, with each component text set as username, password,
/// pathname, search and hash (the setters percent-encode it as the parser does) and each host
/// set as hostname: the round trip where decoding happens a lot.
#[test]
fn rendering_round_trips_with_encoded_text_in_every_component() {
    let urls = all_urls();
    let sample =
        urls.iter().enumerate().filter(|(i, (source, _))| source.ends_with(".json") || i % 25 == 0);
    let mut variants = Vec::new();
    for (_, (source, url)) in sample {
        for text in COMPONENT_TEXTS {
            let setters: [fn(&mut Url, &str); 5] = [
                Url::set_username,
                Url::set_password,
                Url::set_pathname,
                Url::set_search,
                Url::set_hash,
            ];
            for set in setters {
                let mut changed = url.clone();
                set(&mut changed, text);
                variants.push((*source, changed));
            }
        }
        if url.is_special() {
            for host in HOSTS {
                let mut changed = url.clone();
                changed.set_hostname(host);
                variants.push((*source, changed));
            }
        }
    }
    let (changed, unicode_hosts) = check_round_trips(&variants);
    println!(
        "{} URLs with encoded text round-trip; {changed} rendered differently from their href, {unicode_hosts} with a host shown in Unicode",
        variants.len()
    );
    assert!(
        changed > variants.len() / 2 && unicode_hosts > 1000,
        "{changed} changed, {unicode_hosts} hosts"
    );
}

/// Without decoding and Unicode hosts, rendering is the href (with or without credentials).
#[test]
fn without_decoding_rendering_is_the_serialization() {
    let plain =
        RenderOptions { unicode_host: false, percent_decode: false, ..RenderOptions::default() };
    for (_, url) in all_urls() {
        assert_eq!(url.render(plain), url.href());
    }
}
