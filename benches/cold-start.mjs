// Cold start (a program, not a test): in fresh Node processes, the time from `import` to the
// first parsed URL, for weburl's Node entry (wasm inlined, compiled synchronously), its legacy
// and no-wasm builds and, beside them, whatwg-url and core-js; then in headless Chromium, fresh
// browser contexts without caching, the time from navigation start to the first parsed URL for
// the browser entries. Prints the median of several runs.
//
//   node benches/cold-start.mjs [runs]
import { execFileSync } from "node:child_process";
import module from "node:module";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import * as esbuild from "esbuild";

import { launchChromium } from "../tests/browser/chromium.mjs";
import { startServer } from "../scripts/server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] ?? 15);

// A .cjs file is required, as its users load it. `env`: the variables the process runs with.
const entry = (file, note = "", env = {}) => [
  `weburl (pkg/${file})${note}`,
  file.endsWith(".cjs")
    ? `import("node:module").then((m) => m.createRequire(import.meta.url)(${JSON.stringify(join(root, "pkg", file))}))`
    : `import(${JSON.stringify(pathToFileURL(join(root, "pkg", file)).href)})`,
  env,
];
// What Node itself spends on the first import of a file (its ES module loader starting up): a
// module that only hands on Node's own URL. This is the floor under every row.
const floor = join(mkdtempSync(join(tmpdir(), "weburl-cold-")), "floor.mjs");
writeFileSync(floor, "export const URL = globalThis.URL;\n");
const entries = [
  ["Node's own URL, from a one-line module", `import(${JSON.stringify(pathToFileURL(floor).href)})`],
  entry("node.mjs"),
  entry("node.cjs"),
  entry("legacy.cjs"),
  entry("nowasm.mjs"),
  // The polyfill as Node imports it, then the global URL: Node's own where it passes the probes
  // (Node 24), weburl's where the polyfill installs it (Node 20).
  ["weburl/polyfill (pkg/polyfill-node.mjs), then the global URL", `import(${JSON.stringify(pathToFileURL(join(root, "pkg", "polyfill-node.mjs")).href)}).then(() => globalThis)`],
  // Node's own code cache for modules (Node 22.1+), which a user turns on for a whole process:
  // weburl's JavaScript is then read from it, not compiled again (filled by a run before these).
  ...(typeof module.enableCompileCache === "function"
    ? [entry("node.mjs", ", NODE_COMPILE_CACHE set", { NODE_COMPILE_CACHE: join(dirname(floor), "compile-cache") })]
    : []),
  ["whatwg-url", 'import("whatwg-url")'],
  ["core-js (core-js-pure/stable/url)", 'import("core-js-pure/stable/url/index.js").then((m) => ({ URL: m.default }))'],
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Runs `measure(entry)` `runs` times for each entry, the entries in turn (so that a machine whose
 * speed drifts weighs on each alike), and prints each entry's median. `measure` gives a time, or
 * several (each printed as a column of its own). */
async function report(entries, measure, width) {
  const times = entries.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (const [i, entry] of entries.entries()) times[i].push([await measure(entry, i)].flat());
  }
  for (const [i, [name]] of entries.entries()) {
    const columns = times[i][0].map((_, k) => times[i].map((t) => t[k]));
    console.log(`  ${name.padEnd(width)} ${columns.map((c) => `${median(c).toFixed(2).padStart(8)} ms   (min ${Math.min(...c).toFixed(2)}, max ${Math.max(...c).toFixed(2)})`).join("   ")}`);
  }
}

console.log(`Cold start: import to first parsed URL, fresh Node ${process.version} processes, median of ${runs}, the entries in turn\n`);
const measureNode = ([, load, env = {}]) => {
  const script = `const t0 = performance.now();
const { URL } = await ${load};
new URL("https://example.org/a?b#c").href;
console.log(performance.now() - t0);`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8", env: { ...process.env, ...env } });
  return Number(output.trim());
};
for (const cached of entries.filter(([, , env = {}]) => "NODE_COMPILE_CACHE" in env)) measureNode(cached);
await report(entries, measureNode, 48);

// Headless Chromium: a page loads an app that parses a URL, then records performance.now(), which
// counts from navigation start. The apps are bundled as users ship them (esbuild --bundle --minify,
// for browsers: one script), beside the package's files loaded as they are (from a CDN, say: a
// module and the chunks it imports). Each run is a new browser context, and the server forbids
// caching, so every run fetches and compiles everything.
const pages = mkdtempSync(join(tmpdir(), "weburl-cold-pages-"));
// `weburl` resolves to pkg/ for the bundler, through its package.json's exports, as when installed.
mkdirSync(join(pages, "node_modules"));
symlinkSync(join(root, "pkg"), join(pages, "node_modules", "weburl"), "dir");
// Also when the last of the page and its scripts had arrived: the time after it is the scripts'
// own (compiling and running them), without the local server's and the network stack's, which
// vary by tens of milliseconds here.
const PARSE = `new URL("https://example.org/a?b#c").href;
window.coldStart = performance.now();
performance.mark("href");
window.arrived = Math.max(...performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource")).map((e) => e.responseEnd));
`;
/** The app `source` bundled into `name`.js; its page's script tag. */
async function bundled(name, source) {
  writeFileSync(join(pages, `${name}.src.js`), source + PARSE);
  await esbuild.build({
    entryPoints: [join(pages, `${name}.src.js`)], bundle: true, minify: true, format: "esm", platform: "browser",
    target: "es2022", outfile: join(pages, `${name}.js`), absWorkingDir: pages, logLevel: "error",
  });
  return `<script type="module" src="/${name}.js"></script>`;
}
const inline = (source) => `<script type="module">${source}${PARSE}</script>`;
const browserEntries = [
  ["Chromium's own URL (a page with a module script)", inline("const { URL } = globalThis;\n")],
  // The floor under the bundled apps: one fetched script, which only parses with the browser's URL.
  ["Chromium's own URL, from a bundled app (the floor)", await bundled("floor", "")],
  ["weburl, bundled", await bundled("weburl", 'import { URL } from "weburl";\n')],
  ["weburl/polyfill, bundled", await bundled("polyfill", 'import "weburl/polyfill";\n')],
  ["weburl/web, bundled (fetches its wasm, streaming compile)", await bundled("web", 'import { URL, init } from "weburl/web";\nawait init("/pkg/weburl_bg.wasm");\n')],
  ["polyfill.global.js (a classic script, as shipped)", '<script src="/pkg/polyfill.global.js"></script>\n<script>' + PARSE + "</script>"],
  ["weburl, not bundled (pkg/index.js and its chunks)", inline('import { URL } from "/pkg/index.js";\n')],
  ["weburl/legacy, not bundled (pkg/legacy.mjs)", inline('import { URL } from "/pkg/legacy.mjs";\n')],
];
browserEntries.forEach(([, body], i) => writeFileSync(join(pages, `${i}.html`), `<!doctype html>${body}`));
const { server, url } = await startServer({ "/": pages, "/pkg/": join(root, "pkg") });
const browser = await launchChromium();
console.log(`\nHeadless Chromium ${browser.version()}: navigation start to first parsed URL; from when the page and its scripts had arrived to it; medians of ${runs}, the entries in turn\n`);
await report(browserEntries, async (entry, i) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}${i}.html`);
  const { coldStart, arrived } = await page.waitForFunction(() => window.coldStart && { coldStart: window.coldStart, arrived: window.arrived }).then((handle) => handle.jsonValue());
  await context.close();
  return [coldStart, coldStart - arrived];
}, 60);

// The pages with a module script, and polyfill.global.js's, again, traced: Chromium's trace events
// carry each thread's CPU time, which a loaded machine does not inflate as it does the times above
// (on two busy cores, threefold). The main thread's CPU from the start of the module script's
// evaluation (or of the classic script's run) to the first parsed URL (the thread time of its
// `performance.mark`), the renderer's pool threads' in that window, and of theirs V8's optimizing
// compiles of wasm: the LZMA decoder's tier-up, which the start never runs (README "Cold start",
// Twenty-second round (Chromium)).
console.log(`\nThe same, traced: CPU of the main thread from the module script's evaluation (polyfill.global.js's run) to the first parsed URL; of the pool threads in that time; of V8's optimizing compiles of wasm; medians of ${runs}\n`);
await report(browserEntries.filter(([, body]) => body.includes('type="module"') || body.includes("polyfill.global.js")), async ([, body]) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ["toplevel", "v8", "v8.wasm", "blink.user_timing"] });
  await page.goto(`${url}${browserEntries.findIndex(([, b]) => b === body)}.html`);
  await page.waitForFunction(() => window.coldStart);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const href = events.find((e) => e.name === "href" && e.cat === "blink.user_timing");
  const onMain = (e) => e.pid === href.pid && e.tid === href.tid;
  // The evaluation: of the module script, or the run of the classic one (polyfill.global.js).
  const evaluation = (e) => e.name === "v8.evaluateModule" || (e.name === "v8.run" && e.args.fileName?.endsWith("/pkg/polyfill.global.js"));
  const start = events.filter((e) => evaluation(e) && onMain(e) && e.ts < href.ts).sort((a, b) => b.dur - a.dur)[0];
  const pool = new Set(events.filter((e) => e.name === "thread_name" && e.pid === href.pid && e.args.name.startsWith("ThreadPool")).map((e) => e.tid));
  const within = (e) => e.pid === href.pid && pool.has(e.tid) && e.ph === "X" && e.tdur !== undefined && e.ts < href.ts && e.ts + e.dur > start.ts;
  // A task's CPU in proportion to the part of it in the window.
  const share = (e) => (e.tdur * (Math.min(e.ts + e.dur, href.ts) - Math.max(e.ts, start.ts))) / Math.max(e.dur, 1);
  const sum = (list) => list.reduce((total, e) => total + share(e), 0) / 1000;
  return [
    (href.tts - start.tts) / 1000,
    sum(events.filter((e) => within(e) && e.name === "ThreadPool_RunTask")),
    sum(events.filter((e) => within(e) && e.name === "wasm.TopTierCompilation")),
  ];
}, 60);
await browser.close();
server.close();
