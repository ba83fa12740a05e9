// The web-platform-tests URL data through the package's JavaScript classes, in Node.
import assert from "node:assert/strict";
import { test } from "node:test";

import { expectedFailures, load, wpt } from "./helpers.mjs";
import { Report, runIdna, runSetters, runToAscii, runUrlTestData } from "./wpt-runner.mjs";

const { URL } = await load();

function runFile(file, runner) {
  test(file, () => {
    const report = new Report(file, expectedFailures(file));
    runner(URL, wpt(file), report);
    const { ok, summary } = report.result();
    console.log(summary);
    assert.ok(ok, summary);
  });
}

runFile("urltestdata.json", runUrlTestData);
runFile("urltestdata-javascript-only.json", runUrlTestData);
runFile("setters_tests.json", runSetters);
runFile("toascii.json", runToAscii);
runFile("IdnaTestV2.json", runIdna);
runFile("IdnaTestV2-removed.json", runIdna);
