// What every engine of tests/engines/ runs, inside that engine: the web-platform-tests data
// (bundled in by harness.mjs as the module "wpt:data", with weburl's expected failures) through
// the engine's own URL, weburl's classes from the entry its users load, and the globals that
// weburl's polyfill left. No API beyond the language: the same code runs in browsers, server
// runtimes, Hermes and QuickJS. Returns one object, which each engine's file hands to the test.
import data from "wpt:data";

import { Report, runIdna, runSetters, runToAscii, runUrlTestData } from "../js/wpt-runner.mjs";

// URLSearchParams is checked by urltestdata's `searchParams` answers and the `search` setters.
const RUNNERS = {
  "urltestdata.json": runUrlTestData,
  "setters_tests.json": runSetters,
  "toascii.json": runToAscii,
  "IdnaTestV2.json": runIdna,
};

/**
 * Each data file through `URL`: { file: { cases, failed } }, and when `checked`, compared with
 * weburl's expected failures (`ok`, and the summary of any surprise).
 */
function runSuites(URL, checked) {
  const suites = {};
  for (const file of Object.keys(RUNNERS)) {
    const report = new Report(file, checked ? data.expected[file] : {});
    RUNNERS[file](URL, data.files[file], report);
    const suite = { cases: report.cases, failed: report.failures.size };
    if (checked) {
      const { ok, summary } = report.result();
      suite.ok = ok;
      if (!ok) suite.summary = summary;
    }
    suites[file] = suite;
  }
  return suites;
}

/**
 * `own`: the engine's URL and URLSearchParams, taken before anything installed; `weburl`: the
 * module of the entry (URL, engine); `polyfill`: whether the polyfill ran (its report is on the
 * global object, the classes it left are the global ones).
 */
export function measure({ own, weburl, polyfill }) {
  const result = {
    own: typeof own.URL === "function" ? runSuites(own.URL, false) : null,
    weburl: { engine: weburl.engine(), suites: runSuites(weburl.URL, true) },
  };
  if (polyfill) {
    const { installed, forced, failed, engine } = globalThis[Symbol.for("weburl.polyfill")];
    result.polyfill = {
      installed, forced, failed, engine,
      weburl: globalThis.URL !== own.URL && globalThis.URLSearchParams !== own.URLSearchParams,
      suites: runSuites(globalThis.URL, installed),
    };
  }
  return result;
}
