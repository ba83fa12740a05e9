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
import { Bench } from "tinybench";
import * as whatwgUrl from "whatwg-url";

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

function lines(file, count) {
  const text = readFileSync(join(datasets, file), "utf8").replace(/^\uFEFF/, "");
  return text.split("\n").filter(Boolean).slice(0, count);
}
const web = lines("kasztp.txt", 2000);
const files = lines("node_files.txt", 2000);
const base = "https://example.org/a/b/c?d#e";
const relative = web.map((s) => s.replace(/^[a-z]+:\/\/[^/]*/, "").replace(/^\/([^/])/, "../$1"));
const query100 = Array.from({ length: 100 }, (_, i) => `key${(i * 37) % 100}=value%20${i}+x`).join("&");
const pairs100 = Array.from({ length: 100 }, (_, i) => [`key${(i * 37) % 100}`, `value ${i} x`]);
const record100 = Object.fromEntries(pairs100);
const names = Array.from({ length: 100 }, (_, i) => `key${i}`);

const ATTRIBUTES = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

// Each task runs over a batch of inputs; `per` is the batch size, so figures are per operation.
// `setup` makes a task's state once; `fresh` makes it again, untimed, before each run.
const TASKS = [
  { name: "new URL(s).href — kasztp", per: web.length, builds: true, run: ({ URL }) => { let n = 0; for (const s of web) n += new URL(s).href.length; return n; } },
  { name: "new URL(s) + 11 attributes — kasztp", per: web.length, run: ({ URL }) => {
    let n = 0;
    for (const s of web) {
      const u = new URL(s);
      for (const a of ATTRIBUTES) n += u[a].length;
    }
    return n;
  } },
  { name: "new URL(s).href — node_files", per: files.length, run: ({ URL }) => { let n = 0; for (const s of files) n += new URL(s).href.length; return n; } },
  // A crawler resolving links against each page: the base changes on every call (the next URL of
  // the data set), so no cache of the last base helps.
  { name: "new URL(rel, s).href — a new base each call", per: relative.length, run: ({ URL }) => {
    let n = 0;
    for (let i = 0; i < relative.length; i++) n += new URL(relative[i], web[(i + 1) % web.length]).href.length;
    return n;
  } },
  { name: "new URL(rel, base).href — one base (cached)", per: relative.length, run: ({ URL }) => { let n = 0; for (const s of relative) n += new URL(s, base).href.length; return n; } },
  { name: "URL.canParse(s)", per: web.length, run: ({ URL }) => { let n = 0; for (const s of web) n += URL.canParse(s) ? 1 : 0; return n; } },
  // A router or proxy rewriting URLs: each URL made fresh in the loop, then its setters.
  { name: "new URL(s), then pathname, search, hash, href", per: web.length, run: ({ URL }) => {
    let n = 0;
    for (const s of web) {
      const u = new URL(s);
      u.pathname = "/a/b c/d";
      u.search = "?q=1&r=é";
      u.hash = "#top";
      n += u.href.length;
    }
    return n;
  } },
  { name: "setters on URLs made before the loop: pathname, search, hash, href", per: web.length, setup: ({ URL }) => web.map((s) => new URL(s)), run: (_, urls) => {
    let n = 0;
    for (let i = 0; i < urls.length; i++) {
      const u = urls[i];
      u.pathname = "/a/b c/d";
      u.search = "?q=1&r=é";
      u.hash = "#top";
      u.href = web[i];
      n += u.href.length;
    }
    return n;
  } },
  // Query strings as a server reads and rewrites them: a fresh object each time.
  { name: "new URLSearchParams(query) (100 pairs) + 10 get", per: 1, run: ({ URLSearchParams }) => {
    const p = new URLSearchParams(query100);
    let n = 0;
    for (let i = 0; i < 100; i += 10) n += p.get(names[i])?.length ?? 0;
    return n;
  } },
  { name: "new URLSearchParams(query) (100 pairs) + set + append + toString", per: 1, run: ({ URLSearchParams }) => {
    const p = new URLSearchParams(query100);
    p.set("key7", "x");
    p.append("page", "2");
    return p.toString().length;
  } },
  { name: "URLSearchParams parse (100 pairs)", per: 1, run: ({ URLSearchParams }) => new URLSearchParams(query100).size },
  // A fresh list each time: the serialization itself. Then the same list again, which Node 24 and
  // weburl answer from what they kept (Node 20 serializes it again).
  { name: "URLSearchParams toString (100 pairs)", per: 1, fresh: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => p.toString().length },
  { name: "URLSearchParams toString again, the list unchanged", per: 1, setup: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => p.toString().length },
  { name: "URLSearchParams sort (100 pairs, unsorted)", per: 1, fresh: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => { p.sort(); return p.size; } },
  { name: "URLSearchParams get (100 pairs)", per: 100, setup: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => {
    let n = 0;
    for (let i = 0; i < 100; i++) n += p.get(`key${i}`)?.length ?? 0;
    return n;
  } },
  { name: "URLSearchParams getAll (100 pairs)", per: 100, setup: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => {
    let n = 0;
    for (const name of names) n += p.getAll(name).length;
    return n;
  } },
  { name: "URLSearchParams has (100 pairs)", per: 100, setup: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => {
    let n = 0;
    for (const name of names) n += p.has(name) ? 1 : 0;
    return n;
  } },
  { name: "URLSearchParams set (100 pairs, 10 names)", per: 10, fresh: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => {
    for (let i = 0; i < 100; i += 10) p.set(names[i], "new value");
    return p.size;
  } },
  { name: "URLSearchParams delete (100 pairs, 10 names)", per: 10, fresh: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => {
    for (let i = 0; i < 100; i += 10) p.delete(names[i]);
    return p.size;
  } },
  { name: "URLSearchParams append (100 pairs)", per: 100, fresh: ({ URLSearchParams }) => new URLSearchParams(), run: (_, p) => {
    for (const [name, value] of pairs100) p.append(name, value);
    return p.size;
  } },
  { name: "new URLSearchParams(pairs) (100 pairs)", per: 1, run: ({ URLSearchParams }) => new URLSearchParams(pairs100).size },
  { name: "new URLSearchParams(record) (100 pairs)", per: 1, run: ({ URLSearchParams }) => new URLSearchParams(record100).size },
  { name: "url.searchParams.set + href (kasztp)", per: web.length, setup: ({ URL }) => web.map((s) => new URL(s)), run: (_, urls) => {
    let n = 0;
    for (const u of urls) {
      u.searchParams.set("page", "2");
      n += u.href.length;
    }
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
let sink = 0;
for (const task of TASKS.filter((t) => t.name.includes(filter))) {
  const bench = new Bench({ time: timePerTask, warmupTime: 100 });
  for (const impl of task.impls ?? (task.builds ? [...IMPLEMENTATIONS, ...BUILDS] : IMPLEMENTATIONS)) {
    let state = task.setup?.(impl);
    const beforeEach = task.fresh && (() => { state = task.fresh(impl); });
    bench.add(impl.name, () => {
      sink += task.run(impl, state);
    }, { beforeEach });
  }
  bench.runSync();
  const medians = Object.fromEntries(bench.tasks.map((t) => [t.name, (t.result.latency.p50 * 1e6) / task.per]));
  const reference = task.impls === LOW_LEVEL ? "whatwg-url" : "node (ada)";
  console.log(`\n${task.name}`);
  for (const [name, ns] of Object.entries(medians)) {
    const ratio = ns / medians[reference];
    const vsWeb = name === "weburl" ? "" : `   weburl is ${(ns / medians.weburl).toFixed(1)}x faster`;
    const label = reference === "node (ada)" ? "node" : reference;
    console.log(`  ${name.padEnd(14)} ${format(ns).padStart(10)} per op   ÷ ${label} ${ratio.toFixed(2)}${name === reference ? "" : vsWeb}`);
  }
}
console.log(`\n(checksum ${sink % 1000})`);
