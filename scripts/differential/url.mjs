#!/usr/bin/env node
// Differential run: weburl (pkg/node.mjs: the classes and whatwg-url's API) against the reference
// implementation whatwg-url.
//
//   node scripts/differential/url.mjs [--count N] [--seed S] [--out FILE] [--examples K] [--groups G]
//                                     [--no-datasets] [--no-low-level] [--progress N] [--known FILE]
//   node scripts/differential/url.mjs --replay FILE   re-run the differences of an earlier --out file
//
// A long-running program, not a test. It runs
//   1. every line of ../shared/datasets/{kasztp,node_files}.txt (WEBURL_DATASETS overrides the
//      directory), parsed alone and against a few bases;
//   2. --count (default 1,000,000) generated cases: a WPT urltestdata input (WEBURL_WPT_DIR
//      overrides ../shared/wpt) with 1-3 characters inserted, deleted or replaced, parsed; then,
//      when both parse, setters with mutated values, operations on url.searchParams, and a
//      standalone URLSearchParams built from the mutated string with append/delete/set/sort/...;
// (./url-cases.mjs) and compares after every step (./url-steps.mjs): whether it throws (a
// TypeError on both sides, or neither), href and every attribute, searchParams.toString() and its
// entries. The PRNG (./random.mjs) is seeded by --seed (printed), so a run is reproducible.
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
// signature of the two values) and prints a few minimized examples of each group
// (./url-examples.mjs).
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
import { schemeClass } from "./outcome.mjs";
import { ANY_POOL, BASES, createCases, POOL, WPT } from "./url-cases.mjs";
import { createExamples, stepsSize } from "./url-examples.mjs";
import { createSteps } from "./url-steps.mjs";
import { makeRandom } from "./random.mjs";

const { URLSearchParams: RefParams } = whatwgUrl;

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

const { execStep, categoryOf } = createSteps({ WebURL, WebParams, lowLevel });

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

const { examplesOf, printExample } = createExamples({ runCase, lowLevel });

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
