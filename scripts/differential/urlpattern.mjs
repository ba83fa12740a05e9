#!/usr/bin/env node
// Differential run: weburl's URLPattern (pkg/node.mjs) against Node 24's native URLPattern.
// A program a maintainer runs, not a test. It needs Node 24 or later (Node 20 has no URLPattern):
//
//   $(bash scripts/node-binary.sh 24.21.0) scripts/differential/urlpattern.mjs
//       [--count N] [--seed S] [--out FILE] [--examples K] [--keep K] [--progress N] [--no-wpt]
//       [--timeout MS] [--start N] [--trace]
//   $(bash scripts/node-binary.sh 24.21.0) scripts/differential/urlpattern.mjs --case JSON
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
//      as patterns with segments replaced by :names, wildcards, groups and regexps
//      (./urlpattern-cases.mjs).
// The PRNG (./random.mjs) is seeded by --seed (printed); --start N
// skips comparing the first N generated pairs (still drawing them) and --trace prints each pair
// before it runs, to find one that misbehaves.
//
// Each pair is compared on: whether the constructor throws (a TypeError on both sides, or
// neither); the eight component getters and hasRegExpGroups; test(...) and exec(...) (whether
// they throw, and what; the results deep-equal: inputs, each component's input and groups, a
// member whose value is undefined told from a missing one). When the patterns differ, test()
// and exec() are not compared (their differences would only follow from it). The shape of an
// exec() result (prototypes, key order: WebIDL's conversions) is compared too, as kinds of its own
// (./urlpattern-compare.mjs).
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
// of it) are listed in scripts/differential/urlpattern-known.json, with the words quoted and a
// predicate (its checks in ./urlpattern-known.mjs); they are reported as known and do not fail the run. Exit code: 0 when every
// difference is known, 1 otherwise, 2 on bad usage or when run on a Node without URLPattern.

import { closeSync, mkdirSync, openSync, writeSync } from "node:fs";
import path from "node:path";
import { isMainThread, MessageChannel, receiveMessageOnPort, Worker, workerData } from "node:worker_threads";

import { finish, loadWeburl, readOptions, ROOT, secondsSince } from "./harness.mjs";
import { COMPONENTS, isDict, loadCases } from "./urlpattern-cases.mjs";
import { createComparison } from "./urlpattern-compare.mjs";
import { createKnown } from "./urlpattern-known.mjs";

const HOW_TO_RUN = "$(bash scripts/node-binary.sh 24.21.0) scripts/differential/urlpattern.mjs";

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

const DEFAULTS = {
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
// (a worker, below, takes no options of its own)
const options = isMainThread ? readOptions(process.argv.slice(2), usage, DEFAULTS, { paths: ["out"] }) : DEFAULTS;
options.progress = Math.max(1, options.progress);
options.timeout = Math.max(1, options.timeout);

// ----- weburl (waits while someone rebuilds pkg/) -----

const { URLPattern: WebURLPattern } = await loadWeburl("urlpattern-differential", "node.mjs");

const { compare, fieldValue, runSide, canon, showOutcome, GETTERS } = createComparison({ WebURLPattern, NativeURLPattern });

// ----- known deviations: differences the standards' text explains (./urlpattern-known.mjs) -----

const { KNOWN, knownFor } = createKnown({ WebURLPattern, NativeURLPattern, runSide, fieldValue, canon, COMPONENTS });

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

const { WPT, KASZTP, makeGenerator } = loadCases();

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
const seen = new Map();
for (const k of kinds.values()) for (const [id, g] of k.groups) if (id !== null) seen.set(id, (seen.get(id) ?? 0) + g.count);
finish("urlpattern-differential", {
  summary: `${pairs} pairs, ${pairsWithDifferences} with differences (${pairsWithUnexplained} with an unexplained one), ` +
    `${kinds.size} kinds, ${unexplained} unexplained differences; ${secondsSince(started)}, seed ${options.seed}`,
  unexplained,
  known: KNOWN,
  seen,
});
