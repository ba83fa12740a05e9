// The polyfill as a classic script (`<script src=".../polyfill.global.js">`): no module system
// and no top-level await. It defines nothing global but the classes and the report under
// Symbol.for("weburl.polyfill"). `<script src=… data-force>` installs them whatever the probes say.
// The core first: the wasm's base64 first in a bundle (scripts/build.mjs, base64Module).
import { engine, URL, URLSearchParams } from "./core.js";
import { installGlobals } from "../polyfill.js";

const script = typeof document === "object" && document !== null ? document.currentScript : null;
installGlobals({ URL, URLSearchParams, engine }, { force: script !== null && script.hasAttribute("data-force") });
