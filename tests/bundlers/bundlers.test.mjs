// weburl in every bundler, with nothing to configure: for each bundler of bundlers.mjs and each
// app of apps/ (esbuild also builds a page with `weburl` and `weburl/urlpattern`, whose URL wasm
// must be in it once), the package installed from its tarball into a fresh app folder, built with the
// bundler's defaults for production, then run: in headless Chromium (the page must get every
// file it asks for, throw nothing, and leave the right answers) or, for Metro, as React Native
// runs it, without WebAssembly.
//   node --test tests/bundlers/              (WEBURL_PKG=dir for another package folder)
// Each test prints the bundler's warnings and the bytes the page fetched; benches/bundlers.mjs
// prints them as one table. The builds run a few at a time (BUNDLER_CONCURRENCY, default 3).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

import { launchChromium } from "../browser/chromium.mjs";
import { APPS, BUNDLERS } from "./bundlers.mjs";
import { buildAndRun, failureSummary, pack, packageDir, total } from "./harness.mjs";

// The answers of the URL Standard (and of the web-platform-tests' IdnaTestV2 rules).
const EXPECTED = {
  parsed: "https://xn--bcher-kva.example/%C3%A4?x=1",
  host: "xn--bcher-kva.example",
  href: "https://xn--fa-hia.de/%C3%A4?x=1&y=z+w",
  size: 2,
};

let browser;
const started = performance.now();

before(async () => {
  browser = await launchChromium();
  await pack();
});

after(async () => {
  await browser?.close();
  console.log(`bundlers: all builds and runs took ${((performance.now() - started) / 1000).toFixed(1)} s`);
});

/** Why Metro may pick a build with WebAssembly: the package's "." export has no react-native condition. */
function reactNativeCondition() {
  const exports = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).exports?.["."];
  return typeof exports === "object" && exports !== null && "react-native" in exports;
}

/**
 * The URL wasm of weburl's browser entry as the package carries it (LZMA in base64, an argument
 * of its decoder), and the UTS #46 tables it leaves out, packed apart (scripts/build.mjs): the two
 * texts of the files `index.js` imports, the tables the one that polyfill.global.js carries too.
 */
function mainWasmTexts() {
  const entry = readFileSync(join(packageDir, "index.js"), "utf8");
  const imported = [...entry.matchAll(/(?:from|import)\s*"\.\/([\w-]+\.js)"/g)].map((m) => readFileSync(join(packageDir, m[1]), "utf8"));
  const texts = imported.flatMap(inlineTexts);
  assert.equal(texts.length, 2, "index.js's files do not carry one inline wasm and the tables");
  const polyfill = inlineTexts(readFileSync(join(packageDir, "polyfill.global.js"), "utf8"));
  const [tables, ...others] = texts.filter((text) => polyfill.includes(text));
  assert.ok(tables !== undefined && others.length === 0, "index.js and polyfill.global.js do not share one text, the tables");
  return { main: texts.find((text) => text !== tables), tables };
}

/**
 * The LZMA texts `code` carries inline, wasm modules and the UTS #46 tables: its string literals of
 * base64 over 10,000 characters (each a call of its decoder's argument, or the url wasm's stream,
 * which its start module and the whole module decode from).
 */
function inlineTexts(code) {
  return [...code.matchAll(/"([A-Za-z0-9+/]{10000,})"/g)].map((m) => m[1]);
}

describe(`bundlers (package: ${packageDir})`, { concurrency: Number(process.env.BUNDLER_CONCURRENCY ?? 3) }, () => {
  for (const [bundler, { apps = APPS, runs = "browser" }] of Object.entries(BUNDLERS)) {
    for (const app of apps) {
      test(`${bundler}: app "${app}"`, async (t) => {
        const { dir, built, result, problems, files } = await buildAndRun(bundler, app, browser);
        t.diagnostic(`built in ${built.seconds.toFixed(1)} s (${dir})`);
        for (const warning of built.warnings) warning.split("\n").forEach((line, i) => t.diagnostic(`${i === 0 ? "warning: " : "  "}${line}`));
        for (const { path, status, sizes } of files) {
          t.diagnostic(`${status === undefined ? "bundle" : `fetched (HTTP ${status})`} ${path}: ${sizes.raw} B, gzip ${sizes.gzip}, brotli ${sizes.brotli}`);
        }
        const sum = total(files);
        t.diagnostic(`in all: ${sum.raw} B, gzip ${sum.gzip}, brotli ${sum.brotli}`);

        if (!built.ok) for (const line of failureSummary(built.output)) t.diagnostic(`build: ${line}`);

        if (runs === "react-native") {
          assert.ok(reactNativeCondition(), `the package's "." export has no "react-native" condition, so Metro takes the browser build (${problems.join("; ") || "which ran"})`);
        }
        assert.ok(built.ok, `the ${bundler} build failed`);
        assert.deepEqual(problems, [], `the app did not run cleanly`);
        assert.ok(result !== undefined, "the app left no result");
        assert.equal(result.error, undefined, result.error);
        const { polyfill, weburl, sharedURL, book, ...answers } = result;
        assert.deepEqual(answers, EXPECTED);
        if (app === "url") assert.equal(weburl, true, "the URL class is the runtime's, not weburl's");
        if (app === "urlpattern") {
          assert.equal(weburl, true, "the URL class is the runtime's, not weburl's");
          assert.equal(sharedURL, true, "weburl/urlpattern's URL is not weburl's");
          assert.equal(book, "7");
          const bundle = readFileSync(join(dir, "dist", "index.js"), "utf8");
          const { main, tables } = mainWasmTexts();
          assert.equal(bundle.split(main).length - 1, 1, "the bundle does not hold the URL wasm exactly once");
          assert.equal(bundle.split(tables).length - 1, 1, "the bundle does not hold the UTS #46 tables exactly once");
          // The other inline wasm, the add-on, is URLPattern's code alone: a wasm with a URL core
          // of its own would be larger than the URL wasm, not a third of it.
          const others = inlineTexts(bundle).filter((text) => text !== main && text !== tables);
          assert.equal(others.length, 1, "the bundle does not hold one other inline wasm");
          assert.ok(others[0].length < main.length / 2, `the other inline wasm is ${others[0].length} characters, the URL wasm ${main.length}`);
        }
        if (app === "polyfill") {
          assert.ok(polyfill !== null, `globalThis[Symbol.for("weburl.polyfill")] is missing: the polyfill did not run`);
          t.diagnostic(`polyfill: installed ${polyfill.installed}, failed probes: ${polyfill.failed.join(", ") || "none"}, engine ${polyfill.engine}`);
        }
      });
    }
  }
});
