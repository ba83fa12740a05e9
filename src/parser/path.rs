//! The path start, path and opaque path states.

use super::{is_windows_drive_letter, starts_with_windows_drive_letter, Parser, State};
use crate::percent::{self, Scanner, C0_CONTROL, PATH};
use crate::slicing::Slice;

/// Path segments end at `/`, at `\` in special URLs, and at `?` and `#` unless a setter parses
/// the path alone; indexed by `[special][state override given]`.
const SEGMENT: [[Scanner; 2]; 2] = [
    [Scanner::new(PATH, b"/?#"), Scanner::new(PATH, b"/")],
    [Scanner::new(PATH, b"/\\?#"), Scanner::new(PATH, b"/\\")],
];

/// An opaque path ends at `?` or `#`.
const OPAQUE_PATH: Scanner = Scanner::new(C0_CONTROL, b"?#");
use crate::url::SchemeType;
use crate::validation::{report_invalid_url_units, ValidationError};

/// Whether `segment` is a [single-dot URL path segment](https://url.spec.whatwg.org/#single-dot-path-segment).
pub(super) fn is_single_dot(segment: &[u8]) -> bool {
    segment == b"." || segment.eq_ignore_ascii_case(b"%2e")
}

/// Whether `segment` is a [double-dot URL path segment](https://url.spec.whatwg.org/#double-dot-path-segment).
pub(super) fn is_double_dot(segment: &[u8]) -> bool {
    match segment.len() {
        2 => segment == b"..",
        4 => segment.eq_ignore_ascii_case(b".%2e") || segment.eq_ignore_ascii_case(b"%2e."),
        6 => segment.eq_ignore_ascii_case(b"%2e%2e"),
        _ => false,
    }
}

impl Parser<'_, '_> {
    /// The [path start state](https://url.spec.whatwg.org/#path-start-state); `None` at the end.
    pub(super) fn path_start_state(
        &mut self,
        c: Option<u8>,
        pointer: usize,
    ) -> Option<(State, usize)> {
        if self.is_special() {
            if c == Some(b'\\') {
                self.sink.report(ValidationError::InvalidReverseSolidus);
            }
            let consumed = usize::from(matches!(c, Some(b'/' | b'\\')));
            return Some((State::Path, pointer + consumed));
        }
        match c {
            Some(b'?' | b'#') if self.state_override.is_none() => {
                self.query_or_fragment(c, pointer)
            }
            Some(c) => Some((State::Path, pointer + usize::from(c == b'/'))),
            None => {
                if self.state_override.is_some() && self.url.host_kind.is_none() {
                    self.url.push_path_segment("");
                }
                None
            }
        }
    }

    /// The [path state](https://url.spec.whatwg.org/#path-state), one segment per turn of the
    /// loop; `None` at the end. Each segment is copied (percent-encoded) as it is scanned, and
    /// taken back if it turns out to be a dot segment.
    pub(super) fn path_state(&mut self, mut pointer: usize) -> Option<(State, usize)> {
        // Most often nothing is left (the path `/`): an empty segment, whatever the URL.
        if pointer == self.input.len() {
            self.url.serialization.push('/');
            return None;
        }
        let special = self.is_special();
        let stops_at_query = self.state_override.is_none();
        let input = self.input;
        let scanner = &SEGMENT[usize::from(special)][usize::from(!stops_at_query)];
        // The segments already in serialized form, copied at once: all of the path, mostly.
        // Not when validation errors are reported (those segments may still have some), nor
        // when a file URL's path starts with a Windows drive letter (it may need its quirk).
        let drive_letter_first = self.url.scheme_type == SchemeType::File
            && self.url.path_is_empty()
            && starts_with_windows_drive_letter(input.as_bytes().slice(pointer..));
        if !drive_letter_first && !self.sink.is_active() {
            let bytes = input.as_bytes();
            let end = super::canonical::serialized_path_end(bytes, pointer);
            let c = bytes.get(end).copied();
            let ends_path = c.is_none() || (stops_at_query && matches!(c, Some(b'?' | b'#')));
            // Otherwise up to the last `/` before `end`: its segment goes the slow way.
            let copied_end = match ends_path {
                true => Some(end),
                false => {
                    bytes.slice(pointer..end).iter().rposition(|&b| b == b'/').map(|s| pointer + s)
                }
            };
            if let Some(copied_end) = copied_end {
                self.url.serialization.push('/');
                // Nothing before a query or fragment (the path `/?q`): no copy to call.
                if copied_end > pointer {
                    self.url.serialization.push_str(input.slice(pointer..copied_end));
                }
                if ends_path {
                    return self.query_or_fragment(c, end);
                }
                pointer = copied_end + 1;
            }
        }
        loop {
            // Only a file URL's first segment may be a Windows drive letter.
            let drive_letter_may_follow =
                self.url.scheme_type == SchemeType::File && self.url.path_is_empty();
            let written = self.url.serialization.len();
            self.url.serialization.push('/');
            let end = percent::encode_until(&mut self.url.serialization, input, pointer, scanner);
            // Bytes, without a `str` slice's char-boundary checks: only dot segments and drive
            // letters are looked for in it.
            let buffer = input.as_bytes().slice(pointer..end);
            let c = input.as_bytes().get(end).copied();
            if self.sink.is_active() {
                let from = pointer.max(self.path_units_from).min(end);
                report_invalid_url_units(input.slice(from..end), &mut self.sink);
                if special && c == Some(b'\\') {
                    self.sink.report(ValidationError::InvalidReverseSolidus);
                }
            }
            let slash_follows = c == Some(b'/') || (special && c == Some(b'\\'));
            // Dot segments start with `.` or `%`: most segments need no closer look.
            let dotted = matches!(buffer.first(), Some(b'.' | b'%'));
            if dotted && is_double_dot(buffer) {
                self.url.serialization.truncate(written);
                self.url.shorten_path();
                if !slash_follows {
                    self.url.push_path_segment("");
                }
            } else if dotted && is_single_dot(buffer) {
                self.url.serialization.truncate(written);
                if !slash_follows {
                    self.url.push_path_segment("");
                }
            } else if drive_letter_may_follow && is_windows_drive_letter(buffer) {
                // A (platform-independent) Windows drive letter quirk: `c|` becomes `c:`.
                self.url.serialization.truncate(written + 2);
                self.url.serialization.push(':');
            }
            match c {
                None => return None,
                Some(b'?' | b'#') if stops_at_query => return self.query_or_fragment(c, end),
                Some(_) => pointer = end + 1,
            }
        }
    }

    /// The [opaque path state](https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state),
    /// up to the query or fragment; `None` at the end.
    pub(super) fn opaque_path_state(&mut self, pointer: usize) -> Option<(State, usize)> {
        let input = self.input;
        let end = percent::encode_until(&mut self.url.serialization, input, pointer, &OPAQUE_PATH);
        let path = input.slice(pointer..end);
        report_invalid_url_units(path, &mut self.sink);
        let c = input.as_bytes().get(end).copied();
        if c.is_some() && path.ends_with(' ') {
            // A space right before the query or fragment is encoded, so that it survives.
            self.url.serialization.pop();
            self.url.serialization.push_str("%20");
        }
        self.query_or_fragment(c, end)
    }
}
