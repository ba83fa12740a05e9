//! A host's [public suffix](https://url.spec.whatwg.org/#host-public-suffix) and
//! [registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) (§3.2 of the URL
//! Standard), by the [Public Suffix List](https://publicsuffix.org/list/) and its algorithm:
//! rules, wildcards, exceptions and the implicit `*` rule, over the whole list (its ICANN and its
//! private sections, so `github.io` is a public suffix, as in the standard's examples).
//!
//! ```
//! use weburl::host::Host;
//! use weburl::psl::{public_suffix, registrable_domain};
//!
//! let host = Host::parse("www.Example.CO.UK").unwrap();
//! assert_eq!(public_suffix(&host), Some("co.uk"));
//! assert_eq!(registrable_domain(&host), Some("example.co.uk"));
//!
//! // A trailing dot stays; a host that is a public suffix has no registrable domain.
//! let host = Host::parse("example.com.").unwrap();
//! assert_eq!(public_suffix(&host), Some("com."));
//! assert_eq!(registrable_domain(&host), Some("example.com."));
//! assert_eq!(registrable_domain(&Host::parse("github.io").unwrap()), None);
//!
//! // Only domains have one; a top-level domain that is not listed is a public suffix itself.
//! assert_eq!(public_suffix(&Host::parse("[::1]").unwrap()), None);
//! assert_eq!(public_suffix(&Host::parse("127.0.0.1").unwrap()), None);
//! assert_eq!(public_suffix(&Host::parse("a.b.unlisted").unwrap()), Some("unlisted"));
//! ```
//!
//! The functions use the list pinned in the crate ([`PublicSuffixList::builtin`], whose
//! [version](PublicSuffixList::version) is the list's own); [`PublicSuffixList::parse`] reads
//! any other copy of the list's text (a newer download, a list of one's own).
//!
//! Hosts come from the [host parser](crate::host::Host::parse), which has already lowercased them
//! and turned Unicode labels to Punycode; the list's rules are converted the same way when it is
//! read. The standard runs the list's algorithm on a domain whose trailing dot it sets aside and
//! puts back. A domain with an empty label besides that (`.com`, `a..b`, `example.com..`) is one
//! the list's algorithm does not take (its empty labels "are not permitted", and its own test
//! cases expect no registrable domain for `.com` or `.example.com`): both answers are `None`.
//!
//! The standard's own warning applies: the list differs from client to client, so these are no
//! security boundary; prefer [origins](crate::Origin) for security decisions.

use std::fmt;
use std::sync::OnceLock;

use crate::host::{domain_to_ascii, Host};

/// The list pinned in the crate: data/public_suffix_list.dat (MPL-2.0), see data/README.md.
const BUILTIN: &str = include_str!("../data/public_suffix_list.dat");

/// A [Public Suffix List](https://publicsuffix.org/list/), read from its text.
///
/// ```
/// use weburl::host::Host;
/// use weburl::psl::PublicSuffixList;
///
/// let list = PublicSuffixList::parse("// a list of our own\nexample\n*.wild.example\n!tame.wild.example\n").unwrap();
/// let suffix = |host: &str| list.public_suffix(&Host::parse(host).unwrap()).map(str::to_owned);
/// assert_eq!(suffix("a.b.example").as_deref(), Some("example"));
/// assert_eq!(suffix("a.b.wild.example").as_deref(), Some("b.wild.example"));
/// assert_eq!(suffix("a.tame.wild.example").as_deref(), Some("wild.example"));
/// assert_eq!(suffix("a.b.com").as_deref(), Some("com")); // the implicit `*` rule
/// assert!(PublicSuffixList::parse("a..b").is_err());
/// ```
#[derive(Clone, Debug)]
pub struct PublicSuffixList {
    /// The rules as a tree of labels from the right; `nodes[0]` is the root.
    nodes: Vec<Node>,
    rules: usize,
    version: Option<String>,
}

#[derive(Clone, Debug, Default)]
struct Node {
    /// `(key, label, index in nodes)`, sorted by key and label (see [`key`]); a wildcard's
    /// label is `*`.
    children: Vec<(u64, Box<str>, usize)>,
    /// Whether a rule ends here, and which kind.
    rule: Option<RuleKind>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RuleKind {
    Normal,
    Exception,
}

/// A line of a Public Suffix List that is not a rule: [`PublicSuffixList::parse`] failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListError {
    line: usize,
    rule: String,
}

impl ListError {
    /// The line's number, from 1.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The rule as the line has it.
    pub fn rule(&self) -> &str {
        &self.rule
    }
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Display, not Debug: the npm package's wasm formats no Debug output (scripts/build.mjs).
        write!(f, "line {} of the Public Suffix List is not a rule: \"{}\"", self.line, self.rule)
    }
}

impl std::error::Error for ListError {}

impl PublicSuffixList {
    /// Reads a list in the [format](https://github.com/publicsuffix/list/wiki/Format) of
    /// `public_suffix_list.dat`: a rule per line, read up to the first whitespace; lines starting
    /// with `//` are comments, and a `// VERSION: ` comment gives the [version](Self::version).
    /// A rule is `!` (an exception) or nothing, then labels separated by `.`, each `*` (a
    /// wildcard) or a label that [domain to ASCII](crate::host::domain_to_ascii) takes, as
    /// Unicode or Punycode. Fails on the first line that is not such a rule, or that is an
    /// exception of one label (which would leave no public suffix).
    pub fn parse(text: &str) -> Result<Self, ListError> {
        let mut list = Self::empty();
        for (index, line) in text.lines().enumerate() {
            if let Some(comment) = line.strip_prefix("//") {
                if let Some(version) = comment.strip_prefix(" VERSION: ") {
                    list.version.get_or_insert_with(|| version.trim_ascii().to_owned());
                }
                continue;
            }
            let Some(rule) = line.split_ascii_whitespace().next() else { continue };
            let error = || ListError { line: index + 1, rule: rule.to_owned() };
            let (kind, labels) = match rule.strip_prefix('!') {
                Some(labels) => (RuleKind::Exception, labels),
                None => (RuleKind::Normal, rule),
            };
            if kind == RuleKind::Exception && !labels.contains('.') {
                return Err(error());
            }
            let labels = canonical_rule(labels).ok_or_else(error)?;
            list.insert(&labels, kind);
        }
        Ok(list)
    }

    /// The list pinned in the crate (data/public_suffix_list.dat, VERSION
    /// 2026-10-22_08-36-41_UTC; `node scripts/update-psl.mjs` updates it), read the first time
    /// it is asked for.
    ///
    /// ```
    /// let list = weburl::psl::PublicSuffixList::builtin();
    /// assert!(list.version().is_some());
    /// assert!(list.rule_count() > 5000);
    /// ```
    pub fn builtin() -> &'static PublicSuffixList {
        static LIST: OnceLock<PublicSuffixList> = OnceLock::new();
        // The pinned text is a constant, and tests/psl.rs reads it: it always parses.
        LIST.get_or_init(|| PublicSuffixList::parse(BUILTIN).unwrap_or_else(|_| Self::empty()))
    }

    /// A list without rules, under which every domain's public suffix is its last label.
    fn empty() -> Self {
        PublicSuffixList { nodes: vec![Node::default()], rules: 0, version: None }
    }

    /// The `// VERSION: ` line of the list's header, if it has one (such as
    /// `2026-10-22_08-36-41_UTC`).
    pub fn version(&self) -> Option<&str> {
        self.version.as_deref()
    }

    /// How many rules the list has (a rule listed twice counts twice).
    pub fn rule_count(&self) -> usize {
        self.rules
    }

    /// A [host's public suffix](https://url.spec.whatwg.org/#host-public-suffix): null (`None`)
    /// unless `host` is a domain; otherwise the part of it the list's algorithm finds, with the
    /// trailing dot if the host has one.
    ///
    /// ```
    /// use weburl::host::Host;
    /// let list = weburl::psl::PublicSuffixList::builtin();
    /// assert_eq!(list.public_suffix(&Host::parse("a.b.c.kobe.jp").unwrap()), Some("c.kobe.jp"));
    /// assert_eq!(list.public_suffix(&Host::parse("city.kobe.jp").unwrap()), Some("kobe.jp"));
    /// assert_eq!(list.public_suffix(&Host::parse_opaque("example.com").unwrap()), None);
    /// ```
    pub fn public_suffix<'h, S: AsRef<str>>(&self, host: &'h Host<S>) -> Option<&'h str> {
        let (domain, split) = self.split(host)?;
        domain.get(split.public_suffix..)
    }

    /// A [host's registrable domain](https://url.spec.whatwg.org/#host-registrable-domain): null
    /// (`None`) when its public suffix is null or is the whole host; otherwise the public
    /// suffix with the label before it.
    ///
    /// ```
    /// use weburl::host::Host;
    /// let list = weburl::psl::PublicSuffixList::builtin();
    /// let host = Host::parse("sub.whatwg.github.io").unwrap();
    /// assert_eq!(list.registrable_domain(&host), Some("whatwg.github.io"));
    /// assert_eq!(list.registrable_domain(&Host::parse("co.uk").unwrap()), None);
    /// ```
    pub fn registrable_domain<'h, S: AsRef<str>>(&self, host: &'h Host<S>) -> Option<&'h str> {
        let (domain, split) = self.split(host)?;
        domain.get(split.registrable_domain?..)
    }

    /// Where the public suffix and the registrable domain of `host` start in its domain.
    fn split<'h, S: AsRef<str>>(&self, host: &'h Host<S>) -> Option<(&'h str, Split)> {
        let Host::Domain(domain) = host else { return None };
        let domain = domain.as_ref();
        // The standard sets the trailing dot aside (its trailingDot) and appends it to what the
        // list's algorithm gives for the rest: suffixes of `domain` include it as they are.
        let rest = domain.strip_suffix('.').unwrap_or(domain);
        let labels: Vec<&str> = rest.rsplit('.').collect();
        if labels.iter().any(|label| label.is_empty()) {
            return None;
        }
        let count = self.suffix_labels(&labels);
        // The byte offset in `domain` where the last `n` labels start.
        let start = |n: usize| -> usize {
            let len: usize = labels.iter().take(n).map(|label| label.len() + 1).sum();
            (rest.len() + 1).saturating_sub(len)
        };
        let registrable_domain = (count < labels.len()).then(|| start(count + 1));
        Some((domain, Split { public_suffix: start(count), registrable_domain }))
    }

    /// The [algorithm](https://publicsuffix.org/list/): how many of the labels (from the right)
    /// the prevailing rule leaves as the public suffix.
    fn suffix_labels(&self, labels: &[&str]) -> usize {
        let mut longest_rule = None;
        let mut longest_exception = None;
        // Every node reached matches: following a label and a wildcard, depth first.
        let mut pending = vec![(0, 0)];
        while let Some((index, depth)) = pending.pop() {
            let Some(node) = self.nodes.get(index) else { continue };
            match node.rule {
                Some(RuleKind::Normal) => longest_rule = longest_rule.max(Some(depth)),
                Some(RuleKind::Exception) => longest_exception = longest_exception.max(Some(depth)),
                None => {}
            }
            let Some(&label) = labels.get(depth) else { continue };
            pending.extend(node.child(label).map(|child| (child, depth + 1)));
            if label != "*" {
                pending.extend(node.child("*").map(|child| (child, depth + 1)));
            }
        }
        // An exception prevails, less its leftmost label; else the rule with the most labels;
        // else the implicit `*`.
        match (longest_exception, longest_rule) {
            (Some(exception), _) => exception - 1,
            (None, Some(rule)) => rule,
            (None, None) => 1,
        }
        .clamp(1, labels.len())
    }

    fn insert(&mut self, labels: &str, kind: RuleKind) {
        let mut index = 0;
        for label in labels.rsplit('.') {
            index = match self.nodes[index].find(label) {
                Ok(child) => child,
                Err(at) => {
                    let child = self.nodes.len();
                    self.nodes.push(Node::default());
                    self.nodes[index].children.insert(at, (key(label), label.into(), child));
                    child
                }
            };
        }
        let rule = &mut self.nodes[index].rule;
        // An exception prevails over the same labels as a normal rule.
        if *rule != Some(RuleKind::Exception) {
            *rule = Some(kind);
        }
        self.rules += 1;
    }
}

impl Node {
    fn child(&self, label: &str) -> Option<usize> {
        self.find(label).ok()
    }

    /// The child for `label`, or where it would go among the children.
    fn find(&self, label: &str) -> Result<usize, usize> {
        let key = key(label);
        let at = self
            .children
            .binary_search_by(|(k, l, _)| k.cmp(&key).then_with(|| (**l).cmp(label)))?;
        Ok(self.children[at].2)
    }
}

/// A label's first eight bytes as a number: comparing these first, a search reads the labels
/// themselves (elsewhere in memory) only for those that share them.
fn key(label: &str) -> u64 {
    let mut bytes = [0; 8];
    for (byte, &b) in bytes.iter_mut().zip(label.as_bytes()) {
        *byte = b;
    }
    u64::from_be_bytes(bytes)
}

/// Where, in a domain, its public suffix and its registrable domain (if any) start.
struct Split {
    public_suffix: usize,
    registrable_domain: Option<usize>,
}

/// A rule's labels as the host parser gives domains (lowercase, Punycode) by domain to ASCII,
/// which keeps a wildcard's `*`; `None` if it fails or leaves an empty label.
fn canonical_rule(labels: &str) -> Option<String> {
    let canonical = domain_to_ascii(labels, false).ok()?;
    (!canonical.split('.').any(str::is_empty)).then_some(canonical)
}

/// A [host's public suffix](https://url.spec.whatwg.org/#host-public-suffix) by the
/// [pinned list](PublicSuffixList::builtin).
///
/// ```
/// use weburl::host::Host;
/// let host = Host::parse("sub.example.إختبار").unwrap();
/// assert_eq!(weburl::psl::public_suffix(&host), Some("xn--kgbechtv"));
/// ```
pub fn public_suffix<S: AsRef<str>>(host: &Host<S>) -> Option<&str> {
    PublicSuffixList::builtin().public_suffix(host)
}

/// A [host's registrable domain](https://url.spec.whatwg.org/#host-registrable-domain) by the
/// [pinned list](PublicSuffixList::builtin).
///
/// ```
/// use weburl::Url;
/// let url = Url::parse("https://user@www.example.com:8080/").unwrap();
/// let host = url.host_record().unwrap();
/// assert_eq!(weburl::psl::registrable_domain(&host), Some("example.com"));
/// ```
pub fn registrable_domain<S: AsRef<str>>(host: &Host<S>) -> Option<&str> {
    PublicSuffixList::builtin().registrable_domain(host)
}
