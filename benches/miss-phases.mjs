// Where the time of a start module's miss goes (issue 19): a fresh process or page imports
// `<pkg>/index.js` (the browsers' entry), reads one href, then times
// `new URL("../x?y#z", "https://example.org/a/b").href` with benches/miss-phases.js's wrappers of
// WebAssembly.Module, Instance and each instance's exports: the call until the start module's
// instance traps, the decoder's resume, the compile and instance of the next module, its
// `__wbindgen_start`, and the rest (the call run again, JavaScript between). Medians; per run
// with ROWS=1.
//
//   node benches/miss-phases.mjs node NODE_BINARY RUNS PKG_DIR...
//   node benches/miss-phases.mjs chromium RUNS PKG_DIR...   (headless, no DevTools protocol:
//     Playwright's Runtime domain changes what a thrown error costs)
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { requestBody, startServer } from "../scripts/server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const [where, ...rest] = process.argv.slice(2);
const node = where === "node" ? rest.shift() : null;
const runs = Number(rest.shift());
const pkgs = rest.map((p) => resolve(p));

// The workload, as a module's source; `entry` the URL of index.js. Reports `missPhases` relative
// to the relative URL's start.
const workload = (entry) => `
const t0 = performance.now();
const { URL } = await import(${JSON.stringify(entry)});
const t1 = performance.now();
new URL("https://example.org/a/b").href;
const t2 = performance.now();
const before = globalThis.missPhases.length;
new URL("../x?y#z", "https://example.org/a/b").href;
const t3 = performance.now();
const result = { import: t1 - t0, href: t2 - t1, relative: t3 - t2 };
// In a page, also from when the last of its scripts had arrived (the local server's and the
// network stack's time left out).
if (typeof document === "object") result["import after the last byte"] = t1 - Math.max(...performance.getEntriesByType("resource").map((e) => e.responseEnd));
let at = t2, accounted = 0;
for (const [what, start, end] of globalThis.missPhases.slice(before).sort((a, b) => a[1] - b[1])) {
  if (start < at) continue; // nested in one already counted
  const phase = /threw/.test(what) ? "until the trap" : what;
  result[phase] = (result[phase] ?? 0) + end - (phase === "until the trap" ? t2 : start);
  accounted += end - (phase === "until the trap" ? t2 : start);
  at = end;
}
result.rest = result.relative - accounted;
`;

function summary(pkg, rows) {
  const keys = [...new Set(rows.flatMap(Object.keys))];
  const median = (k) => {
    const v = rows.map((r) => r[k] ?? 0).sort((a, b) => a - b);
    return v[v.length >> 1];
  };
  console.log(`${pkg} (${rows.length} runs, medians, ms): ` + keys.map((k) => `${k} ${median(k).toFixed(2)}`).join(", "));
}
const show = (pkg, r) => process.env.ROWS && console.log(`  ${pkg}: ` + Object.entries(r).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(", "));

const all = new Map(pkgs.map((p) => [p, []]));
if (where === "node") {
  const dir = mkdtempSync(join(tmpdir(), "miss-phases-"));
  for (let i = 0; i < runs; i++) {
    for (const pkg of i % 2 ? [...pkgs].reverse() : pkgs) {
      const script = join(dir, "run.mjs");
      const source = workload(pathToFileURL(join(pkg, "index.js")).href) + "console.log(JSON.stringify(result));\n";
      const r = JSON.parse(execFileSync(node, ["--import", pathToFileURL(join(here, "miss-phases.js")).href, "--input-type=module", "-e", source], { encoding: "utf8" }));
      show(pkg, r);
      all.get(pkg).push(r);
    }
  }
  rmSync(dir, { recursive: true, force: true });
} else {
  let deliver = null;
  // /n/…: the nth PKG_DIR, and the page that imports its index.js. Cross-origin isolated:
  // performance.now() to 5 µs rather than 100.
  const page = (n) => (request, response, headers) => {
    const source = workload(`/${n}/index.js`) + 'fetch("/result", { method: "POST", body: JSON.stringify(result) });';
    response.writeHead(200, { ...headers, "content-type": "text/html" });
    response.end(`<!doctype html><script type="module">${readFileSync(join(here, "miss-phases.js"), "utf8")}</script><script type="module">${source}</script>`);
  };
  const routes = Object.fromEntries(pkgs.map((_, n) => [`/${n}/page.html`, page(n)]));
  routes["/result"] = async (request, response) => {
    const body = await requestBody(request);
    response.end();
    deliver(JSON.parse(body));
  };
  const mounts = Object.fromEntries(pkgs.map((pkg, n) => [`/${n}/`, pkg]));
  const headers = { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };
  const { server, url } = await startServer(mounts, 0, { headers, routes });
  for (let i = 0; i < runs; i++) {
    for (const pkg of i % 2 ? [...pkgs].reverse() : pkgs) {
      const profile = mkdtempSync(join(tmpdir(), "miss-phases-"));
      const got = new Promise((ok) => (deliver = ok));
      const chromium = spawn(process.env.CHROMIUM ?? "/usr/bin/chromium", [
        "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        `--user-data-dir=${profile}`, ...(process.env.CHROMIUM_FLAGS?.split(" ") ?? []),
        `${url}${pkgs.indexOf(pkg)}/page.html`,
      ], { stdio: "ignore", detached: true });
      const exited = new Promise((ok) => chromium.on("exit", ok));
      const r = await Promise.race([got, new Promise((ok) => setTimeout(ok, 30000))]);
      process.kill(-chromium.pid, "SIGTERM");
      await exited;
      await new Promise((ok) => setTimeout(ok, 300));
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      if (r === undefined) throw new Error(`no result from ${pkg}`);
      show(pkg, r);
      all.get(pkg).push(r);
    }
  }
  server.close();
}
for (const [pkg, rows] of all) summary(pkg, rows);
