//! Public suffixes and registrable domains for the JavaScript `PublicSuffixList`
//! (js/psl.js): JavaScript passes a list's text, which this module reads and keeps under an id
//! until JavaScript lets it go, and then asks about hosts by that id. The list pinned in the
//! crate ([`PublicSuffixList::builtin`]) is never referenced here, so it is not in the wasm:
//! `weburl/psl` carries its own copy as JavaScript, loaded only by those who import it.
//!
//! Arguments and replies are streams (see [`stream`](super::stream)).

use std::cell::RefCell;

use wasm_bindgen::prelude::wasm_bindgen;

use super::stream::{respond, Args, Reply};
use crate::host::Host;
use crate::psl::PublicSuffixList;

/// The operations, by the ids JavaScript passes to [`public_suffix_list`].
pub(super) const OPERATIONS: [&str; 3] = ["register", "unregister", "lookup"];

thread_local! {
    /// The lists JavaScript registered, by id; `None` once unregistered (its id is reused).
    static LISTS: RefCell<Vec<Option<PublicSuffixList>>> = const { RefCell::new(Vec::new()) };
}

/// Runs operation `op` (an index of [`OPERATIONS`]) on the arguments: `count` entries of the
/// lengths buffer and `len` bytes of input. The reply's text is the output, its stream at
/// LIST_ADDRESS (LIST_LEN entries), as for [`records`](super::records).
#[wasm_bindgen(js_name = publicSuffixList)]
pub fn public_suffix_list(op: u32, len: usize, count: usize) -> u32 {
    respond(len, count, |args, reply| run(op, args, reply))
}

fn run(op: u32, args: &mut Args, reply: &mut Reply) -> Option<()> {
    match *OPERATIONS.get(op as usize)? {
        // The list's text. The reply is 0, the list's id and its version (0, or 1 then the
        // string); or 1 and the message of the TypeError to throw.
        "register" => match PublicSuffixList::parse(args.str()?) {
            Ok(list) => {
                reply.num(0);
                let version = list.version().map(str::to_owned);
                reply.num(LISTS.with_borrow_mut(|lists| keep(lists, list)));
                match version {
                    Some(version) => {
                        reply.num(1);
                        reply.str(&version);
                    }
                    None => reply.num(0),
                }
            }
            Err(error) => {
                reply.num(1);
                reply.str(&error.to_string());
            }
        },
        // A list's id: the list is dropped. The reply is empty.
        "unregister" => {
            let id = args.num()? as usize;
            LISTS.with_borrow_mut(|lists| lists.get_mut(id).map(|list| *list = None))?;
        }
        // A list's id and a host string, parsed as a special URL's host. The reply is 0 when
        // the host parser fails; else 1, then the public suffix and the registrable domain,
        // each 0 (null) or 1 then the string.
        "lookup" => {
            let id = args.num()? as usize;
            let input = args.str()?;
            LISTS.with_borrow(|lists| {
                let list = lists.get(id)?.as_ref()?;
                let Ok(host) = Host::parse(input) else {
                    reply.num(0);
                    return Some(());
                };
                reply.num(1);
                for answer in [list.public_suffix(&host), list.registrable_domain(&host)] {
                    match answer {
                        Some(domain) => {
                            reply.num(1);
                            reply.str(domain);
                        }
                        None => reply.num(0),
                    }
                }
                Some(())
            })?;
        }
        _ => return None,
    }
    Some(())
}

/// Keeps `list` in the first free place; returns its id.
fn keep(lists: &mut Vec<Option<PublicSuffixList>>, list: PublicSuffixList) -> u32 {
    let id = match lists.iter().position(Option::is_none) {
        Some(free) => {
            lists[free] = Some(list);
            free
        }
        None => {
            lists.push(Some(list));
            lists.len() - 1
        }
    };
    id as u32
}
