// weburl's feature subpaths in workerd (the `workerd` condition: weburl/whatwg-url,
// weburl/urlpattern, …, and under weburl/psl and weburl/polyfill/urlpattern): everything Node's
// main entry exports, over the wasm with every feature, imported as a module (workerd refuses to
// compile wasm from bytes). Beside `weburl` (js/entries/workerd.js) in one worker, the classes are
// one copy (the build splits what they share out) and run on either instance.
import { createBindings } from "../glue-full.js";
import { wasmEngine } from "../engines.js";
import { start } from "../runtime.js";
import module from "../weburl_full.wasm";

export * from "../full-api.js";

start(wasmEngine(createBindings, module));
