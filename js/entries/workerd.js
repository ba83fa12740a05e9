// weburl in workerd (Cloudflare Workers, the `workerd` condition): there, compiling wasm from
// bytes is refused and import.meta.url is undefined, so the wasm comes as workerd gives it, a
// module import of the .wasm file (a WebAssembly.Module: wrangler's default rule for .wasm, a
// `wasm` module in workerd's own config), instantiated synchronously.
import { createBindings } from "../glue-url.js";
import { wasmEngine } from "../engines.js";
import { start } from "../runtime.js";
import module from "../weburl_bg.wasm";

export { URL, URLSearchParams } from "../url.js";
export { engineName as engine } from "../runtime.js";

start(wasmEngine(createBindings, module));
