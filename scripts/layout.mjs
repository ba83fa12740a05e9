// The npm package's layout in one place: the wasm modules (each a set of Cargo features), the files
// users' imports reach (each built from a module of js/entries/, and the wasm it carries), and each
// subpath of the package: the file each condition reaches and its declarations (js/types/).
// scripts/build.mjs builds the files and writes package.json's `exports` from it,
// benches/size.mjs measures its subpaths, scripts/entry-table.mjs prints the README's entry table
// and the package README's list of imports (js/PACKAGE.md).

/** Every feature the npm package has: Node's entry and the legacy builds carry them all. */
export const FULL = ["records", "urlpattern", "websocket", "psl", "display", "ecma"];

/**
 * The wasm modules: name → Cargo features (beside `talc`), and whether it is the legacy one
 * (WebAssembly 1.0 plus mutable globals, for the polyfills and old engines). Each carries the
 * URL classes' operations but the add-on `urlpattern-addon`, URLPattern's operations alone, which
 * calls back into `url` beside it; `url` nothing else but the URL Pattern canonicalization that
 * the add-on asks of it. `lessInlining`: built to inline less, for size (scripts/build.mjs).
 * `startModule`: carried inline with a start module before it (scripts/start-module.mjs), which a
 * browser entry (the polyfills too) compiles at start instead of the whole module.
 */
export const WASMS = {
  url: { features: ["canonicalize"], startModule: true },
  "whatwg-url": { features: ["records"] },
  "urlpattern-addon": { features: ["urlpattern-addon"], lessInlining: true },
  websocket: { features: ["websocket"] },
  display: { features: ["display"] },
  ecma: { features: ["ecma"] },
  psl: { features: ["psl"] },
  full: { features: FULL },
  "url-mvp": { features: [], mvp: true, startModule: true },
  "urlpattern-mvp": { features: ["urlpattern"], mvp: true },
  "full-mvp": { features: FULL, mvp: true },
};

/** The wasm modules the package ships as files of their own (Node reads them, weburl/web and workerd load one). */
export const WASM_FILES = { "weburl_bg.wasm": "url", "weburl_full.wasm": "full" };

/**
 * The files of the package that imports reach, by the name of the ES module (`build` "node",
 * "legacy" and "polyfill" make a CommonJS twin, .cjs, beside it). Each is built from `entry` (a
 * module of js/) over `core`, what the entry's `./core.js` is: a module the build writes, the
 * classes and what `api` (a module of js/) exports over the file's wasm, started with top-level
 * await in browsers and synchronously in the polyfills; or `file`, another file of the package,
 * imported from beside it; or `entry`, a module of js/; or `over`, another browser file, whose
 * core it exports and whose wasm runs the classes under its own, an add-on (WASMS). A browser
 * file without an `entry` is its core. `wasm`: the modules it carries inline (WASMS) or loads
 * from a file beside it (WASM_FILES); none when it runs on the JavaScript engine. `carries` and
 * `for` are the README's words for how it carries them and whom it is for.
 *
 * `build`, how scripts/build.mjs bundles it: "browser", ES2022 and all in one build, code split
 * so that a page importing two loads what they share (the classes, the runtime) once; "node",
 * Node 18+, the wasm read from files beside it; "workerd", ES2022, the .wasm file imported as a
 * module (workerd refuses to compile wasm from bytes), split as the browser files are; "legacy", ES2017, the legacy wasm inline or the JavaScript engine; "polyfill", as
 * legacy, over a core that starts synchronously; "polyfill-node", the same as an ES module for
 * Node, its wasm plain base64 as in the CommonJS twins; "script", the same as a classic script.
 */
export const FILES = {
  "index.js": {
    build: "browser", core: {}, wasm: ["url"],
    carries: "inside the module (LZMA, base64), top-level await",
    for: "browsers and every bundler as it is: esbuild, Vite, webpack, Rspack, Rollup, Parcel (tested, below)",
  },
  "whatwg-url.js": { build: "browser", core: { api: "whatwg-url.js" }, wasm: ["whatwg-url"], carries: "inside the module", for: "whatwg-url's API (below): URL records, validation errors, state overrides" },
  "urlpattern.js": {
    build: "browser", core: { api: "urlpattern.js", over: "index.js" }, wasm: ["urlpattern-addon"],
    carries: "an add-on wasm (URLPattern's code) inside the module, over the URL wasm of `index.js`, which a page importing both loads once",
    for: "`URLPattern` (below)",
  },
  "websocket.js": { build: "browser", core: { api: "websocket.js" }, wasm: ["websocket"], carries: "inside the module", for: "`parseWebSocketURL` (below)" },
  "display.js": { build: "browser", core: { api: "display.js" }, wasm: ["display"], carries: "inside the module", for: "`renderURL` (below)" },
  "ecma.js": { build: "browser", core: { api: "ecma.js" }, wasm: ["ecma"], carries: "inside the module", for: "the URI functions (below)" },
  "psl.js": {
    build: "browser", entry: "entries/psl.js", core: { api: "psl.js" }, wasm: ["psl"],
    carries: "inside the module; the list (its rules, 34 KB gzip) too", for: "public suffixes (below)",
  },
  "web.js": {
    build: "browser", entry: "entries/web.js", wasm: ["weburl_bg.wasm"],
    carries: "`weburl_bg.wasm` served beside the module, streaming compile; `await init()`",
    for: "pages that serve the wasm themselves, environments without top-level await",
  },
  "node.mjs": {
    build: "node", entry: "entries/node.js", wasm: ["weburl_bg.wasm", "weburl_full.wasm"],
    carries: "`weburl_bg.wasm` read from beside it, synchronously; `weburl_full.wasm` compiled when first needed",
    for: "Node 18+; exports everything below too",
  },
  // The list is in the psl files only: nothing of it reaches those who do not import weburl/psl.
  // In Node it shares Node's entry's wasm instance: its core is that file.
  "psl.mjs": { build: "node", entry: "entries/psl.js", core: { file: "node.mjs" }, wasm: [], carries: "the list; the wasm of Node's entry beside it", for: "public suffixes (below)" },
  "workerd.js": {
    build: "workerd", entry: "entries/workerd.js", wasm: ["weburl_bg.wasm"],
    carries: "`weburl_bg.wasm` imported as a module, which workerd gives compiled",
    for: "Cloudflare Workers (wrangler and other Workers bundlers ask for `workerd`), which refuse to compile wasm from bytes and have no `import.meta.url`",
  },
  // The other subpaths in workerd: the feature subpaths as Node's entry has them, all over the
  // full wasm; weburl/psl and the polyfills over one of the two files, beside them.
  "workerd-full.js": {
    build: "workerd", entry: "entries/workerd-full.js", wasm: ["weburl_full.wasm"],
    carries: "`weburl_full.wasm` imported as a module", for: "the feature subpaths in Cloudflare Workers: everything Node's entry exports",
  },
  "psl-workerd.js": { build: "workerd", entry: "entries/psl.js", core: { file: "workerd-full.js" }, wasm: [], carries: "the list; the wasm of `workerd-full.js` beside it", for: "public suffixes in Cloudflare Workers" },
  "polyfill-workerd.js": { build: "workerd", entry: "entries/polyfill.js", core: { file: "workerd.js" }, wasm: [], carries: "the wasm of `workerd.js` beside it", for: "the polyfill in Cloudflare Workers" },
  "polyfill-urlpattern-workerd.js": {
    build: "workerd", entry: "entries/polyfill-urlpattern.js", core: { file: "workerd-full.js" }, wasm: [],
    carries: "the wasm of `workerd-full.js` beside it", for: "the URLPattern polyfill in Cloudflare Workers",
  },
  "legacy.mjs": {
    build: "legacy", entry: "entries/legacy.js", wasm: ["full-mvp"],
    carries: "inside, synchronously; the JavaScript engine where wasm is refused",
    for: "older engines: ES2017 and WebAssembly 1.0 (Node 12+, Safari 14, Chromium 8x)",
  },
  "nowasm.mjs": {
    build: "legacy", entry: "entries/nowasm.js", wasm: [], carries: "the core compiled to JavaScript",
    for: "engines without WebAssembly (Hermes: React Native's Metro asks for `react-native`), or pages whose Content-Security-Policy lacks `'wasm-unsafe-eval'`",
  },
  // No subpath: the JavaScript engine that Node's entries and legacy.cjs require only when needed.
  "engine-js.js": { build: "legacy", entry: "engine-js.js", wasm: [], carries: "the core compiled to JavaScript", for: "" },
  "polyfill.mjs": {
    build: "polyfill", entry: "entries/polyfill.js", core: {}, wasm: ["url-mvp"], carries: "inside, synchronously",
    for: "installs `URL` and `URLSearchParams` where the runtime's own fail (below)",
  },
  // React Native's weburl/psl: the list over the JavaScript engine of nowasm.mjs, beside it.
  "psl-nowasm.mjs": {
    build: "legacy", entry: "entries/psl.js", core: { file: "nowasm.mjs" }, wasm: [], carries: "the list; the JavaScript engine of `nowasm.mjs` beside it",
    for: "public suffixes in React Native (Hermes)",
  },
  // Node has no download to save, and decoding the LZMA of polyfill.mjs costs it about 15 ms.
  "polyfill-node.mjs": {
    build: "polyfill-node", entry: "entries/polyfill.js", core: {}, wasm: ["url-mvp"], carries: "inside, synchronously, as plain base64",
    for: "the polyfill in Node (ES2017 and WebAssembly 1.0, as `polyfill.cjs`)",
  },
  "polyfill-nowasm.mjs": {
    build: "polyfill", entry: "entries/polyfill.js", core: { entry: "entries/nowasm.js" }, wasm: [], carries: "the core compiled to JavaScript",
    for: "the same polyfill in React Native (Hermes)",
  },
  "polyfill-urlpattern.mjs": {
    build: "polyfill", entry: "entries/polyfill-urlpattern.js", core: { api: "urlpattern.js" }, wasm: ["urlpattern-mvp"], carries: "inside, synchronously",
    for: "installs `URLPattern` where the runtime has none",
  },
  "polyfill.global.js": {
    build: "script", entry: "entries/polyfill-script.js", core: {}, wasm: ["url-mvp"], carries: "inside, synchronously",
    for: "the polyfill as a classic `<script src>` (`data-force` to install anyway)",
  },
};

/**
 * The subpaths whose browser file comes with a wasm of its own, over Node's main entry in Node,
 * workerd's file with every feature in workerd, and the JavaScript engine (which exports every
 * feature too) in React Native, which has no WebAssembly.
 */
const feature = (name) => ({
  types: `${name}.d.ts`,
  conditions: {
    "react-native": { import: "nowasm.mjs", require: "nowasm.cjs" },
    node: { import: "node.mjs", require: "node.cjs" },
    workerd: "workerd-full.js",
    import: `${name}.js`,
    require: "node.cjs",
    default: `${name}.js`,
  },
  measure: "*",
});

/**
 * The package's subpaths, in the order of its `exports`: each a file, or its declarations (a
 * module of js/types/; a .d.cts copy too where the subpath can be required) and the file each
 * condition reaches (FILES; .cjs: the CommonJS twin). `measure`: what the app of the size bench
 * imports from it (names, "*" for everything, [] for the import alone); not measured without.
 * `says`: whom it is for, the package README's words (a subpath that is a file of FILES: that
 * file's `for`); not in that README without.
 */
export const SUBPATHS = {
  ".": {
    types: "index.d.ts",
    conditions: {
      // React Native (Hermes) has no WebAssembly: its bundler, Metro, asks for `react-native`.
      "react-native": { import: "nowasm.mjs", require: "nowasm.cjs" },
      node: { import: "node.mjs", require: "node.cjs" },
      // workerd refuses to compile wasm from bytes: its bundlers import .wasm files as modules.
      workerd: "workerd.js",
      browser: "index.js",
      import: "index.js",
      require: "node.cjs",
      default: "index.js",
    },
    measure: ["URL", "URLSearchParams"],
    says: "Browsers and every bundler as they are (esbuild, Vite, webpack, Rspack, Rollup, Parcel): the wasm is inside the module (LZMA, base64; about 59 KB gzip in all), top-level await. Node: `weburl_bg.wasm` read from beside the module, synchronously (bundling for Node: copy `*.wasm` beside the bundle). React Native (`react-native` condition): the JavaScript engine. workerd (`workerd` condition, as wrangler bundles): `weburl_bg.wasm` imported as a module.",
  },
  // From when the main entry fetched its wasm: it carries it inline now, as this one did. Not in
  // the package's README.
  "./inline": { types: "index.d.ts", conditions: { default: "index.js" } },
  "./web": {
    types: "web.d.ts", conditions: { default: "web.js" }, measure: ["URL", "URLSearchParams", "init"],
    says: "the wasm served as a file (`weburl_bg.wasm`, streaming compile; smaller under brotli); environments without top-level await: `await init()` first",
  },
  "./legacy": {
    types: "index.d.ts", conditions: { import: "legacy.mjs", require: "legacy.cjs", default: "legacy.mjs" },
    says: "older engines (Node 12+, Safari 14, Chromium 8x): ES2017 and WebAssembly 1.0, loaded synchronously",
  },
  "./nowasm": {
    types: "index.d.ts", conditions: { import: "nowasm.mjs", require: "nowasm.cjs", default: "nowasm.mjs" },
    says: "engines without WebAssembly (Hermes, QuickJS, `node --jitless`): the same core compiled to JavaScript, with a UTF-8 encoder and decoder of its own where the engine has no `TextEncoder` or `TextDecoder`",
  },
  "./polyfill": {
    types: "polyfill.d.ts",
    conditions: {
      "react-native": { import: "polyfill-nowasm.mjs", require: "polyfill-nowasm.cjs" },
      workerd: "polyfill-workerd.js",
      node: { import: "polyfill-node.mjs", require: "polyfill.cjs" },
      import: "polyfill.mjs",
      require: "polyfill.cjs",
      default: "polyfill.mjs",
    },
    measure: [],
    says: "`import \"weburl/polyfill\"`: installs `URL` and `URLSearchParams` as globals where the runtime's own are missing or fail a probe (about 61 KB gzip; React Native gets it over the JavaScript engine); `report` says what it did, `install({ force: true })` installs them anyway",
  },
  "./polyfill/urlpattern": {
    types: "polyfill-urlpattern.d.ts",
    conditions: { workerd: "polyfill-urlpattern-workerd.js", import: "polyfill-urlpattern.mjs", require: "polyfill-urlpattern.cjs", default: "polyfill-urlpattern.mjs" },
    measure: [],
    says: FILES["polyfill-urlpattern.mjs"].for,
  },
  // In Node the main entry has whatwg-url's API, URLPattern, parseWebSocketURL, renderURL and
  // the URI functions too (so an npm alias of whatwg-url works), and so have one file in workerd
  // and the JavaScript engine in React Native; elsewhere each comes with a wasm of its own.
  "./whatwg-url": {
    ...feature("whatwg-url"),
    says: 'the API of the `whatwg-url` package over the same core: `parseURL`, `parseURLWithValidationErrors`, `basicURLParse` with state overrides, `isValidURLString`, the serializers, with URL records as plain objects. In Node the main entry exports it too, so `npm i whatwg-url@npm:weburl` (or `"overrides": { "whatwg-url": "npm:weburl" }`) puts weburl under code written for whatwg-url. In React Native it, `weburl/urlpattern`, `weburl/websocket`, `weburl/display` and `weburl/ecma` are the JavaScript engine\'s entry.',
  },
  "./urlpattern": {
    ...feature("urlpattern"), measure: ["URLPattern"],
    says: "`URLPattern` of the URL Pattern Standard: compiled by the Rust core, matched with the engine's own `RegExp`. Node's main entry exports it too; `weburl/polyfill/urlpattern` installs it where it is missing.",
  },
  "./websocket": {
    ...feature("websocket"), measure: ["parseWebSocketURL"],
    says: "`parseWebSocketURL(url, base)`: the URL steps of `new WebSocket(url)` (http and https become ws and wss; other schemes and fragments throw a \"SyntaxError\" `DOMException`) and what the opening handshake needs: `{ href, host, hostname, port, resourceName, secure }`. Node's main entry exports it too.",
  },
  "./display": {
    ...feature("display"), measure: ["renderURL"],
    says: "`renderURL(url, options)`: the URL as an address bar shows it (the URL Standard's URL rendering): the host in Unicode where safe, percent-encoded UTF-8 decoded where safe; by default it parses back to the same URL. Node's main entry exports it too.",
  },
  "./ecma": {
    ...feature("ecma"),
    says: "`encodeURI`, `encodeURIComponent`, `decodeURI`, `decodeURIComponent` exactly as ECMA-262 defines them, on the Rust core (the same functions as the crate's `weburl::ecma`): results and `URIError`s identical to the engine's own, lone surrogates included. Node's main entry exports them too.",
  },
  "./psl": {
    types: "psl.d.ts",
    conditions: {
      "react-native": { import: "psl-nowasm.mjs", require: "psl-nowasm.cjs" },
      node: { import: "psl.mjs", require: "psl.cjs" },
      workerd: "psl-workerd.js",
      import: "psl.js",
      require: "psl.cjs",
      default: "psl.js",
    },
    measure: ["registrableDomain"],
    says: "the URL Standard's public suffix and registrable domain of a host: `publicSuffix(host)`, `registrableDomain(host)` (a host string, or a URL object), `version`, by the Public Suffix List it carries (MPL-2.0; 35 KB gzip, loaded only by those who import it), and `PublicSuffixList` for a list of one's own.",
  },
  "./polyfill.global.js": "polyfill.global.js",
  "./weburl_bg.wasm": "weburl_bg.wasm",
  "./package.json": "package.json",
};

/** The CommonJS twin of a file of FILES: "node.mjs" → "node.cjs". */
export const twin = (file) => file.replace(/\.m?js$/, ".cjs");

/** Whether a file of FILES has a CommonJS twin. */
export const twinned = (file) => ["node", "legacy", "polyfill"].includes(FILES[file].build);

/** Whether a subpath's conditions reach a file by `require` (then its declarations have a .d.cts copy). */
export function requirable({ conditions }) {
  return Object.entries(conditions).some(([condition, target]) => condition === "require" || (typeof target === "object" && requirable({ conditions: target })));
}

/** package.json's `exports`: SUBPATHS with the files as paths and the declarations as `types`. */
export function packageExports() {
  const beside = (file) => `./${file}`;
  const targets = (conditions) =>
    Object.fromEntries(Object.entries(conditions).map(([condition, target]) => [condition, typeof target === "string" ? beside(target) : targets(target)]));
  return Object.fromEntries(Object.entries(SUBPATHS).map(([subpath, entry]) => {
    if (typeof entry === "string") return [subpath, beside(entry)];
    const types = beside(entry.types);
    return [subpath, { types: requirable(entry) ? { import: types, require: types.replace(/\.d\.ts$/, ".d.cts") } : types, ...targets(entry.conditions) }];
  }));
}
