//! Loading the web-platform-tests data and checking results against the expected-failure list.
//! Shared by the native test run and the one inside wasm (`wasm-pack test`).
//! Beside it, `fuzz_checks.rs`: the properties the fuzz targets check, which
//! `tests/fuzz_regressions.rs` and the fuzz crate (`fuzz/src/lib.rs`) include by path.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

/// Reads a WPT data file from `$WEBURL_WPT_DIR` (see build.rs) at compile time.
#[macro_export]
macro_rules! wpt_file {
    ($name:literal) => {
        ($name, include_str!(concat!(env!("WEBURL_WPT_DIR"), "/", $name)))
    };
}

/// Reads a URL list of `$WEBURL_DATASETS` (see build.rs) at compile time.
#[macro_export]
macro_rules! dataset_file {
    ($name:literal) => {
        ($name, include_str!(concat!(env!("WEBURL_DATASETS"), "/", $name)))
    };
}

/// The expected failures: file name → test name → reason.
const EXPECTED_FAILURES: &str = include_str!("../wpt-expected-failures.json");

/// Parses WPT JSON, first turning escaped lone surrogates (`\ud900`) into U+FFFD as JavaScript's
/// USVString conversion does; serde_json rejects them.
pub fn parse_json(text: &str) -> Value {
    serde_json::from_str(&replace_lone_surrogate_escapes(text)).expect("WPT data is JSON")
}

fn replace_lone_surrogate_escapes(text: &str) -> String {
    let bytes = text.as_bytes();
    let escape_at = |i: usize| -> Option<u16> {
        let hex = text.get(i + 2..i + 6)?;
        (bytes.get(i) == Some(&b'\\') && bytes.get(i + 1) == Some(&b'u'))
            .then(|| u16::from_str_radix(hex, 16).ok())
            .flatten()
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if bytes[i] != b'\\' {
            let next = text[i + 1..].find('\\').map_or(text.len(), |n| i + 1 + n);
            out.push_str(&text[i..next]);
            i = next;
            continue;
        }
        match escape_at(i) {
            Some(0xD800..=0xDBFF) if matches!(escape_at(i + 6), Some(0xDC00..=0xDFFF)) => {
                out.push_str(&text[i..i + 12]);
                i += 12;
            }
            Some(0xD800..=0xDFFF) => {
                out.push_str("\\uFFFD");
                i += 6;
            }
            _ => {
                // Any other escape, including `\\`, is two characters at least: copy them.
                out.push_str(&text[i..i + 2]);
                i += 2;
            }
        }
    }
    out
}

/// Collects the failures of one data file and compares them with the expected-failure list,
/// both ways: an unexpected failure and an unexpected pass both fail the test.
pub struct Report {
    file: &'static str,
    cases: usize,
    failures: BTreeMap<String, String>,
}

impl Report {
    pub fn new(file: &'static str) -> Self {
        Report { file, cases: 0, failures: BTreeMap::new() }
    }

    /// Records one test case: `problems` lists what did not match (empty when it passed).
    pub fn case(&mut self, name: String, problems: Vec<String>) {
        self.cases += 1;
        if !problems.is_empty() {
            self.failures.insert(name, problems.join("; "));
        }
    }

    pub fn finish(self) {
        let all: Value = serde_json::from_str(EXPECTED_FAILURES).expect("expected failures JSON");
        let expected: BTreeSet<&str> = all
            .get(self.file)
            .and_then(Value::as_object)
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default();
        let unexpected: Vec<_> =
            self.failures.iter().filter(|(name, _)| !expected.contains(name.as_str())).collect();
        let passing: Vec<_> =
            expected.iter().filter(|name| !self.failures.contains_key(**name)).collect();
        let mut message = format!(
            "{}: {} cases, {} failed ({} expected)\n",
            self.file,
            self.cases,
            self.failures.len(),
            expected.len()
        );
        for (name, problems) in &unexpected {
            message.push_str(&format!("  UNEXPECTED FAILURE {name}\n      {problems}\n"));
        }
        for name in &passing {
            message.push_str(&format!("  UNEXPECTED PASS {name} (remove it from the list)\n"));
        }
        assert!(self.cases > 0, "{}: no test cases ran", self.file);
        assert!(unexpected.is_empty() && passing.is_empty(), "{message}");
        println!("{message}");
    }
}

/// Compares `actual` with `expected`, recording a problem when they differ.
pub fn check(problems: &mut Vec<String>, what: &str, actual: &str, expected: &str) {
    if actual != expected {
        problems.push(format!("{what}: got {actual:?}, expected {expected:?}"));
    }
}

/// The objects of a WPT data list (strings in it are comments).
pub fn cases(data: &Value) -> impl Iterator<Item = &serde_json::Map<String, Value>> {
    data.as_array().into_iter().flatten().filter_map(Value::as_object)
}

pub fn str_field<'a>(case: &'a serde_json::Map<String, Value>, key: &str) -> Option<&'a str> {
    case.get(key).and_then(Value::as_str)
}

#[cfg(test)]
mod tests {
    #[test]
    fn lone_surrogates_become_replacement_characters() {
        let fixed = super::replace_lone_surrogate_escapes(
            r#"["\ud800x", "\ud83d\ude00", "\\ud800", "\udfff"]"#,
        );
        assert_eq!(fixed, r#"["\uFFFDx", "\ud83d\ude00", "\\ud800", "\uFFFD"]"#);
    }
}
