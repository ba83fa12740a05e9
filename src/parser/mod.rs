//! The [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser): one state
//! machine for parsing and, through a state override, for every setter.
//!
//! The parser writes straight into the [`Url`]'s serialization. In a fresh parse the components
//! come in serialization order, so every write is an append; a state override edits one
//! component in place (the path and query states first set aside what follows them, so that
//! they append too).
//!
//! Why slicing the input cannot panic: the pointer only ever moves to 0, to the length, or to
//! just before or after an ASCII byte the machine looked at (the input is UTF-8, so such
//! positions are char boundaries), and never past the length.

mod authority;
pub(crate) mod canonical;
mod path;

use std::borrow::Cow;

use crate::find::ByteClass;
use crate::percent::{self, utf8, QueryEncoding, FRAGMENT, QUERY, SPECIAL_QUERY};
use crate::slicing::Slice;
use crate::url::{BaseUrl, SchemeType, Url};
use crate::validation::{report_invalid_url_units, Sink, ValidationError};
use crate::ParseError;

/// The states of the [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser),
/// in an order in which every state goes on to a later one (which [`Parser::run`] makes fast).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum State {
    /// [scheme start state](https://url.spec.whatwg.org/#scheme-start-state)
    SchemeStart,
    /// [scheme state](https://url.spec.whatwg.org/#scheme-state)
    Scheme,
    /// [no scheme state](https://url.spec.whatwg.org/#no-scheme-state)
    NoScheme,
    /// [special relative or authority state](https://url.spec.whatwg.org/#special-relative-or-authority-state)
    SpecialRelativeOrAuthority,
    /// [path or authority state](https://url.spec.whatwg.org/#path-or-authority-state)
    PathOrAuthority,
    /// [relative state](https://url.spec.whatwg.org/#relative-state)
    Relative,
    /// [relative slash state](https://url.spec.whatwg.org/#relative-slash-state)
    RelativeSlash,
    /// [file state](https://url.spec.whatwg.org/#file-state)
    File,
    /// [file slash state](https://url.spec.whatwg.org/#file-slash-state)
    FileSlash,
    /// [special authority slashes state](https://url.spec.whatwg.org/#special-authority-slashes-state)
    SpecialAuthoritySlashes,
    /// [special authority ignore slashes state](https://url.spec.whatwg.org/#special-authority-ignore-slashes-state)
    SpecialAuthorityIgnoreSlashes,
    /// [authority state](https://url.spec.whatwg.org/#authority-state)
    Authority,
    /// [host state](https://url.spec.whatwg.org/#host-state)
    Host,
    /// [hostname state](https://url.spec.whatwg.org/#hostname-state)
    Hostname,
    /// [file host state](https://url.spec.whatwg.org/#file-host-state)
    FileHost,
    /// [port state](https://url.spec.whatwg.org/#port-state)
    Port,
    /// [path start state](https://url.spec.whatwg.org/#path-start-state)
    PathStart,
    /// [path state](https://url.spec.whatwg.org/#path-state)
    Path,
    /// [opaque path state](https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state)
    OpaquePath,
    /// [query state](https://url.spec.whatwg.org/#query-state)
    Query,
    /// [fragment state](https://url.spec.whatwg.org/#fragment-state)
    Fragment,
}

/// Whether `c` may follow a scheme's first ASCII letter: an ASCII alphanumeric, `+`, `-` or `.`.
pub(crate) const fn is_scheme_code_point(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')
}

/// The port that ASCII `digits` are in decimal, or `None` where they are not all ASCII digits or
/// the number is over 2^16 − 1 (the [port state](https://url.spec.whatwg.org/#port-state)'s
/// failure); no digits are 0.
pub(crate) fn port_number(digits: &[u8]) -> Option<u16> {
    digits.iter().try_fold(0u16, |port, &b| {
        let digit = b.is_ascii_digit().then(|| u16::from(b - b'0'))?;
        port.checked_mul(10)?.checked_add(digit)
    })
}

/// The bytes that end a scheme.
const NOT_SCHEME: ByteClass = ByteClass::new({
    let mut table = [true; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = !is_scheme_code_point(b as u8);
        b += 1;
    }
    table
});

/// How a run of the state machine ends: `Ok` when it returns normally, `Err` on failure, with
/// the validation error that caused it (state override failures have none).
type Outcome = Result<(), Option<ValidationError>>;

pub(crate) struct Parser<'a, 's> {
    /// The input, trimmed and without ASCII tabs or newlines.
    input: &'a str,
    url: &'a mut Url,
    base: Option<BaseUrl<'a>>,
    encoding: QueryEncoding,
    state_override: Option<State>,
    sink: Sink<'s>,
    /// Where the path state starts reporting invalid URL units: the file host state hands it a
    /// Windows drive letter it has already read.
    path_units_from: usize,
}

/// The [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser) without `url`
/// and state override: parses `input` against `base` into a new URL. Natively out of line, with
/// [`from_scan`] in it, beside [`parse_with_base`]: else the scan's result is passed by a copy.
#[cfg_attr(not(target_arch = "wasm32"), inline(never))]
pub(crate) fn parse(
    input: &str,
    base: Option<&Url>,
    encoding: QueryEncoding,
    sink: Sink,
) -> Result<Url, ParseError> {
    // Input already in serialized form needs only checking, unless validation errors are wanted.
    if sink.is_active() || encoding != utf8() {
        return state_machine(input, base.map(BaseUrl::of), encoding, sink, None);
    }
    from_scan(input, canonical::scan(input.as_bytes()), base)
}

/// The [API URL parser](https://url.spec.whatwg.org/#api-url-parser) for `input` and a `base`
/// given as text. Not in the wasm, for its size (its `parseWithBase` keeps the base parsed).
#[cfg(not(target_arch = "wasm32"))]
#[inline(never)]
pub(crate) fn parse_with_base(input: &str, base: &str) -> Result<Url, ParseError> {
    let scanned_base = canonical::scan(base.as_bytes());
    let Some(vouched) = scanned_base.as_ref().ok().filter(|s| s.is_input()) else {
        let base = from_scan(base, scanned_base, None)?;
        return parse(input, Some(&base), utf8(), Sink::none());
    };
    // The base's text is its serialization: read where it is, with the scan's offsets.
    let offsets = &vouched.offsets_only;
    let scanned = canonical::scan(input.as_bytes());
    match scanned {
        Ok(scanned) if scanned.take_over.is_none() => return Ok(scanned.into_url(input)),
        Err(Some(error)) => return Err(ParseError::new(Some(error))),
        _ => {}
    }
    let base = BaseUrl { href: base, offsets };
    match canonical::join(input, base) {
        Some(url) => Ok(url),
        None => state_machine(input, Some(base), utf8(), Sink::none(), scanned.as_ref().ok()),
    }
}

/// The basic URL parser for `input` against `base`, after [`canonical::scan`] read it: the input
/// itself when the scan vouched for it, the failure it found, or the joining fast path, or the
/// state machine from where the scan stopped.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
pub(crate) fn from_scan(
    input: &str,
    scanned: Result<canonical::Scanned, canonical::Stop>,
    base: Option<&Url>,
) -> Result<Url, ParseError> {
    match scanned {
        Ok(scanned) if scanned.take_over.is_none() => return Ok(scanned.into_url(input)),
        Err(Some(error)) => return Err(ParseError::new(Some(error))),
        _ => {}
    }
    // The state machine reads what the scan found where it is (a move would copy it).
    let base = base.map(BaseUrl::of);
    match base.and_then(|base| canonical::join(input, base)) {
        Some(url) => Ok(url),
        None => state_machine(input, base, utf8(), Sink::none(), scanned.as_ref().ok()),
    }
}

/// The basic URL parser's state machine, for any input, from the start or from where the scan
/// stopped. Not inlined: the fast path before it then needs none of its registers and stack.
#[inline(never)]
pub(crate) fn state_machine(
    input: &str,
    base: Option<BaseUrl>,
    encoding: QueryEncoding,
    sink: Sink,
    scanned: Option<&canonical::Scanned>,
) -> Result<Url, ParseError> {
    let mut sink = sink;
    // Most inputs have no byte up to U+0020 at all, so nothing to trim or remove.
    let input = if has_c0_control_or_space(input.as_bytes()) {
        remove_tabs_and_newlines(trim_c0_control_or_space(input, &mut sink), &mut sink)
    } else {
        Cow::Borrowed(input)
    };
    let capacity = input.len() + base.map_or(0, |b| b.href.len()) + 16;
    let mut url = Url::empty(capacity);
    let (state, pointer, scanned_address) = match scanned {
        // The input up to there is the scan's: trimming and removing tabs and newlines left it.
        Some(canonical::Scanned { offsets_only, take_over: Some(state), address, .. }) => {
            // At the path start, or after the `?` or `#` of a query or fragment the scan handed
            // over (those before a path start are `None`).
            let mut serialization = url.serialization;
            serialization.clear();
            url = Url { serialization, ..*offsets_only };
            let resume = match canonical::HANDS_OVER_QUERY_AND_FRAGMENT {
                true => url.fragment_start.or(url.query_start).map_or(url.path_start, |s| s + 1),
                false => url.path_start,
            };
            url.serialization.push_str(input.slice(..resume));
            // None in the wasm, where the scan parses no address: no code to serialize one there.
            (*state, resume, address.filter(|_| !cfg!(target_arch = "wasm32")))
        }
        _ => (State::SchemeStart, 0, None),
    };
    let mut parser = Parser {
        input: &input,
        url: &mut url,
        base,
        encoding,
        state_override: None,
        sink,
        path_units_from: 0,
    };
    // The host state for the host the scan parsed, before the loop (which then needs no field);
    // after a scheme the scan read, where the scheme state goes on.
    let (state, pointer) = match scanned_address {
        Some(address) => parser.host_state_for_address(pointer, address),
        None if canonical::HANDS_ON_SCHEME && state == State::Scheme => parser.after_scheme(),
        None => (state, pointer),
    };
    parser.run(state, pointer).map_err(ParseError::new)?;
    url.finish_path();
    Ok(url)
}

/// The [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser) with `url` and
/// a state override, as the setters use it. The URL may be changed even when this fails, exactly
/// as the standard changes it (e.g. a host set before its port fails to parse).
pub(crate) fn parse_with_override(url: &mut Url, input: &str, state_override: State) -> bool {
    let input = remove_tabs_and_newlines(Cow::Borrowed(input), &mut Sink::none());
    // The path and query states append; set aside what follows the component they rewrite.
    let tail = match state_override {
        State::PathStart => Some(url.detach_tail(url.path_end())),
        State::Query => Some(url.detach_tail(url.query_end())),
        _ => None,
    };
    let mut parser = Parser {
        input: &input,
        url,
        base: None,
        encoding: utf8(),
        state_override: Some(state_override),
        sink: Sink::none(),
        path_units_from: 0,
    };
    let outcome = parser.run(state_override, 0);
    if let Some(tail) = tail {
        url.reattach_tail(tail);
    }
    url.finish_path();
    outcome.is_ok()
}

/// Whether some byte of `bytes` is one that `eight` finds among eight bytes (a little-endian
/// `u64`), or `one` alone under eight bytes: eight bytes per step, the last eight again for the
/// rest (most inputs are short, and a vectorized loop leaves them to its byte-by-byte tail).
#[inline(always)]
fn has_byte(bytes: &[u8], eight: impl Fn(u64) -> bool, one: impl Fn(u8) -> bool) -> bool {
    let eight = |chunk: &[u8; 8]| eight(u64::from_le_bytes(*chunk));
    match bytes.last_chunk::<8>() {
        Some(last) => {
            bytes.chunks_exact(8).any(|chunk| chunk.first_chunk().is_some_and(eight)) || eight(last)
        }
        None => bytes.iter().any(|&b| one(b)),
    }
}

/// Whether some byte of `x` is below `n` (at most 0x80): its high bit is set in the result
/// exactly then.
fn has_byte_below(x: u64, n: u8) -> bool {
    x.wrapping_sub(u64::from_le_bytes([n; 8])) & !x & u64::from_le_bytes([0x80; 8]) != 0
}

/// Whether `bytes` has a [C0 control or space](https://infra.spec.whatwg.org/#c0-control-or-space),
/// a byte up to 0x20.
fn has_c0_control_or_space(bytes: &[u8]) -> bool {
    has_byte(bytes, |x| has_byte_below(x, 0x21), |b| b <= b' ')
}

fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

/// Whether `bytes` has an [ASCII tab or newline](https://infra.spec.whatwg.org/#ascii-tab-or-newline):
/// a zero byte where they are XORed with each. Byte by byte in the wasm, where the eight-byte
/// test made `weburl` 57 B gzip larger.
fn has_tab_or_newline(bytes: &[u8]) -> bool {
    if cfg!(target_arch = "wasm32") {
        return bytes.iter().any(|&b| is_tab_or_newline(b));
    }
    let zero_byte_of = |x: u64, b: u8| has_byte_below(x ^ u64::from_le_bytes([b; 8]), 1);
    let eight = |x| zero_byte_of(x, b'\t') | zero_byte_of(x, b'\n') | zero_byte_of(x, b'\r');
    has_byte(bytes, eight, is_tab_or_newline)
}

/// Removes leading and trailing [C0 control or space](https://infra.spec.whatwg.org/#c0-control-or-space).
fn trim_c0_control_or_space<'i>(input: &'i str, sink: &mut Sink) -> Cow<'i, str> {
    // Bytes up to 0x20 are exactly the C0 controls and space; the first and last bytes above
    // it start and end whole code points.
    let bytes = input.as_bytes();
    let start = bytes.iter().position(|&b| b > b' ').unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|&b| b > b' ').map_or(start, |last| last + 1);
    if end - start != bytes.len() {
        sink.report(ValidationError::InvalidUrlUnit);
    }
    Cow::Borrowed(input.slice(start..end))
}

/// Removes every [ASCII tab or newline](https://infra.spec.whatwg.org/#ascii-tab-or-newline),
/// allocating only when there is one.
fn remove_tabs_and_newlines<'i>(input: Cow<'i, str>, sink: &mut Sink) -> Cow<'i, str> {
    if !has_tab_or_newline(input.as_bytes()) {
        return input;
    }
    sink.report(ValidationError::InvalidUrlUnit);
    // The runs between them, copied whole: they are ASCII bytes, so the runs are whole strings.
    let mut removed = String::with_capacity(input.len());
    let mut run_start = 0;
    for (i, b) in input.bytes().enumerate() {
        if is_tab_or_newline(b) {
            removed.push_str(input.slice(run_start..i));
            run_start = i + 1;
        }
    }
    removed.push_str(input.slice(run_start..));
    Cow::Owned(removed)
}

/// Whether `s` [starts with a Windows drive letter](https://url.spec.whatwg.org/#start-with-a-windows-drive-letter).
fn starts_with_windows_drive_letter(s: &[u8]) -> bool {
    s.len() >= 2
        && is_windows_drive_letter(s.slice(..2))
        && (s.len() == 2 || matches!(s[2], b'/' | b'\\' | b'?' | b'#'))
}

/// Whether `s` is a [Windows drive letter](https://url.spec.whatwg.org/#windows-drive-letter).
fn is_windows_drive_letter(s: &[u8]) -> bool {
    matches!(s, [letter, b':' | b'|'] if letter.is_ascii_alphabetic())
}

/// Whether `s` is a [normalized Windows drive letter](https://url.spec.whatwg.org/#normalized-windows-drive-letter).
fn is_normalized_windows_drive_letter(s: &[u8]) -> bool {
    matches!(s, [letter, b':'] if letter.is_ascii_alphabetic())
}

impl<'a> Parser<'a, '_> {
    fn fail<T>(&mut self, error: ValidationError) -> Result<T, Option<ValidationError>> {
        self.sink.report(error);
        Err(Some(error))
    }

    fn is_special(&self) -> bool {
        self.url.scheme_type.is_special()
    }

    /// The code point at `pointer`, `None` for the EOF code point.
    fn c(&self, pointer: usize) -> Option<u8> {
        self.input.as_bytes().get(pointer).copied()
    }

    /// Whether [remaining](https://url.spec.whatwg.org/#remaining) (the input after `pointer`)
    /// starts with `prefix`.
    fn remaining_starts_with(&self, pointer: usize, prefix: &str) -> bool {
        self.input.get(pointer + 1..).is_some_and(|r| r.starts_with(prefix))
    }

    fn base(&self) -> Option<BaseUrl<'a>> {
        self.base
    }

    /// Runs the state machine from `state` and `pointer` until it returns: each turn of the loop
    /// tries the states in `State`'s order, each from where the one before it left. Every state
    /// goes on to a later one in that order (or returns), so one turn runs the whole input,
    /// where a `match` on the state per state (an indirect jump) is mispredicted more often than
    /// not.
    fn run(&mut self, mut state: State, mut pointer: usize) -> Outcome {
        // Moves on to the state and pointer a step gives, or returns when it gives none.
        macro_rules! step {
            ($next:expr) => {
                match $next {
                    Some(next) => (state, pointer) = next,
                    None => return Ok(()),
                }
            };
        }
        loop {
            // The states before the authority's, one test for all of them: most runs start after
            // them (where the scan handed over, or in a relative reference's path).
            if state < State::SpecialAuthoritySlashes {
                if state == State::SchemeStart {
                    state = if self.c(pointer).is_some_and(|c| c.is_ascii_alphabetic()) {
                        State::Scheme
                    } else if self.state_override.is_none() {
                        State::NoScheme
                    } else {
                        return Err(None);
                    };
                }
                if state == State::Scheme {
                    step!(self.scheme_state(pointer)?);
                }
                if state == State::NoScheme {
                    (state, pointer) = self.no_scheme_state(self.c(pointer), pointer)?;
                }
                if state == State::SpecialRelativeOrAuthority {
                    if self.c(pointer) == Some(b'/') && self.remaining_starts_with(pointer, "/") {
                        (state, pointer) = (State::SpecialAuthorityIgnoreSlashes, pointer + 2);
                    } else {
                        self.sink.report(ValidationError::SpecialSchemeMissingFollowingSolidus);
                        state = State::Relative;
                    }
                }
                if state == State::PathOrAuthority {
                    (state, pointer) = match self.c(pointer) {
                        Some(b'/') => (State::Authority, pointer + 1),
                        _ => (State::Path, pointer),
                    };
                }
                if state == State::Relative {
                    step!(self.relative_state(self.c(pointer), pointer));
                }
                if state == State::RelativeSlash {
                    (state, pointer) = self.relative_slash_state(self.c(pointer), pointer);
                }
                if state == State::File {
                    step!(self.file_state(self.c(pointer), pointer));
                }
                if state == State::FileSlash {
                    (state, pointer) = self.file_slash_state(self.c(pointer), pointer);
                }
            }
            if state == State::SpecialAuthoritySlashes {
                if self.c(pointer) == Some(b'/') && self.remaining_starts_with(pointer, "/") {
                    pointer += 2;
                } else {
                    self.sink.report(ValidationError::SpecialSchemeMissingFollowingSolidus);
                }
                state = State::SpecialAuthorityIgnoreSlashes;
            }
            if state == State::SpecialAuthorityIgnoreSlashes {
                while matches!(self.c(pointer), Some(b'/' | b'\\')) {
                    self.sink.report(ValidationError::SpecialSchemeMissingFollowingSolidus);
                    pointer += 1;
                }
                state = State::Authority;
            }
            if state == State::Authority {
                (state, pointer) = (State::Host, self.authority_state(pointer)?);
            }
            if matches!(state, State::Host | State::Hostname) {
                step!(self.host_state(pointer)?);
            }
            if state == State::FileHost {
                step!(self.file_host_state(pointer)?);
            }
            if state == State::Port {
                step!(self.port_state(pointer)?);
            }
            if state == State::PathStart {
                step!(self.path_start_state(self.c(pointer), pointer));
            }
            if state == State::Path {
                step!(self.path_state(pointer));
            }
            if state == State::OpaquePath {
                step!(self.opaque_path_state(pointer));
            }
            if state == State::Query {
                step!(self.query_state(pointer));
            }
            if state == State::Fragment {
                self.fragment_state(pointer);
                return Ok(());
            }
        }
    }

    /// The [scheme state](https://url.spec.whatwg.org/#scheme-state), from the scheme's first
    /// code point. `Ok(None)` when a state override returns.
    fn scheme_state(
        &mut self,
        start: usize,
    ) -> Result<Option<(State, usize)>, Option<ValidationError>> {
        let end = NOT_SCHEME.first(self.input.as_bytes(), start);
        if self.c(end) != Some(b':') {
            // Otherwise, if state override is not given, start over from the first code point
            // in the no scheme state.
            return match self.state_override {
                None => Ok(Some((State::NoScheme, 0))),
                Some(_) => Err(None),
            };
        }
        let buffer = self.input.slice(start..end);
        let buffer: Cow<str> = if buffer.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(buffer.to_ascii_lowercase())
        } else {
            Cow::Borrowed(buffer)
        };
        let new_type = SchemeType::of(&*buffer);
        if self.state_override.is_some() {
            let url = &*self.url;
            if url.scheme_type.is_special() != new_type.is_special()
                || (new_type == SchemeType::File
                    && (url.includes_credentials() || url.port.is_some()))
                || (url.scheme_type == SchemeType::File
                    && url.host_kind == Some(crate::host::HostKind::Empty))
            {
                return Ok(None);
            }
        }
        self.url.set_scheme(&buffer, new_type);
        if self.state_override.is_some() {
            if self.url.port.is_some() && self.url.port == new_type.default_port() {
                self.url.set_port_number(None);
            }
            return Ok(None);
        }
        Ok(Some(self.after_scheme()))
    }

    /// Where the [scheme state](https://url.spec.whatwg.org/#scheme-state) goes once the URL's
    /// scheme is set, in a parse (no state override): the input's scheme ends at the same index.
    fn after_scheme(&mut self) -> (State, usize) {
        let (end, new_type) = (self.url.scheme_end, self.url.scheme_type);
        if new_type == SchemeType::File {
            if !self.remaining_starts_with(end, "//") {
                self.sink.report(ValidationError::SpecialSchemeMissingFollowingSolidus);
            }
            (State::File, end + 1)
        } else if new_type.is_special() {
            match self.base() {
                Some(base) if base.scheme() == self.url.scheme() => {
                    (State::SpecialRelativeOrAuthority, end + 1)
                }
                _ => (State::SpecialAuthoritySlashes, end + 1),
            }
        } else if self.remaining_starts_with(end, "/") {
            (State::PathOrAuthority, end + 2)
        } else {
            self.url.opaque_path = true;
            (State::OpaquePath, end + 1)
        }
    }

    /// The [no scheme state](https://url.spec.whatwg.org/#no-scheme-state).
    fn no_scheme_state(
        &mut self,
        c: Option<u8>,
        pointer: usize,
    ) -> Result<(State, usize), Option<ValidationError>> {
        let Some(base) = self.base().filter(|base| !base.offsets.opaque_path || c == Some(b'#'))
        else {
            return self.fail(ValidationError::MissingSchemeNonRelativeUrl);
        };
        if base.offsets.opaque_path {
            self.url.copy_base(base, false, true, true);
            self.url.set_fragment(Some(""));
            Ok((State::Fragment, pointer + 1))
        } else if base.offsets.scheme_type != SchemeType::File {
            Ok((State::Relative, pointer))
        } else {
            Ok((State::File, pointer))
        }
    }

    /// The [relative state](https://url.spec.whatwg.org/#relative-state); `None` at the end.
    fn relative_state(&mut self, c: Option<u8>, pointer: usize) -> Option<(State, usize)> {
        let base = self.base()?;
        if c == Some(b'/') || (base.offsets.scheme_type.is_special() && c == Some(b'\\')) {
            if c == Some(b'\\') {
                self.sink.report(ValidationError::InvalidReverseSolidus);
            }
            // Set url's scheme to base's scheme.
            self.url.copy_base(base, false, false, false);
            return Some((State::RelativeSlash, pointer + 1));
        }
        // Base's query, which the standard copies and then sets to null unless `c` is `?`, `#`
        // or EOF, is not copied then.
        let keeps_query = matches!(c, None | Some(b'?' | b'#'));
        self.url.copy_base(base, true, true, keeps_query);
        match c {
            Some(b'?' | b'#') => self.query_or_fragment(c, pointer),
            Some(_) => {
                self.url.shorten_path();
                Some((State::Path, pointer))
            }
            None => None,
        }
    }

    /// `?` begins the query (the empty string, to which the query state appends), `#` the
    /// fragment: the state for it, after `c`.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn query_or_fragment(&mut self, c: Option<u8>, pointer: usize) -> Option<(State, usize)> {
        match c {
            Some(b'?') => {
                self.url.set_query(Some(""));
                Some((State::Query, pointer + 1))
            }
            Some(b'#') => {
                self.url.set_fragment(Some(""));
                Some((State::Fragment, pointer + 1))
            }
            _ => None,
        }
    }

    /// The [relative slash state](https://url.spec.whatwg.org/#relative-slash-state).
    fn relative_slash_state(&mut self, c: Option<u8>, pointer: usize) -> (State, usize) {
        if self.is_special() && matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.sink.report(ValidationError::InvalidReverseSolidus);
            }
            (State::SpecialAuthorityIgnoreSlashes, pointer + 1)
        } else if c == Some(b'/') {
            (State::Authority, pointer + 1)
        } else {
            if let Some(base) = self.base() {
                self.url.copy_base(base, true, false, false);
            }
            (State::Path, pointer)
        }
    }

    /// The [file state](https://url.spec.whatwg.org/#file-state); `None` at the end.
    fn file_state(&mut self, c: Option<u8>, pointer: usize) -> Option<(State, usize)> {
        self.url.set_scheme("file", SchemeType::File);
        // The host is the empty host, but where base's is copied over it (not written first).
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.sink.report(ValidationError::InvalidReverseSolidus);
            }
            self.url.set_host_serialized(crate::host::HostKind::Empty, "");
            return Some((State::FileSlash, pointer + 1));
        }
        let Some(base) = self.base().filter(|b| b.offsets.scheme_type == SchemeType::File) else {
            self.url.set_host_serialized(crate::host::HostKind::Empty, "");
            return Some((State::Path, pointer));
        };
        // Base's query only when it stays, as in the relative state.
        let keeps_query = matches!(c, None | Some(b'?' | b'#'));
        self.url.copy_base(base, true, true, keeps_query);
        match c {
            Some(b'?' | b'#') => self.query_or_fragment(c, pointer),
            Some(_) => {
                if !starts_with_windows_drive_letter(self.input.as_bytes().slice(pointer..)) {
                    self.url.shorten_path();
                } else {
                    self.sink.report(ValidationError::FileInvalidWindowsDriveLetter);
                    self.url.empty_path();
                }
                Some((State::Path, pointer))
            }
            None => None,
        }
    }

    /// The [file slash state](https://url.spec.whatwg.org/#file-slash-state).
    fn file_slash_state(&mut self, c: Option<u8>, pointer: usize) -> (State, usize) {
        if matches!(c, Some(b'/' | b'\\')) {
            if c == Some(b'\\') {
                self.sink.report(ValidationError::InvalidReverseSolidus);
            }
            return (State::FileHost, pointer + 1);
        }
        if let Some(base) = self.base().filter(|b| b.offsets.scheme_type == SchemeType::File) {
            self.url.copy_base(base, true, false, false);
            // Base's path is a list, as a file URL's is: its segments follow a `/` each. A
            // closure, not the char '/', as in `Url::path_segments`.
            #[allow(clippy::manual_pattern_char_comparison)]
            let first_segment =
                base.pathname().strip_prefix('/').and_then(|p| p.split(|c| c == '/').next());
            if let Some(drive) = first_segment {
                if !starts_with_windows_drive_letter(self.input.as_bytes().slice(pointer..))
                    && is_normalized_windows_drive_letter(drive.as_bytes())
                {
                    self.url.push_path_segment(drive);
                }
            }
        }
        (State::Path, pointer)
    }

    /// The [query state](https://url.spec.whatwg.org/#query-state): the whole query at once,
    /// since encoding it cannot go code point by code point (ISO-2022-JP is stateful).
    fn query_state(&mut self, pointer: usize) -> Option<(State, usize)> {
        if self.encoding != utf8()
            && (!self.is_special() || matches!(self.url.scheme(), "ws" | "wss"))
        {
            self.encoding = utf8();
        }
        let rest = self.input.slice(pointer..);
        let end = match self.state_override {
            None => rest.bytes().position(|b| b == b'#').unwrap_or(rest.len()),
            Some(_) => rest.len(),
        };
        let buffer = rest.slice(..end);
        report_invalid_url_units(buffer, &mut self.sink);
        let set = if self.is_special() { SPECIAL_QUERY } else { QUERY };
        percent::encode_after_encoding_into(
            &mut self.url.serialization,
            self.encoding,
            buffer,
            set,
        );
        self.query_or_fragment(rest.as_bytes().get(end).copied(), pointer + end)
    }

    /// The [fragment state](https://url.spec.whatwg.org/#fragment-state): the rest of the input.
    fn fragment_state(&mut self, pointer: usize) {
        let rest = self.input.slice(pointer..);
        report_invalid_url_units(rest, &mut self.sink);
        percent::encode_into(&mut self.url.serialization, rest, FRAGMENT);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_c0_controls_tabs_and_newlines_as_a_byte_loop_does() {
        for len in 0..20 {
            for at in 0..len {
                for filler in [b'a', 0x21, 0x80, 0xFF] {
                    for b in 0..=255u8 {
                        let mut bytes = vec![filler; len];
                        bytes[at] = b;
                        let expected = bytes.iter().any(|&b| b <= b' ');
                        assert_eq!(super::has_c0_control_or_space(&bytes), expected, "{bytes:?}");
                        let expected = bytes.iter().any(|&b| super::is_tab_or_newline(b));
                        assert_eq!(super::has_tab_or_newline(&bytes), expected, "{bytes:?}");
                    }
                }
            }
        }
        assert!(!super::has_c0_control_or_space(b""));
        assert!(!super::has_tab_or_newline(b""));
    }
}
