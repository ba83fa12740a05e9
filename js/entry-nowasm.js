// weburl/nowasm: the classes on the JavaScript engine only, for runtimes that have no
// WebAssembly at all (React Native's Hermes, locked-down embeddings). ES2017.
import { jsEngine } from "./engine-js.js";
import { start } from "./runtime.js";

export { URL, URLSearchParams } from "./url.js";
export { URLPattern } from "./urlpattern.js";
export { parseWebSocketURL } from "./websocket.js";
export { renderURL } from "./display.js";
export { decodeURI, decodeURIComponent, encodeURI, encodeURIComponent } from "./ecma.js";
export * from "./whatwg-url.js";
export { engineName as engine } from "./runtime.js";

start(jsEngine);
