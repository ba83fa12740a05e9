// Cold start (a program, not a test): in fresh Node processes, the time from `import` to the
// first parsed URL, for weburl's Node entry (wasm inlined, compiled synchronously), its legacy
// and no-wasm builds and, beside them, whatwg-url and core-js; then in headless Chromium, fresh
// browser contexts without caching, the time from navigation start to the first parsed URL for
// the browser entries. Prints the median of several runs.
//
//   node benches/cold-start.mjs [runs]
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { launchChromium } from "../tests/browser/chromium.mjs";
import { startServer } from "../scripts/server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] ?? 15);

// A .cjs file is required, as its users load it.
const entry = (file) => [
  `weburl (pkg/${file})`,
  file.endsWith(".cjs")
    ? `import("node:module").then((m) => m.createRequire(import.meta.url)(${JSON.stringify(join(root, "pkg", file))}))`
    : `import(${JSON.stringify(pathToFileURL(join(root, "pkg", file)).href)})`,
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
  ["whatwg-url", 'import("whatwg-url")'],
  ["core-js (core-js-pure/stable/url)", 'import("core-js-pure/stable/url/index.js").then((m) => ({ URL: m.default }))'],
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

console.log(`Cold start: import to first parsed URL, fresh Node ${process.version} processes, median of ${runs}\n`);
for (const [name, load] of entries) {
  const script = `const t0 = performance.now();
const { URL } = await ${load};
new URL("https://example.org/a?b#c").href;
console.log(performance.now() - t0);`;
  const times = [];
  for (let i = 0; i < runs; i++) {
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
    times.push(Number(output.trim()));
  }
  console.log(`  ${name.padEnd(36)} ${median(times).toFixed(2).padStart(8)} ms   (min ${Math.min(...times).toFixed(2)}, max ${Math.max(...times).toFixed(2)})`);
}

// Headless Chromium: a page whose module script imports an entry and parses a URL, then records
// performance.now(), which counts from navigation start. Each run is a new browser context, and
// the server forbids caching, so every run fetches and compiles everything.
const pages = mkdtempSync(join(tmpdir(), "weburl-cold-pages-"));
const browserEntries = [
  ["Chromium's own URL (a page with a module script)", "const { URL } = globalThis;"],
  ["weburl (pkg/index.js: the wasm inlined, LZMA)", 'import { URL } from "/pkg/index.js";'],
  ["weburl/web (pkg/web.js: fetches the wasm, streaming compile)", 'import { URL, init } from "/pkg/web.js";\nawait init();'],
  ["weburl/polyfill (pkg/polyfill.mjs)", 'import "/pkg/polyfill.mjs";\nconst { URL } = globalThis;'],
  ["weburl/legacy (pkg/legacy.mjs)", 'import { URL } from "/pkg/legacy.mjs";'],
];
browserEntries.forEach(([, load], i) => {
  writeFileSync(join(pages, `${i}.html`), `<!doctype html><script type="module">${load}
new URL("https://example.org/a?b#c").href;
window.coldStart = performance.now();
</script>`);
});
const { server, url } = await startServer({ "/": pages, "/pkg/": join(root, "pkg") });
const browser = await launchChromium();
console.log(`\nHeadless Chromium ${browser.version()}: navigation start to first parsed URL, median of ${runs}\n`);
for (const [i, [name]] of browserEntries.entries()) {
  const times = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${url}${i}.html`);
    times.push(await page.waitForFunction(() => window.coldStart).then((handle) => handle.jsonValue()));
    await context.close();
  }
  console.log(`  ${name.padEnd(60)} ${median(times).toFixed(2).padStart(8)} ms   (min ${Math.min(...times).toFixed(2)}, max ${Math.max(...times).toFixed(2)})`);
}
await browser.close();
server.close();
