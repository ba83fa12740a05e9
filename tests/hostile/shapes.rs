//! Hostile input shapes, shared by the hostile-input tests and the scaling benchmark: each
//! builds an input of about `size` bytes and says what the URL Standard makes of it (the
//! serialization, or `None` for failure), computed independently of the parser.

/// A named input shape.
pub struct Shape {
    pub name: &'static str,
    pub build: fn(usize) -> String,
    pub expected: fn(&str) -> Option<String>,
}

fn repeat(prefix: &str, unit: &str, suffix: &str, size: usize) -> String {
    let count = size.saturating_sub(prefix.len() + suffix.len()) / unit.len().max(1);
    let mut s = String::with_capacity(size + unit.len());
    s.push_str(prefix);
    for _ in 0..count.max(1) {
        s.push_str(unit);
    }
    s.push_str(suffix);
    s
}

fn same(input: &str) -> Option<String> {
    Some(input.to_owned())
}

pub const SHAPES: &[Shape] = &[
    Shape {
        name: "long path (a/a/…)",
        build: |n| repeat("https://example.org/", "a/", "", n),
        expected: same,
    },
    Shape {
        name: "../ segments",
        build: |n| repeat("https://example.org/", "../", "x", n),
        expected: |_| Some("https://example.org/x".into()),
    },
    Shape {
        name: "%2e%2E/ segments",
        build: |n| repeat("https://example.org/a/", "%2e%2E/", "", n),
        expected: |_| Some("https://example.org/".into()),
    },
    Shape { name: "% signs", build: |n| repeat("https://example.org/", "%", "", n), expected: same },
    Shape {
        name: "non-ASCII path (é)",
        build: |n| repeat("https://example.org/", "é", "", n),
        expected: |s| Some(s.replace('é', "%C3%A9")),
    },
    Shape {
        name: "query with spaces",
        build: |n| repeat("https://example.org/?", "a b&", "", n),
        expected: |s| Some(s.replace(' ', "%20")),
    },
    Shape {
        name: "fragment with controls",
        build: |n| repeat("https://example.org/#", "\u{1}`<", "x", n),
        expected: |s| Some(s.replace('\u{1}', "%01").replace('`', "%60").replace('<', "%3C")),
    },
    Shape {
        name: "tabs and newlines",
        build: |n| repeat("https://example.org/", "a\t\n\r", "", n),
        expected: |s| Some(s.replace(['\t', '\n', '\r'], "")),
    },
    Shape {
        // (Trailing ones would be trimmed as C0 controls: a letter ends the input.)
        name: "NULs",
        build: |n| repeat("https://example.org/", "\0", "x", n),
        expected: |s| Some(s.replace('\0', "%00")),
    },
    Shape { name: "long ASCII host", build: |n| repeat("https://", "a", "/", n), expected: same },
    Shape { name: "many host labels", build: |n| repeat("https://", "ab.", "com/", n), expected: same },
    Shape {
        name: "many non-ASCII host labels",
        build: |n| repeat("https://", "é.", "com/", n),
        expected: |s| Some(s.replace('é', "xn--9ca")),
    },
    Shape { name: "IPv6 garbage", build: |n| repeat("https://[", "1:", "]/", n), expected: |_| None },
    Shape {
        name: "long opaque host",
        build: |n| repeat("sc://", "é", "/", n),
        expected: |s| Some(s.replace('é', "%C3%A9")),
    },
    Shape {
        name: "long userinfo",
        build: |n| repeat("https://", "u:p", "@h/", n),
        // Username "u"; the password is the rest, its `:`s percent-encoded.
        expected: |s| {
            let userinfo = &s["https://".len()..s.len() - "@h/".len()];
            let (user, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
            Some(format!("https://{user}:{}@h/", password.replace(':', "%3A")))
        },
    },
    Shape {
        name: "many @ signs",
        build: |n| repeat("https://", "@", "h/", n),
        expected: |s| {
            let signs = s.matches('@').count();
            Some(format!("https://{}@h/", "%40".repeat(signs - 1)))
        },
    },
    Shape {
        name: "opaque path with spaces",
        build: |n| repeat("sc:", "x ", "?q", n),
        // The space right before the query is encoded, so that it survives.
        expected: |s| Some(format!("{}%20?q", &s[..s.len() - " ?q".len()])),
    },
    Shape {
        name: "leading C0 and spaces",
        build: |n| repeat("", " \u{1f}", "https://h/", n),
        expected: |_| Some("https://h/".into()),
    },
];
