// Any ESM environment, any bundler: the wasm is inlined (base64) and instantiated with
// top-level await, so there is no file to serve and no init call.
import { install } from "./runtime.js";
import { wasmBytes } from "./wasm-inline.js";

export { URL, URLSearchParams } from "./url.js";

await install(wasmBytes());
