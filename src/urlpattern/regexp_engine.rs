//! The ECMAScript regular expressions that URL patterns compile to, on two engines: natively
//! [`regress`](https://docs.rs/regress); in WebAssembly (`target_arch = "wasm32"`, where this
//! crate runs under JavaScript) the JavaScript engine's own `RegExp`, through js/regexp.js, which
//! keeps `regress` out of the wasm and matches exactly as the engine's `URLPattern` would.
//!
//! Both take one of two flag sets: [`Flags::UnicodeSets`], the standard's `v` (with `i` to
//! ignore case) for the generated regular expressions, and [`Flags::Unicode`] (`u`) for the
//! tokenizer's identifier classes.

/// Which flags a regular expression is compiled with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flags {
    /// `u`.
    Unicode,
    /// `v`, and `i` when `ignore_case`.
    UnicodeSets { ignore_case: bool },
}

impl Flags {
    /// The flags as ECMAScript writes them.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Flags::Unicode => "u",
            Flags::UnicodeSets { ignore_case: false } => "v",
            Flags::UnicodeSets { ignore_case: true } => "vi",
        }
    }
}

#[cfg(target_arch = "wasm32")]
pub(crate) use engine::engine_flags;
pub(crate) use engine::{class_matches, RegExp};

#[cfg(not(target_arch = "wasm32"))]
mod engine {
    use std::cell::RefCell;

    use super::Flags;

    /// Whether the regular expression `source` (a character class of the tokenizer's) with the
    /// `u` flag matches in `input`; false where the engine does not compile it. Each source is
    /// compiled once per thread.
    pub(crate) fn class_matches(source: &'static str, input: &str) -> bool {
        thread_local! {
            static COMPILED: RefCell<Vec<(&'static str, Option<RegExp>)>> =
                const { RefCell::new(Vec::new()) };
        }
        COMPILED.with_borrow_mut(|compiled| {
            let index = compiled.iter().position(|(s, _)| *s == source).unwrap_or_else(|| {
                compiled.push((source, RegExp::new(source, Flags::Unicode).ok()));
                compiled.len() - 1
            });
            compiled[index].1.as_ref().is_some_and(|class| class.is_match(input))
        })
    }

    /// A compiled regular expression: [`regress::Regex`].
    #[derive(Clone, Debug)]
    pub(crate) struct RegExp(regress::Regex);

    impl RegExp {
        /// Compiles `source` with `flags`; the error is the engine's description.
        ///
        /// `regress` 0.12 parses the `v` syntax but looks at its `u` flag alone for what both
        /// flags share in ECMAScript (Unicode mode: identity escapes such as `\m` are errors, case
        /// folding is Unicode's), so `v` gets `u` as well: `regress` with `uv` is ECMAScript with
        /// `v`.
        pub(crate) fn new(source: &str, flags: Flags) -> Result<RegExp, String> {
            let flags = match flags {
                Flags::Unicode => "u",
                Flags::UnicodeSets { ignore_case: false } => "uv",
                Flags::UnicodeSets { ignore_case: true } => "uvi",
            };
            regress::Regex::with_flags(source, flags).map(RegExp).map_err(|e| e.to_string())
        }

        /// Whether the regular expression matches somewhere in `input`.
        pub(crate) fn is_match(&self, input: &str) -> bool {
            self.0.find(input).is_some()
        }

        /// [RegExpBuiltinExec](https://tc39.es/ecma262/#sec-regexpbuiltinexec) on `input`: `None`
        /// without a match, else what each capture group (1, 2, …) matched, `None` for one that
        /// did not take part.
        pub(crate) fn exec(&self, input: &str) -> Option<Vec<Option<String>>> {
            let found = self.0.find(input)?;
            let group = |range: &Option<regress::Range>| {
                range.clone().and_then(|range| input.get(range)).map(str::to_owned)
            };
            Some(found.captures.iter().map(group).collect())
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod engine {
    use std::cell::Cell;

    use wasm_bindgen::prelude::wasm_bindgen;

    use super::Flags;

    // The JavaScript engine's `RegExp`, by source and flags, from the crate's js/regexp.js, which
    // compiles each once (wasm-bindgen copies the file beside the glue as a snippet, for any user
    // of the crate; scripts/build.mjs points the npm glue at the staged one). Strings and numbers
    // only: js-sys's `RegExp` held objects in wasm's externref table and brought js-sys's own
    // exports (its futures, closures): 0.8 KB of LZMA in weburl/urlpattern's add-on, 1 KB of its
    // glue.
    #[wasm_bindgen(module = "/js/regexp.js")]
    extern "C" {
        /// Whether `new RegExp(source, flags)` compiles. A boolean, not the `SyntaxError`'s
        /// message: a string returned comes through wasm-bindgen's encoder and allocator exports,
        /// which weburl/urlpattern's add-on has no other use for (0.3 KB of its gzip).
        #[wasm_bindgen(js_name = regExpCompiles)]
        fn reg_exp_compiles(source: &str, flags: &str) -> bool;
        /// `test(input)` of the `RegExp` (which compiles).
        #[wasm_bindgen(js_name = regExpTest)]
        fn reg_exp_test(source: &str, flags: &str, input: &str) -> bool;
        /// `exec(input)` of the `RegExp` (which compiles): -1 without a match, else the number of
        /// capture groups, whose values [`reg_exp_group`] then gives.
        #[wasm_bindgen(js_name = regExpExec)]
        fn reg_exp_exec(source: &str, flags: &str, input: &str) -> i32;
        /// What capture group `index` (1, 2, …) of the last [`reg_exp_exec`] matched; `None` for
        /// one that did not take part.
        #[wasm_bindgen(js_name = regExpGroup)]
        fn reg_exp_group(index: u32) -> Option<String>;
    }

    /// Whether the regular expression `source` (a character class of the tokenizer's) with the
    /// `u` flag matches in `input`; false where the engine does not compile it. js/regexp.js
    /// compiles each source once and keeps it (a `RegExp` kept here too was its source copied,
    /// and a cell per class: 0.1 KB of LZMA in weburl/urlpattern's add-on).
    pub(crate) fn class_matches(source: &'static str, input: &str) -> bool {
        let flags = Flags::Unicode.as_str();
        reg_exp_compiles(source, flags) && reg_exp_test(source, flags, input)
    }

    /// How far the engine's `v` flag goes (see [`RegExp::new`]).
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum VFlag {
        Works,
        /// `/^[^]+$/v` does not match "ab".
        QuantifiedEmptyClassBroken,
        /// `new RegExp("", "v")` throws.
        Missing,
    }

    thread_local! {
        /// The engine's `v` flag, found out on the first `v` compile.
        static V_FLAG: Cell<Option<VFlag>> = const { Cell::new(None) };
    }

    /// A compiled regular expression: a JavaScript `RegExp`, by its source and flags.
    #[derive(Clone, Debug)]
    pub(crate) struct RegExp {
        source: String,
        flags: &'static str,
    }

    impl RegExp {
        /// Compiles `source` with `flags`; the error says that the engine's `RegExp` throws
        /// (JavaScript compiles the components' sources again, with its `SyntaxError`'s message).
        ///
        /// `v` (`vi`) becomes `u` (`ui`) in two cases, which JavaScript's own compiling of the
        /// sources must follow:
        /// - the engine has no `v` (before Chrome 112, Firefox 116, Safari 17, Node.js 20):
        ///   `new RegExp("", "v")` throws;
        /// - the engine's `v` is broken on a quantified `[^]`, which then matches at most one
        ///   code point (Node.js 20's V8, 11.3): `/^[^]+$/v` does not match "ab"; and the
        ///   source has `[^]` in it, the segment wildcard of a component without delimiter
        ///   (`{protocol: ":name"}` is `^([^]+?)$`).
        ///
        /// `u` is the same Unicode mode, but character classes take the older syntax, so a
        /// custom regexp group using `v`'s set operations or string literals (`[\p{L}--[a-z]]`,
        /// `\q{…}`) fails to compile, and one that `v` rejects (an unescaped `(` or `|` in a
        /// class, say) compiles.
        pub(crate) fn new(source: &str, flags: Flags) -> Result<RegExp, String> {
            let flags = engine_flags(source, flags);
            if reg_exp_compiles(source, flags) {
                Ok(RegExp { source: crate::urlpattern::regexp::owned(source), flags })
            } else {
                Err(crate::urlpattern::regexp::owned("RegExp throws a SyntaxError"))
            }
        }

        /// Whether the regular expression matches somewhere in `input`.
        pub(crate) fn is_match(&self, input: &str) -> bool {
            reg_exp_test(&self.source, self.flags, input)
        }

        /// [RegExpBuiltinExec](https://tc39.es/ecma262/#sec-regexpbuiltinexec) on `input`: `None`
        /// without a match, else what each capture group (1, 2, …) matched, `None` for one that
        /// did not take part.
        pub(crate) fn exec(&self, input: &str) -> Option<Vec<Option<String>>> {
            let groups = u32::try_from(reg_exp_exec(&self.source, self.flags, input)).ok()?;
            Some((1..=groups).map(reg_exp_group).collect())
        }
    }

    /// The flags this engine compiles `source` with for `flags`: `v` becomes `u` as
    /// [`RegExp::new`] says. JavaScript compiles the components' sources with them too.
    pub(crate) fn engine_flags(source: &str, flags: Flags) -> &'static str {
        match flags {
            Flags::UnicodeSets { ignore_case } => match v_flag() {
                VFlag::Missing => ["u", "ui"][usize::from(ignore_case)],
                // Bytes, not `str::contains`, whose substring search is 2.5 KB of wasm.
                VFlag::QuantifiedEmptyClassBroken
                    if source.as_bytes().windows(3).any(|w| w == b"[^]") =>
                {
                    ["u", "ui"][usize::from(ignore_case)]
                }
                _ => flags.as_str(),
            },
            Flags::Unicode => flags.as_str(),
        }
    }

    /// The engine's `v` flag (see [`RegExp::new`]).
    fn v_flag() -> VFlag {
        V_FLAG.with(|known| {
            known.get().unwrap_or_else(|| {
                let flag = if !reg_exp_compiles("^[^]+$", "v") {
                    VFlag::Missing
                } else if reg_exp_test("^[^]+$", "v", "ab") {
                    VFlag::Works
                } else {
                    VFlag::QuantifiedEmptyClassBroken
                };
                known.set(Some(flag));
                flag
            })
        })
    }
}
