// WebKitGTK (JavaScriptCore, the engine closest to Safari here), Debian's webkit2gtk-driver
// brings it (scripts/setup.sh): its MiniBrowser under Xvfb loads the page of harness.mjs from a
// local server; the page posts its result.
import { BROWSERS, checkEngine, runInBrowser } from "./harness.mjs";

checkEngine("webkit", async () => ({
  ...(await runInBrowser("webkit", BROWSERS.webkit.launch("webkit"))),
  engine: BROWSERS.webkit.version(),
}), { expectedEngine: "wasm", any: true });
