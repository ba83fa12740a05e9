// Environments without top-level await: call `await init()` (or `initSync(bytes)`) before
// using the classes.
import { install, installSync } from "./runtime.js";

export { URL, URLSearchParams } from "./url.js";

/** Loads the module from `source` (a URL, Response, bytes or WebAssembly.Module). */
export function init(source = new URL("./weburl_bg.wasm", import.meta.url)) {
  return install(source);
}

/** Loads the module synchronously from bytes or a WebAssembly.Module. */
export function initSync(source) {
  installSync(source);
}
