//! Public suffix and registrable domain (§3.2 of the URL Standard): the standard's example
//! table, the Public Suffix List's own test cases (data/test_psl.txt), the trailing dot, hosts
//! the list's algorithm does not take, lists of one's own, and no panic on hostile hosts or lists.
#![cfg(feature = "psl")]

use weburl::host::Host;
use weburl::psl::{self, PublicSuffixList};
use weburl::Url;

const LIST: &str = include_str!("../data/public_suffix_list.dat");
const LIST_TESTS: &str = include_str!("../data/test_psl.txt");

fn host(input: &str) -> Host {
    Host::parse(input).unwrap_or_else(|e| panic!("{input:?} is not a host: {e}"))
}

/// The two answers for a host input, parsed as a special URL's host.
fn both(input: &str) -> (Option<String>, Option<String>) {
    let host = host(input);
    (
        psl::public_suffix(&host).map(str::to_owned),
        psl::registrable_domain(&host).map(str::to_owned),
    )
}

#[test]
fn the_standards_example_table() {
    // https://url.spec.whatwg.org/#example-host-psl: host input, public suffix, registrable domain.
    let table = [
        ("com", Some("com"), None),
        ("example.com", Some("com"), Some("example.com")),
        ("www.example.com", Some("com"), Some("example.com")),
        ("sub.www.example.com", Some("com"), Some("example.com")),
        ("EXAMPLE.COM", Some("com"), Some("example.com")),
        ("example.com.", Some("com."), Some("example.com.")),
        ("github.io", Some("github.io"), None),
        ("whatwg.github.io", Some("github.io"), Some("whatwg.github.io")),
        ("إختبار", Some("xn--kgbechtv"), None),
        ("example.إختبار", Some("xn--kgbechtv"), Some("example.xn--kgbechtv")),
        ("sub.example.إختبار", Some("xn--kgbechtv"), Some("example.xn--kgbechtv")),
        ("[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", None, None),
    ];
    for (input, suffix, registrable) in table {
        let expected = (suffix.map(str::to_owned), registrable.map(str::to_owned));
        assert_eq!(both(input), expected, "{input}");
    }
}

/// A `checkPublicSuffix(input, expected)` line of the list's tests; `None` is `null`.
fn check_line(line: &str) -> Option<(Option<String>, Option<String>)> {
    let args = line.strip_prefix("checkPublicSuffix(")?.strip_suffix(");")?;
    let arg = |s: &str| match s.trim() {
        "null" => Some(None),
        quoted => Some(Some(quoted.strip_prefix('\'')?.strip_suffix('\'')?.to_owned())),
    };
    let (input, expected) = args.split_once(", ")?;
    Some((arg(input)?, arg(expected)?))
}

#[test]
fn the_lists_own_test_cases() {
    let mut checked = 0;
    for line in LIST_TESTS.lines().filter(|line| line.starts_with("checkPublicSuffix(")) {
        let (input, expected) =
            check_line(line).unwrap_or_else(|| panic!("unread test line {line}"));
        // The expected registrable domain as the host parser gives it: IDN rows expect Unicode
        // ('食狮.com.cn') where a host is Punycode.
        let expected = expected.map(|domain| host(&domain).to_string());
        let actual = match &input {
            // A null input is a URL without a host: there is no host to ask about.
            None => {
                let url = Url::parse("mailto:someone@example.com").unwrap();
                assert_eq!(url.host_record(), None);
                None
            }
            // Uppercase and Unicode inputs go through the host parser, as in the standard's
            // table. Leading dots ('.com', '.example.com') give a domain with an empty label,
            // which the list's algorithm does not take: null, as the test expects.
            Some(input) => both(input).1,
        };
        assert_eq!(actual, expected, "{line}");
        checked += 1;
    }
    assert!(checked > 70, "only {checked} test cases read"); // 78 in the pinned file
}

#[test]
fn the_trailing_dot_is_set_aside_and_put_back() {
    assert_eq!(both("com."), (Some("com.".into()), None));
    assert_eq!(both("a.b.c.kobe.jp."), (Some("c.kobe.jp.".into()), Some("b.c.kobe.jp.".into())));
    assert_eq!(both("www.ck."), (Some("ck.".into()), Some("www.ck.".into())));
    assert_eq!(
        both("example.unlisted."),
        (Some("unlisted.".into()), Some("example.unlisted.".into()))
    );
}

#[test]
fn hosts_that_are_not_domains_have_neither() {
    for host in [
        Host::parse("127.0.0.1").unwrap(),
        Host::parse("0x7f.1").unwrap(),
        Host::parse("[::1]").unwrap(),
        Host::parse_opaque("example.com").unwrap(),
        Host::parse_opaque("").unwrap(),
        Host::parse("").unwrap(),
    ] {
        assert_eq!(psl::public_suffix(&host), None, "{host:?}");
        assert_eq!(psl::registrable_domain(&host), None, "{host:?}");
    }
}

#[test]
fn domains_with_empty_labels_have_neither() {
    // Beyond the one trailing dot the standard handles, an empty label is not one the list's
    // algorithm takes.
    for input in [".", "..", ".com", ".example.com", "a..example.com", "example.com..", "a.b.."] {
        assert!(matches!(host(input), Host::Domain(_)), "{input}");
        assert_eq!(both(input), (None, None), "{input}");
    }
}

#[test]
fn wildcards_exceptions_and_the_implicit_rule() {
    assert_eq!(both("a.b.c.mm"), (Some("c.mm".into()), Some("b.c.mm".into())));
    assert_eq!(both("c.mm"), (Some("c.mm".into()), None));
    assert_eq!(both("mm"), (Some("mm".into()), None));
    assert_eq!(both("www.www.ck"), (Some("ck".into()), Some("www.ck".into())));
    assert_eq!(both("city.kobe.jp"), (Some("kobe.jp".into()), Some("city.kobe.jp".into())));
    assert_eq!(both("example"), (Some("example".into()), None));
    assert_eq!(both("a.b.example"), (Some("example".into()), Some("b.example".into())));
    // Every rule that matches counts, reached by the label or by a wildcard: here
    // `*.r.cloud.int.apple` (through `r`, where `*.cloud.int.apple` also matches), although
    // `*.ap-north-1.r.cloud.int.apple` continues with the label itself and needs one more.
    let host = "ap-north-1.r.cloud.int.apple";
    assert_eq!(both(host), (Some(host.into()), None));
    assert_eq!(
        both("x.ap-north-1.r.cloud.int.apple"),
        (Some("x.ap-north-1.r.cloud.int.apple".into()), None)
    );
    assert_eq!(
        both("y.x.ap-north-1.r.cloud.int.apple").1.as_deref(),
        Some("y.x.ap-north-1.r.cloud.int.apple")
    );
    assert_eq!(both("x.r.cloud.int.apple"), (Some("x.r.cloud.int.apple".into()), None));
    // A label that is itself `*` is a label like any other.
    assert_eq!(both("*.c.mm"), (Some("c.mm".into()), Some("*.c.mm".into())));
    assert_eq!(both("x.*.com"), (Some("com".into()), Some("*.com".into())));
}

#[test]
fn a_list_of_ones_own() {
    let list = PublicSuffixList::parse(concat!(
        "// VERSION: test-1\n",
        "\n",
        "example trailing words are ignored\r\n",
        "  \n",
        "*.*.deep.example\n",
        "!keep.a.deep.example\n",
        "FAẞ.example\n",
        "xn--mnchen-3ya.example\n",
    ))
    .unwrap();
    assert_eq!(list.version(), Some("test-1"));
    assert_eq!(list.rule_count(), 5);
    let answers = |input: &str| {
        let host = host(input);
        (
            list.public_suffix(&host).map(str::to_owned),
            list.registrable_domain(&host).map(str::to_owned),
        )
    };
    assert_eq!(
        answers("x.y.a.deep.example"),
        (Some("y.a.deep.example".into()), Some("x.y.a.deep.example".into()))
    );
    assert_eq!(
        answers("x.keep.a.deep.example"),
        (Some("a.deep.example".into()), Some("keep.a.deep.example".into()))
    );
    assert_eq!(answers("x.fass.example"), (Some("example".into()), Some("fass.example".into())));
    // Rules are read as the host parser reads domains: Unicode to Punycode, uppercase lowered.
    assert_eq!(
        answers("x.faß.example"),
        (Some("xn--fa-hia.example".into()), Some("x.xn--fa-hia.example".into()))
    );
    assert_eq!(
        answers("x.münchen.example"),
        (Some("xn--mnchen-3ya.example".into()), Some("x.xn--mnchen-3ya.example".into()))
    );
    assert_eq!(answers("com"), (Some("com".into()), None));

    // `*.foo` matches `b.foo` although `a.b.foo` goes on from `b` with another label.
    let list = PublicSuffixList::parse("foo\n*.foo\na.b.foo\n").unwrap();
    assert_eq!(list.public_suffix(&host("x.b.foo")), Some("b.foo"));
    assert_eq!(list.public_suffix(&host("x.a.b.foo")), Some("a.b.foo"));

    // The empty list: the implicit rule alone.
    let empty = PublicSuffixList::parse("").unwrap();
    assert_eq!((empty.rule_count(), empty.version()), (0, None));
    assert_eq!(empty.registrable_domain(&host("a.github.io")), Some("github.io"));
}

#[test]
fn lines_that_are_not_rules() {
    for (text, line, rule) in [
        ("com\na..b\n", 2, "a..b"),
        (".com", 1, ".com"),
        ("com.", 1, "com."),
        ("!com", 1, "!com"),
        ("!", 1, "!"),
        ("a\nb\n\na.\u{FFFD}.b", 4, "a.\u{FFFD}.b"),
        ("a/b", 1, "a/b"),
        ("a%41", 1, "a%41"),
    ] {
        let error = PublicSuffixList::parse(text).unwrap_err();
        assert_eq!((error.line(), error.rule()), (line, rule), "{text:?}");
        assert!(error.to_string().contains(rule));
    }
}

#[test]
fn the_pinned_list() {
    let list = PublicSuffixList::builtin();
    let version = LIST.lines().find_map(|l| l.strip_prefix("// VERSION: "));
    assert_eq!(list.version(), version);
    let rules = LIST.lines().filter(|l| !l.starts_with("//") && !l.trim().is_empty()).count();
    assert_eq!(list.rule_count(), rules);
    assert!(rules > 5000);
    // Its private section is there too.
    assert_eq!(both("a.blogspot.com").0.as_deref(), Some("blogspot.com"));
}

#[test]
fn no_panic_on_hostile_hosts_and_lists() {
    let many_labels = "a.".repeat(100_000) + "com";
    assert_eq!(both(&many_labels).1.as_deref(), Some("a.com"));
    // A list with one rule of 100,000 labels, and wildcards all the way: no recursion.
    let deep = PublicSuffixList::parse(&format!("{many_labels}\n*.*.*.*.*.*.*.*\n")).unwrap();
    assert_eq!(deep.public_suffix(&host(&many_labels)), Some(many_labels.as_str()));
    assert_eq!(deep.registrable_domain(&host(&many_labels)), None);
    assert_eq!(deep.public_suffix(&host("1.2.3.4.5.6.7.8.x")), Some("2.3.4.5.6.7.8.x"));
    // Hosts built by hand, not by the host parser, are taken as they are.
    let hand_made = [
        Host::Domain("Example.COM".to_owned()),
        Host::Domain("é.é".to_owned()),
        Host::Domain(".".to_owned()),
    ];
    for host in hand_made {
        let _ = (psl::public_suffix(&host), psl::registrable_domain(&host));
    }
    assert_eq!(psl::public_suffix(&Host::Domain("é.é".to_owned())), Some("é"));
    for input in ["\u{FFFD}", "\0", "a\u{300}.com", "xn--.com", "xn--a.com", "%zz", "a\u{3002}b"] {
        let _ = PublicSuffixList::parse(input);
        if let Ok(host) = Host::parse(input) {
            let _ = (psl::public_suffix(&host), psl::registrable_domain(&host));
        }
    }
}
