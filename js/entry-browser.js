// Browsers and bundlers that understand `new URL("./file", import.meta.url)` (Vite, webpack):
// the .wasm is fetched next to this file, with top-level await, so no init call is needed.
// Where WebAssembly is missing or refused (CSP), the JavaScript engine is imported instead.
import { createBindings } from "./glue.js";
import { choose, compile, wasmEngine } from "./engines.js";
import { start } from "./runtime.js";

export { URL, URLSearchParams } from "./url.js";
export { engineName as engine } from "./runtime.js";

start(
  await choose(
    async () => wasmEngine(createBindings, await compile(new URL("./weburl_bg.wasm", import.meta.url))),
    async () => (await import("./engine-js.js")).jsEngine,
  ),
);
