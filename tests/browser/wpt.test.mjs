// The ESM package (pkg/index.js: the wasm fetched next to it, top-level await) loaded in headless
// Chromium from a local server, running urltestdata.json and setters_tests.json through its
// classes there.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { join } from "node:path";

import { startServer } from "../../scripts/server.mjs";
import { expectedFailures, pkg, root, wptDir } from "../js/helpers.mjs";
import { launchChromium } from "./chromium.mjs";

let server;
let browser;
let page;
const errors = [];

before(async () => {
  const started = await startServer({
    "/": join(root, "tests", "browser"),
    "/pkg/": pkg,
    "/runner/": join(root, "tests", "js"),
    "/wpt/": wptDir,
  });
  server = started.server;
  browser = await launchChromium();
  page = await browser.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(started.url);
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** Runs a WPT data file with the runner in the page, against the package's URL class. */
async function runInBrowser(file, runner) {
  return page.evaluate(
    async ({ file, runner, expected }) => {
      const { URL } = await import("/pkg/index.js");
      const wpt = await import("/runner/wpt-runner.mjs");
      const data = await (await fetch(`/wpt/${file}`)).json();
      const report = new wpt.Report(file, expected);
      wpt[runner](URL, data, report);
      return { ...report.result(), native: URL === globalThis.URL };
    },
    { file, runner, expected: expectedFailures(file) },
  );
}

for (const [file, runner] of [
  ["urltestdata.json", "runUrlTestData"],
  ["setters_tests.json", "runSetters"],
]) {
  test(`${file} in Chromium`, async () => {
    const { ok, summary, native } = await runInBrowser(file, runner);
    console.log(summary);
    assert.equal(native, false, "the package's URL, not the browser's");
    assert.ok(ok, summary);
    assert.deepEqual(errors, []);
  });
}
