// Firefox ESR (SpiderMonkey), Debian's firefox-esr (scripts/setup.sh installs it): headless, a
// fresh profile, loading the page of harness.mjs from a local server; the page posts its result.
import { BROWSERS, checkEngine, runInBrowser } from "./harness.mjs";

checkEngine("firefox", async () => ({
  ...(await runInBrowser("firefox", BROWSERS.firefox.launch("firefox"))),
  engine: BROWSERS.firefox.version(),
}), { expectedEngine: "wasm", any: true });
