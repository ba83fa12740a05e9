// Browsers and bundlers that understand `new URL("./file", import.meta.url)` (Vite, webpack):
// the .wasm is fetched next to this file, with top-level await, so no init call is needed.
import { install } from "./runtime.js";

export { URL, URLSearchParams } from "./url.js";

await install(new URL("./weburl_bg.wasm", import.meta.url));
