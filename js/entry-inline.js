// Any ESM environment, any bundler: the wasm is inlined (base64) and compiled with top-level
// await, so there is no file to serve and no init call. Where WebAssembly is missing or refused
// (CSP), the JavaScript engine is imported instead.
import { createBindings } from "./glue.js";
import { choose, compile, wasmEngine } from "./engines.js";
import { start } from "./runtime.js";
import { wasmBytes } from "./wasm-inline.js";

export { URL, URLSearchParams } from "./url.js";
export { engineName as engine } from "./runtime.js";

start(
  await choose(
    async () => wasmEngine(createBindings, await compile(wasmBytes())),
    async () => (await import("./engine-js.js")).jsEngine,
  ),
);
