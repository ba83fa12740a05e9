#!/usr/bin/env node
// Differential run: weburl's URLPattern (pkg/node.mjs) against Node 24's native URLPattern.
// A program a maintainer runs, not a test. It needs Node 24 or later (Node 20 has no URLPattern):
//
//   $(bash scripts/node-binary.sh 24.21.0) scripts/urlpattern-differential.mjs
//       [--count N] [--seed S] [--out FILE] [--examples K] [--keep K] [--progress N] [--no-wpt]
//       [--timeout MS] [--start N] [--trace]
//   $(bash scripts/node-binary.sh 24.21.0) scripts/urlpattern-differential.mjs --case JSON
//       runs one case, {"pattern": [constructor arguments], "inputs": [test/exec arguments]}, and
//       prints both sides' outcomes (the reproductions in the report are in this form)
//
// What it runs:
//   1. every entry of ../shared/wpt/urlpatterntestdata.json as it is (WEBURL_WPT_DIR overrides
//      the directory), unless --no-wpt;
//   2. --count (default 100,000) generated pairs of a pattern (constructor arguments) and an
//      input (test/exec arguments), made from a WPT entry by: 1-3 characters inserted, deleted or
//      replaced (from a pool rich in pattern syntax) in a constructor string, an init member, a
//      base URL or an input; components swapped in from other entries' inits and inputs; the
//      ignoreCase option toggled; base URLs added or removed; and real URLs of
//      ../shared/datasets/kasztp.txt (WEBURL_DATASETS overrides the directory) as inputs, and
//      as patterns with segments replaced by :names, wildcards, groups and regexps.
// The PRNG (mulberry32, scripts/differential/random.mjs) is seeded by --seed (printed); --start N
// skips comparing the first N generated pairs (still drawing them) and --trace prints each pair
// before it runs, to find one that misbehaves.
//
// Each pair is compared on: whether the constructor throws (a TypeError on both sides, or
// neither); the eight component getters and hasRegExpGroups; test(...) and exec(...) (whether
// they throw, and what; the results deep-equal: inputs, each component's input and groups, a
// member whose value is undefined told from a missing one). When the patterns differ, test()
// and exec() are not compared (their differences would only follow from it). The shape of an
// exec() result (prototypes, key order: WebIDL's conversions) is compared too, as kinds of its own.
//
// Pairs run in a worker thread: a pattern like "*+" compiles to a regular expression that
// backtracks exponentially (on both sides: V8 runs both), so a pair that takes longer than
// --timeout ms (default 2000) is abandoned with its worker. When only one side finishes, the pair
// gets ten times as long; if the other side still does not finish, that is a difference.
//
// Differences are grouped by kind; each kind gets a few minimized examples. --out (JSON lines,
// default target/urlpattern-differential.jsonl) gets up to --keep differences of each kind and
// then one line per kind with its count and minimized examples.
//
// Differences that the standards' text explains (with, where there is one, the engine's record
// of it) are listed in scripts/urlpattern-differential-known.json, with the words quoted and a
// predicate; they are reported as known and do not fail the run. Exit code: 0 when every
// difference is known, 1 otherwise, 2 on bad usage or when run on a Node without URLPattern.

import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomInt } from "node:crypto";
import { isMainThread, MessageChannel, receiveMessageOnPort, Worker, workerData } from "node:worker_threads";
import whatwgURL from "whatwg-url";

import { loadWeburl, readArguments } from "./differential/setup.mjs";
import { makeRandom } from "./differential/random.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOW_TO_RUN = "$(bash scripts/node-binary.sh 24.21.0) scripts/urlpattern-differential.mjs";

// ----- the reference: Node 24's own URLPattern -----

const nodeMajor = Number(process.versions.node.split(".")[0]);
if (!(nodeMajor >= 24) || typeof globalThis.URLPattern !== "function") {
  console.error(
    `urlpattern-differential: this Node (${process.version}) has no native URLPattern to compare with` +
      (nodeMajor >= 24 ? " (globalThis.URLPattern is not a function)" : " (it needs Node 24 or later)") +
      `.\nRun it with Node 24, fetched into target/node/ by scripts/node-binary.sh:\n\n  ${HOW_TO_RUN}\n`,
  );
  process.exit(2);
}
const NativeURLPattern = globalThis.URLPattern;

// ----- command line -----

function usage(message) {
  if (message) console.error(`urlpattern-differential: ${message}`);
  console.error(
    `usage: ${HOW_TO_RUN}\n` +
      "         [--count N] [--seed S] [--out FILE] [--examples K] [--keep K] [--progress N] [--no-wpt]\n" +
      "         [--timeout MS] [--start N] [--trace]\n" +
      `       ${HOW_TO_RUN} --case '{"pattern": [...], "inputs": [...]}'`,
  );
  process.exit(2);
}

const options = {
  count: 100_000,
  seed: undefined,
  out: path.join(ROOT, "target", "urlpattern-differential.jsonl"),
  examples: 3,
  keep: 100,
  progress: 25_000,
  wpt: true,
  start: 0,
  trace: false,
  timeout: 2000,
  case: undefined,
};
if (isMainThread) {
  readArguments(process.argv.slice(2), usage, (arg, next, int) => {
    switch (arg) {
      case "--count": options.count = int(next()); return true;
      case "--seed": options.seed = int(next()) >>> 0; return true;
      case "--out": options.out = path.resolve(next() ?? usage("--out takes a file")); return true;
      case "--examples": options.examples = int(next()); return true;
      case "--keep": options.keep = int(next()); return true;
      case "--progress": options.progress = Math.max(1, int(next())); return true;
      case "--no-wpt": options.wpt = false; return true;
      case "--start": options.start = int(next()); return true;
      case "--trace": options.trace = true; return true;
      case "--timeout": options.timeout = Math.max(1, int(next())); return true;
      case "--case": options.case = next() ?? usage("--case takes a JSON object"); return true;
      case "-h": case "--help": usage(); return true;
      default: return false;
    }
  });
  if (options.seed === undefined) options.seed = randomInt(2 ** 32 - 1);
}

// ----- weburl (waits while someone rebuilds pkg/) -----

const { URLPattern: WebURLPattern } = await loadWeburl("urlpattern-differential", "node.mjs");

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
const GETTERS = [...COMPONENTS, "hasRegExpGroups"];

// ----- running one pair on one side -----

function attempt(fn) {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error };
  }
}

function errorKind(error) {
  if (error instanceof TypeError) return "TypeError";
  return error?.constructor?.name ?? typeof error;
}

/** The outcome of a pair on one side: the constructor, the getters, test() and exec(). */
function runSide(URLPattern, c) {
  const out = {};
  out.ctor = attempt(() => new URLPattern(...c.pattern));
  if (!out.ctor.ok) return out;
  const pattern = out.ctor.value;
  out.getters = {};
  for (const g of GETTERS) out.getters[g] = attempt(() => pattern[g]);
  out.test = attempt(() => pattern.test(...c.inputs));
  out.exec = attempt(() => pattern.exec(...c.inputs));
  return out;
}

// ----- showing values: undefined is told from a missing member, order is kept -----

function show(v, depth = 0) {
  if (v === undefined) return "undefined";
  if (v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v !== "object") return String(v);
  if (depth > 6) return "…";
  if (Array.isArray(v)) return `[${v.map((x) => show(x, depth + 1)).join(", ")}]`;
  const proto = Object.getPrototypeOf(v) === null ? "[null prototype] " : "";
  return `${proto}{${Object.keys(v).map((k) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${show(v[k], depth + 1)}`).join(", ")}}`;
}

/** Like show() but independent of key order and prototypes: what deep equality compares. */
function canon(v) {
  if (v === undefined) return "undefined";
  if (v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v !== "object") return `${typeof v}:${String(v)}`;
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(",")}}`;
}

const withoutUndefined = (o) =>
  o !== null && typeof o === "object" && !Array.isArray(o)
    ? Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
    : o;

function showOutcome(r) {
  return r.ok ? show(r.value) : `throws ${errorKind(r.error)}: ${r.error?.message ?? String(r.error)}`;
}

/** A constructor's outcome: the pattern's components other than "*", or what it threw. */
function showConstructed(r) {
  if (!r.ok) return showOutcome(r);
  const parts = COMPONENTS.filter((c) => r.value[c] !== "*").map((c) => `${c} ${JSON.stringify(r.value[c])}`);
  return `constructs {${parts.join(", ")}}`;
}

// ----- comparing the two sides -----

/**
 * The differences of a pair: [{kind, field, weburl, native, w, n}]. `kind` names what differs (and
 * how, coarsely) but not the values, so that a reproducer can be minimized while keeping its kind;
 * `weburl` and `native` show the values; `w` and `n` are both sides' outcomes (for the predicates).
 */
function compare(c) {
  const w = runSide(WebURLPattern, c);
  const n = runSide(NativeURLPattern, c);
  const diffs = [];
  const add = (kind, field, wv, nv) => {
    if (!diffs.some((d) => d.kind === kind)) diffs.push({ kind, field, weburl: wv, native: nv, w, n });
  };

  // constructor
  if (w.ctor.ok !== n.ctor.ok || (!w.ctor.ok && errorKind(w.ctor.error) !== errorKind(n.ctor.error))) {
    const side = (r) => (r.ok ? "constructs" : `throws ${errorKind(r.error)}`);
    add(`constructor: weburl ${side(w.ctor)}, native ${side(n.ctor)}`, "constructor", showConstructed(w.ctor), showConstructed(n.ctor));
    return diffs;
  }
  if (!w.ctor.ok) {
    if (errorKind(w.ctor.error) !== "TypeError") {
      add(`constructor: both throw ${errorKind(w.ctor.error)}, not a TypeError`, "constructor", showOutcome(w.ctor), showOutcome(n.ctor));
    }
    return diffs;
  }

  // getters
  let patternsDiffer = false;
  for (const g of GETTERS) {
    const [wg, ng] = [w.getters[g], n.getters[g]];
    if (wg.ok !== ng.ok || (wg.ok && !Object.is(wg.value, ng.value))) {
      patternsDiffer = true;
      add(`getter ${g}`, g, showOutcome(wg), showOutcome(ng));
    }
  }
  if (patternsDiffer) return diffs;

  // test()
  compareCall(add, "test", w.test, n.test, (wv, nv) => {
    if (wv !== nv) add(`test: weburl ${show(wv)}, native ${show(nv)}`, "test", show(wv), show(nv));
  });

  // exec()
  compareCall(add, "exec", w.exec, n.exec, (wv, nv) => {
    if (wv === null || nv === null) {
      if (wv !== nv) add(`exec: weburl ${wv === null ? "null" : "a match"}, native ${nv === null ? "null" : "a match"}`, "exec", show(wv), show(nv));
      return;
    }
    compareResult(add, wv, nv);
  });
  // test() and exec() must agree with each other on each side too
  for (const [name, side] of [["weburl", w], ["native", n]]) {
    if (side.test.ok && side.exec.ok && side.test.value !== (side.exec.value !== null)) {
      add(`${name}: test() and exec() disagree`, "test/exec", showOutcome(side.test), showOutcome(side.exec));
    }
  }
  return diffs;
}

function compareCall(add, name, wr, nr, values) {
  if (wr.ok && nr.ok) return values(wr.value, nr.value);
  if (wr.ok !== nr.ok || errorKind(wr.error) !== errorKind(nr.error)) {
    const side = (r) => (r.ok ? "returns" : `throws ${errorKind(r.error)}`);
    add(`${name}: weburl ${side(wr)}, native ${side(nr)}`, name, showOutcome(wr), showOutcome(nr));
  } else if (errorKind(wr.error) !== "TypeError") {
    add(`${name}: both throw ${errorKind(wr.error)}, not a TypeError`, name, showOutcome(wr), showOutcome(nr));
  }
}

function protoName(o) {
  const proto = Object.getPrototypeOf(o);
  return proto === Object.prototype ? "Object.prototype" : proto === null ? "null" : "another object";
}

/** An exec() result on both sides: values first (order-free deep equality), then shape. */
function compareResult(add, w, n) {
  // inputs
  const [wi, ni] = [w.inputs, n.inputs];
  if (canon(wi) !== canon(ni)) {
    const sameBarUndefined = Array.isArray(wi) && Array.isArray(ni) && wi.length === ni.length &&
      wi.every((x, i) => canon(withoutUndefined(x)) === canon(withoutUndefined(ni[i])));
    add(sameBarUndefined ? "exec inputs: members undefined on one side, missing on the other" : "exec inputs",
      "inputs", show(wi), show(ni));
  }
  // components
  for (const component of COMPONENTS) {
    const [wc, nc] = [w[component], n[component]];
    if (wc === undefined || nc === undefined || wc === null || nc === null) {
      if (wc !== nc) add(`exec ${component}: missing on one side`, component, show(wc), show(nc));
      continue;
    }
    if (wc.input !== nc.input) add(`exec ${component}.input`, `${component}.input`, show(wc.input), show(nc.input));
    if (canon(wc.groups) !== canon(nc.groups)) {
      const sameBarUndefined = canon(withoutUndefined(wc.groups)) === canon(withoutUndefined(nc.groups));
      add(sameBarUndefined ? `exec ${component}.groups: undefined on one side, missing on the other` : `exec ${component}.groups`,
        `${component}.groups`, show(wc.groups), show(nc.groups));
    }
  }
  const extra = (a, b) => Object.keys(a).filter((k) => !Object.hasOwn(b, k));
  for (const [who, a, b] of [["weburl", w, n], ["native", n, w]]) {
    const more = extra(a, b);
    if (more.length > 0) add(`exec result: members only ${who} has`, "result", more.join(","), "");
  }

  // shape: prototypes and key order (WebIDL's conversions of dictionaries and records)
  const shape = (what, a, b) => {
    if (!a || !b || typeof a !== "object" || typeof b !== "object") return;
    if (protoName(a) !== protoName(b)) {
      add(`exec shape: ${what} prototype (weburl ${protoName(a)}, native ${protoName(b)})`, `${what} prototype`, protoName(a), protoName(b));
    }
    const [ka, kb] = [Object.keys(withoutUndefined(a)), Object.keys(withoutUndefined(b))];
    if (ka.join() !== kb.join() && canon([...ka].sort()) === canon([...kb].sort())) {
      add(`exec shape: ${what} key order`, `${what} keys`, ka.join(","), kb.join(","));
    }
  };
  shape("result", w, n);
  for (const component of COMPONENTS) {
    shape("component result", w[component], n[component]);
    shape("groups", w[component]?.groups, n[component]?.groups);
  }
  (wi ?? []).forEach((x, i) => shape("inputs dictionary", x, ni?.[i]));
}

/** One field of one side's outcome, as compared (what the counterfactual predicates look at). */
function fieldValue(side, field) {
  if (field === "constructor") return side.ctor.ok ? "constructs" : `throws ${errorKind(side.ctor.error)}`;
  if (!side.ctor.ok) return "no pattern";
  if (GETTERS.includes(field)) return showOutcome(side.getters[field]);
  if (field === "test") return showOutcome(side.test);
  if (!side.exec.ok) return `throws ${errorKind(side.exec.error)}`;
  const result = side.exec.value;
  if (field === "exec") return result === null ? "null" : "a match";
  const m = /^(\w+)\.(input|groups)$/.exec(field);
  if (m) return result === null ? "null" : canon(result[m[1]]?.[m[2]]);
  return showOutcome(side.exec);
}

// ----- known deviations: differences the standards' text explains -----

// scripts/urlpattern-differential-known.json lists them: an id, whose side deviates, the
// standards' words (quoted, with addresses), the engine's own record of it where there is one, and
// a predicate: the kinds it covers and a check, one of CHECKS below, run on the difference.
const KNOWN_FILE = path.join(ROOT, "scripts", "urlpattern-differential-known.json");
const KNOWN = JSON.parse(readFileSync(KNOWN_FILE, "utf8")).deviations;

const SPECIAL_SCHEMES = ["ftp", "file", "http", "https", "ws", "wss"];
const isDictValue = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const unescapePattern = (s) => s.replace(/\\(.)/gsu, "$1");
/** The URL Standard's scheme of `<value>://dummy.invalid/` (Node's URL is a URL Standard parser), or null. */
function dummyScheme(value) {
  try {
    return new URL(`${value}://dummy.invalid/`).protocol.slice(0, -1);
  } catch {
    return null;
  }
}
/** Whether a protocol pattern string matches a special scheme (the standard's flag), with weburl. */
function protocolPatternIsSpecial(protocolPattern) {
  try {
    const p = new WebURLPattern({ protocol: protocolPattern });
    return SPECIAL_SCHEMES.some((s) => p.test({ protocol: s }));
  } catch {
    return false;
  }
}
/** Runs the case rewritten by `rewrite` and compares weburl's field on the case with native's on the rewrite. */
function nativeAgreesAfter(d, c, rewrite) {
  const rewritten = rewrite(JSON.parse(JSON.stringify(c)));
  if (JSON.stringify(rewritten) === JSON.stringify(c)) return false;
  const n2 = runSide(NativeURLPattern, rewritten);
  return fieldValue(d.w, d.field) === fieldValue(n2, d.field);
}
/** Whether native's value of the field, with `map` applied to its strings, is weburl's. */
function nativeAgreesMapped(d, map) {
  const deep = (v) => (typeof v === "string" ? map(v) : v && typeof v === "object"
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)])) : v);
  const m = /^(\w+)\.(input|groups)$/.exec(d.field);
  if (!m || !d.w.exec.ok || !d.n.exec.ok || !d.w.exec.value || !d.n.exec.value) return false;
  return canon(d.w.exec.value[m[1]]?.[m[2]]) === canon(deep(d.n.exec.value[m[1]]?.[m[2]]));
}
/** Applies `edit(value, key, role, init)` to the init members of the case's pattern and inputs. */
function editMembers(c, keys, edit) {
  for (const [role, list] of [["pattern", c.pattern], ["input", c.inputs]]) {
    for (const x of list) {
      if (!isDictValue(x)) continue;
      for (const k of keys) if (typeof x[k] === "string") x[k] = edit(x[k], k, role, x);
    }
  }
  return c;
}
/** The directory of a base URL's path (what a relative init pathname is appended to), or null. */
function baseDirectory(baseURL) {
  try {
    const u = new URL(baseURL);
    if (!u.pathname.startsWith("/")) return null;
    return u.pathname.slice(0, u.pathname.lastIndexOf("/") + 1);
  } catch {
    return null;
  }
}
/** A pattern string with each run of fixed text (outside groups, names and modifiers) replaced by `f(unescaped run)`. */
const REGEXP_TOKEN = String.raw`\((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\)`;
function mapFixedRuns(pattern, f) {
  return pattern.replace(new RegExp(String.raw`(${REGEXP_TOKEN}|:[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*|[*?+{}])|((?:[^\\:*?+({}]|\\.)+)`, "gsu"),
    (all, syntax, run) => (syntax !== undefined ? all : f(unescapePattern(run)) ?? all));
}
/** The runs of fixed text of a pattern string, unescaped. */
function fixedRuns(pattern) {
  const runs = [];
  mapFixedRuns(pattern, (run) => {
    runs.push(run);
    return null;
  });
  return runs;
}
/** A pattern string with each modifier-less {group} of fixed text only replaced by its text (as the parser merges it). */
const flattenFixedGroups = (pattern) => pattern.replace(new RegExp(String.raw`(${REGEXP_TOKEN})|\{((?:[^{}\\:*?+()]|\\.)*)\}(?![?*+])`, "gsu"),
  (all, regexp, inner) => regexp ?? inner);
const escapePatternString = (s) => s.replace(/[+*?:{}()\\]/g, "\\$&");
// what a full URL parse treats otherwise than the opaque path state: "//" (an authority), dot
// segments, spaces and C0 controls (stripped at the ends), and the code points only the path
// percent-encode set has; in a pattern string, braces are syntax unless escaped
const OPAQUE_TRIGGER = /\/\/|(^|\/)(\.|%2e){1,2}(\/|$)|[\u0000-\u0020"<>^`{}]|%[01][0-9a-f]|%7f/i;
const OPAQUE_PATTERN_TRIGGER = /\/\/|(^|\/)(\.|%2e){1,2}(?=$|[\/*:(){}?+])|[\u0000-\u0020"<>^`]|\\[{}]|%[01][0-9a-f]|%7f/i;

/** A pattern string with each escaped backslash (`\\`) made `\/`, but in regexp groups (not canonicalized). */
function escapedBackslashesAsSlashes(pattern) {
  let out = "";
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "\\") {
      const next = pattern[i + 1] ?? "";
      out += depth === 0 && next === "\\" ? "\\/" : ch + next;
      i++;
      continue;
    }
    if (ch === "(") depth++;
    else if (ch === ")" && depth > 0) depth--;
    out += ch;
  }
  return out;
}

/** The text of a pattern string of fixed text alone (escapes undone), or null. */
function fixedText(pattern) {
  if (/(^|[^\\])(\\\\)*[+*?:{}()]/.test(pattern)) return null;
  return pattern.replace(/\\(.)/gsu, "$1");
}

/** The standard's "canonicalize a pathname", on whatwg-url's URL parser (the reference). */
function canonicalizeAPathname(value) {
  if (value === "") return value;
  const leadingSlash = value.startsWith("/");
  const url = whatwgURL.basicURLParse("https://dummy.invalid/");
  url.path = [];
  whatwgURL.basicURLParse(leadingSlash ? value : `/-${value}`, { url, stateOverride: "path start" });
  const result = whatwgURL.serializePath(url);
  return leadingSlash ? result : result.slice(2);
}

/** The scheme a dictionary input is matched with: its protocol's or its base URL's; null if none parses. */
function inputScheme(input) {
  if (typeof input.protocol === "string") return dummyScheme(input.protocol.replace(/:$/, ""));
  if (typeof input.baseURL !== "string") return null;
  try {
    return new URL(input.baseURL).protocol.slice(0, -1);
  } catch {
    return null;
  }
}

const CHECKS = {
  none: () => true,
  // the weburl dictionaries in `inputs` have no undefined members; native's add only undefined ones
  "native-adds-undefined-members": (d) => {
    const [wi, ni] = [d.w.exec.value?.inputs, d.n.exec.value?.inputs];
    return Array.isArray(wi) && Array.isArray(ni) && wi.every((x, i) => !isDictValue(x) ||
      (Object.values(x).every((v) => v !== undefined) && Object.keys(ni[i]).filter((k) => !Object.hasOwn(x, k)).every((k) => ni[i][k] === undefined)));
  },
  // weburl's keys are in lexicographic order
  "weburl-lexicographic": (d) => {
    const keys = d.weburl.split(",");
    return keys.join() === [...keys].sort().join();
  },
  // weburl's named groups come in the order their names appear in its pattern string
  "weburl-groups-in-name-order": (d) => {
    const result = d.w.exec.value;
    return COMPONENTS.every((component) => {
      const groups = result?.[component]?.groups;
      if (!groups) return true;
      const named = Object.keys(groups).filter((k) => !/^(0|[1-9]\d*)$/.test(k));
      const pattern = d.w.getters[component].value;
      const at = named.map((k) => pattern.search(new RegExp(`:${k.replace(/[$]/g, "\\$&")}(?![\\p{ID_Continue}$\\u200c\\u200d])`, "u")));
      return at.every((i, j) => i >= 0 && (j === 0 || i > at[j - 1]));
    });
  },
  // native, with backslashes in pathnames made slashes and ' in searches made %27 (what the special
  // dummy URL does to them), gives weburl's value: its pattern string recompiled that way, its
  // exec() values mapped that way, or its outcome on the case rewritten that way
  "special-dummy-url": (d, c) => {
    if (d.field === "pathname" && d.n.getters?.pathname?.ok) {
      // a pathname of fixed text alone with a backslash: what the standard's steps give it, on the
      // reference parser (native's may have no backslash left: "/f\\o/.." is "/")
      const init = c.pattern[0];
      const fixed = isDictValue(init) && init.baseURL === undefined && typeof init.pathname === "string" &&
        init.pathname.includes("\\") ? fixedText(init.pathname) : null;
      if (fixed !== null && protocolPatternIsSpecial(d.w.getters.protocol.value) &&
        escapePatternString(canonicalizeAPathname(fixed)) === d.w.getters.pathname.value) return true;
      if (!d.n.getters.pathname.value.includes("\\\\") || !protocolPatternIsSpecial(d.n.getters.protocol.value)) return false;
      try {
        const recompiled = new NativeURLPattern({ protocol: d.n.getters.protocol.value, pathname: escapedBackslashesAsSlashes(d.n.getters.pathname.value) });
        // (Node also drops grouping braces, native-pattern-string-grouping; both can meet here)
        const strip = (v) => v.replace(/[{}]/g, "");
        return recompiled.pathname === d.w.getters.pathname.value || strip(recompiled.pathname) === strip(d.w.getters.pathname.value);
      } catch {
        return false;
      }
    }
    if (d.field === "search" && d.n.getters?.search?.ok) {
      return d.n.getters.search.value.includes("'") && d.n.getters.search.value.replaceAll("'", "%27") === d.w.getters.search.value;
    }
    if (/^(pathname|search)\.(input|groups)$/.test(d.field) && (d.field.startsWith("search") ? d.native.includes("'") : d.native.includes("\\")) &&
      nativeAgreesMapped(d, d.field.startsWith("search") ? (v) => v.replaceAll("'", "%27") : (v) => v.replaceAll("\\", "/"))) {
      return true;
    }
    return nativeAgreesAfter(d, c, (x) => {
      editMembers(x, ["pathname", "search"], (v, k, role, init) => {
        if (k === "search") return v.replaceAll("'", "%27");
        if (role === "pattern") return escapedBackslashesAsSlashes(v);
        const dir = v.startsWith("\\") && typeof init.baseURL === "string" ? baseDirectory(init.baseURL) : null;
        return (dir ?? "") + v.replaceAll("\\", "/");
      });
      return x;
    });
  },
  // native, given the case with each protocol (each run of fixed text in a protocol pattern)
  // replaced by the scheme the URL parser finds in `<protocol>://dummy.invalid/`, gives weburl's value
  "protocol-dummy-parse": (d, c) => nativeAgreesAfter(d, c, (x) => {
    const scheme = (run) => {
      const found = dummyScheme(run);
      return found === null ? null : escapePatternString(found);
    };
    editMembers(x, ["protocol"], (v, k, role) => {
      const stripped = v.replace(/:$/, "");
      return role === "pattern" ? mapFixedRuns(flattenFixedGroups(stripped), scheme) : dummyScheme(stripped) ?? v;
    });
    if (typeof x.pattern[0] === "string") {
      // the protocol of a constructor string: up to the first ":" that is a char, escaped-char or
      // invalid-char token (not the start of a name); regexp groups and names are part of it
      const m = new RegExp(String.raw`^((?:\{(?:[^{}\\]|\\.)*\}|[^\\:/#({]|\\[^:]|${REGEXP_TOKEN}|:[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)*)(\\:|:(?![\p{ID_Start}$_]))`, "u").exec(x.pattern[0]);
      if (m) x.pattern[0] = mapFixedRuns(flattenFixedGroups(m[1]), scheme) + x.pattern[0].slice(m[1].length);
    }
    return x;
  }),
  // the pathname that differs is canonicalized as an opaque path (its protocol is not special) and
  // has what a full URL parse treats otherwise: "//", a dot segment, a space or a C0 control
  "opaque-pathname": (d, c) => {
    if (["constructor", "pathname"].includes(d.field)) {
      const pattern = d.w.ctor.value;
      return pattern !== undefined && !protocolPatternIsSpecial(pattern.protocol) && OPAQUE_PATTERN_TRIGGER.test(pattern.pathname);
    }
    const input = c.inputs[0];
    if (!isDictValue(input) || typeof input.pathname !== "string") return false;
    const protocol = inputScheme(input);
    return protocol !== null && protocol !== "" && !SPECIAL_SCHEMES.includes(protocol) && OPAQUE_TRIGGER.test(input.pathname);
  },
  // a URL string input (with its base URL string, if any) that the URL parser rejects
  "url-parse-failure": (d, c) => typeof c.inputs[0] === "string" &&
    !URL.canParse(c.inputs[0], ...(c.inputs.length > 1 ? [String(c.inputs[1])] : [])) &&
    ["false", "null"].includes(fieldValue(d.w, d.field === "test" ? "test" : "exec")),
  // weburl's pattern string is native's with grouping braces added
  "needs-grouping": (d) => {
    const strip = (s) => s.replace(/[{}]/g, "");
    return d.weburl !== d.native && strip(d.weburl) === strip(d.native) && d.weburl.length > d.native.length;
  },
  // a port (of the input, or a run of fixed text in the pattern's) made only of ASCII tab or newline
  "port-only-tab-or-newline": (d, c) => {
    // in a constructor string: a ":" after the host, then only tabs and newlines up to the path
    let found = typeof c.pattern[0] === "string" && /:[\t\n\r]+(?=$|[\/?#])/.test(c.pattern[0]);
    editMembers(JSON.parse(JSON.stringify(c)), ["port"], (v, k, role) => {
      if ((role === "pattern" ? fixedRuns(v) : [v]).some((run) => /^[\t\n\r]+$/.test(run))) found = true;
      return v;
    });
    return found;
  },
  // a port of zeros with the "file" protocol: weburl keeps it, native empties it (or, for an input, fails it)
  "file-port-zero": (d, c) => {
    if (d.field === "port") {
      return d.w.getters.protocol.value === "file" && /^0+$/.test(d.w.getters.port.value) && d.n.getters.port.value === "";
    }
    const input = c.inputs[0];
    if (!isDictValue(input) || typeof input.port !== "string" || !/^0+$/.test(input.port)) return false;
    const protocol = inputScheme(input);
    return protocol === "file";
  },
  // a pathname (a run of fixed text in the pattern's, or the input's without a base URL) that does
  // not start with "/" and whose dot segments pop the "-" segment the standard prepends
  "dash-prefix-popped": (d, c) => {
    const popped = (v) => {
      if (v === "" || v.startsWith("/")) return false;
      try {
        return new URL(`/-${v}`, "https://dummy.invalid/").pathname.length < 2;
      } catch {
        return false;
      }
    };
    let found = false;
    editMembers(JSON.parse(JSON.stringify(c)), ["pathname"], (v, k, role, init) => {
      if (role === "pattern" ? fixedRuns(v).some(popped) : init.baseURL === undefined && popped(v)) found = true;
      return v;
    });
    return found;
  },
};
for (const k of KNOWN) {
  if (!CHECKS[k.predicate.check]) throw new Error(`${KNOWN_FILE}: ${k.id}: unknown check ${k.predicate.check}`);
}

function knownFor(diff, c) {
  return KNOWN.find((k) => k.predicate.kinds.includes(diff.kind) && CHECKS[k.predicate.check](diff, c));
}

/** What the run records of a pair: its differences, each with the known deviation that explains it (or null). */
function evaluate(c) {
  return compare(c).map((d) => ({ kind: d.kind, field: d.field, weburl: d.weburl, native: d.native, known: knownFor(d, c)?.id ?? null }));
}

/** One side alone, summarized (to tell which side does not finish when a pair times out). */
function evaluateSide(which, c) {
  const r = runSide(which === "weburl" ? WebURLPattern : NativeURLPattern, c);
  return r.ctor.ok ? `test ${showOutcome(r.test)}, exec ${r.exec.ok ? (r.exec.value === null ? "null" : "a match") : showOutcome(r.exec)}` : showOutcome(r.ctor);
}

// ----- the worker -----

// Pairs are evaluated in a worker thread that the main thread waits for at most --timeout ms: a
// pattern such as "*+" compiles to a regular expression that backtracks exponentially (V8 runs
// both sides' regular expressions), and such a pair is abandoned, with the worker, instead of
// hanging the run.
if (!isMainThread) {
  const { port, signal } = workerData;
  port.on("message", ({ op, which, c }) => {
    let reply;
    try {
      reply = { value: op === "side" ? evaluateSide(which, c) : evaluate(c) };
    } catch (error) {
      reply = { error: String(error?.stack ?? error) };
    }
    port.postMessage(reply);
    Atomics.store(signal, 0, 1);
    Atomics.notify(signal, 0);
  });
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
  await new Promise(() => {}); // the rest of this module is the main thread's; the port keeps the worker alive
}

/** The main thread's end: evaluates a pair in the worker, or returns null when it takes longer than `timeout` ms. */
class Guard {
  constructor(timeout) {
    this.timeout = timeout;
    this.restarts = 0;
    this.spawn();
  }

  spawn() {
    const { port1, port2 } = new MessageChannel();
    this.signal = new Int32Array(new SharedArrayBuffer(4));
    this.port = port1;
    this.worker = new Worker(new URL(import.meta.url), { workerData: { port: port2, signal: this.signal }, transferList: [port2] });
    this.worker.on("error", (error) => console.error(`urlpattern-differential: worker: ${error.stack ?? error}`));
    if (Atomics.wait(this.signal, 0, 0, 300_000) === "timed-out") throw new Error("the comparison worker did not start");
  }

  request(message) {
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage(message);
    if (Atomics.wait(this.signal, 0, 0, this.timeout) === "timed-out") {
      this.worker.terminate();
      this.port.close();
      this.restarts++;
      this.spawn();
      return null;
    }
    const reply = receiveMessageOnPort(this.port)?.message;
    if (!reply) throw new Error("the comparison worker did not reply");
    if (reply.error) throw new Error(reply.error);
    return reply;
  }

  /** The pair's differences (as evaluate() gives them), or null on a timeout (`factor` times the timeout). */
  evaluate(c, factor = 1) {
    const timeout = this.timeout;
    this.timeout *= factor;
    try {
      return this.request({ op: "pair", c })?.value ?? null;
    } finally {
      this.timeout = timeout;
    }
  }

  /** One side's summary, or null on a timeout. */
  side(which, c) {
    return this.request({ op: "side", which, c })?.value ?? null;
  }

  close() {
    this.worker.terminate();
    this.port.close();
  }
}

// ----- data -----

const WPT_DIR = process.env.WEBURL_WPT_DIR ? path.resolve(ROOT, process.env.WEBURL_WPT_DIR) : path.resolve(ROOT, "..", "shared", "wpt");
const DATASETS_DIR = process.env.WEBURL_DATASETS ? path.resolve(ROOT, process.env.WEBURL_DATASETS) : path.resolve(ROOT, "..", "shared", "datasets");

function readText(file) {
  const text = readFileSync(file, "utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const WPT = JSON.parse(readText(path.join(WPT_DIR, "urlpatterntestdata.json")))
  .filter((e) => e && Array.isArray(e.pattern))
  .map((e) => ({ pattern: e.pattern, inputs: Array.isArray(e.inputs) ? e.inputs : undefined }));
const KASZTP = readText(path.join(DATASETS_DIR, "kasztp.txt")).split(/\r?\n/).filter(Boolean);
if (WPT.length === 0 || KASZTP.length === 0) throw new Error("no WPT entries or no kasztp.txt lines");

const INIT_KEYS = [...COMPONENTS, "baseURL"];
const isDict = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
// Components of the WPT inits, patterns and inputs, to swap between entries.
const PATTERN_MEMBERS = Object.fromEntries(INIT_KEYS.map((k) => [k, new Set()]));
const INPUT_MEMBERS = Object.fromEntries(INIT_KEYS.map((k) => [k, new Set()]));
const PATTERN_STRINGS = new Set();
const INPUT_STRINGS = new Set();
const BASE_URLS = new Set(["https://example.com/", "https://example.com/foo/bar?q#h", "data:text/plain,x", "file:///C:/x"]);
for (const e of WPT) {
  e.pattern.forEach((x, i) => {
    if (typeof x === "string") (i === 0 ? PATTERN_STRINGS : BASE_URLS).add(x);
    else if (isDict(x)) for (const k of INIT_KEYS) if (typeof x[k] === "string") PATTERN_MEMBERS[k].add(x[k]);
  });
  for (const x of e.inputs ?? []) {
    if (typeof x === "string") INPUT_STRINGS.add(x);
    else if (isDict(x)) for (const k of INIT_KEYS) if (typeof x[k] === "string") INPUT_MEMBERS[k].add(x[k]);
  }
}
const listOf = (o) => Object.fromEntries(Object.entries(o).map(([k, s]) => [k, [...s]]));
const PATTERN_POOL = listOf(PATTERN_MEMBERS);
const INPUT_POOL = listOf(INPUT_MEMBERS);
const PATTERN_STRING_LIST = [...PATTERN_STRINGS];
const INPUT_STRING_LIST = [...INPUT_STRINGS];
const BASE_URL_LIST = [...BASE_URLS];

// ----- seeded generation -----

// The characters inserted or put in place of others: a group is drawn first, then a member.
const CHAR_GROUPS = [
  [45, [...":*(){}?+\\/.#@[]"]],
  [12, [..."abcxyzABCZ_$-"]],
  [8, [..."0123456789"]],
  [10, ["é", "ß", "ẞ", "ı", "K", "①", "\u0301", "\u200d", "🏳", "\u3002", "\uFF0E", "\uFFFD", "\uD800", "\uDC00"]],
  [10, ["%", "%2F", "%2f", "%25", "%zz", "%E9", "%3A"]],
  [10, [":id", ":a", ":é", "(\\d+)", "(.*)", "([a-z]+)", "(a|b)", "(?:x)", "(^)", "($)", "\\\\", "\\:", "\\*", "*?", "{x}?", "{:a}*", "[\\]]", "(\\/)", "(\\p{L})", "(ı)"]],
  [5, [" ", "\t", "\n", "\u0000", "|", "^", "$", "&", "=", ";", ",", "~", "'", "<"]],
];
const ALPHABET = { groups: CHAR_GROUPS, structural: new Set([..."/\\?#@:[](){}*+.%"]), nearStructural: 0.4 };

function makeGenerator(seed) {
  const { rand, below, pick, chance, mutate } = makeRandom(seed, ALPHABET);


  const kasztp = () => KASZTP[below(KASZTP.length)];

  /** A pattern made from a real URL: path segments and a host label turned into pattern syntax. */
  function urlPattern(url) {
    const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url);
    if (!m) return url;
    let [, scheme, host, pathname, search = "", hash = ""] = m;
    if (chance(0.3)) host = host.replace(/^[^.:]+/, pick([":sub", "*", "{:sub.}?www", "(www|m)"]));
    const segments = pathname.split("/").map((s, i) => (i === 0 || !chance(0.4) ? s
      : pick([":p", ":id(\\d+)", "*", ":slug([\\w-]+)", "(.*)", "{:opt}?", ":name?", ":rest*", ":rest+", s.replace(/\.(\w+)$/, ".:ext")])));
    pathname = segments.join("/");
    if (search && chance(0.5)) search = pick(["\\?*", "\\?:q", "\\?page=:n", "\\?*"]);
    else search = search.replace(/\?/, "\\?");
    if (chance(0.3)) scheme = pick(["http{s}?://", "*://", ":proto://", "https://"]);
    return scheme + host + pathname + search + hash;
  }

  const clone = (x) => (x === undefined ? undefined : JSON.parse(JSON.stringify(x)));

  /** One string of `args` (a pattern's or an input's arguments) mutated in place. */
  function mutateSome(args) {
    const slots = [];
    args.forEach((x, i) => {
      if (typeof x === "string") slots.push([args, i]);
      else if (isDict(x)) for (const k of INIT_KEYS) if (typeof x[k] === "string") slots.push([x, k]);
    });
    if (slots.length === 0) {
      // an empty init or no arguments: give it a member to mutate
      if (args.length === 0 || !isDict(args[0])) args.unshift({});
      const key = pick(COMPONENTS);
      args[0][key] = mutate("");
      return;
    }
    const [holder, key] = pick(slots);
    holder[key] = mutate(holder[key]);
  }

  /** A member of an init swapped for (or added from) another entry's. */
  function swapMember(args, pool) {
    let init = args.find(isDict);
    if (!init) {
      if (args.length > 0 && typeof args[0] === "string") return false;
      init = {};
      args.unshift(init);
    }
    const key = pick(INIT_KEYS);
    if (pool[key].length === 0) return false;
    init[key] = pick(pool[key]);
    return true;
  }

  function toggleIgnoreCase(args) {
    const last = args[args.length - 1];
    if (args.length >= 2 && isDict(last)) last.ignoreCase = !last.ignoreCase;
    else args.push({ ignoreCase: true });
  }

  function toggleBase(args, strings) {
    if (args.length === 0) return;
    if (isDict(args[0])) {
      if ("baseURL" in args[0]) delete args[0].baseURL;
      else args[0].baseURL = pick(BASE_URL_LIST);
    } else if (typeof args[1] === "string") {
      args.splice(1, 1);
    } else {
      args.splice(1, 0, chance(0.8) ? pick(BASE_URL_LIST) : pick(strings));
    }
  }

  function pattern(entry) {
    if (chance(0.06)) {
      const url = kasztp();
      const args = [urlPattern(url)];
      if (chance(0.2)) args.push({ ignoreCase: true });
      return { args, url };
    }
    const args = clone(entry.pattern);
    const ops = 1 + below(2);
    for (let k = 0; k < ops; k++) {
      const r = rand();
      if (r < 0.55) mutateSome(args);
      else if (r < 0.7) swapMember(args, PATTERN_POOL) || mutateSome(args);
      else if (r < 0.78) args[0] = chance(0.5) ? pick(PATTERN_STRING_LIST) : mutate(pick(PATTERN_STRING_LIST));
      else if (r < 0.88) toggleIgnoreCase(args);
      else if (r < 0.95) toggleBase(args, PATTERN_STRING_LIST);
      else if (args.length > 0 && isDict(args[0])) {
        const keys = Object.keys(args[0]);
        if (keys.length > 0) delete args[0][pick(keys)];
      }
    }
    return { args };
  }

  function inputs(entry, patternUrl) {
    if (patternUrl !== undefined) {
      // a pattern made from a URL: that URL (often matching), a mutation, or another URL
      const r = rand();
      return [r < 0.5 ? patternUrl : r < 0.8 ? mutate(patternUrl) : kasztp()];
    }
    const r = rand();
    if (r < 0.12) return chance(0.8) ? [kasztp()] : [kasztp().replace(/^[a-z]+:\/\/[^/]*/i, ""), pick(BASE_URL_LIST)];
    if (r < 0.13) return [];
    let own = entry.inputs;
    if (own === undefined || r < 0.2) own = WPT[below(WPT.length)].inputs ?? [];
    const args = clone(own);
    if (chance(0.5)) mutateSome(args);
    if (chance(0.15)) swapMember(args, INPUT_POOL);
    if (chance(0.05)) toggleBase(args, INPUT_STRING_LIST);
    return args;
  }

  return {
    next() {
      const entry = WPT[below(WPT.length)];
      const p = pattern(entry);
      return { pattern: p.args, inputs: inputs(entry, p.url) };
    },
  };
}

// ----- minimizing a reproducer -----

/** Whether `c` still shows a difference of `kind`, explained by the known deviation `knownId` (null: unexplained). */
function stillShows(c, kind, knownId) {
  try {
    return (guard.evaluate(c) ?? []).some((d) => d.kind === kind && d.known === knownId);
  } catch {
    return false;
  }
}

/** A smaller case with the same kind of difference (and explanation): arguments, members and characters removed. */
function minimize(c, kind, knownId, budget = 3000, seconds = 10) {
  let best = JSON.parse(JSON.stringify(c));
  let tries = 0;
  const until = performance.now() + seconds * 1000;
  const tryCase = (candidate) => {
    if (tries++ >= budget || performance.now() > until) return false;
    if (stillShows(candidate, kind, knownId)) {
      best = candidate;
      return true;
    }
    return false;
  };
  const copy = () => JSON.parse(JSON.stringify(best));
  // string leaves: [path] where path is [list, index] or [list, index, key]
  const leaves = (x) => {
    const out = [];
    for (const list of ["pattern", "inputs"]) {
      x[list].forEach((v, i) => {
        if (typeof v === "string") out.push([list, i]);
        else if (isDict(v)) for (const k of Object.keys(v)) if (typeof v[k] === "string") out.push([list, i, k]);
      });
    }
    return out;
  };
  const get = (x, [list, i, k]) => (k === undefined ? x[list][i] : x[list][i][k]);
  const set = (x, [list, i, k], v) => {
    if (k === undefined) x[list][i] = v;
    else x[list][i][k] = v;
  };
  let progress = true;
  while (progress && tries < budget) {
    progress = false;
    // structure: drop trailing arguments, dictionary members, the ignoreCase option
    for (const list of ["inputs", "pattern"]) {
      for (let i = best[list].length - 1; i >= 0; i--) {
        const candidate = copy();
        candidate[list].splice(i, 1);
        if (tryCase(candidate)) progress = true;
      }
      for (let i = 0; i < best[list].length; i++) {
        if (!isDict(best[list][i])) continue;
        for (const k of Object.keys(best[list][i])) {
          const candidate = copy();
          delete candidate[list][i][k];
          if (tryCase(candidate)) progress = true;
        }
      }
    }
    // characters: ddmin-like chunk removal, then single code points made plain
    for (const leaf of leaves(best)) {
      let cps = Array.from(get(best, leaf));
      for (let size = Math.max(1, cps.length >> 1); size >= 1; size >>= 1) {
        for (let at = 0; at + size <= cps.length; ) {
          const candidate = copy();
          set(candidate, leaf, [...cps.slice(0, at), ...cps.slice(at + size)].join(""));
          if (tryCase(candidate)) {
            cps = Array.from(get(best, leaf));
            progress = true;
          } else {
            at += size;
          }
        }
      }
    }
  }
  return best;
}

// ----- one case from the command line -----

if (options.case !== undefined) {
  let c;
  try {
    c = JSON.parse(options.case);
  } catch (error) {
    usage(`--case: ${error.message}`);
  }
  c = { pattern: c.pattern ?? [], inputs: c.inputs ?? [] };
  for (const [name, P] of [["weburl", WebURLPattern], ["native", NativeURLPattern]]) {
    const r = runSide(P, c);
    console.log(`${name}:\n  new URLPattern(...${JSON.stringify(c.pattern)}) ${r.ctor.ok ? "constructs" : showOutcome(r.ctor)}`);
    if (!r.ctor.ok) continue;
    for (const g of GETTERS) console.log(`  ${g}: ${showOutcome(r.getters[g])}`);
    console.log(`  test(...${JSON.stringify(c.inputs)}): ${showOutcome(r.test)}`);
    console.log(`  exec(...${JSON.stringify(c.inputs)}): ${showOutcome(r.exec)}`);
  }
  const diffs = compare(c);
  console.log(diffs.length === 0 ? "no difference" : `differences:\n${diffs.map((d) => `  ${d.kind}${knownFor(d, c) ? ` (known: ${knownFor(d, c).id})` : " (UNEXPLAINED)"}`).join("\n")}`);
  process.exit(diffs.every((d) => knownFor(d, c)) ? 0 : 1);
}

// ----- the run -----

const started = performance.now();
console.log(`urlpattern-differential: weburl (pkg/node.mjs) against Node ${process.version}'s URLPattern; seed ${options.seed}`);
console.log(`  ${WPT.length} WPT entries, ${KASZTP.length} kasztp.txt URLs; --count ${options.count}`);

const kinds = new Map(); // kind → {count, groups: Map(known id or null → {count, samples})}
let pairs = 0;
let pairsWithDifferences = 0;
let pairsWithUnexplained = 0;
let skippedAfterPatternDifference = 0;
mkdirSync(path.dirname(options.out), { recursive: true });
const out = openSync(options.out, "w");
const write = (record) => writeSync(out, `${JSON.stringify(record)}\n`);

const guard = new Guard(options.timeout);
const abandoned = []; // pairs on which neither side finished within --timeout ms
let abandonedCount = 0;

function runCase(c, origin) {
  pairs++;
  let diffs = guard.evaluate(c);
  if (diffs === null) {
    // which side does not finish?
    const [w, n] = [guard.side("weburl", c), guard.side("native", c)];
    if (w === null && n === null) {
      abandonedCount++;
      if (abandoned.length < options.examples) abandoned.push({ case: c, origin });
      write({ type: "abandoned", origin, case: c, timeout: options.timeout });
      return;
    }
    // one side finishes: give the pair ten times as long before calling it a difference
    diffs = guard.evaluate(c, 10);
    if (diffs === null) {
      const slow = w === null ? "weburl" : "native";
      diffs = [{ kind: `test/exec: ${slow} does not finish in 10 × --timeout ms, the other side does in --timeout ms`, field: "test/exec",
        weburl: w ?? "(did not finish)", native: n ?? "(did not finish)", known: null }];
    }
  }
  if (diffs.length === 0) return;
  pairsWithDifferences++;
  if (diffs.some((d) => d.kind.startsWith("getter "))) skippedAfterPatternDifference++;
  const seen = new Set();
  let anyUnexplained = false;
  for (const d of diffs) {
    if (seen.has(d.kind)) continue;
    seen.add(d.kind);
    let k = kinds.get(d.kind);
    if (!k) {
      k = { count: 0, groups: new Map() };
      kinds.set(d.kind, k);
    }
    k.count++;
    const knownId = d.known;
    if (knownId === null) anyUnexplained = true;
    let g = k.groups.get(knownId);
    if (!g) {
      g = { count: 0, samples: [] };
      k.groups.set(knownId, g);
    }
    g.count++;
    if (g.samples.length < 40) g.samples.push({ case: c, origin });
    if (g.count <= options.keep) {
      write({ type: "difference", kind: d.kind, known: knownId, origin, case: c, field: d.field, weburl: d.weburl, native: d.native });
    }
  }
  if (anyUnexplained) pairsWithUnexplained++;
}

if (options.wpt) {
  WPT.forEach((e, i) => runCase({ pattern: e.pattern, inputs: e.inputs ?? [] }, `wpt #${i}`));
}
const wptPairs = pairs;
const generator = makeGenerator(options.seed);
const generatedStart = performance.now();
for (let i = 0; i < options.count; i++) {
  const c = generator.next();
  if (i < options.start) continue;
  if (options.trace) process.stderr.write(`#${i} ${JSON.stringify(c)}\n`);
  runCase(c, `seed ${options.seed} #${i}`);
  if ((i + 1) % options.progress === 0 && i + 1 < options.count) {
    console.log(`  … ${i + 1} pairs, ${((performance.now() - generatedStart) / 1000).toFixed(1)} s, ${kinds.size} kinds of difference`);
  }
}
const runSeconds = (performance.now() - started) / 1000;

// report: kinds by count; in each, the unexplained first, then each known deviation, with minimized examples
const minimizeStart = performance.now();
let unexplained = 0;
const sorted = [...kinds.entries()].sort((a, b) => b[1].count - a[1].count);
console.log(`\n${pairs} pairs (${wptPairs} WPT entries as they are, ${pairs - wptPairs} generated) in ${runSeconds.toFixed(1)} s` +
  (abandonedCount > 0 ? `; ${abandonedCount} abandoned after ${options.timeout} ms on both sides` : ""));
console.log(`${pairsWithDifferences} pairs with differences (${pairsWithUnexplained} with an unexplained one); ${kinds.size} kinds` +
  (skippedAfterPatternDifference ? ` (test/exec not compared on ${skippedAfterPatternDifference} pairs whose patterns differ)` : ""));
const summary = [];
for (const [kind, k] of sorted) {
  const groups = [...k.groups.entries()].sort((a, b) => (a[0] === null ? -1 : b[0] === null ? 1 : b[1].count - a[1].count));
  const unknown = k.groups.get(null)?.count ?? 0;
  unexplained += unknown;
  console.log(`\n[${k.count}] ${kind}`);
  for (const [knownId, g] of groups) {
    console.log(`  ${g.count} ${knownId === null ? "UNEXPLAINED" : `known: ${knownId}`}`);
    summary.push([kind, knownId ?? "UNEXPLAINED", g.count]);
    // the shortest samples minimized, duplicates (after minimizing) dropped
    const bySize = g.samples.slice().sort((a, b) => JSON.stringify(a.case).length - JSON.stringify(b.case).length);
    const examples = [];
    const shown = new Set();
    for (const s of bySize) {
      if (examples.length >= options.examples) break;
      const small = kind.includes("does not finish") ? s.case : minimize(s.case, kind, knownId);
      const key = JSON.stringify(small);
      if (shown.has(key)) continue;
      shown.add(key);
      const d = kind.includes("does not finish") ? { field: "test/exec", weburl: "", native: "" } : guard.evaluate(small)?.find((x) => x.kind === kind);
      if (!d) continue;
      examples.push({ case: small, field: d.field, weburl: d.weburl, native: d.native, origin: s.origin });
      console.log(`    ${JSON.stringify(small)}`);
      console.log(`      ${d.field}: weburl ${d.weburl}`);
      console.log(`      ${" ".repeat(d.field.length)}  native ${d.native}`);
    }
    write({ type: "kind", kind, known: knownId, count: g.count, examples });
  }
}
closeSync(out);
guard.close();
if (abandonedCount > 0) {
  console.log(`\n${abandonedCount} pairs abandoned: neither side finished within ${options.timeout} ms (a regular expression that backtracks exponentially), e.g.`);
  for (const a of abandoned) console.log(`    ${JSON.stringify(a.case)}`);
}
console.log(`\nsummary (kind — explanation — count):`);
for (const [kind, why, count] of summary) console.log(`  ${String(count).padStart(7)}  ${kind} — ${why}`);
console.log(`\n(minimizing took ${((performance.now() - minimizeStart) / 1000).toFixed(1)} s; differences in ${path.relative(process.cwd(), options.out) || options.out})`);
if (kinds.size === 0) console.log("no differences");
console.log(unexplained === 0 ? "every difference is a known deviation" : `${unexplained} unexplained differences (in ${pairsWithUnexplained} pairs)`);
process.exit(unexplained === 0 ? 0 : 1);
