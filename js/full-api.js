// What the entries over the full wasm export (Node's main entry, legacy, nowasm): the
// classes, URLPattern, parseWebSocketURL, PublicSuffixList (weburl/psl's class), renderURL, the
// URI functions and whatwg-url's low-level API, on whichever engine the entry starts.
import { patternsByStream } from "./runtime.js";

export { URL, URLSearchParams } from "./url.js";
export { URLPattern } from "./urlpattern.js";
export { parseWebSocketURL } from "./websocket.js";
export { PublicSuffixList } from "./psl.js";
export { renderURL } from "./display.js";
export { decodeURI, decodeURIComponent, encodeURI, encodeURIComponent } from "./ecma.js";
export * from "./whatwg-url.js";
export { engineName as engine } from "./runtime.js";

patternsByStream();
