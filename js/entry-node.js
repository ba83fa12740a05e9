// Node (import and require): the wasm is inlined and compiled synchronously, so the package
// works as soon as it is loaded, and keeps working when a bundler moves it. Where Node has no
// WebAssembly (`--jitless`), the JavaScript engine beside this file takes over. Exports
// URLPattern, parseWebSocketURL, renderURL and whatwg-url's API too (so that `whatwg-url` can be an
// npm alias of this package).
import { createBindings } from "./glue-full.js";
import { chooseSync, compileSync, wasmEngine } from "./engines.js";
import { jsEngineFallback } from "./fallback-node.js";
import { start } from "./runtime.js";
import { wasmBytes } from "./wasm-inline-full.js";

export { URL, URLSearchParams } from "./url.js";
export { URLPattern } from "./urlpattern.js";
export { parseWebSocketURL } from "./websocket.js";
export { PublicSuffixList } from "./psl.js";
export { renderURL } from "./display.js";
export { decodeURI, decodeURIComponent, encodeURI, encodeURIComponent } from "./ecma.js";
export * from "./whatwg-url.js";
export { engineName as engine } from "./runtime.js";

start(chooseSync(() => wasmEngine(createBindings, compileSync(wasmBytes())), jsEngineFallback));
