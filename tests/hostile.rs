//! Hostile input: every shape, from 1 KB to 1 MB, gives the standard's result (or failure),
//! and the parser keeps working. (Time per MB is printed by `cargo bench --bench scaling`.)

#[path = "hostile/shapes.rs"]
mod shapes;

use weburl::{Url, UrlSearchParams};

#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test as test;

/// Input sizes: up to 1 MB natively; smaller inside wasm, where the tests run unoptimized.
const SIZES: &[usize] =
    if cfg!(target_arch = "wasm32") { &[1_000, 100_000] } else { &[1_000, 100_000, 1_000_000] };

#[test]
fn every_shape_gives_the_standards_result() {
    for shape in shapes::shapes() {
        for &size in SIZES {
            let input = shape.build(size);
            let parsed = Url::parse(&input).ok().map(String::from);
            let expected = shape.expected(&input);
            let short =
                |s: &Option<String>| s.as_ref().map(|s| s.chars().take(80).collect::<String>());
            assert!(
                parsed == expected,
                "{} at {size} bytes: got {:?}…, expected {:?}…",
                shape.name,
                short(&parsed),
                short(&expected)
            );
            if let Some(href) = parsed {
                // Idempotence: the serialization parses to itself.
                assert_eq!(Url::parse(&href).map(String::from).ok(), Some(href), "{}", shape.name);
            }
        }
    }
}

#[test]
fn a_huge_non_ascii_label_fails_instead_of_taking_quadratic_time() {
    // Unicode ToASCII refuses labels of more than 1000 code points to Punycode-encode, as ICU
    // does, which keeps the work linear.
    let input = format!("https://{}.example/", "é".repeat(100_000));
    assert!(Url::parse(&input).is_err());
    assert_eq!(
        Url::parse(&format!("https://{}.example/", "é".repeat(1000))).map(|u| u.host().len()).ok(),
        Some(1006 + 8)
    );
}

#[test]
fn setters_on_huge_urls() {
    let mut url = Url::parse(&format!(
        "https://example.org/{}?{}#f",
        "a/".repeat(100_000),
        "q".repeat(100_000)
    ))
    .unwrap();
    url.set_pathname(&"../".repeat(100_000));
    assert_eq!(url.pathname(), "/");
    url.set_search(&"%".repeat(100_000));
    assert_eq!(url.search().len(), 100_001);
    url.set_hash(&"\0".repeat(100_000));
    assert_eq!(url.hash().len(), 1 + 3 * 100_000);
    url.set_hostname(&"b.".repeat(100_000));
    assert_eq!(url.hostname().len(), 200_000);
    assert_eq!(Url::parse(url.href()).unwrap().href(), url.href());
}

#[test]
fn every_code_point_class_in_every_component() {
    // One of each kind: ASCII controls, every ASCII printable, C1 controls, Latin-1, a
    // combining mark, joiners, a noncharacter, the replacement character, astral, private use.
    let mut all: String = (0u8..0x80).map(char::from).collect();
    all.push_str("\u{80}\u{9F}\u{A0}\u{FF}\u{301}\u{200C}\u{200D}\u{FDD0}\u{FFFD}\u{FFFF}\u{1F600}\u{10FFFD}\u{E000}");
    let templates = [
        "https://{}@h/",
        "https://u:{}@h/",
        "https://{}/",
        "https://h:{}/",
        "https://h/{}",
        "https://h/?{}",
        "https://h/#{}",
        "sc://{}/",
        "sc:{}",
        "sc:/{}",
        "file://{}/",
        "file:///{}",
        "{}",
    ];
    for template in templates {
        for c in all.chars() {
            let input = template.replace("{}", &c.to_string());
            if let Ok(url) = Url::parse(&input) {
                assert!(url.href().is_ascii(), "{input:?}");
                assert_eq!(
                    Url::parse(url.href()).map(String::from).ok().as_deref(),
                    Some(url.href()),
                    "{input:?}"
                );
            }
        }
        let input = template.replace("{}", &all);
        if let Ok(url) = Url::parse(&input) {
            assert_eq!(
                Url::parse(url.href()).map(String::from).ok().as_deref(),
                Some(url.href()),
                "{input:?}"
            );
        }
    }
    let params = UrlSearchParams::parse(&all);
    assert_eq!(UrlSearchParams::parse(&params.to_string()), params);
}
