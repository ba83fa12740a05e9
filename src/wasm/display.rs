//! [URL rendering](https://url.spec.whatwg.org/#url-rendering) for the JavaScript `renderURL`
//! (js/display.js): the URL string and the options in, the rendered string out, over the
//! argument and reply streams (see [`stream`](super::stream)).

use wasm_bindgen::prelude::wasm_bindgen;

use super::stream::{respond, Args, Reply};
use crate::display::RenderOptions;
use crate::Url;

/// The operations, by the ids JavaScript passes to [`display`].
pub(super) const OPERATIONS: [&str; 1] = ["render"];

/// The bits of the options number of `render`, by their names in JavaScript.
pub(super) const OPTIONS: [(&str, u32); 5] = [
    ("elideScheme", 1),
    ("elideTrailingSlash", 2),
    ("unicodeHost", 4),
    ("hideCredentials", 8),
    ("percentDecode", 16),
];

/// Runs operation `op` (an index of [`OPERATIONS`]) on the arguments: `count` entries of the
/// lengths buffer and `len` bytes of input. The reply's text is the output, its stream at
/// LIST_ADDRESS (LIST_LEN entries), as for [`records`](super::records).
#[wasm_bindgen]
pub fn display(op: u32, len: usize, count: usize) -> u32 {
    respond(len, count, |args, reply| run(op, args, reply))
}

fn run(op: u32, args: &mut Args, reply: &mut Reply) -> Option<()> {
    match *OPERATIONS.get(op as usize)? {
        // `renderURL(url, options)`: the URL string, then the options as a number (the bits of
        // OPTIONS). The reply is 0 and the rendered string; or 1 and the name of the validation
        // error that made parsing the URL fail (empty when there is none).
        "render" => {
            let input = args.str()?;
            let bits = args.num()?;
            let set = |name: &str| OPTIONS.iter().any(|&(n, bit)| n == name && bits & bit != 0);
            let options = RenderOptions {
                elide_scheme: set("elideScheme"),
                elide_trailing_slash: set("elideTrailingSlash"),
                unicode_host: set("unicodeHost"),
                hide_credentials: set("hideCredentials"),
                percent_decode: set("percentDecode"),
            };
            match Url::parse(input) {
                Ok(url) => {
                    reply.num(0);
                    reply.str(&url.render(options));
                }
                Err(error) => {
                    reply.num(1);
                    reply.str(error.validation_error().map_or("", |e| e.name()));
                }
            }
        }
        _ => return None,
    }
    Some(())
}
