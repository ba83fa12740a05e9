// Chromium (V8), Debian's chromium (scripts/setup.sh installs it; tests/browser/ drives it through
// Playwright): headless, loading the page of harness.mjs from a local server; the page posts its
// result.
import { execFileSync } from "node:child_process";

import { CHROMIUM_ARGS } from "../browser/chromium.mjs";
import { checkEngine, freshDir, runInBrowser } from "./harness.mjs";

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";

checkEngine("chromium", async () => {
  // Debian's wrapper script writes a shell warning to stderr.
  const version = execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  const profile = freshDir("chromium", "profile");
  const result = await runInBrowser("chromium", (url) => [CHROMIUM, [...CHROMIUM_ARGS, `--user-data-dir=${profile}`, url], {}]);
  return { ...result, engine: version };
}, { expectedEngine: "wasm", any: true });
