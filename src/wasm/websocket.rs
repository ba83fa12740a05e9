//! WebSocket URLs for `parseWebSocketURL` (`js/websocket.js`): the URL steps of
//! [`new WebSocket(url)`](https://websockets.spec.whatwg.org/#dom-websocket-websocket) and what
//! the opening handshake takes from the URL, by [`WebSocketUrl`]. Arguments and replies are
//! streams (see [`stream`](super::stream)).

use wasm_bindgen::prelude::wasm_bindgen;

use super::stream::{respond, Args, Reply};
use crate::websocket::WebSocketUrl;
use crate::Url;

/// The operations, by the ids JavaScript passes to [`web_socket`].
pub(super) const OPERATIONS: [&str; 1] = ["parse"];

/// Runs operation `op` (an index of [`OPERATIONS`]) on the arguments: `count` entries of the
/// lengths buffer and `len` bytes of input. The reply's text is the output, its stream at
/// LIST_ADDRESS (LIST_LEN entries), as for [`records`](super::records).
#[wasm_bindgen(js_name = webSocket)]
pub fn web_socket(op: u32, len: usize, count: usize) -> u32 {
    respond(len, count, |args, reply| run(op, args, reply))
}

fn run(op: u32, args: &mut Args, reply: &mut Reply) -> Option<()> {
    match *OPERATIONS.get(op as usize)? {
        // The input, then the base (0, or 1 then the string). The reply is 0, then the href,
        // the host (with the port when not the default: the Host header), the hostname, the
        // port (the default when null), the resource name and the secure flag (0 or 1). Or 1 and
        // the message of the SyntaxError to throw (the input is not a WebSocket URL), or 2 and
        // the message (the base is not a URL).
        "parse" => {
            let input = args.str()?;
            let base = match args.optional_str()?.map(Url::parse) {
                None => None,
                Some(Ok(base)) => Some(base),
                Some(Err(error)) => {
                    reply.num(2);
                    reply.str(&error.to_string());
                    return Some(());
                }
            };
            match WebSocketUrl::parse(input, base.as_ref()) {
                Ok(socket) => {
                    reply.num(0);
                    reply.str(socket.href());
                    reply.str(socket.host());
                    reply.str(socket.hostname());
                    reply.num(u32::from(socket.port()));
                    reply.str(socket.resource_name());
                    reply.num(u32::from(socket.is_secure()));
                }
                Err(error) => {
                    reply.num(1);
                    reply.str(&error.to_string());
                }
            }
        }
        _ => return None,
    }
    Some(())
}
