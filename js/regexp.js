// The engine's RegExp by source and flags: for URLPattern's components (js/urlpattern.js), and
// for the core, whose imports below are its regular expressions in wasm
// (src/urlpattern/regexp_engine.rs): strings in, booleans and numbers out (and an exec's groups).

// RegExps by flags and source, shared by the patterns and the core (matching without the g or y
// flag leaves a RegExp as it was): most components are `*`. Bounded, as patterns may come from
// anyone.
const regExps = {}; // flags → source → RegExp

/** The RegExp of `source` and `flags`; throws the engine's SyntaxError when it does not compile. */
export function regExp(source, flags) {
  const bySource = (regExps[flags] ??= new Map());
  let compiled = bySource.get(source);
  if (compiled === undefined) {
    compiled = new RegExp(source, flags);
    if (bySource.size >= 256) bySource.clear();
    bySource.set(source, compiled);
  }
  return compiled;
}

/** Whether `source` compiles with `flags`. */
export function regExpCompiles(source, flags) {
  try {
    regExp(source, flags);
    return true;
  } catch {
    return false;
  }
}

/** Whether the RegExp of `source` and `flags` (which compiles) matches in `input`. */
export function regExpTest(source, flags, input) {
  return regExp(source, flags).test(input);
}

let lastMatch = null;

/** exec: -1 without a match, else the number of capture groups, which `regExpGroup` gives. */
export function regExpExec(source, flags, input) {
  lastMatch = regExp(source, flags).exec(input);
  return lastMatch === null ? -1 : lastMatch.length - 1;
}

/** What capture group `index` of the last `regExpExec` matched; undefined if it took no part. */
export function regExpGroup(index) {
  return lastMatch[index];
}
