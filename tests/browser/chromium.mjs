// Headless Chromium through playwright-core, with the flags this machine needs (Debian's
// chromium; Playwright's own browser download is not used).
import { chromium } from "playwright-core";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--headless",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: CHROMIUM_ARGS,
  });
}
