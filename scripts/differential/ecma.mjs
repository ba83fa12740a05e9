#!/usr/bin/env node
// Differential run: weburl's encodeURI, encodeURIComponent, decodeURI and decodeURIComponent
// (pkg/node.mjs: the Rust core in wasm, src/ecma.rs) against the JavaScript engine's own four
// functions. A program a maintainer runs, not a test (scripts/test.sh runs a bounded sample).
//
//   node scripts/differential/ecma.mjs [--count N] [--seed S] [--progress N] [--examples K]
//
// --count (default 1,000,000) generated strings, each given to the four functions on both sides:
//   - random mixes of code units: ASCII (uriReserved, uriUnescaped, `#`, `%`, hex digits, the
//     rest), the BMP edges (U+0000, U+007F, U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+FFFD,
//     U+FFFF), lone leading and trailing surrogates, astral characters (pairs), any BMP unit;
//   - escapes: the UTF-8 of random code points of every length, escaped in upper or lower case,
//     and every malformation of them: `%` at the end or before one character, digits that are not
//     hex, continuation bytes alone, lead bytes 0xF8 to 0xFF, missing and wrong continuation
//     bytes, a sequence cut short by another character, overlong forms, surrogates encoded in
//     UTF-8, values above U+10FFFF, escapes of the reserved set (decodeURI keeps those);
//   - real strings: lines of ../shared/datasets/kasztp.txt (WEBURL_DATASETS overrides the
//     directory) and random text, as they are and encoded by the engine's encodeURI or
//     encodeURIComponent;
//   and each of those mutated (1 to 3 code units inserted, deleted or replaced, from a pool rich
//   in `%`, hex digits and surrogates) half of the time.
// Compared: the result, or that both throw a URIError (any other exception on either side is a
// difference). The PRNG (./random.mjs) is seeded by --seed (printed), so a run is reproducible.
// Prints the cases compared, the time and each difference (the first --examples in full); exit
// code 0 when there is none, 1 otherwise, 2 on bad usage.

import { existsSync } from "node:fs";
import path from "node:path";
import { DATASETS_DIR, finish, fmt, loadWeburl, readLines, readOptions, secondsSince } from "./harness.mjs";
import { makeRandom } from "./random.mjs";

const NAMES = ["encodeURI", "encodeURIComponent", "decodeURI", "decodeURIComponent"];

function usage(message) {
  if (message) console.error(`ecma-differential: ${message}`);
  console.error("usage: node scripts/differential/ecma.mjs [--count N] [--seed S] [--progress N] [--examples K]");
  process.exit(2);
}
const options = readOptions(process.argv.slice(2), usage, { count: 1_000_000, seed: undefined, progress: 100_000, examples: 10 });
options.progress = Math.max(1, options.progress);

// ----- the two sides -----

const weburl = await loadWeburl("ecma-differential", "node.mjs");
if (weburl.engine() !== "wasm") usage(`weburl runs on its ${weburl.engine()} engine here, not wasm`);
const ours = NAMES.map((name) => weburl[name]);
const engine = NAMES.map((name) => globalThis[name]);

/** The outcome of `f(input)`: its result (a string), or the kind of exception. */
function outcome(f, input) {
  try {
    return f(input);
  } catch (error) {
    return { thrown: error instanceof URIError ? "URIError" : `${error?.constructor?.name}: ${error?.message}` };
  }
}

// ----- generation -----

const datasetFile = path.join(DATASETS_DIR, "kasztp.txt");
const lines = existsSync(datasetFile) ? readLines(datasetFile).filter(Boolean) : [];
if (lines.length === 0) console.error(`ecma-differential: no dataset at ${datasetFile}; real strings are random text only`);

const RESERVED = [...";/?:@&=+$,#"];
const UNESCAPED = [..."azAZ09-_.!~*'()"];
const OTHER_ASCII = [..." \"%<>[\\]^`{|}\t\n\u0000\u001f\u007f"];
const HEX = [..."0123456789abcdefABCDEF"];
const EDGES = ["\u0000", "\u007f", "\u0080", "\u07ff", "\u0800", "\ud7ff", "\ue000", "\ufffd", "\uffff"];
const LONE = ["\ud800", "\udbff", "\udc00", "\udfff", "\ud83d", "\ude00"];
const ASTRAL = ["\u{10000}", "😀", "\u{1f3f3}", "\u{10ffff}", "\u{e0001}"];

// What mutations insert and replace with.
const ALPHABET = {
  groups: [
    [30, ["%", "%%", "%2", "%C3", "%E0%A4", "%F0", "%ED", "%80", "%2F", "%23", "%25"]],
    [25, HEX],
    [15, [...RESERVED, ...UNESCAPED.slice(0, 6), " ", "é"]],
    [15, [...LONE, ...EDGES]],
    [10, ["G", "g", "x", "\u0130", "\uff10"]],
    [5, ASTRAL],
  ],
  structural: new Set(["%"]),
  nearStructural: 0.5,
};
const random = makeRandom(options.seed, ALPHABET);
const { rand, below, pick, chance } = random;

/** A random code point of a UTF-8 length, 1 to 4 bytes (surrogates drawn now and then). */
function codePoint() {
  switch (below(5)) {
    case 0: return below(0x80);
    case 1: return 0x80 + below(0x780);
    case 2: return 0x800 + below(0xf800);
    case 3: return 0x10000 + below(0x100000);
    default: return pick([0, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xe000, 0xffff, 0x10000, 0x10ffff, 0xd800 + below(0x800)]);
  }
}

/** The UTF-8 of `cp` (surrogates too, as a generalized encoder would write them). */
function utf8(cp) {
  if (cp < 0x80) return [cp];
  if (cp < 0x800) return [0xc0 | (cp >> 6), 0x80 | (cp & 0x3f)];
  if (cp < 0x10000) return [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
  return [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)];
}

/** The UTF-8 of `cp` (below U+10000) in a longer form than it needs: overlong. */
function overlong(cp) {
  const length = cp < 0x80 ? 2 + below(3) : cp < 0x800 ? 3 + below(2) : 4;
  const bytes = [];
  let value = cp;
  for (let i = 1; i < length; i++) {
    bytes.unshift(0x80 | (value & 0x3f));
    value >>= 6;
  }
  bytes.unshift(((0xff00 >> length) & 0xff) | value);
  return bytes;
}

const escape = (b, lower) => {
  const hex = b.toString(16).padStart(2, "0");
  return `%${lower ? hex : hex.toUpperCase()}`;
};

/** Escaped bytes, one case for all or mixed. */
function escapes(bytes) {
  const mixed = chance(0.2);
  const lower = chance(0.3);
  return bytes.map((b) => escape(b, mixed ? chance(0.5) : lower)).join("");
}

/** A run of escapes: well-formed UTF-8, or one of its malformations. */
function escapedRun() {
  const bytes = utf8(codePoint());
  switch (below(16)) {
    case 0: return "%"; // at the end, or before anything
    case 1: return `%${pick(HEX)}`;
    case 2: return `%${pick([...HEX, "G", "g", " ", "%", "\ud800", "é"])}${pick(["G", "z", "-", "\u0660", "\uff11", "%"])}`;
    case 3: return escape(0x80 + below(0x40), chance(0.5)); // a continuation byte alone
    case 4: return escapes([0xf8 + below(8), ...Array.from({ length: below(5) }, () => 0x80 + below(0x40))]);
    case 5: return escapes(bytes.slice(0, Math.max(1, below(bytes.length)))); // cut short
    case 6: { // a wrong continuation byte
      const wrong = bytes.slice();
      wrong[1 + below(Math.max(1, wrong.length - 1))] = pick([below(0x80), 0xc0 + below(0x40), 0x25]);
      return escapes(wrong);
    }
    case 7: { // cut short by another character
      const cut = escapes(bytes).split("%").slice(1);
      const at = 1 + below(Math.max(1, cut.length));
      return `%${cut.slice(0, at).join("%")}${pick(["x", "%", "%%", " ", "\ud800", "é"])}${cut.slice(at).map((e) => `%${e}`).join("")}`;
    }
    case 8: return escapes(overlong(codePoint() & 0xffff));
    case 9: return escapes(utf8(0xd800 + below(0x800))); // a surrogate in UTF-8
    case 10: return escapes(utf8(0x110000 + below(0xf0000))); // above U+10FFFF
    case 11: return escape(pick(RESERVED).charCodeAt(0), chance(0.5)); // kept by decodeURI
    case 12: return escape(below(0x80), chance(0.5));
    default: return escapes(bytes);
  }
}

/** Random code units from the pools. */
function unitMix() {
  let s = "";
  for (let n = 1 + below(12); n > 0; n--) {
    switch (below(9)) {
      case 0: s += pick(RESERVED); break;
      case 1: s += pick(UNESCAPED); break;
      case 2: s += pick(OTHER_ASCII); break;
      case 3: s += pick(EDGES); break;
      case 4: s += pick(LONE); break;
      case 5: s += pick(ASTRAL); break;
      case 6: s += String.fromCharCode(below(0x10000)); break;
      case 7: s += String.fromCodePoint(codePoint()); break;
      default: s += escapedRun();
    }
  }
  return s;
}

/** Escapes among text. */
function escapeMix() {
  let s = "";
  for (let n = 1 + below(6); n > 0; n--) s += chance(0.7) ? escapedRun() : pick([...UNESCAPED, ...RESERVED, ...EDGES, ...LONE, "é"]);
  return s;
}

/** A real string, or its encoding by the engine. */
function realString() {
  const text = lines.length > 0 && chance(0.7)
    ? pick(lines)
    : Array.from({ length: 1 + below(20) }, () => String.fromCodePoint(codePoint())).join("");
  const wellFormed = text.replace(/[\ud800-\udfff]/g, "x");
  switch (below(3)) {
    case 0: return text;
    case 1: return globalThis.encodeURI(wellFormed);
    default: return globalThis.encodeURIComponent(wellFormed);
  }
}

function generate() {
  const r = rand();
  const s = r < 0.35 ? unitMix() : r < 0.7 ? escapeMix() : realString();
  return chance(0.5) ? random.mutate(s) : s;
}

// ----- the run -----

console.log(`ecma-differential: seed ${options.seed}, ${fmt(options.count)} strings, Node ${process.version}`);
const started = performance.now();
let compared = 0;
let differences = 0;
let failures = 0; // comparisons where both threw a URIError
for (let i = 0; i < options.count; i++) {
  const input = generate();
  for (let f = 0; f < 4; f++) {
    const a = outcome(ours[f], input);
    const b = outcome(engine[f], input);
    compared++;
    const equal = typeof a === "string" ? a === b : typeof b === "object" && a.thrown === b.thrown && a.thrown === "URIError";
    if (equal) {
      if (typeof a === "object") failures++;
      continue;
    }
    differences++;
    if (differences <= options.examples) {
      console.log(`difference: ${NAMES[f]}(${JSON.stringify(input)})\n  weburl: ${JSON.stringify(a)}\n  engine: ${JSON.stringify(b)}`);
    }
  }
  if ((i + 1) % options.progress === 0) console.log(`  ${fmt(i + 1)} strings, ${differences} differences, ${secondsSince(started)}`);
}
finish("ecma-differential", {
  summary: `${fmt(options.count)} strings, ${fmt(compared)} cases compared (${fmt(failures)} URIError on both sides), ` +
    `${differences} differences, ${secondsSince(started)}, seed ${options.seed}`,
  unexplained: differences,
});
