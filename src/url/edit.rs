//! Changing one component of a [`Url`] in place: each edit rewrites that component's part of
//! the serialization and moves the offsets after it, so the record stays consistent after every
//! step of the parser.

use super::{splice, BaseUrl, Offset, SchemeType, Url};
use crate::host::HostKind;
use crate::percent::{encode_into, push_decimal, USERINFO};
use crate::slicing::Slice;

/// The part of a serialization the parser sets aside while it rewrites what comes before.
pub(crate) struct Tail {
    text: String,
    query: Option<usize>,
    fragment: Option<usize>,
}

impl Url {
    /// Sets the [scheme](https://url.spec.whatwg.org/#concept-url-scheme).
    pub(crate) fn set_scheme(&mut self, scheme: &str, scheme_type: SchemeType) {
        if self.serialization.len() == self.scheme_end + 1 {
            // Nothing follows the scheme yet (a fresh parse): write it afresh.
            self.serialization.clear();
            self.serialization.push_str(scheme);
            self.serialization.push(':');
            let after = scheme.len() + 1;
            self.scheme_end = scheme.len();
            (self.username_end, self.host_start, self.host_end, self.path_start) =
                (after, after, after, after);
        } else {
            self.replace(0..self.scheme_end, scheme, Offset::SchemeEnd);
        }
        self.scheme_type = scheme_type;
    }

    /// Sets the [host](https://url.spec.whatwg.org/#concept-url-host) to a parsed host, given its
    /// serialization. A null host becomes `//` and the host right after the scheme.
    pub(crate) fn set_host_serialized(&mut self, kind: HostKind, serialized: &str) {
        if self.host_kind.is_none() {
            let at = self.scheme_end + 1;
            if at == self.serialization.len() {
                // A fresh parse, with nothing after the scheme yet: the host goes at the end.
                self.serialization.push_str("//");
                self.serialization.push_str(serialized);
                (self.username_end, self.host_start) = (at + 2, at + 2);
                (self.host_end, self.path_start) =
                    (self.serialization.len(), self.serialization.len());
            } else {
                self.insert(at, &["//", serialized], Offset::UsernameEnd);
                self.username_end = at + 2;
                self.host_start = at + 2;
            }
        } else {
            self.replace(self.host_start..self.host_end, serialized, Offset::HostEnd);
        }
        self.host_kind = Some(kind);
    }

    /// Sets the [port](https://url.spec.whatwg.org/#concept-url-port).
    pub(crate) fn set_port_number(&mut self, port: Option<u16>) {
        // Written in place: what follows the port is set aside (nothing, in a fresh parse, whose
        // empty `split_off` alone would cost more than the rest).
        let end = self.port_end();
        let tail = self.take_from(end);
        self.serialization.truncate(self.host_end);
        if let Some(port) = port {
            self.serialization.push(':');
            push_decimal(&mut self.serialization, u32::from(port));
        }
        let delta = self.serialization.len() as isize - end as isize;
        self.put_back(tail);
        self.shift(Offset::PathStart, delta);
        self.port = port;
    }

    /// Takes off the serialization from `at` on, if anything is there, to be put back after a
    /// rewrite of what comes before.
    fn take_from(&mut self, at: usize) -> Option<String> {
        (at < self.serialization.len()).then(|| self.serialization.split_off(at))
    }

    /// Appends what [`take_from`](Url::take_from) took off.
    fn put_back(&mut self, tail: Option<String>) {
        if let Some(tail) = tail {
            self.serialization.push_str(&tail);
        }
    }

    /// Sets the username and password, percent-encoding them with the userinfo set (which leaves
    /// an already encoded value as it is). The host is not null.
    pub(crate) fn set_userinfo(&mut self, username: &str, password: &str) {
        let start = self.scheme_end + 3;
        let old_host_start = self.host_start;
        // In a fresh parse the host (still empty) ends the serialization: nothing to set aside.
        let tail = self.take_from(old_host_start);
        self.serialization.truncate(start);
        encode_into(&mut self.serialization, username, USERINFO);
        let username_end = self.serialization.len();
        if !password.is_empty() {
            self.serialization.push(':');
            encode_into(&mut self.serialization, password, USERINFO);
        }
        if self.serialization.len() > start {
            self.serialization.push('@');
        }
        let delta = self.serialization.len() as isize - old_host_start as isize;
        self.put_back(tail);
        self.shift(Offset::HostStart, delta);
        self.username_end = username_end;
    }

    /// Sets the [query](https://url.spec.whatwg.org/#concept-url-query), which is already
    /// percent-encoded; `None` makes it null.
    pub(crate) fn set_query(&mut self, query: Option<&str>) {
        match (self.query_start, query) {
            (Some(start), Some(query)) => {
                self.replace(start + 1..self.query_end(), query, Offset::FragmentStart);
            }
            (Some(start), None) => {
                self.replace(start..self.query_end(), "", Offset::FragmentStart);
                self.query_start = None;
            }
            (None, Some(query)) => {
                let at = self.path_end();
                self.insert(at, &["?", query], Offset::FragmentStart);
                self.query_start = Some(at);
            }
            (None, None) => {}
        }
    }

    /// Sets the [fragment](https://url.spec.whatwg.org/#concept-url-fragment), which is already
    /// percent-encoded; `None` makes it null.
    pub(crate) fn set_fragment(&mut self, fragment: Option<&str>) {
        if let Some(start) = self.fragment_start {
            self.serialization.truncate(start);
            self.fragment_start = None;
        }
        if let Some(fragment) = fragment {
            self.fragment_start = Some(self.serialization.len());
            self.serialization.push('#');
            self.serialization.push_str(fragment);
        }
    }

    /// Makes this URL `base`'s scheme, and as asked its username, password, host and port; its
    /// path; its query. Only for the parser's relative and file states, which run when nothing
    /// but the scheme (the same as `base`'s) and possibly an empty host is set.
    pub(crate) fn copy_base(&mut self, base: BaseUrl, authority: bool, path: bool, query: bool) {
        let (href, offsets) = (base.href, base.offsets);
        let scheme_end = offsets.scheme_end;
        let authority_end = if authority { offsets.port_end() } else { scheme_end + 1 };
        let base_query = base.query().filter(|_| query);
        self.serialization.clear();
        if !cfg!(target_arch = "wasm32") && path && offsets.path_start == authority_end {
            // The path (and query) follow in base's serialization: one copy of it all (not in
            // the wasm, which this branch made 0.1 KB gzip larger).
            let end = if base_query.is_some() { base.query_end() } else { base.path_end() };
            self.serialization.push_str(href.slice(..end));
        } else {
            self.serialization.push_str(href.slice(..authority_end));
            if path {
                self.serialization.push_str(base.pathname());
            }
            if let Some(base_query) = base_query {
                self.serialization.push('?');
                self.serialization.push_str(base_query);
            }
        }
        self.scheme_end = scheme_end;
        self.scheme_type = offsets.scheme_type;
        if authority {
            self.username_end = offsets.username_end;
            self.host_start = offsets.host_start;
            self.host_end = offsets.host_end;
            self.port = offsets.port;
            self.host_kind = offsets.host_kind;
        } else {
            self.username_end = scheme_end + 1;
            self.host_start = scheme_end + 1;
            self.host_end = scheme_end + 1;
            self.port = None;
            self.host_kind = None;
        }
        self.path_start = authority_end;
        self.opaque_path = path && offsets.opaque_path;
        let path_len = if path { base.pathname().len() } else { 0 };
        self.query_start = base_query.map(|_| authority_end + path_len);
        self.fragment_start = None;
    }

    /// Whether the path is the empty list (or the empty opaque path).
    pub(crate) fn path_is_empty(&self) -> bool {
        self.path_start == self.path_end()
    }

    /// [Appends](https://infra.spec.whatwg.org/#list-append) an already encoded segment to the
    /// path.
    pub(crate) fn push_path_segment(&mut self, segment: &str) {
        self.insert(self.path_end(), &["/", segment], Offset::QueryStart);
    }

    /// [Empties](https://infra.spec.whatwg.org/#list-empty) the path.
    pub(crate) fn empty_path(&mut self) {
        self.replace(self.path_start..self.path_end(), "", Offset::QueryStart);
    }

    /// [Shortens](https://url.spec.whatwg.org/#shorten-a-urls-path) the path: removes its last
    /// segment, unless it is a `file:` URL's lone normalized Windows drive letter.
    pub(crate) fn shorten_path(&mut self) {
        let end = self.path_end();
        let path = self.serialization.slice(self.path_start..end);
        let is_drive_letter =
            matches!(path.as_bytes(), [b'/', letter, b':'] if letter.is_ascii_alphabetic());
        if self.scheme_type == SchemeType::File && is_drive_letter {
            return;
        }
        if let Some(last_slash) = path.bytes().rposition(|b| b == b'/') {
            let at = self.path_start + last_slash;
            if end == self.serialization.len() {
                // Nothing follows the path (so no query or fragment): no offsets to move.
                self.serialization.truncate(at);
            } else {
                self.replace(at..end, "", Offset::QueryStart);
            }
        }
    }

    /// Takes off the serialization from `at` on (the query and fragment that start there move
    /// with it), so that what comes before can be rewritten by appending.
    pub(crate) fn detach_tail(&mut self, at: usize) -> Tail {
        let relative = |offset: Option<usize>| offset.map(|o| o - at);
        let tail = Tail {
            text: self.serialization.split_off(at),
            query: relative(self.query_start.filter(|&q| q >= at)),
            fragment: relative(self.fragment_start.filter(|&f| f >= at)),
        };
        self.query_start = self.query_start.filter(|&q| q < at);
        self.fragment_start = self.fragment_start.filter(|&f| f < at);
        tail
    }

    /// Puts back what [`detach_tail`](Url::detach_tail) took off, after what was written since.
    pub(crate) fn reattach_tail(&mut self, tail: Tail) {
        let at = self.serialization.len();
        self.serialization.push_str(&tail.text);
        if let Some(query) = tail.query {
            self.query_start = Some(at + query);
        }
        if let Some(fragment) = tail.fragment {
            self.fragment_start = Some(at + fragment);
        }
    }

    /// Adds or removes the `/.` that the [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer)
    /// writes before a path whose first segment is empty when the host is null, so that
    /// `web+demo:/.//not-a-host/` does not turn into a URL with a host.
    pub(crate) fn finish_path(&mut self) {
        let has_prefix = self.path_start == self.port_end() + 2;
        let needs_prefix = self.host_kind.is_none()
            && !self.opaque_path
            && self.serialization.slice(self.path_start..).starts_with("//");
        if needs_prefix && !has_prefix {
            self.insert(self.path_start, &["/."], Offset::PathStart);
        } else if has_prefix && !needs_prefix {
            self.replace(self.path_start - 2..self.path_start, "", Offset::PathStart);
        }
    }

    /// Inserts the concatenation of `parts` at `at` and moves the offsets from `from` on.
    fn insert(&mut self, at: usize, parts: &[&str], from: Offset) {
        let len: usize = parts.iter().map(|p| p.len()).sum();
        if at == self.serialization.len() {
            for part in parts {
                self.serialization.push_str(part);
            }
        } else {
            for part in parts.iter().rev() {
                splice(&mut self.serialization, at..at, part);
            }
        }
        self.shift(from, len as isize);
    }
}
