// URLPattern benchmark (a program that prints figures, not a test): weburl's URLPattern against
// Node's native one (ada, C++; Node 24 and later) and the npm package urlpattern-polyfill
// (JavaScript), in one Node process, as a router uses them: a table of 50 patterns, and real URLs
// routed through it (first match wins). weburl is Node's entry (the wasm with every feature) and
// the browsers' weburl/urlpattern ("add-on": its wasm over the URL wasm of `weburl`, calling back
// into it). Prints medians per operation and the ratios weburl ÷ native, weburl ÷ polyfill and
// add-on ÷ weburl. It needs Node 24 (Node 20 has no URLPattern), so
// `npm run bench` runs it with the Node 24 that scripts/node-binary.sh fetches:
//
//   $(bash scripts/node-binary.sh 24.21.0) benches/urlpattern.mjs [time-ms-per-task] [filter]
//
// pkg/ must be built (node scripts/build.mjs). Tasks:
//   construct   the 50 patterns of the table (ns per pattern)
//   exec        each of the first 2,000 URLs of ../shared/datasets/kasztp.txt against the table,
//               in order, until one matches (ns per URL); the table ends with a catch-all
//   test        the same with test()
// Before timing, the three implementations are checked to route every URL to the same pattern.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Bench } from "tinybench";
import { lines } from "./js-tasks.mjs";
import { URLPattern as PolyfillURLPattern } from "urlpattern-polyfill/urlpattern";

import { URLPattern as WebURLPattern } from "../pkg/node.mjs";
import { URLPattern as AddOnURLPattern } from "../pkg/urlpattern.js";

const HOW_TO_RUN = "$(bash scripts/node-binary.sh 24.21.0) benches/urlpattern.mjs";
if (!(Number(process.versions.node.split(".")[0]) >= 24) || typeof globalThis.URLPattern !== "function") {
  console.error(`benches/urlpattern.mjs: this Node (${process.version}) has no native URLPattern to compare with (it needs Node 24 or later).\n` +
    `Run it with Node 24, fetched into target/node/ by scripts/node-binary.sh:\n\n  ${HOW_TO_RUN}\n`);
  process.exit(2);
}

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const datasets = process.env.WEBURL_DATASETS ?? join(root, "..", "shared", "datasets");
const timePerTask = Number(process.argv[2] ?? 1000);
const filter = process.argv[3] ?? "";

const IMPLEMENTATIONS = [
  { name: "node (ada)", URLPattern: globalThis.URLPattern },
  { name: "weburl", URLPattern: WebURLPattern },
  { name: "polyfill", URLPattern: PolyfillURLPattern },
  { name: "add-on", URLPattern: AddOnURLPattern },
];

// A router's table: an API and a web site's routes first, then host-based and legacy-site routes
// that real URLs hit, and a catch-all last. Each entry is the constructor's arguments.
const TABLE = [
  [{ pathname: "/api/users/:id" }],
  [{ pathname: "/api/users/:id/posts/:postId(\\d+)" }],
  [{ pathname: "/api/v:version(\\d+)/*" }],
  [{ pathname: "/api/orders/:orderId([0-9a-f]{24})" }],
  [{ pathname: "/api/search", search: "q=:query&*" }],
  [{ pathname: "/blog/:year(\\d+)/:month(\\d+)/:slug" }],
  [{ pathname: "/blog/:slug" }],
  [{ pathname: "/blog/tag/:tag+" }],
  [{ pathname: "/static/*" }],
  [{ pathname: "/assets/:file.:ext(css|js|png|jpg|svg|woff2)" }],
  [{ pathname: "{/:lang(en|fr|de|es)}?/docs/:page" }],
  [{ pathname: "{/:lang(en|fr|de|es)}?/docs/:section/:page" }],
  [{ pathname: "/products/:id(\\d+){/:variant}?" }],
  [{ pathname: "/categories/:category/products{/page/:page(\\d+)}?" }],
  [{ pathname: "/users/:username([a-z0-9_]+)" }],
  [{ pathname: "/users/:username/settings/:tab?" }],
  [{ pathname: "/files/*.pdf" }],
  [{ pathname: "/download/:name.:ext(zip|tar\\.gz|exe)" }],
  [{ pathname: "/login" }],
  [{ pathname: "/logout" }],
  [{ pathname: "/account/*" }],
  [{ pathname: "/admin/:section?/*?" }],
  [{ pathname: "/feed.:format(xml|json|atom)" }],
  [{ pathname: "/sitemap{-:n(\\d+)}?.xml" }],
  [{ pathname: "/robots.txt" }],
  [{ pathname: "/.well-known/*" }],
  [{ hostname: ":sub.example.com" }],
  [{ hostname: "api.:domain.com", pathname: "/v1/*" }],
  ["https://:tenant.myapp.io/*"],
  ["https://cdn.example.net/:bucket/*"],
  [{ protocol: "http{s}?", hostname: "{*.}?staging.example.org" }],
  [{ hostname: "{:sub.}?docs.example.org", pathname: "/:version/*" }],
  ["https://*.gov/*"],
  ["https://*.edu/~:user{/*}?"],
  [{ hostname: "groups.yahoo.com", pathname: "/group/:group{/*}?" }],
  [{ hostname: "*.groups.yahoo.com", pathname: "/group/:group{/*}?" }],
  [{ hostname: "www.angelfire.com", pathname: "/:section/:site{/*}?" }],
  [{ hostname: ":site.tripod.com", pathname: "/*" }],
  [{ hostname: "www.geocities.com", pathname: "/:neighborhood/:block(\\d+){/*}?" }],
  [{ pathname: "/~:user{/*}?" }],
  [{ pathname: "{/*}?/index.:ext(html|htm|php|shtml|asp)" }],
  [{ pathname: "/:page.:ext(html|htm|shtml)" }],
  [{ pathname: "/:dir/:page.:ext(html|htm|shtml)" }],
  [{ pathname: "/*.php", search: "*" }],
  [{ hostname: "{www.}?:site.com", pathname: "/" }],
  [{ hostname: "{www.}?:site.:tld(org|net)", pathname: "/" }],
  [{ pathname: "/:dir/" }],
  [{ pathname: "/:dir/:subdir/" }],
  [{ pathname: "/*", search: "*", hash: "*" }, { ignoreCase: true }],
  [{ pathname: "*" }],
];
if (TABLE.length !== 50) throw new Error(`the table has ${TABLE.length} patterns, not 50`);

const URLS = lines(readFileSync(join(datasets, "kasztp.txt")), 2000);

const build = ({ URLPattern }) => TABLE.map((args) => new URLPattern(...args));

/** The index of the pattern each URL is routed to, with each implementation; they must agree. */
function checkRouting() {
  const routes = IMPLEMENTATIONS.map((impl) => {
    const table = build(impl);
    return URLS.map((url) => table.findIndex((p) => p.test(url)));
  });
  const execRoutes = IMPLEMENTATIONS.map((impl) => {
    const table = build(impl);
    return URLS.map((url) => table.findIndex((p) => p.exec(url) !== null));
  });
  let disagreements = 0;
  URLS.forEach((url, i) => {
    const all = [...routes.map((r) => r[i]), ...execRoutes.map((r) => r[i])];
    if (all.some((x) => x !== all[0])) {
      if (disagreements++ < 5) console.log(`  routes differ for ${url}: ${IMPLEMENTATIONS.map((impl, k) => `${impl.name} #${routes[k][i]}`).join(", ")}`);
    }
  });
  const hits = new Map();
  for (const index of routes[0]) hits.set(index, (hits.get(index) ?? 0) + 1);
  const before = [...hits.entries()].filter(([index]) => index < TABLE.length - 2).reduce((n, [, c]) => n + c, 0);
  const tested = routes[0].reduce((n, index) => n + (index < 0 ? TABLE.length : index + 1), 0);
  console.log(`  ${URLS.length} URLs: ${before} routed before the two catch-alls, ${hits.get(TABLE.length - 2) ?? 0} by "/*", ` +
    `${hits.get(TABLE.length - 1) ?? 0} by "*", ${hits.get(-1) ?? 0} by none; ${(tested / URLS.length).toFixed(1)} patterns tried per URL; ` +
    (disagreements === 0 ? "all implementations agree" : `${disagreements} URLs routed differently`));
}

const TASKS = [
  { name: "construct — 50 patterns of the table", per: TABLE.length, run: (impl) => build(impl).length },
  { name: "exec — route kasztp URLs (first match wins)", per: URLS.length, iterations: 20, setup: build, run: (_, table) => {
    let n = 0;
    for (const url of URLS) {
      for (const pattern of table) {
        const result = pattern.exec(url);
        if (result !== null) {
          n += result.pathname.input.length;
          break;
        }
      }
    }
    return n;
  } },
  { name: "test — route kasztp URLs (first match wins)", per: URLS.length, iterations: 20, setup: build, run: (_, table) => {
    let n = 0;
    for (const url of URLS) {
      for (let i = 0; i < table.length; i++) {
        if (table[i].test(url)) {
          n += i;
          break;
        }
      }
    }
    return n;
  } },
];

function format(ns) {
  return ns >= 1e6 ? `${(ns / 1e6).toFixed(2)} ms` : ns >= 1e3 ? `${(ns / 1e3).toFixed(2)} µs` : `${ns.toFixed(0)} ns`;
}

console.log(`weburl URLPattern benchmark — Node ${process.version}, tinybench, ${timePerTask} ms per task, medians`);
checkRouting();
let sink = 0;
const rows = [];
for (const task of TASKS.filter((t) => t.name.includes(filter))) {
  // a batch of the routing tasks takes 0.1-0.3 s: a few samples are enough for a median
  const bench = new Bench({ time: timePerTask, iterations: task.iterations ?? 64, warmupTime: 200 });
  for (const impl of IMPLEMENTATIONS) {
    const state = task.setup?.(impl);
    bench.add(impl.name, () => {
      sink += task.run(impl, state);
    });
  }
  bench.runSync();
  const medians = Object.fromEntries(bench.tasks.map((t) => [t.name, (t.result.latency.p50 * 1e6) / task.per]));
  const samples = Object.fromEntries(bench.tasks.map((t) => [t.name, t.result.latency.samplesCount ?? t.result.latency.samples?.length]));
  console.log(`\n${task.name}`);
  for (const [name, ns] of Object.entries(medians)) {
    console.log(`  ${name.padEnd(11)} ${format(ns).padStart(10)} per op   (${samples[name]} samples)`);
  }
  const toNative = medians.weburl / medians["node (ada)"];
  const toPolyfill = medians.weburl / medians.polyfill;
  const addOn = medians["add-on"] / medians.weburl;
  console.log(`  weburl ÷ native ${toNative.toFixed(2)}   weburl ÷ polyfill ${toPolyfill.toFixed(2)}   add-on ÷ weburl ${addOn.toFixed(2)}`);
  rows.push([task.name.split(" — ")[0], medians["node (ada)"], medians.weburl, medians.polyfill, medians["add-on"], toNative, toPolyfill, addOn]);
}
console.log(`\n| task | native (ada) | weburl | polyfill | add-on | weburl ÷ native | weburl ÷ polyfill | add-on ÷ weburl |`);
console.log(`|---|---:|---:|---:|---:|---:|---:|---:|`);
for (const [name, native, web, poly, addOn, a, b, c] of rows) {
  console.log(`| ${name} | ${format(native)} | ${format(web)} | ${format(poly)} | ${format(addOn)} | ${a.toFixed(2)} | ${b.toFixed(2)} | ${c.toFixed(2)} |`);
}
console.log(`\n(checksum ${sink % 1000})`);
