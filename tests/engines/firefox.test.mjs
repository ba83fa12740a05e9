// Firefox ESR (SpiderMonkey), Debian's firefox-esr (scripts/setup.sh installs it): headless, a
// fresh profile, loading the page of harness.mjs from a local server; the page posts its result.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

import { checkEngine, freshDir, runInBrowser } from "./harness.mjs";

const FIREFOX = process.env.FIREFOX ?? "/usr/bin/firefox-esr";

// No first-run pages, update checks or telemetry: none can be reached here.
const PREFS = {
  "browser.shell.checkDefaultBrowser": false,
  "browser.startup.homepage_override.mstone": "ignore",
  "datareporting.policy.dataSubmissionEnabled": false,
  "toolkit.telemetry.reportingpolicy.firstRun": false,
  "app.update.disabledForTesting": true,
  "browser.aboutwelcome.enabled": false,
};

checkEngine("firefox", async () => {
  const version = execFileSync(FIREFOX, ["--version"], { encoding: "utf8" }).trim();
  const profile = freshDir("firefox", "profile");
  writeFileSync(join(profile, "user.js"), Object.entries(PREFS).map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});\n`).join(""));
  const result = await runInBrowser("firefox", (url) => [FIREFOX, ["--headless", "--no-remote", "--profile", profile, url], { MOZ_HEADLESS: "1", HOME: profile }]);
  return { ...result, engine: version };
}, { expectedEngine: "wasm", any: true });
