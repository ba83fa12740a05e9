// JavaScript benchmark (a program that prints figures, not a test): weburl's classes against
// Node's own URL (ada, C++), whatwg-url (the reference implementation) and core-js's URL, in one
// Node process, on real URLs. Prints medians per operation and ratios to Node's own URL; for
// whatwg-url's low-level API (weburl/whatwg-url), which Node does not have, ratios to whatwg-url.
//
//   npm run bench            (builds pkg/ first; or: node benches/js.mjs [time-ms-per-task] [filter])
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as whatwgUrl from "whatwg-url";

import { checksum, lines, medians, twoByte, urlTasks } from "./js-tasks.mjs";

import * as weburl from "../pkg/node.mjs";
import { URL as LegacyURL } from "../pkg/legacy.mjs";
import { URL as NoWasmURL } from "../pkg/nowasm.mjs";

const { URL: RefURL, URLSearchParams: RefParams } = whatwgUrl;
const { URL: WebURL, URLSearchParams: WebParams } = weburl;

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const datasets = process.env.WEBURL_DATASETS ?? join(root, "..", "shared", "datasets");
const timePerTask = Number(process.argv[2] ?? 400);
const filter = process.argv[3] ?? "";

// core-js hands back the runtime's URL when it finds it good enough; hide it to get core-js's own.
function coreJs() {
  const [url, params] = [globalThis.URL, globalThis.URLSearchParams];
  globalThis.URL = undefined;
  globalThis.URLSearchParams = undefined;
  const require = createRequire(import.meta.url);
  const loaded = [require("core-js-pure/stable/url"), require("core-js-pure/stable/url-search-params")];
  [globalThis.URL, globalThis.URLSearchParams] = [url, params];
  return loaded;
}
const [CoreURL, CoreParams] = coreJs();

const IMPLEMENTATIONS = [
  { name: "node (ada)", URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams },
  { name: "weburl", URL: WebURL, URLSearchParams: WebParams },
  { name: "whatwg-url", URL: RefURL, URLSearchParams: RefParams },
  { name: "core-js", URL: CoreURL, URLSearchParams: CoreParams },
];
// The other builds, on the tasks marked `builds`: ES2017 with the MVP wasm, and the JavaScript engine.
const BUILDS = [
  { name: "weburl legacy", URL: LegacyURL },
  { name: "weburl nowasm", URL: NoWasmURL },
];

// The low-level API: records in, records out.
const LOW_LEVEL = [
  { name: "whatwg-url", api: whatwgUrl },
  { name: "weburl", api: weburl },
];

const web = lines(readFileSync(join(datasets, "kasztp.txt")), 2000);
const files = lines(readFileSync(join(datasets, "node_files.txt")), 2000);
// The same URLs as two-byte strings, for the row that shows what that costs.
const webTwoByte = twoByte(web);
// The class tasks of benches/js-tasks.mjs, then whatwg-url's low-level API against weburl's.
const TASKS = [
  ...urlTasks(web, files),
  { name: "new URL(s).href — kasztp, two-byte strings", per: webTwoByte.length, run: ({ URL }) => {
    let n = 0;
    for (const s of webTwoByte) n += new URL(s).href.length;
    return n;
  } },
  { name: "parseURL(s) + serializeURL — kasztp", per: web.length, impls: LOW_LEVEL, run: ({ api }) => {
    let n = 0;
    for (const s of web) n += api.serializeURL(api.parseURL(s)).length;
    return n;
  } },
  { name: "parseURL(s) + serializeURL — node_files", per: files.length, impls: LOW_LEVEL, run: ({ api }) => {
    let n = 0;
    for (const s of files) n += api.serializeURL(api.parseURL(s)).length;
    return n;
  } },
  { name: "parseURLWithValidationErrors(s) — kasztp", per: web.length, impls: LOW_LEVEL, run: ({ api }) => {
    let n = 0;
    for (const s of web) n += api.parseURLWithValidationErrors(s).validationErrors.length;
    return n;
  } },
];

function format(ns) {
  return ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`;
}

console.log(`weburl JavaScript benchmark — Node ${process.version}, tinybench, ${timePerTask} ms per task, medians`);
for (const task of TASKS.filter((t) => t.name.includes(filter))) {
  const perOp = medians(task, task.impls ?? (task.builds ? [...IMPLEMENTATIONS, ...BUILDS] : IMPLEMENTATIONS), timePerTask);
  const reference = task.impls === LOW_LEVEL ? "whatwg-url" : "node (ada)";
  console.log(`\n${task.name}`);
  for (const [name, ns] of Object.entries(perOp)) {
    const ratio = ns / perOp[reference];
    const vsWeb = name === "weburl" ? "" : `   weburl is ${(ns / perOp.weburl).toFixed(1)}x faster`;
    const label = reference === "node (ada)" ? "node" : reference;
    console.log(`  ${name.padEnd(14)} ${format(ns).padStart(10)} per op   ÷ ${label} ${ratio.toFixed(2)}${name === reference ? "" : vsWeb}`);
  }
}
console.log(`\n(checksum ${checksum()})`);
