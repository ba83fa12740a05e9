// WebKitGTK (JavaScriptCore, the engine closest to Safari here), Debian's webkit2gtk-driver
// brings it (scripts/setup.sh): its MiniBrowser under Xvfb loads the page of harness.mjs from a
// local server; the page posts its result.
import { execFileSync } from "node:child_process";

import { checkEngine, runInBrowser } from "./harness.mjs";

const MINIBROWSER = process.env.MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

checkEngine("webkit", async () => {
  // WebKit's sandbox (bubblewrap) cannot start as root in a container; compositing needs a GPU.
  const env = { WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS: "1", WEBKIT_DISABLE_COMPOSITING_MODE: "1", LIBGL_ALWAYS_SOFTWARE: "1" };
  const result = await runInBrowser("webkit", (url) => ["xvfb-run", ["-a", MINIBROWSER, url], env]);
  // Its user agent string names a frozen WebKit version: the package says which it is.
  const version = execFileSync("dpkg-query", ["-W", "-f=${Version}", "libwebkit2gtk-4.1-0"], { encoding: "utf8" });
  return { ...result, engine: `WebKitGTK ${version.split("-")[0]}` };
}, { expectedEngine: "wasm", any: true });
