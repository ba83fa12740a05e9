// weburl/whatwg-url, weburl/urlpattern, weburl/websocket, weburl/display and weburl/ecma outside
// Node (browsers, bundlers): the classes, whatwg-url's low-level API, URLPattern,
// parseWebSocketURL, renderURL, PublicSuffixList (which weburl/psl imports from here) and the URI
// functions, over the full wasm, inlined and compiled with top-level await. Where WebAssembly is
// missing or refused, the JavaScript engine (which has them too) is imported.
import { createBindings } from "./glue-full.js";
import { choose, compile, wasmEngine } from "./engines.js";
import { start } from "./runtime.js";
import { wasmBytes } from "./wasm-inline-full.js";

export * from "./full-api.js";

start(
  await choose(
    async () => wasmEngine(createBindings, await compile(wasmBytes())),
    async () => (await import("./engine-js.js")).jsEngine,
  ),
);
