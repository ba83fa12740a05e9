// Chromium (V8), Debian's chromium (scripts/setup.sh installs it; tests/browser/ drives it through
// Playwright): headless, loading the page of harness.mjs from a local server; the page posts its
// result.
import { BROWSERS, checkEngine, runInBrowser } from "./harness.mjs";

checkEngine("chromium", async () => ({
  ...(await runInBrowser("chromium", BROWSERS.chromium.launch("chromium"))),
  engine: BROWSERS.chromium.version(),
}), { expectedEngine: "wasm", any: true });
