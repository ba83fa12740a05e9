// Node (import and require): the wasm is inlined and compiled synchronously, so the package
// works as soon as it is loaded, and keeps working when a bundler moves it. Where Node has no
// WebAssembly (`--jitless`), the JavaScript engine beside this file takes over.
import { createBindings } from "./glue.js";
import { chooseSync, compileSync, wasmEngine } from "./engines.js";
import { jsEngineFallback } from "./fallback-node.js";
import { start } from "./runtime.js";
import { wasmBytes } from "./wasm-inline.js";

export { URL, URLSearchParams } from "./url.js";
export { engineName as engine } from "./runtime.js";

start(chooseSync(() => wasmEngine(createBindings, compileSync(wasmBytes())), jsEngineFallback));
