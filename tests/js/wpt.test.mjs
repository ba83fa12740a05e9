// The web-platform-tests URL data through the package's JavaScript classes, in Node, for each
// engine: the modern wasm (node.mjs), the legacy MVP wasm (legacy.mjs) and the JavaScript engine
// (nowasm.mjs). Run with `--import ./tests/js/fixtures/no-webassembly.mjs`, every entry must
// fall back to the JavaScript engine and pass the same data. And the URL Pattern data through
// the browsers' weburl/urlpattern (urlpattern.js: an add-on wasm over the URL wasm of index.js),
// where there is WebAssembly (that file has no other engine).
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";

import { expectedFailures, load, pkg, wpt } from "./helpers.mjs";
import { Report, runIdna, runSetters, runToAscii, runUrlPattern, runUrlTestData } from "./wpt-runner.mjs";

const hasWebAssembly = typeof WebAssembly === "object";
// index.js (URL and URLSearchParams only; it has no other engine) starts on the start module of
// the url wasm: its first miss makes the whole module's instance current (js/runtime.js).
const ENTRIES = [
  ["node.mjs", "wasm"],
  ...(hasWebAssembly ? [["index.js", "wasm"]] : []),
  ["legacy.mjs", "wasm"],
  ["nowasm.mjs", "js"],
];

function runFile(URL, file, runner) {
  test(file, () => {
    const report = new Report(file, expectedFailures(file));
    runner(URL, wpt(file), report);
    const { ok, summary } = report.result();
    console.log(summary);
    assert.ok(ok, summary);
  });
}

await load(); // fails clearly when pkg/ is not built
for (const [entry, engine] of ENTRIES) {
  const module = await import(join(pkg, entry));
  describe(`${entry} (${hasWebAssembly ? engine : "js"} engine)`, () => {
    test("engine", () => assert.equal(module.engine(), hasWebAssembly ? engine : "js"));
    runFile(module.URL, "urltestdata.json", runUrlTestData);
    runFile(module.URL, "urltestdata-javascript-only.json", runUrlTestData);
    runFile(module.URL, "setters_tests.json", runSetters);
    runFile(module.URL, "toascii.json", runToAscii);
    runFile(module.URL, "IdnaTestV2.json", runIdna);
    runFile(module.URL, "IdnaTestV2-removed.json", runIdna);
    if (entry !== "index.js") runFile(module, "urlpatterntestdata.json", runUrlPattern);
  });
}

if (hasWebAssembly) {
  const module = await import(join(pkg, "urlpattern.js"));
  describe("urlpattern.js (the add-on wasm over index.js)", () => {
    test("engine", () => assert.equal(module.engine(), "wasm"));
    runFile(module, "urlpatterntestdata.json", runUrlPattern);
  });
}
