// Where `new URL(s).href` goes, part by part, counted with callgrind (a program, not a test): each
// mode runs one part over 2,000 kasztp URLs, 20 times to warm up, then `runs` times between two
// calls of `os.loadavg()`, at which callgrind dumps its counts, so the second dump is the counted
// runs alone. Instructions per URL = that dump's main-thread total / (2000 × runs):
//
//   valgrind --tool=callgrind --separate-threads=yes --dump-before=uv_loadavg \
//     node --predictable-gc-schedule benches/parse-parts.mjs href 10
//   grep summary: callgrind.out.<pid>.2-01
//
// With `--no-concurrent-recompilation --no-liftoff` beside `--predictable-gc-schedule` a count
// repeats to the instruction between processes (the code is optimized before the counted runs).
//
// Modes: `loop` (the loop alone), `encode` (+ encodeInto into the wasm's input buffer), `wasm`
// (+ the wasm's `parse` called directly), `href` (weburl's class), `node` (Node's own URL);
// `pkg=<dir>` as a further argument loads another build of the package (for A/B counts), `two`
// makes the URLs two-byte strings (sliced from a two-byte text, as benches/js.mjs's row has them).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { countRuns } from "./counted.mjs";
import { lines, twoByte } from "./js-tasks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [mode, runsArg = "10", ...rest] = process.argv.slice(2);
const pkgArg = rest.find((arg) => arg !== "two");
const pkg = pkgArg === undefined ? join(root, "pkg") : pkgArg.replace(/^pkg=/, "");
const datasets = process.env.WEBURL_DATASETS ?? join(root, "..", "shared", "datasets");
const oneByte = lines(readFileSync(join(datasets, "kasztp.txt")), 2000);
const web = rest.includes("two") ? twoByte(oneByte) : oneByte;
const { URL: WebURL } = await import(join(pkg, "node.mjs"));

// The wasm on its own, for the parts: its imports do nothing a parse of these URLs needs.
const exports = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(join(pkg, "weburl_bg.wasm"))), {
  "./weburl_bg.js": new Proxy({}, { get: () => () => {} }),
}).exports;
exports.__wbindgen_start?.();
const address = exports.inputBuffer(1 << 16) >>> 0; // grows memory first
const input = new Uint8Array(exports.memory.buffer, address, 1 << 16);
const encoder = new TextEncoder();

const MODES = {
  loop: () => { let n = 0; for (const s of web) n += s.length; return n; },
  encode: () => { let n = 0; for (const s of web) n += encoder.encodeInto(s, input).written; return n; },
  wasm: () => { let n = 0; for (const s of web) n += exports.parse(encoder.encodeInto(s, input).written); return n; },
  href: () => { let n = 0; for (const s of web) n += new WebURL(s).href.length; return n; },
  node: () => { let n = 0; for (const s of web) n += new URL(s).href.length; return n; },
};
console.log(mode, countRuns(MODES, mode, Number(runsArg)));
