//! The argument and reply streams of the exports that take and give structured values
//! ([`records`](super::records), [`urlPattern`](super::urlpattern),
//! [`webSocket`](super::websocket), [`publicSuffixList`](super::psl) and [`display`](super::display)).
//!
//! A call's arguments and its reply each travel as a stream of `u32`s plus the strings it
//! names: in the arguments (the first `count` entries of the lengths buffer, and `len` bytes of
//! input) a string is its UTF-8 byte length in the stream and its bytes next in the input
//! buffer; in a reply (at LIST_ADDRESS, LIST_LEN entries), its UTF-16 length and its text next
//! in the output.

use std::sync::atomic::Ordering::Relaxed;

use super::{malformed, point_output_at, CHANGED, INPUT, LENGTHS, LIST_ADDRESS, LIST_LEN, SLOTS};
#[cfg(not(feature = "urlpattern-addon"))]
use super::{BOUNDARIES, OUTPUT};

/// Reads a call's arguments.
pub(super) struct Args<'a> {
    stream: &'a [u32],
    bytes: &'a [u8],
}

impl<'a> Args<'a> {
    pub(super) fn num(&mut self) -> Option<u32> {
        let (&first, rest) = self.stream.split_first()?;
        self.stream = rest;
        Some(first)
    }

    /// A number read as a flag: anything but 0 is true.
    #[cfg_attr(
        not(any(feature = "records", feature = "urlpattern", feature = "websocket")),
        allow(dead_code)
    )]
    pub(super) fn flag(&mut self) -> Option<bool> {
        self.num().map(|n| n != 0)
    }

    pub(super) fn str(&mut self) -> Option<&'a str> {
        let len = self.num()? as usize;
        let bytes = self.bytes.get(..len)?;
        self.bytes = &self.bytes[len..];
        std::str::from_utf8(bytes).ok()
    }

    /// A string when the flag before it says there is one.
    #[cfg_attr(
        not(any(feature = "records", feature = "urlpattern", feature = "websocket")),
        allow(dead_code)
    )]
    pub(super) fn optional_str(&mut self) -> Option<Option<&'a str>> {
        Some(if self.flag()? { Some(self.str()?) } else { None })
    }
}

/// Writes a call's reply.
#[derive(Default)]
pub(super) struct Reply {
    stream: Vec<u32>,
    text: String,
}

impl Reply {
    /// Not inlined: every number a reply gives would be a copy of the stream's growth check.
    #[inline(never)]
    pub(super) fn num(&mut self, n: u32) {
        self.stream.push(n);
    }

    pub(super) fn str(&mut self, s: &str) {
        self.num(super::utf16_len(s));
        self.text.push_str(s);
    }
}

/// Runs `run` on the arguments (`count` entries of the lengths buffer, `len` bytes of input)
/// and hands JavaScript its reply: the text as the output, the stream at LIST_ADDRESS
/// (LIST_LEN entries), CHANGED as the status. Malformed when `run` gives up (the arguments are
/// not as agreed).
pub(super) fn respond(
    len: usize,
    count: usize,
    run: impl FnOnce(&mut Args, &mut Reply) -> Option<()>,
) -> u32 {
    let reply = LENGTHS.with_borrow(|lengths| {
        INPUT.with_borrow(|input| {
            let mut args = Args { stream: lengths.get(..count)?, bytes: input.get(..len)? };
            let mut reply = Reply::default();
            run(&mut args, &mut reply)?;
            Some(reply)
        })
    });
    let Some(reply) = reply else { return malformed() };
    // The add-on's arena frees the reply with the rest of the operation's allocations, when the
    // next one starts (src/wasm/arena.rs).
    #[cfg(feature = "urlpattern-addon")]
    {
        point_list_at(reply.stream.leak());
        point_output_at(reply.text.leak());
    }
    #[cfg(not(feature = "urlpattern-addon"))]
    {
        BOUNDARIES.with_borrow_mut(|stream| {
            *stream = reply.stream;
            point_list_at(stream);
        });
        OUTPUT.with_borrow_mut(|output| {
            *output = reply.text;
            point_output_at(output);
        });
    }
    CHANGED
}

/// Tells JavaScript where the reply's stream is; it must live until the next call.
fn point_list_at(stream: &[u32]) {
    SLOTS[LIST_ADDRESS].store(stream.as_ptr() as u32, Relaxed);
    SLOTS[LIST_LEN].store(stream.len() as u32, Relaxed);
}
