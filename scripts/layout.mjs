// The npm package's layout in one place: the wasm modules (each a set of Cargo features) and, for
// each subpath users import, the file each kind of runtime gets and the wasm it carries.
// scripts/build.mjs builds from it, benches/size.mjs measures from it.

/** Every feature the npm package has: Node's entry and the legacy builds carry them all. */
export const FULL = ["records", "urlpattern", "websocket", "psl", "display", "ecma"];

/**
 * The wasm modules: name → Cargo features (beside `talc`), and whether it is the legacy one
 * (WebAssembly 1.0 plus mutable globals, for the polyfills and old engines). Each carries the
 * URL classes' operations; `url` nothing else.
 */
export const WASMS = {
  url: { features: [] },
  "whatwg-url": { features: ["records"] },
  urlpattern: { features: ["urlpattern"] },
  websocket: { features: ["websocket"] },
  display: { features: ["display"] },
  ecma: { features: ["ecma"] },
  psl: { features: ["psl"] },
  full: { features: FULL },
  "url-mvp": { features: [], mvp: true },
  "urlpattern-mvp": { features: ["urlpattern"], mvp: true },
  "full-mvp": { features: FULL, mvp: true },
};

/**
 * The browser entries, bundled together so that what they share (the classes, the runtime) is a
 * chunk of its own that a page importing two of them loads once: output file → the module of
 * what it exports beyond URL and URLSearchParams, and its wasm, inlined (deflate, base64).
 */
export const BROWSER = {
  index: { api: null, wasm: "url" },
  "whatwg-url": { api: "./whatwg-url.js", wasm: "whatwg-url" },
  urlpattern: { api: "./urlpattern.js", wasm: "urlpattern" },
  websocket: { api: "./websocket.js", wasm: "websocket" },
  display: { api: "./display.js", wasm: "display" },
  ecma: { api: "./ecma.js", wasm: "ecma" },
  // weburl/psl's class; js/entry-psl.js adds the list and is the entry (psl.js).
  "psl-core": { api: "./psl.js", wasm: "psl" },
};

/**
 * The polyfills (ES2017, started synchronously so the globals are there once the file has run):
 * output file → its wasm, or the JavaScript engine (React Native's `react-native` condition).
 */
export const POLYFILLS = {
  polyfill: { entry: "polyfill", wasm: "url-mvp" },
  "polyfill-nowasm": { entry: "polyfill", wasm: null },
  "polyfill-urlpattern": { entry: "polyfill-urlpattern", wasm: "urlpattern-mvp" },
};

/** The subpaths beside `.` whose browser file is in BROWSER, over Node's main entry in Node. */
export const FEATURE_SUBPATHS = ["whatwg-url", "urlpattern", "websocket", "display", "ecma"];
