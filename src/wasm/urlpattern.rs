//! The [URL Pattern Standard](https://urlpattern.spec.whatwg.org/) for the JavaScript
//! `URLPattern`: this module compiles patterns and processes the inputs to match, and
//! JavaScript matches the components with its own `RegExp`, from the regular expression
//! sources and group names that [`compile`](OPERATIONS) gives it.
//!
//! Arguments and replies are streams (see [`stream`](super::stream)). An input
//! ([`URLPatternInput`](https://urlpattern.spec.whatwg.org/#typedefdef-urlpatterninput)) is
//! its kind, then for a string ([`STRING_INPUT`]) the string, for an init ([`INIT_INPUT`])
//! each of its members protocol, username, password, hostname, port, pathname, search, hash
//! and baseURL as 0 (absent) or 1 then the string.

use wasm_bindgen::prelude::wasm_bindgen;

use super::stream::{respond, Args, Reply};
use crate::urlpattern::{Input, ProcessedInit, UrlPattern, UrlPatternOptions};

/// An operation on the arguments, writing its reply; `None` for arguments not as agreed.
type Operation = fn(&mut Args, &mut Reply) -> Option<()>;

/// The operations, by the ids JavaScript passes to [`url_pattern`]. Functions, not a `match` of
/// the names: that compared the strings.
pub(super) const OPERATIONS: [(&str, Operation); 2] = [("compile", compile), ("process", process)];

/// Input kinds in a stream.
const STRING_INPUT: u32 = 0;
const INIT_INPUT: u32 = 1;

impl<'a> Args<'a> {
    /// A `URLPatternInput`, as the module documentation describes it, borrowed from the
    /// arguments.
    fn pattern_input(&mut self) -> Option<Input<'a>> {
        let mut input = match self.num()? {
            STRING_INPUT => Input::String(self.str()?),
            INIT_INPUT => Input::Init([None; 8], None),
            _ => return None,
        };
        // The members read in place: an array read first was copied into the input.
        if let Input::Init(init, init_base_url) = &mut input {
            for member in init.iter_mut().chain([init_base_url]) {
                *member = self.member()?;
            }
        }
        // For the recovery tests: a trap in this wasm, where weburl/urlpattern's add-on runs the
        // constructor or exec. Not on the baseURL, which reaches the url wasm's parse instead.
        #[cfg(feature = "test-panic")]
        if matches!(input, Input::String("weburl:panic"))
            || matches!(input, Input::Init(init, _) if init.contains(&Some("weburl:panic")))
        {
            panic!("a deliberate panic, for testing");
        }
        Some(input)
    }

    /// A member of an init: a string if there is one. Not inlined: the loop over the members
    /// is unrolled, a copy of the reading each.
    #[inline(never)]
    fn member(&mut self) -> Option<Option<&'a str>> {
        self.optional_str()
    }
}

/// Runs operation `op` (an index of [`OPERATIONS`]) on the arguments: `count` entries of the
/// lengths buffer and `len` bytes of input. The reply's text is the output, its stream at
/// LIST_ADDRESS (LIST_LEN entries), as for [`records`](super::records).
#[wasm_bindgen(js_name = urlPattern)]
pub fn url_pattern(op: u32, len: usize, count: usize) -> u32 {
    #[cfg(feature = "urlpattern-addon")]
    super::arena::free_last_operation();
    respond(len, count, |args, reply| run(op, args, reply))
}

fn run(op: u32, args: &mut Args, reply: &mut Reply) -> Option<()> {
    let (_, operation) = OPERATIONS.get(op as usize)?;
    operation(args, reply)
}

/// `new URLPattern(input, baseURL, options)`: the input, the base URL (0, or 1 then the
/// string), ignoreCase (0 or 1). The reply is 0, then for each component (protocol, username,
/// password, hostname, port, pathname, search, hash) its pattern string, its regular expression's
/// source and the flags to compile it with (`v`, `vi` for the pathname,
/// search and hash when ignoring case, or `u`/`ui` where this engine's `v` is missing or broken),
/// its group name count and names; then hasRegExpGroups (0 or 1). Or 1 and the message of the
/// TypeError to throw. JavaScript compiles the sources (an invalid one is its TypeError then), so
/// they are not compiled here as well.
fn compile(args: &mut Args, reply: &mut Reply) -> Option<()> {
    let input = args.pattern_input()?;
    let base_url = args.optional_str()?;
    let options = UrlPatternOptions { ignore_case: args.flag()? };
    match UrlPattern::sources(input, base_url, options) {
        Ok(components) => {
            reply.num(0);
            for component in &components {
                reply.str(&component.pattern_string);
                reply.str(component.regular_expression_string());
                reply.str(component.regular_expression_flags());
                let names = component.group_name_list();
                reply.num(names.len() as u32);
                names.iter().for_each(|name| reply.str(name));
            }
            reply.num(u32::from(components.iter().any(|c| c.has_regexp_groups)));
        }
        Err(error) => {
            reply.num(1);
            reply.str(error.message());
        }
    }
    Some(())
}

/// The first half of `exec(input, baseURL)` and `test(input, baseURL)` for an init (JavaScript
/// parses a string input itself): the input, the base URL (0, or 1 then the string). The reply is
/// 1 and the values of the eight components to match; 0 when exec returns null (the init does not
/// process); or 2 and the message of the TypeError to throw.
fn process(args: &mut Args, reply: &mut Reply) -> Option<()> {
    let Input::Init(init, init_base_url) = args.pattern_input()? else { return None };
    let base_url = args.optional_str()?;
    let mut processed = ProcessedInit::default();
    match UrlPattern::process_init(&mut processed, init, init_base_url, base_url) {
        Ok(true) => {
            reply.num(1);
            processed.values().iter().for_each(|value| reply.str(value.unwrap_or_default()));
        }
        Ok(false) => reply.num(0),
        Err(error) => {
            reply.num(2);
            reply.str(error.message());
        }
    }
    Some(())
}
