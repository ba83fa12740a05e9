// The polyfill as a classic script (`<script src=".../polyfill.global.js">`): no module system
// and no top-level await. It defines nothing global but the classes and the report under
// Symbol.for("weburl.polyfill"). `<script src=… data-force>` installs them whatever the probes say.
import { installGlobals } from "../polyfill.js";
import { engine, URL, URLSearchParams } from "./core.js";

const script = typeof document === "object" && document !== null ? document.currentScript : null;
installGlobals({ URL, URLSearchParams, engine }, { force: script !== null && script.hasAttribute("data-force") });
