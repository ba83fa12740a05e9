//! Hostile input shapes (tests/hostile/shapes.json), shared by the hostile-input tests and the
//! scaling benchmark: each builds an input of about `size` bytes; `expected` says what the URL
//! Standard makes of it (the serialization, or `None` for failure), computed independently of
//! the parser.

/// A named input shape: `prefix`, `unit` repeated, `suffix`.
pub struct Shape {
    pub name: String,
    prefix: String,
    unit: String,
    suffix: String,
}

impl Shape {
    /// The input, of about `size` bytes.
    pub fn build(&self, size: usize) -> String {
        let fixed = self.prefix.len() + self.suffix.len();
        let count = (size.saturating_sub(fixed) / self.unit.len().max(1)).max(1);
        let mut s = String::with_capacity(fixed + count * self.unit.len());
        s.push_str(&self.prefix);
        for _ in 0..count {
            s.push_str(&self.unit);
        }
        s.push_str(&self.suffix);
        s
    }

    /// What the standard makes of `input`, a [`build`](Shape::build) of this shape.
    pub fn expected(&self, input: &str) -> Option<String> {
        Some(match self.name.as_str() {
            "../ segments" => "https://example.org/x".into(),
            "%2e%2E/ segments" => "https://example.org/".into(),
            "non-ASCII path (é)" | "long opaque host" => input.replace('é', "%C3%A9"),
            "query with spaces" => input.replace(' ', "%20"),
            "fragment with controls" => {
                input.replace('\u{1}', "%01").replace('`', "%60").replace('<', "%3C")
            }
            "tabs and newlines" => input.replace(['\t', '\n', '\r'], ""),
            "NULs" => input.replace('\0', "%00"),
            "many non-ASCII host labels" => input.replace('é', "xn--9ca"),
            "IPv6 garbage" => return None,
            // Username "u"; the password is the rest, its `:`s percent-encoded.
            "long userinfo" => {
                let userinfo = &input["https://".len()..input.len() - "@h/".len()];
                let (user, password) = userinfo.split_once(':').unwrap_or((userinfo, ""));
                format!("https://{user}:{}@h/", password.replace(':', "%3A"))
            }
            "many @ signs" => {
                format!("https://{}@h/", "%40".repeat(input.matches('@').count() - 1))
            }
            // The space right before the query is encoded, so that it survives.
            "opaque path with spaces" => format!("{}%20?q", &input[..input.len() - " ?q".len()]),
            "leading C0 and spaces" => "https://h/".into(),
            _ => input.to_owned(),
        })
    }
}

/// The shapes of tests/hostile/shapes.json.
pub fn shapes() -> Vec<Shape> {
    let json: serde_json::Value =
        serde_json::from_str(include_str!("shapes.json")).expect("shapes.json is JSON");
    let field =
        |shape: &serde_json::Value, key: &str| shape[key].as_str().unwrap_or_default().to_owned();
    json["shapes"]
        .as_array()
        .expect("a list of shapes")
        .iter()
        .map(|s| Shape {
            name: field(s, "name"),
            prefix: field(s, "prefix"),
            unit: field(s, "unit"),
            suffix: field(s, "suffix"),
        })
        .collect()
}
