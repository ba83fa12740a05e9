// What every engine of tests/engines/ runs, inside that engine: the web-platform-tests data
// (bundled in by harness.mjs as the module "wpt:data", with weburl's expected failures) through
// the engine's own URL, weburl's classes from the entry its users load, the globals that
// weburl's polyfill left, and whatwg-url's API face (URL records through whatwg-url's URL class
// steps). No API beyond the language: the same code runs in browsers, server
// runtimes, Hermes and QuickJS. Returns one object, which each engine's file hands to the test.
import data from "wpt:data";

import {
  Report, runIdna, runRecordsSetters, runRecordsUrlTestData, runSetters, runToAscii, runUrlTestData,
} from "../js/wpt-runner.mjs";

// URLSearchParams is checked by urltestdata's `searchParams` answers and the `search` setters.
const RUNNERS = {
  "urltestdata.json": runUrlTestData,
  "setters_tests.json": runSetters,
  "toascii.json": runToAscii,
  "IdnaTestV2.json": runIdna,
};
// The data files whatwg-url's API answers over records.
const RECORD_RUNNERS = {
  "urltestdata.json": runRecordsUrlTestData,
  "setters_tests.json": runRecordsSetters,
};

/**
 * Each data file of `runners` through `api` (a URL class, or whatwg-url's API): { file: { cases,
 * failed } }, and when `checked`, compared with weburl's expected failures (`ok`, and the summary
 * of any surprise).
 */
function runSuites(api, checked, runners = RUNNERS) {
  const suites = {};
  for (const file of Object.keys(runners)) {
    const report = new Report(file, checked ? data.expected[file] : {});
    runners[file](api, data.files[file], report);
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
 * module of the entry (URL, engine); `whatwgURL`: the module of whatwg-url's API face;
 * `polyfill`: whether the polyfill ran (its report is on the global object, the classes it left
 * are the global ones).
 */
export function measure({ own, weburl, whatwgURL, polyfill }) {
  const result = {
    own: typeof own.URL === "function" ? runSuites(own.URL, false) : null,
    weburl: { engine: weburl.engine(), suites: runSuites(weburl.URL, true) },
    whatwgURL: { engine: whatwgURL.engine(), suites: runSuites(whatwgURL, true, RECORD_RUNNERS) },
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
