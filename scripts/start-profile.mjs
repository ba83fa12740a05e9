// The start the start module is made for (scripts/start-module.mjs): what a page does first with
// the URL classes. scripts/build.mjs runs it at every build on the classes it staged, over the url
// wasm instrumented, so the profile is never older than the code; tests/js/start-module.test.mjs
// checks that it covers what kasztp's real-world URLs run (the ones below were picked from them,
// the fewest that run every function those run), so a change that makes common URLs run new code
// fails there, not as a slower start.
import { cpSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { instrument } from "./start-module.mjs";

/**
 * URLs of the web, with their getters read: (b) in the README's "Cold start", eleventh round. With
 * the rest of the workload, this one runs every function that kasztp's 48,010 URLs and their
 * getters run (backslashes and percent-encoding in its path: the parser, where the scan does not
 * vouch for a URL).
 */
export const START_URLS = ["https://coast.contracosta.edu/progsdepts/Shared\\%20Documents/PROGRAMS\\%20OF\\%20STUDY.aspx?123=49#"];

/** The URL of (a), one `href`: the first parse of a program (benches/cold-start.mjs times it). */
export const FIRST_HREF = "https://example.org/a?b#c";

/** Relative URLs against a base, as a page's links and resources are: (c). */
export const RELATIVE = [
  ["/a/b?c=d", "https://example.org/x/y.html"],
  ["../img/a b.png", "https://example.org/x/y.html"],
  ["c.html#top", "https://example.org/x/y.html"],
  ["?page=2", "https://example.org/x/y.html"],
  ["#section", "https://example.org/x/y.html"],
  ["//cdn.example.com/lib.js", "https://example.org/x/y.html"],
  ["https://other.example/", "https://example.org/x/y.html"],
];

/**
 * The workload: (a) one href, (b) START_URLS and their getters, (c) RELATIVE, a parse that fails
 * and names its validation error (the first `new URL` in a `try` of many pages), and
 * `URL.canParse` of a URL that js/url.js's regular expression does not vouch for (against a base;
 * its export is 0.7 KB of the start module, 236 bytes of LZMA).
 */
export function startWorkload({ URL }) {
  void new URL(FIRST_HREF).href;
  for (const input of START_URLS) readAll(new URL(input));
  for (const [input, base] of RELATIVE) readAll(new URL(input, base));
  URL.canParse(...RELATIVE[0]);
  try {
    new URL("not a URL");
  } catch (error) {
    void error.message;
  }
}

/** The URL getters, in the IDL's order. */
export const GETTERS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];

/** Reads every getter of `url`. */
export function readAll(url) {
  for (const getter of GETTERS) void url[getter];
}

/**
 * The staged glue of the wasm `name` (the url wasm unless named), engines, runtime and classes (the
 * modules scripts/build.mjs staged in `stage`), copied into a directory of their own under `into`:
 * a fresh runtime at each call.
 */
export async function stagedClasses(stage, into, name = "url") {
  const dir = mkdtempSync(join(into, "stage-"));
  cpSync(stage, dir, { recursive: true });
  const at = (file) => import(pathToFileURL(join(dir, file)).href);
  const [{ createBindings }, engines, runtime, classes] = await Promise.all([`glue-${name}.js`, "engines.js", "runtime.js", "url.js"].map(at));
  return { createBindings, engines, runtime, classes };
}

/**
 * The functions of `wasm` (the wasm `name`, the one the staged glue was made for: the url wasm
 * unless named) that each of `runs` runs, as sets of their numbers among its own functions: each
 * run is given the classes of `stagedClasses(stage, into, name)`, on one instance of the
 * instrumented wasm (a fresh one after a trap, whose functions count too).
 */
export async function profile(stage, into, wasm, runs, name = "url") {
  const { createBindings, engines, runtime, classes } = await stagedClasses(stage, into, name);
  const { bytes, ran } = instrument(wasm);
  const engine = engines.wasmEngine(createBindings, new WebAssembly.Module(bytes));
  const instances = [];
  const instantiate = engine.instantiate;
  engine.instantiate = (imports) => {
    const exports = instantiate(imports);
    instances.push(exports);
    return exports;
  };
  runtime.start(engine);
  return runs.map((run) => {
    run(classes);
    return new Set(instances.flatMap((exports) => [...ran(exports)]));
  });
}

/**
 * Checks that the start workload runs on `start`, the start module of the wasm `name`, alone (a
 * trap there, with no whole module to take over, throws).
 */
export async function runsOnStart(stage, into, start, name) {
  const { createBindings, engines, runtime, classes } = await stagedClasses(stage, into, name);
  runtime.start(engines.wasmEngine(createBindings, new WebAssembly.Module(start)));
  startWorkload(classes);
}
