// Whether a string reaches the wasm cheaper through WebAssembly's JS String Builtins
// (`wasm:js-string`, on by default in Node 22.23 and 24) than through `TextEncoder.encodeInto`,
// counted with callgrind as benches/parse-parts.mjs does (a program, not a test). The module
// (string-copy.wat, assembled by binaryen's wasm-as) copies a string's code units into its memory;
// `encodeInto` writes the same string into the same memory. Instructions per URL = the second
// dump's main-thread total / (2000 × runs):
//
//   valgrind --tool=callgrind --separate-threads=yes --dump-before=uv_loadavg \
//     node --predictable-gc-schedule --no-concurrent-recompilation --no-liftoff \
//     benches/string-copy.mjs charCodeAt 50 [two]
//
// (--no-concurrent-recompilation and --no-liftoff make a count repeatable to the instruction: the
// optimized JavaScript and the wasm's TurboFan code are there before the counted runs.)
// Modes: `loop` (the loop alone), `encode` (encodeInto), `charCodeAt` (the wasm reading each code
// unit by the builtin), `intoCharCodeArray` (the builtin copying into a GC array, the wasm from
// there), `length` (a call of the wasm with the string, no copy), `encodePair` and
// `charCodeAtPair` (a relative URL and the next URL as its base: joined and encoded, or each
// copied); `time` times encode, charCodeAt and the pairs interleaved in one process instead (the
// second argument its rounds). `two` as third argument: the URLs as two-byte strings (sliced from
// a two-byte text); `short`: their first 16 characters (what a call costs against a character).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { countRuns } from "./counted.mjs";
import { lines, relativeReferences, twoByte } from "./js-tasks.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const [mode, runsArg = "10", shape = "one"] = process.argv.slice(2);
const datasets = process.env.WEBURL_DATASETS ?? join(here, "..", "..", "shared", "datasets");
const oneByte = lines(readFileSync(join(datasets, "kasztp.txt")), 2000);
const SHAPES = {
  one: oneByte,
  two: twoByte(oneByte),
  short: oneByte.map((s) => s.slice(0, 16)),
};
const web = SHAPES[shape];
const relative = relativeReferences(web);

// Assembled in a child process, which callgrind does not follow (binaryen.js is large).
const binary = join(mkdtempSync(join(tmpdir(), "string-copy-")), "string-copy.wasm");
const wasmAs = join(here, "..", "node_modules", "binaryen", "bin", "wasm-as");
execFileSync(process.execPath, [wasmAs, "--enable-gc", "--enable-reference-types", join(here, "string-copy.wat"), "-o", binary]);
const wasm = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(binary), { builtins: ["js-string"] }), {}).exports;
const input = new Uint8Array(wasm.memory.buffer);
const encoder = new TextEncoder();

const MODES = {
  loop: () => { let n = 0; for (const s of web) n += s.length; return n; },
  encode: () => { let n = 0; for (const s of web) n += encoder.encodeInto(s, input).written; return n; },
  charCodeAt: () => { let n = 0; for (const s of web) n += wasm.charCodeAt(s); return n; },
  intoCharCodeArray: () => { let n = 0; for (const s of web) n += wasm.intoCharCodeArray(s); return n; },
  length: () => { let n = 0; for (const s of web) n += wasm.length(s); return n; },
  encodePair: () => {
    let n = 0;
    for (let i = 0; i < web.length; i++) n += encoder.encodeInto(relative[i] + web[(i + 1) % web.length], input).written;
    return n;
  },
  charCodeAtPair: () => {
    let n = 0;
    for (let i = 0; i < web.length; i++) n += wasm.charCodeAtPair(relative[i], web[(i + 1) % web.length]);
    return n;
  },
};
if (mode === "time") {
  // Timed instead: each round times encode, charCodeAt and the pairs once each, in an order that
  // alternates; prints each one's median over the rounds, ns per URL.
  const timed = ["encode", "charCodeAt", "encodePair", "charCodeAtPair"];
  const times = Object.fromEntries(timed.map((name) => [name, []]));
  for (let i = 0; i < 20; i++) for (const name of timed) MODES[name]();
  for (let round = 0; round < Number(runsArg); round++) {
    for (const name of round % 2 === 0 ? timed : [...timed].reverse()) {
      const start = performance.now();
      for (let i = 0; i < 10; i++) MODES[name]();
      times[name].push(((performance.now() - start) * 1e6) / (10 * web.length));
    }
  }
  const median = (list) => list.sort((a, b) => a - b)[list.length >> 1];
  console.log(shape, Object.entries(times).map(([name, list]) => `${name} ${median(list).toFixed(1)} ns`).join(", "));
  process.exit(0);
}
console.log(mode, shape, countRuns(MODES, mode, Number(runsArg)));
