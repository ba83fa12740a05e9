// Node (import and require): the wasm with the URL operations, read from beside this file and
// compiled synchronously, so the package works as soon as it is loaded; the wasm with every
// feature is compiled only when one of its operations is first called (URLPattern,
// parseWebSocketURL, renderURL, the URI functions, PublicSuffixList and whatwg-url's API, which
// this entry exports too, so that `whatwg-url` can be an npm alias of this package). Where Node
// has no WebAssembly (`--jitless`), the JavaScript engine beside this file, which has them all,
// takes over.
import { createBindings as urlBindings } from "../glue-url.js";
import { createBindings as fullBindings } from "../glue-full.js";
import { chooseSync, compileSync, wasmEngine } from "../engines.js";
import { jsEngineFallback } from "../fallback-node.js";
import { engineName, start } from "../runtime.js";
import { wasmBytes } from "../wasm-file-node.js";

export * from "../full-api.js";

start(chooseSync(() => wasmEngine(urlBindings, compileSync(wasmBytes("weburl_bg.wasm"))), jsEngineFallback));
if (engineName() === "wasm") start(wasmEngine(fullBindings, () => compileSync(wasmBytes("weburl_full.wasm"))));
