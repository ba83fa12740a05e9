// Installs weburl's URL and URLSearchParams on the global object where the runtime's own are
// missing or fail a probe, and leaves a conforming pair alone. The two are replaced together:
// a URL's searchParams must be the URLSearchParams the page sees. Nothing else global changes,
// but for the report under Symbol.for("weburl.polyfill"), which also keeps several copies of
// the polyfill (CommonJS and ESM, two bundles) from installing twice. URLPattern has a polyfill
// of its own (weburl/polyfill/urlpattern), installed where the runtime has none.

import { globalObject, POLYFILL_REPORT as REPORT, URLPATTERN_POLYFILL_REPORT } from "./global.js";

/**
 * Small checks of the runtime's classes, each named; a probe that throws fails. Behaviour probes
 * are web-platform-tests cases that shipped runtimes get wrong.
 */
const PROBES = [
  ["URL", (URL) => typeof URL === "function"],
  ["URLSearchParams", (URL, Params) => typeof Params === "function"],
  ["URL.parse", (URL) => URL.parse("b", "http://a/").href === "http://a/b"],
  ["URL.canParse", (URL) => URL.canParse("b", "http://a/") && !URL.canParse("b")],
  ["URLSearchParams size", (URL, Params) => new Params("a=1&a=2").size === 2],
  ["URLSearchParams has(name, value)", (URL, Params) => !new Params("a=1").has("a", "2")],
  [
    "URLSearchParams delete(name, value)",
    (URL, Params) => {
      const params = new Params("a=1&a=2");
      params.delete("a", "1");
      return params.toString() === "a=2";
    },
  ],
  ["searchParams is a URLSearchParams", (URL, Params) => new URL("http://a/?b=c").searchParams instanceof Params],
  // toascii.json, IdnaTestV2.json: UTS #46 nontransitional processing keeps ß (ẞ maps to it).
  ["IDNA: http://FAẞ.de", (URL) => new URL("http://FAẞ.de").host === "xn--fa-hia.de"],
  // urltestdata.json: a domain is only lowercased when it is ASCII, even if not valid Punycode.
  ["IDNA: https://xn--/", (URL) => new URL("https://xn--/").host === "xn--"],
  // urltestdata.json: IPv4 numbers in hexadecimal, and fewer than four parts.
  ["IPv4: http://0x7f.1/", (URL) => new URL("http://0x7f.1/").host === "127.0.0.1"],
  // urltestdata.json: an opaque path keeps its trailing spaces before a query, the last encoded.
  ["opaque path: non-special:opaque  ?hi", (URL) => new URL("non-special:opaque  ?hi").pathname === "opaque %20"],
  // urltestdata.json: a file URL's host comes from the base.
  ["file host from base", (URL) => new URL("/", "file://h/C:/a/b").host === "h"],
  // setters_tests.json: the port setter removes tabs and newlines, leaving nothing to set.
  [
    "setter: port = \\n\\n\\t\\t",
    (URL) => {
      const url = new URL("https://domain.com:3000");
      url.port = "\n\n\t\t";
      return url.port === "3000";
    },
  ],
];

/** The names of the probes the classes `URL` and `Params` fail. */
export function failedProbes(URL, Params) {
  const failed = [];
  for (const [name, probe] of PROBES) {
    let passed = false;
    try {
      passed = probe(URL, Params) === true;
    } catch (e) {
      passed = false;
    }
    if (!passed) failed.push(name);
  }
  return failed;
}

/** Defines `name` on `target` as built-ins are: writable, configurable, not enumerable. */
function define(target, name, value) {
  Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
}

/**
 * Installs `URL` and `URLSearchParams` (weburl's) on the global object where the runtime's own
 * fail a probe, or always with `{ force: true }`. Returns the report: whether they were
 * installed, which probes failed, the classes found before, and where they were installed the
 * engine under weburl's (`engine()`, which starts it).
 */
export function installGlobals({ URL, URLSearchParams, engine }, options = {}) {
  return installOnce(REPORT, options, (global, force) => {
    const native = { URL: global.URL, URLSearchParams: global.URLSearchParams };
    const failed = failedProbes(native.URL, native.URLSearchParams);
    const installed = force || failed.length > 0;
    // The engine first: where it is refused (no WebAssembly), nothing is installed.
    const engineName = installed ? engine() : undefined;
    if (installed) {
      // Blob URLs belong to the platform: keep its createObjectURL and revokeObjectURL.
      for (const name of ["createObjectURL", "revokeObjectURL"]) {
        const descriptor = typeof native.URL === "function" ? Object.getOwnPropertyDescriptor(native.URL, name) : undefined;
        if (descriptor !== undefined) Object.defineProperty(URL, name, descriptor);
      }
      define(global, "URL", URL);
      define(global, "URLSearchParams", URLSearchParams);
      // URL's legacy window alias (the standard's IDL: [LegacyWindowAlias=webkitURL]), on a Window.
      if (typeof global.Window === "function" && global instanceof global.Window) define(global, "webkitURL", URL);
    }
    return { installed, failed, native, engine: engineName };
  });
}

/**
 * Installs `URLPattern` (weburl's) on the global object where the runtime has none, or always
 * with `{ force: true }`. Returns the report: whether it was installed, the class found before,
 * and where it was installed the engine under weburl's (`engine()`, which starts it).
 */
export function installURLPattern({ URLPattern, engine }, options = {}) {
  return installOnce(URLPATTERN_POLYFILL_REPORT, options, (global, force) => {
    const native = global.URLPattern;
    const installed = force || typeof native !== "function";
    const engineName = installed ? engine() : undefined;
    if (installed) define(global, "URLPattern", URLPattern);
    return { installed, native, engine: engineName };
  });
}

/**
 * Runs `install(global, force)` unless a report under `key` says an earlier copy of the polyfill
 * installed already (or decided not to, and this call does not force); leaves the report it
 * makes under `key`, with whether it was forced, and returns it. Where the runtime's own classes
 * stay, weburl's have not run: no engine started, and the report's engine is undefined.
 */
function installOnce(key, options, install) {
  const force = options.force === true;
  const global = globalObject();
  const previous = global[key];
  if (previous !== undefined && (previous.installed || !force)) return previous;
  const { installed, ...found } = install(global, force);
  const report = { installed, forced: force, ...found };
  define(global, key, report);
  return report;
}
