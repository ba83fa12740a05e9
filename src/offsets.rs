//! The numeric protocol between the Rust core and the JavaScript classes: a URL travels as its
//! serialization plus these offsets, written into a `Uint32Array`. Defined here once; the
//! JavaScript side reads the layout from the wasm module and a test checks it.

use crate::host::HostKind;
use crate::Url;

/// Index of the scheme's `:`.
pub const SCHEME_END: usize = 0;
/// Index where the username ends.
pub const USERNAME_END: usize = 1;
/// Index where the host starts.
pub const HOST_START: usize = 2;
/// Index where the host ends.
pub const HOST_END: usize = 3;
/// The port, or [`NONE`].
pub const PORT: usize = 4;
/// Index where the path starts.
pub const PATH_START: usize = 5;
/// Index of the `?`, or [`NONE`].
pub const QUERY_START: usize = 6;
/// Index of the `#`, or [`NONE`].
pub const FRAGMENT_START: usize = 7;
/// [`HOST_KIND_MASK`] bits for the host kind, plus [`OPAQUE_PATH`] and [`SPECIAL`].
pub const FLAGS: usize = 8;
/// Number of entries.
pub const LEN: usize = 9;

/// The value of an absent port, query or fragment.
pub const NONE: u32 = u32::MAX;

/// Bits of [`FLAGS`] holding the host kind: 0 for a null host, then 1 to 5 for domain, IPv4,
/// IPv6, opaque and empty hosts.
pub const HOST_KIND_MASK: u32 = 0b111;
/// Flag: the URL has an opaque path.
pub const OPAQUE_PATH: u32 = 1 << 3;
/// Flag: the URL is special.
pub const SPECIAL: u32 = 1 << 4;

fn host_kind_code(kind: Option<HostKind>) -> u32 {
    match kind {
        None => 0,
        Some(HostKind::Domain) => 1,
        Some(HostKind::Ipv4) => 2,
        Some(HostKind::Ipv6) => 3,
        Some(HostKind::Opaque) => 4,
        Some(HostKind::Empty) => 5,
    }
}

/// Offsets are at most the length of a serialization that lives in wasm memory, so they fit.
fn index(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(NONE)
}

pub(crate) fn encode(url: &Url) -> [u32; LEN] {
    let mut flags = host_kind_code(url.host_kind);
    if url.opaque_path {
        flags |= OPAQUE_PATH;
    }
    if url.is_special() {
        flags |= SPECIAL;
    }
    [
        index(url.scheme_end),
        index(url.username_end),
        index(url.host_start),
        index(url.host_end),
        url.port.map_or(NONE, u32::from),
        index(url.path_start),
        url.query_start.map_or(NONE, index),
        url.fragment_start.map_or(NONE, index),
        flags,
    ]
}
