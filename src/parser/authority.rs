//! The authority, host, port and file host states.

use std::net::IpAddr;

use super::{is_windows_drive_letter, port_number, Parser, State};
use crate::find::ByteClass;
use crate::host::{self, Host, HostKind};
use crate::slicing::Slice;
use crate::url::Offset;
use crate::validation::ValidationError;

/// What a state returns: the next state and pointer, `None` when a state override returns, or
/// failure.
type Next = Result<Option<(State, usize)>, Option<ValidationError>>;

/// Where the authority state's scan stops: at `@`, and at the bytes that end the authority (`\`
/// only in special URLs); indexed by whether the URL is special.
const AUTHORITY_STOPS: [ByteClass; 2] =
    [ByteClass::of_bytes(b"@/?#"), ByteClass::of_bytes(b"@/?#\\")];

/// Where the host state's scan stops: at `:`, `[`, and the bytes that end the host.
const HOST_STOPS: [ByteClass; 2] = [ByteClass::of_bytes(b":[/?#"), ByteClass::of_bytes(b":[/?#\\")];

/// The same inside brackets, where `:` is part of an IPv6 address: at `]`, and the bytes that
/// end the host.
const BRACKETED_HOST_STOPS: [ByteClass; 2] =
    [ByteClass::of_bytes(b"]/?#"), ByteClass::of_bytes(b"]/?#\\")];

/// The first byte from `from` on in `classes[special]`. With SSE2 each class is searched where it
/// is a constant: its ranges are then known where they are compared, not read and looped over.
/// Elsewhere (the wasm) a class is a table whatever it is: one search, not inlined (smaller).
#[cfg_attr(target_arch = "wasm32", inline(never))]
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn first_of(classes: &[ByteClass; 2], special: bool, bytes: &[u8], from: usize) -> usize {
    if !cfg!(all(target_arch = "x86_64", target_feature = "sse2")) {
        return classes[usize::from(special)].first(bytes, from);
    }
    match special {
        true => classes[1].first(bytes, from),
        false => classes[0].first(bytes, from),
    }
}

impl Parser<'_, '_> {
    /// The [authority state](https://url.spec.whatwg.org/#authority-state), for the whole
    /// authority at once: everything before its last `@` is the userinfo (earlier `@`s end up
    /// percent-encoded, as the standard's repeated `%40` prepending does), split into username
    /// and password at the first `:`; the host state's pointer.
    pub(super) fn authority_state(
        &mut self,
        pointer: usize,
    ) -> Result<usize, Option<ValidationError>> {
        let special = self.is_special();
        let bytes = self.input.as_bytes();
        let (mut end, mut last_at, mut at_signs) = (pointer, None, 0);
        loop {
            end = first_of(&AUTHORITY_STOPS, special, bytes, end);
            if bytes.get(end) != Some(&b'@') {
                break;
            }
            last_at = Some(end);
            at_signs += 1;
            end += 1;
        }
        // The host state sets the host; until then an empty one gives the credentials a place
        // (the scan's take-over has written it already).
        if self.url.host_kind.is_none() {
            self.url.set_host_serialized(HostKind::Empty, "");
        }
        let Some(at) = last_at else {
            return Ok(pointer);
        };
        for _ in 0..at_signs {
            self.sink.report(ValidationError::InvalidCredentials);
        }
        if at + 1 == end {
            return self.fail(ValidationError::HostMissing);
        }
        let userinfo = self.input.slice(pointer..at);
        let (username, password) = match userinfo.bytes().position(|b| b == b':') {
            Some(colon) => (userinfo.slice(..colon), userinfo.slice(colon + 1..)),
            None => (userinfo, ""),
        };
        self.url.set_userinfo(username, password);
        Ok(at + 1)
    }

    /// Where the host state's buffer from `pointer` ends: at a `:` outside brackets, or where the
    /// authority ends.
    #[inline(always)]
    fn host_end(&self, pointer: usize) -> usize {
        let special = self.is_special();
        let mut end = pointer;
        let bytes = self.input.as_bytes();
        loop {
            end = first_of(&HOST_STOPS, special, bytes, end);
            if bytes.get(end) != Some(&b'[') {
                return end;
            }
            // On to the `]` in one search, rather than one a `:`.
            end = first_of(&BRACKETED_HOST_STOPS, special, bytes, end + 1);
            if bytes.get(end) != Some(&b']') {
                return end;
            }
            end += 1;
        }
    }

    /// The [host state](https://url.spec.whatwg.org/#host-state) and
    /// [hostname state](https://url.spec.whatwg.org/#hostname-state).
    pub(super) fn host_state(&mut self, pointer: usize) -> Next {
        if self.state_override.is_some() && self.url.scheme_type == crate::url::SchemeType::File {
            return Ok(Some((State::FileHost, pointer)));
        }
        let special = self.is_special();
        let end = self.host_end(pointer);
        let buffer = self.input.slice(pointer..end);
        if self.c(end) == Some(b':') {
            if buffer.is_empty() {
                return self.fail(ValidationError::HostMissing);
            }
            if self.state_override == Some(State::Hostname) {
                return Err(None);
            }
            self.write_host(buffer)?;
            return Ok(Some((State::Port, end + 1)));
        }
        if special && buffer.is_empty() {
            return self.fail(ValidationError::HostMissing);
        }
        if self.state_override.is_some()
            && buffer.is_empty()
            && (self.url.includes_credentials() || self.url.port.is_some())
        {
            return Err(None);
        }
        self.write_host(buffer)?;
        if self.state_override.is_some() {
            return Ok(None);
        }
        Ok(Some((State::PathStart, end)))
    }

    /// The host state for a host that the scan parsed as `address` (see
    /// [`Scanned::address`](super::canonical::Scanned::address)), with no `@` before it: the
    /// address is the host, serialized rather than parsed again.
    pub(super) fn host_state_for_address(
        &mut self,
        pointer: usize,
        address: IpAddr,
    ) -> (State, usize) {
        let end = self.host_end(pointer);
        let host: Host<&str> = match address {
            IpAddr::V4(address) => Host::Ipv4(address),
            IpAddr::V6(address) => Host::Ipv6(address),
        };
        let url = &mut *self.url;
        let before = url.serialization.len();
        host.serialize_into(&mut url.serialization);
        url.host_kind = Some(host.kind());
        url.shift(Offset::HostEnd, (url.serialization.len() - before) as isize);
        match self.c(end) {
            Some(b':') => (State::Port, end + 1),
            _ => (State::PathStart, end),
        }
    }

    /// [Host parsing](https://url.spec.whatwg.org/#concept-host-parser) `buffer` (opaque when the
    /// URL is not special) and setting the URL's host to the result.
    fn write_host(&mut self, buffer: &str) -> Result<(), Option<ValidationError>> {
        let is_opaque = !self.is_special();
        let url = &mut *self.url;
        if buffer.is_empty() {
            url.set_host_serialized(HostKind::Empty, "");
        } else if url.host_kind.is_some()
            && url.host_start == url.serialization.len()
            && url.host_end == url.host_start
        {
            // A fresh parse: the host goes at the end, straight into the serialization.
            let before = url.serialization.len();
            let kind = host::parse_into(buffer, is_opaque, &mut url.serialization, &mut self.sink)?;
            url.host_kind = Some(kind);
            url.shift(Offset::HostEnd, (url.serialization.len() - before) as isize);
        } else {
            let mut serialized = String::new();
            let kind = host::parse_into(buffer, is_opaque, &mut serialized, &mut self.sink)?;
            url.set_host_serialized(kind, &serialized);
        }
        Ok(())
    }

    /// The [port state](https://url.spec.whatwg.org/#port-state).
    pub(super) fn port_state(&mut self, pointer: usize) -> Next {
        let bytes = self.input.as_bytes();
        let digits = bytes.slice(pointer..).iter().take_while(|b| b.is_ascii_digit()).count();
        let end = pointer + digits;
        let c = self.c(end);
        let ends_port = matches!(c, None | Some(b'/' | b'?' | b'#'))
            || (self.is_special() && c == Some(b'\\'))
            || self.state_override.is_some();
        if !ends_port {
            return self.fail(ValidationError::PortInvalid);
        }
        if digits > 0 {
            let Some(port) = port_number(bytes.slice(pointer..end)) else {
                return self.fail(ValidationError::PortOutOfRange);
            };
            let port = (self.url.scheme_type.default_port() != Some(port)).then_some(port);
            // No port for a URL without one (a fresh parse's): nothing to write.
            if port.is_some() || self.url.port.is_some() {
                self.url.set_port_number(port);
            }
            if self.state_override.is_some() {
                return Ok(None);
            }
        }
        if self.state_override.is_some() {
            return Err(None);
        }
        Ok(Some((State::PathStart, end)))
    }

    /// The [file host state](https://url.spec.whatwg.org/#file-host-state).
    pub(super) fn file_host_state(&mut self, pointer: usize) -> Next {
        let rest = self.input.as_bytes().slice(pointer..);
        let len = rest
            .iter()
            .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#'))
            .unwrap_or(rest.len());
        let buffer = self.input.slice(pointer..pointer + len);
        if self.state_override.is_none() && is_windows_drive_letter(buffer.as_bytes()) {
            self.sink.report(ValidationError::FileInvalidWindowsDriveLetterHost);
            // The buffer is not reset: the path state takes it as its first segment's start.
            self.path_units_from = pointer + 2;
            return Ok(Some((State::Path, pointer)));
        }
        if buffer.is_empty() {
            self.url.set_host_serialized(HostKind::Empty, "");
        } else {
            // Written where it goes (as in the host state), then emptied if it is `localhost`.
            self.write_host(buffer)?;
            if self.url.hostname() == "localhost" {
                self.url.set_host_serialized(HostKind::Empty, "");
            }
        }
        if self.state_override.is_some() {
            return Ok(None);
        }
        Ok(Some((State::PathStart, pointer + len)))
    }
}
