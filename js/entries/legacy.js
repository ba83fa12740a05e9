// weburl/legacy: for older engines (Node 12+, Safari 14, Chromium 8x): JavaScript no newer than
// ES2017 and the legacy wasm module (WebAssembly 1.0 plus mutable globals), inlined and compiled
// synchronously, so the classes work as soon as the file has run, even as a classic script.
// Where WebAssembly is missing or refused (CSP, a limit on synchronous compiling), the
// JavaScript engine takes over: inlined, or in the CommonJS build required from beside it.
import { createBindings } from "../glue-full-mvp.js";
import { chooseSync, compileSync, wasmEngine } from "../engines.js";
import { jsEngineFallback } from "../fallback.js";
import { start } from "../runtime.js";
import { wasmBytes } from "../wasm-full-mvp.js";

export * from "../full-api.js";

start(chooseSync(() => wasmEngine(createBindings, compileSync(wasmBytes())), jsEngineFallback));
