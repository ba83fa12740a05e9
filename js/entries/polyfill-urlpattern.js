// weburl/polyfill/urlpattern: installs weburl's URLPattern on the global object where the runtime
// has none (`install({ force: true })`: whatever it has). Its engine ("./core.js", from
// the build) is the legacy wasm with the URL and URLPattern operations.
import { installURLPattern } from "../polyfill.js";
import { engine, URLPattern } from "./core.js";

export { URLPattern, engine } from "./core.js";

/** What loading the polyfill did: { installed, forced, native, engine }. */
export const report = installURLPattern({ URLPattern, engine });

/** Installs URLPattern where the runtime has none, or always with `{ force: true }`; returns the report. */
export function install(options) {
  return installURLPattern({ URLPattern, engine }, options);
}
