//! The web-platform-tests URL data, run through the Rust API: every case and every component.
//! The same file runs natively (`cargo test`) and inside wasm (`wasm-pack test`).

mod common;

use common::{cases, check, parse_json, str_field, Report};
use serde_json::Value;
use weburl::{Url, UrlSearchParams};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

/// Every getter of the URL class, by its IDL name.
fn getter(url: &Url, name: &str) -> String {
    match name {
        "href" => url.href().to_owned(),
        "origin" => url.origin().ascii_serialization(),
        "protocol" => url.protocol().to_owned(),
        "username" => url.username().to_owned(),
        "password" => url.password().to_owned(),
        "host" => url.host().to_owned(),
        "hostname" => url.hostname().to_owned(),
        "port" => url.port().to_owned(),
        "pathname" => url.pathname().to_owned(),
        "search" => url.search().to_owned(),
        "hash" => url.hash().to_owned(),
        "searchParams" => UrlSearchParams::from(url).to_string(),
        other => panic!("unknown attribute {other}"),
    }
}

/// Every setter of the URL class, by its IDL name.
fn set(url: &mut Url, name: &str, value: &str) {
    match name {
        "href" => {
            let _ = url.set_href(value);
        }
        "protocol" => url.set_protocol(value),
        "username" => url.set_username(value),
        "password" => url.set_password(value),
        "host" => url.set_host(value),
        "hostname" => url.set_hostname(value),
        "port" => url.set_port(value),
        "pathname" => url.set_pathname(value),
        "search" => url.set_search(value),
        "hash" => url.set_hash(value),
        other => panic!("unknown attribute {other}"),
    }
}

const ATTRIBUTES: [&str; 12] = [
    "href",
    "origin",
    "protocol",
    "username",
    "password",
    "host",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
    "searchParams",
];

/// Runs a urltestdata-format file as url-constructor, url-origin and
/// url-constructor-base-failure do.
fn run_urltestdata((file, text): (&'static str, &str)) {
    let data = parse_json(text);
    let mut report = Report::new(file);
    for case in cases(&data) {
        let input = str_field(case, "input").unwrap_or_default();
        let base = str_field(case, "base");
        let name = format!("Parsing: <{input}> against <{}>", base.unwrap_or("null"));
        let mut problems = Vec::new();
        let parsed = Url::parse_with_base(input, base);
        if case.get("failure").and_then(Value::as_bool) == Some(true) {
            if let Ok(url) = parsed {
                problems.push(format!("parsed as {}, expected failure", url.href()));
            }
            if base.is_none() {
                // A URL that fails with no base must fail as a base too, and as an href.
                if Url::parse_with_base("about:blank", Some(input)).is_ok() {
                    problems.push("parsed as a base URL, expected failure".into());
                }
                let mut url = Url::parse("about:blank").unwrap();
                if url.set_href(input).is_ok() || url.href() != "about:blank" {
                    problems.push("href setter did not fail cleanly".into());
                }
            }
        } else {
            match parsed {
                Err(e) => problems.push(format!("failed ({e})")),
                Ok(url) => {
                    for attribute in ATTRIBUTES {
                        if let Some(expected) = str_field(case, attribute) {
                            check(&mut problems, attribute, &getter(&url, attribute), expected);
                        }
                    }
                    // Idempotence: the serialization parses to itself.
                    match Url::parse(url.href()) {
                        Ok(again) => {
                            check(&mut problems, "reparsed href", again.href(), url.href())
                        }
                        Err(e) => problems.push(format!("href does not reparse ({e})")),
                    }
                }
            }
        }
        report.case(name, problems);
    }
    report.finish();
}

#[test]
fn urltestdata() {
    run_urltestdata(wpt_file!("urltestdata.json"));
}

#[test]
fn urltestdata_javascript_only() {
    run_urltestdata(wpt_file!("urltestdata-javascript-only.json"));
}

#[test]
fn setters_tests() {
    let (file, text) = wpt_file!("setters_tests.json");
    let data = parse_json(text);
    let mut report = Report::new(file);
    for (attribute, list) in data.as_object().expect("an object of lists") {
        if attribute == "comment" {
            continue;
        }
        for case in cases(list) {
            let href = str_field(case, "href").unwrap_or_default();
            let new_value = str_field(case, "new_value").unwrap_or_default();
            let name = format!("Setting <{href}>.{attribute} = '{new_value}'");
            let mut problems = Vec::new();
            let mut url = Url::parse(href).expect("setter test URLs parse");
            set(&mut url, attribute, new_value);
            let expected = case.get("expected").and_then(Value::as_object);
            for (key, value) in expected.into_iter().flatten() {
                check(&mut problems, key, &getter(&url, key), value.as_str().unwrap_or_default());
            }
            match Url::parse(url.href()) {
                Ok(again) => check(&mut problems, "reparsed href", again.href(), url.href()),
                Err(e) => problems.push(format!("href does not reparse ({e})")),
            }
            report.case(name, problems);
        }
    }
    report.finish();
}

/// A host test as toascii.window.js and IdnaTestV2.window.js run it: `https://{input}/x`.
fn host_case(input: &str, output: Option<&str>) -> Vec<String> {
    let mut problems = Vec::new();
    match (Url::parse(&format!("https://{input}/x")), output) {
        (Ok(url), Some(output)) => {
            check(&mut problems, "host", url.host(), output);
            check(&mut problems, "hostname", url.hostname(), output);
            check(&mut problems, "pathname", url.pathname(), "/x");
            check(&mut problems, "href", url.href(), &format!("https://{output}/x"));
        }
        (Ok(url), None) => problems.push(format!("parsed as {}, expected failure", url.href())),
        (Err(e), Some(_)) => problems.push(format!("failed ({e})")),
        (Err(_), None) => {}
    }
    problems
}

#[test]
fn toascii() {
    let (file, text) = wpt_file!("toascii.json");
    let data = parse_json(text);
    let mut report = Report::new(file);
    for case in cases(&data) {
        let input = str_field(case, "input").unwrap_or_default();
        // A missing output means the input is its own output; null means failure.
        let output = match case.get("output") {
            None => Some(input),
            Some(value) => value.as_str(),
        };
        report.case(format!("{input} (using URL)"), host_case(input, output));
        for attribute in ["host", "hostname"] {
            let mut url = Url::parse("https://x/x").unwrap();
            set(&mut url, attribute, input);
            let mut problems = Vec::new();
            check(&mut problems, attribute, &getter(&url, attribute), output.unwrap_or("x"));
            report.case(format!("{input} (using URL.{attribute})"), problems);
        }
    }
    report.finish();
}

fn run_idna((file, text): (&'static str, &str)) {
    let data = parse_json(text);
    let mut report = Report::new(file);
    for case in cases(&data) {
        let input = str_field(case, "input").unwrap_or_default();
        if input.is_empty() {
            continue; // cannot be tested through the URL parser
        }
        let output = str_field(case, "output");
        report.case(format!("ToASCII(\"{input}\")"), host_case(input, output));
    }
    report.finish();
}

#[test]
fn idna_test_v2() {
    run_idna(wpt_file!("IdnaTestV2.json"));
}

#[test]
fn idna_test_v2_removed() {
    run_idna(wpt_file!("IdnaTestV2-removed.json"));
}

/// percent-encoding.window.js: `https://doesnotmatter.invalid/?{input}#{input}` parsed in a
/// document of each encoding; the query uses that encoding, the fragment always UTF-8.
#[test]
#[cfg(feature = "encodings")]
fn percent_encoding() {
    let (file, text) = wpt_file!("percent-encoding.json");
    let data = parse_json(text);
    let mut report = Report::new(file);
    for case in cases(&data) {
        let input = str_field(case, "input").unwrap_or_default();
        let outputs = case.get("output").and_then(Value::as_object).expect("outputs");
        let utf8 = outputs.get("utf-8").and_then(Value::as_str).unwrap_or_default();
        for (label, output) in outputs {
            let mut problems = Vec::new();
            let encoding = weburl::encoding_rs::Encoding::for_label(label.as_bytes())
                .expect("a known encoding label");
            let href = format!("https://doesnotmatter.invalid/?{input}#{input}");
            match Url::options().encoding(encoding).parse(&href) {
                Ok(url) => {
                    check(
                        &mut problems,
                        "search",
                        url.search(),
                        &format!("?{}", output.as_str().unwrap_or_default()),
                    );
                    check(&mut problems, "hash", url.hash(), &format!("#{utf8}"));
                }
                Err(e) => problems.push(format!("failed ({e})")),
            }
            report.case(format!("Input {input} with encoding {label}"), problems);
        }
    }
    report.finish();
}
