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

#[test]
fn parse() {
    for (input, _) in wpt_urls() {
        fuzz_checks::parse(&input);
    }
    for input in regressions("parse") {
        fuzz_checks::parse(&String::from_utf8_lossy(&input));
    }
}

#[test]
fn parse_with_base() {
    for (input, base) in wpt_urls() {
        fuzz_checks::parse_with_base(&format!(
            "{}\n{input}",
            base.unwrap_or_else(|| "about:blank".into())
        ));
    }
    for input in regressions("parse_with_base") {
        fuzz_checks::parse_with_base(&String::from_utf8_lossy(&input));
    }
}

#[test]
fn setters() {
    let data = parse_json(include_str!(concat!(env!("WEBURL_WPT_DIR"), "/setters_tests.json")));
    for (name, list) in data.as_object().expect("an object") {
        for case in cases(list).filter(|_| name != "comment") {
            let href = str_field(case, "href").unwrap_or_default();
            let value = str_field(case, "new_value").unwrap_or_default();
            // Every setter, by the length rule of `fuzz_checks::setters`: pad the value.
            for pad in 0..10 {
                fuzz_checks::setters(&format!("{href}\n{value}{}", " ".repeat(pad)));
            }
        }
    }
    for input in regressions("setters") {
        fuzz_checks::setters(&String::from_utf8_lossy(&input));
    }
}

#[test]
fn host() {
    for (input, _) in wpt_urls() {
        fuzz_checks::host(&input);
    }
    for input in regressions("host") {
        fuzz_checks::host(&String::from_utf8_lossy(&input));
    }
}

#[test]
fn urlencoded() {
    for (input, _) in wpt_urls() {
        fuzz_checks::urlencoded(input.as_bytes());
    }
    for input in regressions("urlencoded") {
        fuzz_checks::urlencoded(&input);
    }
}
