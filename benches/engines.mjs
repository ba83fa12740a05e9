// The JavaScript benchmark's class tasks (benches/js-tasks.mjs) in the other engines (a program
// that prints figures, not a test): weburl against each engine's own URL, in one process or page:
// Bun and Deno (weburl's Node entry, pkg/node.mjs, as they import it), headless Chromium, Firefox
// ESR and WebKitGTK (pkg/index.js; the page cross-origin isolated so that its clock is fine
// enough, each timed sample at least 2 ms). Prints weburl ÷ the engine's own URL per task, as a table.
//
//   node benches/engines.mjs [time-ms-per-task] [filter]
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { BROWSERS, collectFromBrowser, DENO_ENV, freshDir, run, RUNTIMES, runtimeBinary } from "../tests/engines/harness.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const datasets = process.env.WEBURL_DATASETS ?? join(root, "..", "shared", "datasets");
const time = Number(process.argv[2] ?? 400);
const filter = process.argv[3] ?? "";

// One program for every engine: `load(file)` gives a data set's bytes, `weburl` the entry's module,
// `report(result)` hands the rows on. The inputs are those the engine's own URL parses too
// (Firefox's refuses a few of kasztp.txt).
const measure = `const parses = (s) => { try { return new URL(s) !== null; } catch { return false; } };
const [web, files] = await Promise.all(["kasztp.txt", "node_files.txt"].map(async (file) =>
  lines(await load(file), 2000).filter(parses)));
const own = { name: "own", URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams };
const mine = { name: "weburl", URL: weburl.URL, URLSearchParams: weburl.URLSearchParams };
const rows = urlTasks(web, files).filter((task) => task.name.includes(${JSON.stringify(filter)}))
  .map((task) => ({ task: task.name, ...medians(task, [own, mine], ${time}, SAMPLE) }));
report({ rows, inputs: [web.length, files.length], checksum: checksum() });
`;
const tasks = pathToFileURL(join(root, "benches", "js-tasks.mjs")).href;

/** The rows from Bun or Deno (`args`: how the runtime runs a file). */
async function runtime(name, args, env = {}) {
  const dir = freshDir(`bench-${name}`, "program");
  const program = join(dir, "bench.mjs");
  writeFileSync(program, `import { readFileSync } from "node:fs";
import { checksum, lines, medians, urlTasks } from ${JSON.stringify(tasks)};
import * as weburl from ${JSON.stringify(pathToFileURL(join(root, "pkg", "node.mjs")).href)};
const load = (file) => new Uint8Array(readFileSync(${JSON.stringify(datasets)} + "/" + file));
const report = (result) => console.log(JSON.stringify(result));
const SAMPLE = 0;
${measure}`);
  const { stdout } = await run(await runtimeBinary(name), [...args, program], { cwd: root, env: { ...process.env, ...env } });
  return { engine: `${RUNTIMES[name].name} ${RUNTIMES[name].version}`, ...JSON.parse(stdout.trim().split("\n").pop()) };
}

// Cross-origin isolated, for a clock of microseconds (5 µs in Chromium, 20 in Firefox) instead of
// 100 µs or a millisecond.
const ISOLATED = { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" };

/** The rows from a browser, started by `launch(url)` as the engine tests start it. */
async function browser(engine, launch) {
  const dir = freshDir("bench-page", engine.split(" ")[0].toLowerCase());
  writeFileSync(join(dir, "index.html"), `<!doctype html>
<script type="importmap">{ "imports": { "tinybench": "/tinybench/index.js" } }</script>
<script type="module">
import { checksum, lines, medians, urlTasks } from "/benches/js-tasks.mjs";
import * as weburl from "/pkg/index.js";
const load = async (file) => new Uint8Array(await (await fetch("/datasets/" + file)).arrayBuffer());
const post = (result) => fetch(new URLSearchParams(location.search).get("result"), { method: "POST", mode: "no-cors", body: JSON.stringify(result) });
const report = (result) => post({ ...result, isolated: crossOriginIsolated });
const SAMPLE = 2;
try {
${measure}} catch (e) {
  post({ error: \`\${e}\n\${e && e.stack}\` });
}
</script>`);
  const mount = (path) => ({ dir: path, headers: ISOLATED });
  const result = await collectFromBrowser({
    "/": mount(dir), "/benches/": mount(join(root, "benches")), "/pkg/": mount(join(root, "pkg")),
    "/tinybench/": mount(join(root, "node_modules", "tinybench", "dist")), "/datasets/": mount(datasets),
  }, "index.html", launch);
  if (result.error !== undefined) throw new Error(`${engine}: ${result.error}`);
  if (!result.isolated) throw new Error(`${engine}: the page is not cross-origin isolated`);
  return { engine, ...result };
}

// One engine after another: each has the machine to itself.
const results = [];
results.push(await runtime("bun", []));
results.push(await runtime("deno", ["run", "--allow-read", "--allow-env"], DENO_ENV));
for (const name of ["chromium", "firefox", "webkit"]) {
  results.push(await browser(BROWSERS[name].version().replace(/ built on .*/, ""), BROWSERS[name].launch(`bench-${name}`)));
}

console.log(`weburl ÷ the engine's own URL, tinybench medians, ${time} ms per task per implementation\n`);
console.log(`| task | ${results.map((r) => r.engine).join(" | ")} |`);
console.log(`|---|${results.map(() => "---").join("|")}|`);
for (const [i, { task }] of results[0].rows.entries()) {
  console.log(`| ${task} | ${results.map(({ rows }) => (rows[i].weburl / rows[i].own).toFixed(2)).join(" | ")} |`);
}
console.log(`\nInputs (of 2000 each, those the own URL parses): ${results.map((r) => `${r.engine} ${r.inputs.join(" + ")}`).join("; ")}`);
console.log(`(checksums ${results.map((r) => r.checksum).join(", ")})`);
