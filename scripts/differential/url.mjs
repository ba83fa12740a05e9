#!/usr/bin/env node
// Differential run: weburl (pkg/node.mjs: the classes and whatwg-url's API) against the reference
// implementation whatwg-url.
//
//   node scripts/differential/url.mjs [--count N] [--seed S] [--out FILE] [--examples K] [--groups G]
//                                 [--no-datasets] [--no-low-level] [--progress N] [--known FILE]
//   node scripts/differential/url.mjs --replay FILE      re-run the differences of an earlier --out file
//
// A long-running program, not a test. It runs
//   1. every line of ../shared/datasets/{kasztp,node_files}.txt (WEBURL_DATASETS overrides the
//      directory), parsed alone and against a few bases;
//   2. --count (default 1,000,000) generated cases: a WPT urltestdata input (WEBURL_WPT_DIR
//      overrides ../shared/wpt) with 1-3 characters inserted, deleted or replaced, parsed; then,
//      when both parse, setters with mutated values, operations on url.searchParams, and a
//      standalone URLSearchParams built from the mutated string with append/delete/set/sort/...;
// and compares after every step: whether it throws (a TypeError on both sides, or neither), href
// and every attribute, searchParams.toString() and its entries. The PRNG (mulberry32) is seeded by
// --seed (printed), so a run is reproducible.
//
// On the same inputs (each dataset line against no base and each base; each generated input
// against no base and its case's base), the low-level API of weburl/whatwg-url is compared with
// whatwg-url's: parseURL, parseURLWithValidationErrors, isValidURLString, basicURLParse with the
// seven state overrides, the serializers and predicates on the parsed records (fed across: each
// implementation is also given the other's records), setTheUsername/setThePassword, and the
// percent-decoders. That part lives in scripts/differential/url-low-level.mjs, which says what
// exactly is compared; it draws from a PRNG stream of its own, so --no-low-level (which leaves it
// out) reproduces the URL-class cases of a seed exactly.
//
// Every difference goes to --out (JSON lines, default target/differential.jsonl) with the exact
// steps that reproduce it. The report groups differences by (category, attribute, a normalized
// signature of the two values) and prints a few minimized examples of each group.
//
// Differences that the URL Standard's text proves to be whatwg-url's are listed in
// scripts/differential/url-known.json (an id, the standard's words, and a predicate this script
// applies); they are reported as "known whatwg-url deviations" and are not failures.
//
// Exit code: 0 when every difference is a known whatwg-url deviation, 1 otherwise, 2 on bad usage.
//
// Node's global URL is never used as a reference (nor at all, below: weburl's classes are named
// WebURL and WebParams, the reference's RefURL and RefParams).

import { closeSync, existsSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import * as whatwgUrl from "whatwg-url";
import {
  DATASETS_DIR, finish, fmt, loadWeburl, printTable, readLines, readOptions, readText, ROOT, secondsSince, WPT_DIR,
} from "./harness.mjs";
import { createLowLevel } from "./url-low-level.mjs";
import { attempt, errorKind, read, schemeClass } from "./outcome.mjs";
import { ANY_POOL, BASES, createCases, POOL, WPT } from "./url-cases.mjs";
import { makeRandom } from "./random.mjs";

const { URL: RefURL, URLSearchParams: RefParams } = whatwgUrl;

const started = performance.now();

// ----- command line -----

function usage(message) {
  if (message) console.error(`differential: ${message}`);
  console.error(
    "usage: node scripts/differential/url.mjs [--count N] [--seed S] [--out FILE] [--examples K] [--groups G]\n" +
      "                                     [--no-datasets] [--no-low-level] [--progress N] [--known FILE]\n" +
      "       node scripts/differential/url.mjs --replay FILE",
  );
  process.exit(2);
}

const options = readOptions(process.argv.slice(2), usage, {
  count: 1_000_000,
  seed: undefined,
  out: path.join(ROOT, "target", "differential.jsonl"),
  examples: 3,
  datasets: true,
  lowLevel: true,
  progress: 100_000,
  known: path.join(ROOT, "scripts", "differential", "url-known.json"),
  replay: undefined,
  groups: 60,
}, { paths: ["out", "known", "replay"] });
options.progress = Math.max(1, options.progress);

// ----- weburl (waits while someone rebuilds pkg/) -----

// In Node the main entry is also `weburl/whatwg-url`: the classes and whatwg-url's low-level API.
const weburl = await loadWeburl("differential", "node.mjs");
const { URL: WebURL, URLSearchParams: WebParams } = weburl;
const weburlLowLevel = options.lowLevel ? weburl : null;

// ----- data -----

const DATASET_FILES = ["kasztp.txt", "node_files.txt"];

const ATTRS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
// The attribute a difference is filed under: the most specific one that differs.
const PRIMARY_ORDER = [
  "throws", "return", "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
  "searchParams.entries", "searchParams", "size", "host", "origin", "href",
];

// ----- seeded generation -----

const { urlCaseGenerator, paramsCaseGenerator } = createCases(makeRandom(options.seed));

// The low-level comparison, with a stream of its own (see the head of this file).
const lowLevel = options.lowLevel
  ? createLowLevel({
    web: weburlLowLevel,
    ref: whatwgUrl,
    random: makeRandom((options.seed ^ 0x9e3779b9) >>> 0),
    pools: POOL,
    anyPool: ANY_POOL,
  })
  : null;

// ----- executing steps on both implementations -----
//
// A case is a list of steps run in order on a pair of objects (weburl's and whatwg-url's); after
// each step both sides are compared. Steps:
//   {t: "url", src, input, base?}     new URL(input[, base])
//   {t: "set", setter, value}         url[setter] = value
//   {t: "touch"}                      url.searchParams (creates the query object, if lazy)
//   {t: "sp", op, args}               url.searchParams[op](...args)
//   {t: "usp", init}                  new URLSearchParams(init)
//   {t: "uspop", op, args}            params[op](...args)
//   {t: "noise", kind, arg}           weburl only: work that touches the module's global state
//   {t: "ll", api, input, base?, …}    a low-level case, self-contained (differential/low-level.mjs)

function paramsSnapshot(params) {
  const snap = {};
  try {
    snap.searchParams = params.toString();
    snap["searchParams.entries"] = JSON.stringify([...params]);
    snap.size = params.size;
  } catch (error) {
    snap.searchParams = `<threw ${errorKind(error)}: ${error.message}>`;
  }
  return snap;
}

function urlSnapshot(url) {
  const snap = {};
  for (const a of ATTRS) snap[a] = read(url, a);
  const params = read(url, "searchParams");
  const p = paramsSnapshot(params);
  snap.searchParams = p.searchParams;
  snap["searchParams.entries"] = p["searchParams.entries"];
  return snap;
}

/** Compares two outcomes of `attempt`: a difference in throwing, or in the returned value. */
function compareOutcomes(a, b, compareValues) {
  // both succeed, or both throw a TypeError (and not weburl's TypeError for a wasm trap)
  if (a.ok !== b.ok || (!a.ok && (errorKind(a.error) !== "TypeError" || errorKind(b.error) !== "TypeError"))) {
    const show = (o) => (o.ok ? "no exception" : `throws ${errorKind(o.error)}`);
    return { attr: "throws", attrs: ["throws"], ours: show(a), ref: show(b), detail: { ours: a.ok ? undefined : a.error.message } };
  }
  if (compareValues && a.ok) {
    const x = JSON.stringify(a.value);
    const y = JSON.stringify(b.value);
    if (x !== y) return { attr: "return", attrs: ["return"], ours: x, ref: y };
  }
  return null;
}

function compareSnapshots(x, y) {
  let attrs = null;
  for (const key of PRIMARY_ORDER) {
    if (key in x || key in y) {
      if (x[key] !== y[key]) (attrs ??= []).push(key);
    }
  }
  if (attrs === null) return null;
  const values = {};
  for (const key of attrs) values[key] = [x[key], y[key]];
  return { attr: attrs[0], attrs, ours: x[attrs[0]], ref: y[attrs[0]], values };
}

function applyOp(params, op, args) {
  switch (op) {
    case "append": return params.append(args[0], args[1]);
    case "delete": return args.length > 1 ? params.delete(args[0], args[1]) : params.delete(args[0]);
    case "set": return params.set(args[0], args[1]);
    case "sort": return params.sort();
    case "get": return params.get(args[0]);
    case "getAll": return params.getAll(args[0]);
    case "has": return args.length > 1 ? params.has(args[0], args[1]) : params.has(args[0]);
    default: throw new Error(`unknown op ${op}`);
  }
}

function noise(kind, arg) {
  try {
    switch (kind) {
      case "parse": new WebURL(arg).href; break;
      case "parse-fail": new WebURL(arg); break;
      case "canParse": WebURL.canParse(arg); break;
      case "params": new WebParams(arg).toString(); break;
      case "blob-origin": new WebURL(`blob:${arg}`).origin; break;
      default: throw new Error(`unknown noise ${kind}`);
    }
  } catch {
    // only the side effects matter
  }
}

function categoryOf(step) {
  switch (step.t) {
    case "url": return step.src === "dataset" ? "dataset parse" : "generated parse";
    case "set": return `setter:${step.setter}`;
    case "touch": case "sp": return "url.searchParams";
    case "usp": case "uspop": return "URLSearchParams";
    case "ll": return lowLevel.category(step);
    default: return "other";
  }
}

/**
 * Constructs a pair, ours and the reference's: a difference or null, as execStep. The case ends
 * when they differ or both throw; otherwise `keep` takes the two objects.
 */
function startPair(s, makeOurs, makeRef, snapshot, keep) {
  const a = attempt(makeOurs);
  const b = attempt(makeRef);
  const d = compareOutcomes(a, b, false);
  if (d || !a.ok) {
    s.dead = true;
    return d;
  }
  keep(a.value, b.value);
  return compareSnapshots(snapshot(a.value), snapshot(b.value));
}

/** Runs one step on the pair state `s`; returns a difference or null. Sets s.dead when the case ends. */
function execStep(s, step) {
  switch (step.t) {
    case "url": {
      const make = (Class) => () => (step.base === undefined ? new Class(step.input) : new Class(step.input, step.base));
      return startPair(s, make(WebURL), make(RefURL), urlSnapshot, (ours, ref) => {
        s.ours = ours;
        s.ref = ref;
      });
    }
    case "set": {
      const a = attempt(() => {
        s.ours[step.setter] = step.value;
      });
      const b = attempt(() => {
        s.ref[step.setter] = step.value;
      });
      return compareOutcomes(a, b, false) ?? compareSnapshots(urlSnapshot(s.ours), urlSnapshot(s.ref));
    }
    case "touch":
      s.ours.searchParams;
      s.ref.searchParams;
      return null;
    case "sp": {
      const a = attempt(() => applyOp(s.ours.searchParams, step.op, step.args));
      const b = attempt(() => applyOp(s.ref.searchParams, step.op, step.args));
      return compareOutcomes(a, b, true) ?? compareSnapshots(urlSnapshot(s.ours), urlSnapshot(s.ref));
    }
    case "usp":
      return startPair(s, () => new WebParams(step.init), () => new RefParams(step.init), paramsSnapshot, (ours, ref) => {
        s.paramsOurs = ours;
        s.paramsRef = ref;
      });
    case "uspop": {
      const a = attempt(() => applyOp(s.paramsOurs, step.op, step.args));
      const b = attempt(() => applyOp(s.paramsRef, step.op, step.args));
      return compareOutcomes(a, b, true) ?? compareSnapshots(paramsSnapshot(s.paramsOurs), paramsSnapshot(s.paramsRef));
    }
    case "noise":
      noise(step.kind, step.arg);
      return null;
    case "ll":
      if (lowLevel === null) throw new Error("a low-level step, but --no-low-level");
      s.dead = true;
      return lowLevel.exec(step);
    default:
      throw new Error(`unknown step ${step.t}`);
  }
}

// ----- signatures and known deviations -----

/**
 * The coarse class of a string, for grouping: the set of its token kinds in order of first
 * appearance, where w is a run of ASCII letters, digits and hyphens, %XX a percent-encoded byte,
 * U other non-ASCII, S a lone surrogate, ^ a control, ␠ a space, and any other ASCII character
 * stands for itself. The empty string is ∅.
 */
function shape(text) {
  const kinds = [];
  const add = (k) => {
    if (!kinds.includes(k)) kinds.push(k);
  };
  const t = String(text);
  if (t === "") return "∅";
  for (let i = 0; i < t.length; ) {
    const c = t.charCodeAt(i);
    if (c === 0x25 && /^%[0-9A-Fa-f]{2}/.test(t.slice(i, i + 3))) {
      add("%XX");
      i += 3;
    } else if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x2d) {
      add("w");
      i++;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < t.length && (t.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      add("U");
      i += 2;
    } else {
      add(c >= 0xd800 && c <= 0xdfff ? "S" : c > 0x7f ? "U" : c < 0x20 || c === 0x7f ? "^" : c === 0x20 ? "␠" : t[i]);
      i++;
    }
  }
  return kinds.join(" ");
}

/** The part of two strings that differs (common prefix and suffix removed). */
function delta(x, y) {
  x = String(x);
  y = String(y);
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let end = 0;
  while (end < x.length - start && end < y.length - start && x[x.length - 1 - end] === y[y.length - 1 - end]) end++;
  return [x.slice(start, x.length - end), y.slice(start, y.length - end)];
}

function signatureOf(diff, step) {
  // a low-level difference may bring its own (e.g. the part of two error lists that differs)
  if (diff.signature !== undefined) return diff.signature;
  if (diff.attr === "throws") {
    const scheme = step.t === "url" ? schemeClass(step.input, step.base) : "";
    return `weburl ${diff.ours}, whatwg-url ${diff.ref}${scheme}`;
  }
  const [a, b] = delta(diff.ours, diff.ref);
  return `${shape(a)} ⇄ ${shape(b)}`;
}

const KNOWN = existsSync(options.known) ? JSON.parse(readText(options.known)).deviations ?? [] : [];
const KNOWN_CHECKS = {
  /**
   * weburl's query object list is the urlencoded string parse of the setter's input (the value with
   * one leading "?" removed), computed here with whatwg-url's own URLSearchParams constructor.
   */
  "list-is-parse-of-setter-input": (step, diff, pair) => {
    if (pair === undefined) return false;
    const expected = new RefParams(step.value);
    return pair.ours.searchParams.toString() === expected.toString() &&
      JSON.stringify([...pair.ours.searchParams]) === JSON.stringify([...expected]);
  },
  // the checks of low-level steps
  ...lowLevel?.checks,
};
for (const k of KNOWN) {
  if (typeof k.id !== "string" || typeof k.predicate !== "object") throw new Error(`${options.known}: an entry needs an id and a predicate`);
  // with --no-low-level, no low-level step runs, and their checks are not there
  if (k.predicate.step === "ll" && lowLevel === null) continue;
  if (k.predicate.check !== undefined && !(k.predicate.check in KNOWN_CHECKS)) {
    throw new Error(`${options.known}: ${k.id}: unknown check ${JSON.stringify(k.predicate.check)}`);
  }
  k.valueRegExp = k.predicate.valueMatches === undefined ? null : new RegExp(k.predicate.valueMatches, "u");
  k.inputRegExp = k.predicate.inputMatches === undefined ? null : new RegExp(k.predicate.inputMatches, "u");
}

/** The id of the known whatwg-url deviation that explains `diff` at `step`, or undefined. */
function knownDeviation(step, diff, pair) {
  for (const k of KNOWN) {
    const p = k.predicate;
    if (p.step !== undefined && p.step !== step.t) continue;
    if (p.setter !== undefined && !(Array.isArray(p.setter) ? p.setter : [p.setter]).includes(step.setter)) continue;
    if (p.api !== undefined && !(Array.isArray(p.api) ? p.api : [p.api]).includes(step.api)) continue;
    if (p.override !== undefined && !(Array.isArray(p.override) ? p.override : [p.override]).includes(step.override)) continue;
    if (k.valueRegExp && !(typeof step.value === "string" && k.valueRegExp.test(step.value))) continue;
    if (k.inputRegExp && !(typeof step.input === "string" && k.inputRegExp.test(step.input))) continue;
    if (p.onlyAttributes !== undefined && !diff.attrs.every((a) => p.onlyAttributes.includes(a))) continue;
    if (p.check !== undefined && !KNOWN_CHECKS[p.check](step, diff, pair)) continue;
    return k.id;
  }
  return undefined;
}

// ----- bookkeeping -----

const cases = new Map(); // category -> count
const diffCounts = new Map(); // category -> count (unexplained)
const knownCounts = new Map(); // known id -> count
const groups = new Map(); // key -> {category, attr, signature, count, samples: [diff]}
const knownSamples = new Map(); // known id -> [diff]
let totalDiffs = 0;
let unexplained = 0;
const bump = (map, key, n = 1) => map.set(key, (map.get(key) ?? 0) + n);

// The differences file, written synchronously in batches (a stream would buffer without limit).
let outFd = null;
let outBatch = [];
if (options.replay === undefined) {
  mkdirSync(path.dirname(options.out), { recursive: true });
  outFd = openSync(options.out, "w");
}
function flushOut() {
  if (outFd !== null && outBatch.length > 0) writeSync(outFd, outBatch.join(""));
  outBatch = [];
}

function record(diff) {
  totalDiffs++;
  if (outFd !== null) {
    outBatch.push(`${JSON.stringify(diff)}\n`);
    if (outBatch.length >= 1000) flushOut();
  }
  if (diff.known) {
    bump(knownCounts, diff.known);
    const samples = knownSamples.get(diff.known) ?? [];
    if (samples.length < 200) samples.push(diff);
    knownSamples.set(diff.known, samples);
    return;
  }
  unexplained++;
  bump(diffCounts, diff.category);
  const key = `${diff.category}\u0000${diff.attr}\u0000${diff.signature}`;
  let group = groups.get(key);
  if (!group) {
    group = { key, category: diff.category, attr: diff.attr, signature: diff.signature, count: 0, samples: [] };
    groups.set(key, group);
  }
  group.count++;
  if (group.samples.length < 40) group.samples.push(diff);
  else {
    // keep the shortest reproducers
    const size = stepsSize(diff.steps);
    let worst = 0;
    for (let i = 1; i < group.samples.length; i++) {
      if (stepsSize(group.samples[i].steps) > stepsSize(group.samples[worst].steps)) worst = i;
    }
    if (size < stepsSize(group.samples[worst].steps)) group.samples[worst] = diff;
  }
}

function stepsSize(steps) {
  return JSON.stringify(steps).length;
}

/**
 * Runs `steps` on fresh objects. With `generate`, steps are produced lazily: generate(state, steps)
 * returns the next step or null. Returns the first difference (recorded when `counting`).
 */
function runCase(steps, { generate = null, counting = false, context = {} } = {}) {
  const s = { dead: false };
  for (let i = 0; ; i++) {
    let step = steps[i];
    if (step === undefined) {
      if (generate === null) return null;
      step = generate(s, steps);
      if (step === null) return null;
      steps.push(step);
    }
    if ((step.t === "set" || step.t === "sp" || step.t === "touch") && s.ours === undefined) return null;
    if (step.t === "uspop" && s.paramsOurs === undefined) return null;
    const category = categoryOf(step);
    if (counting && step.t !== "noise" && step.t !== "touch") bump(cases, category);
    const d = execStep(s, step);
    if (d) {
      const diff = {
        category,
        attr: d.attr,
        attrs: d.attrs,
        ours: d.ours,
        ref: d.ref,
        signature: signatureOf(d, step),
        values: d.values,
        display: d.display,
        detail: d.detail,
        steps: steps.slice(0, i + 1),
        ...context,
      };
      diff.known = knownDeviation(step, diff, s.ours === undefined ? undefined : { ours: s.ours, ref: s.ref });
      for (const key of ["known", "display", "values", "detail"]) if (diff[key] === undefined) delete diff[key];
      if (counting) record(diff);
      return diff;
    }
    if (s.dead) return null;
  }
}

// ----- minimizing a reproducer -----

function groupKeyOf(diff) {
  return `${diff.category}\u0000${diff.attr}\u0000${diff.signature}`;
}

const STRING_FIELDS = { url: ["input", "base"], set: ["value"], usp: ["init"], noise: ["arg"], ll: ["input", "base", "value"] };

function minimize(diff, budget = 4000) {
  const key = groupKeyOf(diff);
  let steps = structuredClone(diff.steps);
  let best = diff;
  const tries = { n: 0 };
  const fails = (candidate) => {
    if (tries.n++ >= budget) return false;
    let d;
    try {
      d = runCase(candidate);
    } catch {
      return false;
    }
    // the same kind of difference, still at the last step (so the step indices stay valid)
    if (d && d.known === diff.known && groupKeyOf(d) === key && d.steps.length === candidate.length) {
      best = d;
      return true;
    }
    return false;
  };
  // drop whole steps, but never the first and the last
  for (let i = steps.length - 2; i >= 1; i--) {
    const candidate = steps.filter((_, j) => j !== i);
    if (fails(candidate)) steps = best.steps;
  }
  // drop the base, or replace it by the simplest of the fixed bases
  if ((steps[0].t === "url" || steps[0].t === "ll") && steps[0].base !== undefined) {
    const candidate = structuredClone(steps);
    delete candidate[0].base;
    if (fails(candidate)) steps = structuredClone(best.steps);
  }
  // shrink every string: delete chunks of code points, halving the chunk size
  const shrink = (get, set) => {
    let cps = Array.from(get(steps));
    for (let size = Math.max(1, cps.length >> 1); size >= 1; size >>= 1) {
      for (let start = 0; start < cps.length; ) {
        const shorter = cps.slice(0, start).concat(cps.slice(start + size));
        const candidate = structuredClone(steps);
        set(candidate, shorter.join(""));
        if (fails(candidate)) {
          steps = structuredClone(best.steps);
          cps = shorter;
        } else {
          start += size;
        }
      }
    }
    // then make it readable: a non-ASCII or control code point that is not needed becomes "x"
    for (let i = 0; i < cps.length; i++) {
      const cp = cps[i].codePointAt(0);
      if (cp >= 0x21 && cp <= 0x7e) continue;
      const plainer = cps.slice();
      plainer[i] = "x";
      const candidate = structuredClone(steps);
      set(candidate, plainer.join(""));
      if (fails(candidate)) {
        steps = structuredClone(best.steps);
        cps = plainer;
      }
    }
  };
  for (let i = 0; i < steps.length; i++) {
    for (const field of STRING_FIELDS[steps[i].t] ?? []) {
      if (typeof steps[i][field] === "string") shrink((st) => st[i][field], (st, v) => (st[i][field] = v));
    }
    if (Array.isArray(steps[i].args)) {
      for (let j = 0; j < steps[i].args.length; j++) {
        shrink((st) => st[i].args[j], (st, v) => (st[i].args[j] = v));
      }
    }
  }
  return best;
}

// ----- printing -----

const q = (v) => (typeof v === "string" ? JSON.stringify(v) : String(v));

function describeSteps(steps) {
  const lines = [];
  for (const st of steps) {
    switch (st.t) {
      case "url": lines.push(`u = new URL(${q(st.input)}${st.base === undefined ? "" : `, ${q(st.base)}`})`); break;
      case "set": lines.push(`u.${st.setter} = ${q(st.value)}`); break;
      case "touch": lines.push("u.searchParams"); break;
      case "sp": lines.push(`u.searchParams.${st.op}(${st.args.map(q).join(", ")})`); break;
      case "usp": lines.push(`p = new URLSearchParams(${q(st.init)})`); break;
      case "uspop": lines.push(`p.${st.op}(${st.args.map(q).join(", ")})`); break;
      case "noise": lines.push(`/* weburl only: ${st.kind} ${q(st.arg)} */`); break;
      case "ll": lines.push(...lowLevel.describe(st, q)); break;
    }
  }
  return lines;
}

function printExample(diff, indent) {
  for (const line of describeSteps(diff.steps)) console.log(`${indent}${line}`);
  const attrs = diff.values ? Object.keys(diff.values) : [diff.attr];
  // low-level values are JSON texts already
  const show = diff.display === "json" ? String : q;
  for (const a of attrs) {
    const [x, y] = diff.values ? diff.values[a] : [diff.ours, diff.ref];
    console.log(`${indent}  ${a}: weburl ${show(x)}  whatwg-url ${show(y)}`);
  }
  if (diff.detail?.ours) console.log(`${indent}  (weburl's message: ${diff.detail.ours})`);
  if (diff.detail?.ref) console.log(`${indent}  (whatwg-url's message: ${diff.detail.ref})`);
  if (diff.detail?.note) console.log(`${indent}  (${diff.detail.note})`);
}

function examplesOf(samples, count) {
  const sorted = [...samples].sort((a, b) => stepsSize(a.steps) - stepsSize(b.steps));
  const seen = new Set();
  const shown = [];
  for (const sample of sorted.slice(0, Math.max(count * 3, 6))) {
    const small = minimize(sample);
    // one example per shape: reproducers that differ only in letters or digits say the same thing
    const id = JSON.stringify(small.steps).replace(/[a-zA-Z]/g, "a").replace(/[0-9]/g, "0");
    if (seen.has(id)) continue;
    seen.add(id);
    shown.push(small);
    if (shown.length >= count) break;
  }
  return shown;
}

// ----- replay mode -----

if (options.replay !== undefined) {
  const lines = readText(options.replay).split("\n").filter((l) => l.trim() !== "");
  let still = 0;
  let fixed = 0;
  for (const line of lines) {
    const old = JSON.parse(line);
    const d = runCase(old.steps, { counting: true });
    if (d) still++;
    else fixed++;
  }
  console.log(`replayed ${fmt(lines.length)} differences from ${options.replay}: ${fmt(still)} still differ, ${fmt(fixed)} no longer do`);
  printTable("still differing, by category (unexplained):", diffCounts);
  printTable("known whatwg-url deviations:", knownCounts);
  finish("differential", { summary: `replayed ${fmt(lines.length)} differences in ${secondsSince(started)}`, unexplained });
}

// ----- the run -----

console.log("weburl vs whatwg-url differential");
console.log(`seed ${options.seed} (reproduce: node scripts/differential/url.mjs --seed ${options.seed} --count ${options.count}${options.datasets ? "" : " --no-datasets"}${options.lowLevel ? "" : " --no-low-level"})`);
console.log(`datasets ${DATASETS_DIR}; wpt ${WPT_DIR} (${fmt(WPT.length)} inputs); known deviations ${KNOWN.length}; differences to ${options.out}`);
console.log(options.lowLevel
  ? "low-level API: pkg/node.mjs against whatwg-url on the same inputs (parsers, state overrides, serializers, setters, percent-decoding)"
  : "low-level API: not compared (--no-low-level)");

/** Runs the low-level cases of `input` against each of `bases` (see differential/low-level.mjs). */
function runLowLevel(input, bases, perInput, context) {
  if (lowLevel === null) return;
  for (const step of lowLevel.casesFor(input, bases, perInput)) runCase([step], { counting: true, context });
}

function progress(label, done, total) {
  console.log(`  ${label} ${fmt(done)}/${fmt(total)}  differences ${fmt(unexplained)} (+${fmt(totalDiffs - unexplained)} known)  ${secondsSince(started)}`);
}

if (options.datasets) {
  for (const name of DATASET_FILES) {
    const file = path.join(DATASETS_DIR, name);
    const lines = readLines(file);
    const total = lines.length * (BASES.length + 1);
    console.log(`dataset ${name}: ${fmt(lines.length)} lines, ${fmt(total)} parses`);
    let done = 0;
    for (let i = 0; i < lines.length; i++) {
      for (const base of [undefined, ...BASES]) {
        const step = { t: "url", src: "dataset", input: lines[i] };
        if (base !== undefined) step.base = base;
        runCase([step], { counting: true, context: { dataset: name, line: i + 1 } });
        runLowLevel(lines[i], [base], base === undefined, { dataset: name, line: i + 1 });
        if (++done % options.progress === 0) progress(name, done, total);
      }
    }
  }
}

console.log(`generated: ${fmt(options.count)} cases`);
for (let i = 0; i < options.count; i++) {
  const steps = [];
  runCase(steps, { generate: urlCaseGenerator(), counting: true, context: { seed: options.seed, iteration: i } });
  runCase([], {
    generate: paramsCaseGenerator(steps[0].input),
    counting: true,
    context: { seed: options.seed, iteration: i },
  });
  const { input, base } = steps[0];
  runLowLevel(input, base === undefined ? [undefined] : [undefined, base], true, { seed: options.seed, iteration: i });
  if ((i + 1) % options.progress === 0) progress("generated", i + 1, options.count);
}
flushOut();
closeSync(outFd);

// ----- report -----

console.log("");
printTable("cases by category:", cases, true);
printTable("unexplained differences by category:", diffCounts, true);
printTable("known whatwg-url deviations (not failures):", knownCounts);

const sortedGroups = [...groups.values()].sort((a, b) => b.count - a.count);
if (sortedGroups.length > 0) {
  console.log(`\n${fmt(unexplained)} unexplained differences in ${fmt(sortedGroups.length)} groups (category | attribute | signature: weburl ⇄ whatwg-url):`);
  sortedGroups.forEach((g, n) => {
    if (n >= options.groups) return;
    console.log(`\n#${n + 1} ${g.category} | ${g.attr} | ${g.signature}  — ${fmt(g.count)} case${g.count === 1 ? "" : "s"}`);
    for (const example of examplesOf(g.samples, options.examples)) printExample(example, "    ");
  });
  if (sortedGroups.length > options.groups) {
    console.log(`\n… ${fmt(sortedGroups.length - options.groups)} more groups (see ${options.out}, or raise --groups)`);
  }
}
if (knownCounts.size > 0) {
  console.log("\nknown whatwg-url deviations:");
  for (const k of KNOWN) {
    if (!knownCounts.has(k.id)) continue;
    console.log(`\n* ${k.id} — ${fmt(knownCounts.get(k.id))} case(s): ${k.summary ?? ""}`);
    for (const example of examplesOf(knownSamples.get(k.id), 1)) printExample(example, "    ");
  }
}
finish("differential", {
  summary: `${fmt([...cases.values()].reduce((a, b) => a + b, 0))} cases, ${fmt(unexplained)} unexplained differences, ` +
    `${fmt(totalDiffs - unexplained)} known; ${fmt(totalDiffs)} differences written to ${options.out}; ${secondsSince(started)}, seed ${options.seed}`,
  unexplained,
  known: KNOWN.filter((k) => lowLevel !== null || k.predicate.step !== "ll"),
  seen: knownCounts,
});
