// The cases of the URL differential (./url.mjs): inputs of the web-platform-tests data
// (urltestdata.json) mutated, parsed with and without a base, then setters with values drawn from
// the WPT data (setters_tests.json too), operations on url.searchParams, and a standalone
// URLSearchParams; each case a list of steps (./url.mjs says what each step does).
import path from "node:path";
import { readText, WPT_DIR } from "./harness.mjs";
import { read } from "./outcome.mjs";

export const BASES = [
  "https://example.org/a/b?c#d",
  "file:///C:/dir/file",
  "http://[::1]:8080/",
  "sc://opaque/x",
  "non-spec:/p/q",
];
export const SETTERS = ["protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash", "href"];

const wptData = JSON.parse(readText(path.join(WPT_DIR, "urltestdata.json")));
export const WPT = wptData
  .filter((entry) => typeof entry === "object" && entry !== null && typeof entry.input === "string")
  .map((entry) => ({ input: entry.input, base: typeof entry.base === "string" ? entry.base : undefined }));
if (WPT.length === 0) throw new Error(`no inputs in ${path.join(WPT_DIR, "urltestdata.json")}`);

// Seed values for the setters: the WPT setter values and the expected components of urltestdata.
export const POOL = Object.fromEntries(SETTERS.map((s) => [s, new Set()]));
for (const entry of wptData) {
  if (typeof entry !== "object" || entry === null || entry.failure) continue;
  for (const s of SETTERS) if (typeof entry[s] === "string" && s !== "href") POOL[s].add(entry[s]);
  POOL.href.add(entry.input);
}
try {
  const setters = JSON.parse(readText(path.join(WPT_DIR, "setters_tests.json")));
  for (const s of SETTERS) {
    for (const test of setters[s] ?? []) {
      if (typeof test.new_value === "string") POOL[s].add(test.new_value);
      if (typeof test.href === "string") POOL.href.add(test.href);
    }
  }
} catch {
  // setters_tests.json only widens the pools
}
for (const s of SETTERS) POOL[s] = [...POOL[s]];
export const ANY_POOL = SETTERS.flatMap((s) => POOL[s]);
const PARAM_WORDS = ["a", "b", "q", "x", "", "key", "a b", "a+b", "a=b", "%", "%20", "%zz", "é", "ß", "=", "&", "?", "+"];

/** The generators of generated cases, drawing from `random` (a makeRandom stream). */
export function createCases({ rand, below, pick, chance, mutate, randomShort }) {
  function setterStep(s) {
    const setter = pick(SETTERS);
    let seed;
    const r = rand();
    if (r < 0.5) seed = pick(POOL[setter]);
    else if (r < 0.7) seed = read(s.ref, setter);
    else if (r < 0.85) seed = pick(ANY_POOL);
    else seed = randomShort(8);
    const value = chance(0.85) ? mutate(String(seed)) : String(seed);
    return { t: "set", setter, value };
  }

  function paramWord(existing) {
    if (existing.length > 0 && chance(0.5)) return pick(existing)[0];
    const w = pick(PARAM_WORDS);
    return chance(0.6) ? mutate(w, 1 + below(2)) : w;
  }

  function paramsOp(params, t) {
    const existing = [...params];
    const r = rand();
    let op;
    let args;
    if (r < 0.3) [op, args] = ["append", [paramWord(existing), paramWord([])]];
    else if (r < 0.45) [op, args] = ["delete", [paramWord(existing)]];
    else if (r < 0.55) {
      const e = existing.length > 0 && chance(0.6) ? pick(existing) : [paramWord(existing), paramWord([])];
      [op, args] = ["delete", [e[0], e[1]]];
    } else if (r < 0.75) [op, args] = ["set", [paramWord(existing), paramWord([])]];
    else if (r < 0.87) [op, args] = ["sort", []];
    else if (r < 0.92) [op, args] = ["get", [paramWord(existing)]];
    else if (r < 0.96) [op, args] = ["getAll", [paramWord(existing)]];
    else [op, args] = ["has", chance(0.5) ? [paramWord(existing)] : [paramWord(existing), paramWord(existing.map((e) => [e[1]]))]];
    return { t, op, args };
  }

  function noiseStep() {
    const kind = pick(["parse", "parse-fail", "canParse", "params", "blob-origin"]);
    const arg = kind === "parse-fail" ? mutate("https://ex ample.org/") : kind === "params" ? mutate("a=b&c=d") : pick(WPT).input;
    return { t: "noise", kind, arg };
  }

  /** The URL part of a generated case: a plan of what follows the parse, drawn lazily. */
  function urlCaseGenerator() {
    const entry = pick(WPT);
    const input = mutate(entry.input);
    let base = entry.base;
    const r = rand();
    if (r < 0.1) base = pick(BASES);
    else if (r < 0.15 && base !== undefined) base = mutate(base);
    const parse = { t: "url", src: "generated", input, base };
    if (base === undefined) delete parse.base;
    const plan = [];
    if (chance(0.15)) plan.push("noise");
    if (chance(0.3)) for (let n = 1 + below(3); n > 0; n--) plan.push("sp");
    if (chance(0.4)) plan.push("touch");
    if (chance(0.1)) plan.push("noise");
    // one setter, and sometimes a second and a third: bugs hide in what a setter leaves behind
    plan.push("set");
    for (let p = 0.3; chance(p) && p > 0.1; p -= 0.15) {
      if (chance(0.2)) plan.push(chance(0.5) ? "touch" : "sp");
      plan.push("set");
    }
    if (chance(0.2)) for (let n = 1 + below(2); n > 0; n--) plan.push("sp");
    let started = false;
    let next = 0;
    return (s) => {
      if (!started) {
        started = true;
        return parse;
      }
      const what = plan[next++];
      if (what === undefined) return null;
      if (what === "noise") return noiseStep();
      if (what === "touch") return { t: "touch" };
      if (what === "sp") return paramsOp(s.ref.searchParams, "sp");
      return setterStep(s);
    };
  }

  /** A standalone URLSearchParams case: built from the mutated input, its query, or a mutated query. */
  function paramsCaseGenerator(input) {
    const r = rand();
    let init;
    if (r < 0.4) init = input;
    else if (r < 0.7) init = input.includes("?") ? input.slice(input.indexOf("?")).split("#")[0] : input;
    else init = mutate(pick(POOL.search.length > 0 ? POOL.search : PARAM_WORDS));
    let ops = 1 + below(4);
    let started = false;
    return (s) => {
      if (!started) {
        started = true;
        return { t: "usp", init };
      }
      if (ops-- <= 0) return null;
      return paramsOp(s.paramsRef, "uspop");
    };
  }

  return { urlCaseGenerator, paramsCaseGenerator };
}
