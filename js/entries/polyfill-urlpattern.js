// weburl/polyfill/urlpattern: installs weburl's URLPattern on the global object where the runtime
// has none (`install({ force: true })`: whatever it has). Its engine ("./core.js", from
// the build) is the legacy wasm with the URL and URLPattern operations.
// The core first: the wasm's base64 first in a bundle (scripts/build.mjs, base64Module).
import { engine, URLPattern } from "./core.js";
import { installURLPattern } from "../polyfill.js";
import { patternsByStream } from "../runtime.js";

export { URLPattern, engine } from "./core.js";

patternsByStream();

/** What loading the polyfill did: { installed, forced, native, engine }. */
export const report = installURLPattern({ URLPattern, engine });

/** Installs URLPattern where the runtime has none, or always with `{ force: true }`; returns the report. */
export function install(options) {
  return installURLPattern({ URLPattern, engine }, options);
}
