//! The fuzz targets' checks (tests/common/fuzz_checks.rs) on every WPT input, and on every input
//! a fuzzer found: `scripts/fuzz.sh` copies each finding to fuzz/regressions/<target>/, where it
//! stays as a regression test.

#[allow(dead_code)] // shared by the test crates; this one uses the data loading only
mod common;
#[path = "common/fuzz_checks.rs"]
mod fuzz_checks;

use common::{cases, parse_json, str_field};

const REGRESSIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fuzz/regressions");

/// Every file in fuzz/regressions/<target>/.
fn regressions(target: &str) -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(REGRESSIONS).join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else { return Vec::new() };
    entries.filter_map(|e| std::fs::read(e.ok()?.path()).ok()).collect()
}

fn wpt_urls() -> Vec<(String, Option<String>)> {
    let data = parse_json(include_str!(concat!(env!("WEBURL_WPT_DIR"), "/urltestdata.json")));
    cases(&data)
        .map(|c| {
            (
                str_field(c, "input").unwrap_or_default().to_owned(),
                str_field(c, "base").map(str::to_owned),
            )
        })
        .collect()
}

/// Runs `check` on the WPT-derived `inputs` and on every regression input of `target`.
fn check_all(target: &str, inputs: impl IntoIterator<Item = String>, check: impl Fn(&[u8])) {
    for input in inputs {
        check(input.as_bytes());
    }
    for input in regressions(target) {
        check(&input);
    }
}

/// A check on text, for the targets that take `&str` (libFuzzer gives them valid UTF-8 only).
fn text(check: fn(&str)) -> impl Fn(&[u8]) {
    move |bytes| {
        if let Ok(s) = std::str::from_utf8(bytes) {
            check(s);
        }
    }
}

#[test]
fn parse() {
    check_all("parse", wpt_urls().into_iter().map(|(input, _)| input), text(fuzz_checks::parse));
}

#[test]
fn parse_with_base() {
    let inputs = wpt_urls()
        .into_iter()
        .map(|(input, base)| format!("{}\n{input}", base.unwrap_or_else(|| "about:blank".into())));
    check_all("parse_with_base", inputs, text(fuzz_checks::parse_with_base));
}

#[test]
fn setters() {
    let data = parse_json(include_str!(concat!(env!("WEBURL_WPT_DIR"), "/setters_tests.json")));
    let mut inputs = Vec::new();
    for (name, list) in data.as_object().expect("an object") {
        for case in cases(list).filter(|_| name != "comment") {
            let href = str_field(case, "href").unwrap_or_default();
            let value = str_field(case, "new_value").unwrap_or_default();
            // Every setter, by the length rule of `fuzz_checks::setters`: pad the value.
            inputs.extend((0..10).map(|pad| format!("{href}\n{value}{}", " ".repeat(pad))));
        }
    }
    check_all("setters", inputs, text(fuzz_checks::setters));
}

#[test]
fn host() {
    check_all("host", wpt_urls().into_iter().map(|(input, _)| input), text(fuzz_checks::host));
}

#[test]
fn urlencoded() {
    check_all(
        "urlencoded",
        wpt_urls().into_iter().map(|(input, _)| input),
        fuzz_checks::urlencoded,
    );
}

#[test]
fn records() {
    // Each WPT URL as every field, under a few selectors.
    let inputs = wpt_urls().into_iter().flat_map(|(input, _)| {
        [
            "\0\0\0\0\0\0",
            "\u{1}\u{1}\u{1}\u{1}\u{1}\u{3}",
            "\u{5}\0\u{1}\0\u{1}\u{6}",
            "\u{4}\u{1}\0\u{1}\0\u{9}",
        ]
        .map(|selector| format!("{selector}{}", format!("\n{input}").repeat(9)))
    });
    check_all("records", inputs, text(fuzz_checks::records));
}

#[cfg(feature = "display")]
#[test]
fn render() {
    check_all("render", wpt_urls().into_iter().map(|(input, _)| input), text(fuzz_checks::render));
}

/// The URL Pattern data's constructor strings and inputs.
#[cfg(feature = "urlpattern")]
fn urlpattern_strings() -> Vec<String> {
    let data =
        parse_json(include_str!(concat!(env!("WEBURL_WPT_DIR"), "/urlpatterntestdata.json")));
    let mut strings = Vec::new();
    for case in cases(&data) {
        for key in ["pattern", "inputs"] {
            let values = case.get(key).and_then(|v| v.as_array()).cloned().unwrap_or_default();
            strings.extend(values.iter().filter_map(|v| v.as_str()).map(str::to_owned));
        }
    }
    strings
}

#[cfg(feature = "urlpattern")]
#[test]
fn urlpattern_constructor() {
    check_all(
        "urlpattern_constructor",
        urlpattern_strings(),
        text(fuzz_checks::urlpattern_constructor),
    );
}

#[cfg(feature = "urlpattern")]
#[test]
fn urlpattern_exec() {
    let strings = urlpattern_strings();
    let inputs =
        strings.iter().flat_map(|p| strings.iter().take(40).map(move |i| format!("{p}\n{i}")));
    check_all("urlpattern_exec", inputs.collect::<Vec<_>>(), text(fuzz_checks::urlpattern_exec));
}
