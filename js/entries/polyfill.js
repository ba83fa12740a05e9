// weburl/polyfill: `import "weburl/polyfill"` or `require("weburl/polyfill")` installs weburl's
// URL and URLSearchParams on the global object where the runtime's own are missing or wrong.
// `report` says what happened; `install({ force: true })` installs them whatever the probes say.
// "./core.js" is the engine the build gives it (scripts/layout.mjs): the legacy wasm with
// the URL operations only, or (React Native) the JavaScript engine.
// The core first: the wasm's base64 first in a bundle (scripts/build.mjs, base64Module).
import { engine, URL, URLSearchParams } from "./core.js";
import { installGlobals } from "../polyfill.js";

const classes = { URL, URLSearchParams, engine };

export { URL, URLSearchParams, engine } from "./core.js";

/** What loading the polyfill did: { installed, forced, failed, native, engine }. */
export const report = installGlobals(classes);

/** Installs the classes where a probe fails, or always with `{ force: true }`; returns the report. */
export function install(options) {
  return installGlobals(classes, options);
}
