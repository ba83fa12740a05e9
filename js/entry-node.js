// Node (import and require): the wasm is inlined and instantiated synchronously, so the package
// works as soon as it is loaded, and keeps working when a bundler moves it.
import { installSync } from "./runtime.js";
import { wasmBytes } from "./wasm-inline.js";

export { URL, URLSearchParams } from "./url.js";

installSync(wasmBytes());
