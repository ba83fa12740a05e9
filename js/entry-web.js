// Environments without top-level await: call `await init()` (or `initSync(bytes)`) before
// using the classes.
import { createBindings } from "./glue.js";
import { choose, compile, compileSync, wasmEngine } from "./engines.js";
import { start } from "./runtime.js";

export { URL, URLSearchParams } from "./url.js";
export { engineName as engine } from "./runtime.js";

/**
 * Loads the module from `source` (a URL, Response, bytes or WebAssembly.Module); where
 * WebAssembly is missing or refused (CSP), imports the JavaScript engine instead.
 */
export async function init(source = new URL("./weburl_bg.wasm", import.meta.url)) {
  start(
    await choose(
      async () => wasmEngine(createBindings, await compile(source)),
      async () => (await import("./engine-js.js")).jsEngine,
    ),
  );
}

/** Loads the module synchronously from bytes or a WebAssembly.Module. */
export function initSync(source) {
  start(wasmEngine(createBindings, compileSync(source)));
}
