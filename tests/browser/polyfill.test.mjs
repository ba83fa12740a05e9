// The browser entries beyond the plain wasm path, in headless Chromium: pkg/index.js falling
// back to the JavaScript engine (wasm2js) when a Content-Security-Policy refuses WebAssembly,
// and the classic-script polyfill pkg/polyfill.global.js installing weburl's URL and
// URLSearchParams on the global object (globals deleted, over Chromium's own, forced).
//   node --test tests/browser/polyfill.test.mjs
// The pages are tests/browser/polyfill/*.html; their module scripts do the work in the page and
// leave their findings in window.weburlResult, which the tests read. The same directory is
// served twice: under /csp/ with `Content-Security-Policy: script-src 'self'` (no
// 'wasm-unsafe-eval'), and under /plain/ without.
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { startServer } from "../../scripts/server.mjs";
import { pkg, root, wptDir } from "../js/helpers.mjs";
import { launchChromium } from "./chromium.mjs";

const CSP = "script-src 'self'";
const TIMEOUT = 30_000;

let server;
let baseUrl;
let browser;

before(async () => {
  const fixtures = join(root, "tests", "browser", "polyfill");
  ({ server, url: baseUrl } = await startServer({
    "/csp/": { dir: fixtures, headers: { "content-security-policy": CSP } },
    "/plain/": fixtures,
    "/pkg/": pkg,
    "/runner/": join(root, "tests", "js"),
    "/wpt/": wptDir,
    "/expected/": join(root, "tests"),
  }));
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.close();
});

/**
 * Opens `path` in a fresh page and waits for window.weburlResult. Returns it with the page's
 * problems: uncaught errors, failed requests, HTTP errors, and the CSP header as served.
 */
async function visit(path) {
  const page = await browser.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => {
    // A blob: URL fetched after revokeObjectURL fails on purpose (forced.html).
    if (!r.url().startsWith("blob:")) problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  try {
    const response = await page.goto(new URL(path, baseUrl).href);
    const csp = response.headers()["content-security-policy"] ?? null;
    await page.waitForFunction(() => window.weburlResult !== undefined);
    const result = await page.evaluate(() => window.weburlResult);
    assert.equal(result.error, undefined, result.error);
    return { result, problems, csp };
  } finally {
    await page.close();
  }
}

test("CSP without 'wasm-unsafe-eval': pkg/index.js says which entry to import; pkg/nowasm.mjs runs there", async () => {
  const refused = await visit("/csp/module.html");
  assert.match(refused.result.importError, /^TypeError: weburl: this runtime has no WebAssembly or refused to compile it, or the wasm module was not found .*"weburl\/nowasm"/);
  const { result, problems, csp } = await visit("/csp/module.html?entry=nowasm.mjs");
  console.log(`served with: ${csp}`);
  console.log(`in the page: WebAssembly.compile → ${result.wasmCompile}`);
  console.log(`             new WebAssembly.Module → ${result.wasmModule}; eval → ${result.eval}`);
  console.log(`             securitypolicyviolation: ${result.violations.join(", ")}`);
  console.log(result.wpt.summary);
  assert.equal(csp, CSP);
  // The policy is in force in the page that imports the package: compiling is refused.
  assert.match(result.wasmCompile, /^CompileError: /);
  assert.match(result.wasmModule, /^CompileError: /);
  assert.match(result.eval, /^EvalError: /);
  // Two refusals of WebAssembly: the checks above (the JavaScript engine compiles none).
  const refusals = result.violations.filter((v) => v === "script-src wasm-eval").length;
  assert.ok(refusals >= 2, result.violations.join(", "));
  assert.equal(result.engine, "js");
  assert.equal(result.native, false, "the package's URL, not the browser's");
  assert.ok(result.wpt.ok, result.wpt.summary);
  assert.deepEqual(problems, []);
});

test("the same page without CSP: pkg/index.js runs on wasm", async () => {
  const { result, problems, csp } = await visit("/plain/module.html");
  console.log(result.wpt.summary);
  assert.equal(csp, null);
  assert.equal(result.wasmCompile, "allowed");
  assert.deepEqual(result.violations, []);
  assert.equal(result.engine, "wasm");
  assert.equal(result.native, false, "the package's URL, not the browser's");
  assert.ok(result.wpt.ok, result.wpt.summary);
  assert.deepEqual(problems, []);
});

const DEFINED = { enumerable: false, writable: true, configurable: true };

test("classic polyfill with URL and URLSearchParams deleted first: installs weburl's", async () => {
  const { result, problems } = await visit("/plain/deleted.html");
  const { report } = result;
  console.log(`engine: ${report.engine}; failed probes: ${JSON.stringify(report.failed)}`);
  console.log(result.wpt.summary);
  assert.equal(result.deletedBefore, true, "the globals were gone before the polyfill ran");
  assert.equal(report.installed, true);
  assert.equal(report.forced, false);
  assert.ok(report.failed.includes("URL"), JSON.stringify(report.failed));
  assert.ok(report.failed.includes("URLSearchParams"), JSON.stringify(report.failed));
  assert.deepEqual(result.nativeWas, { URL: "undefined", URLSearchParams: "undefined" });
  // Chromium allows compiling the legacy module synchronously on the main thread.
  assert.equal(report.engine, "wasm");
  assert.ok(result.wpt.ok, result.wpt.summary);
  assert.equal(result.searchParamsIsGlobal, true);
  assert.deepEqual(result.descriptors, { URL: DEFINED, URLSearchParams: DEFINED });
  // The native class was gone before the polyfill ran: nothing of createObjectURL to keep.
  assert.equal(result.blob.createObjectURL, "undefined");
  assert.deepEqual(problems, []);
});

test("classic polyfill over Chromium's URL: probes, and data-force", async (t) => {
  await t.test("probes only", async () => {
    const { result, problems } = await visit("/plain/native.html");
    const { report } = result;
    console.log(`Chromium fails probes: ${JSON.stringify(report.failed)}; installed: ${report.installed}`);
    assert.equal(report.forced, false);
    assert.equal(report.installed, report.failed.length > 0);
    assert.deepEqual(result.nativeWas, { URL: "the page's", URLSearchParams: "the page's" });
    if (report.installed) {
      console.log(result.wpt.summary);
      assert.equal(result.globalIsNative, false);
      assert.ok(result.wpt.ok, result.wpt.summary);
      assert.equal(result.blob.keptNative, true);
    } else {
      assert.equal(result.globalIsNative, true, "a conforming URL is left alone");
    }
    assert.deepEqual(problems, []);
  });

  await t.test("data-force", async () => {
    const { result, problems } = await visit("/plain/forced.html");
    const { report, blob } = result;
    console.log(`engine: ${report.engine}; blob: ${blob.blobUrl} → origin ${blob.origin}`);
    console.log(result.wpt.summary);
    assert.equal(report.installed, true);
    assert.equal(report.forced, true);
    assert.equal(report.engine, "wasm");
    assert.equal(result.globalIsNative, false);
    assert.deepEqual(result.nativeWas, { URL: "the page's", URLSearchParams: "the page's" });
    assert.deepEqual(result.descriptors, { URL: DEFINED, URLSearchParams: DEFINED });
    assert.ok(result.wpt.ok, result.wpt.summary);
    assert.equal(result.searchParamsIsGlobal, true);
    // Blob URLs: the platform's createObjectURL/revokeObjectURL, kept on weburl's class.
    assert.equal(blob.keptNative, true);
    assert.match(blob.blobUrl, /^blob:http:\/\/127\.0\.0\.1:\d+\/[0-9a-f-]{36}$/);
    assert.equal(blob.parsed, blob.blobUrl);
    assert.equal(blob.origin, result.origin);
    assert.equal(blob.fetched, "x");
    assert.equal(blob.afterRevoke, "TypeError");
    assert.deepEqual(problems, []);
  });
});
