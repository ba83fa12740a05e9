// Node (import and require): the wasm with every feature, read from beside this file and compiled
// synchronously, so the package works as soon as it is loaded. Where Node has no
// WebAssembly (`--jitless`), the JavaScript engine beside this file takes over. Exports
// URLPattern, parseWebSocketURL, renderURL and whatwg-url's API too (so that `whatwg-url` can be an
// npm alias of this package).
import { createBindings } from "./glue-full.js";
import { chooseSync, compileSync, wasmEngine } from "./engines.js";
import { jsEngineFallback } from "./fallback-node.js";
import { start } from "./runtime.js";
import { wasmBytes } from "./wasm-file-node.js";

export * from "./full-api.js";

start(chooseSync(() => wasmEngine(createBindings, compileSync(wasmBytes())), jsEngineFallback));
