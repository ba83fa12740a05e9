// Shared by the Node tests: where things are, and the WPT data, which must be there.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const pkg = join(root, "pkg");
export const wptDir = process.env.WEBURL_WPT_DIR ?? join(root, "..", "shared", "wpt");
export const datasetsDir = process.env.WEBURL_DATASETS ?? join(root, "..", "shared", "datasets");
/** The newest Node releases the tests run on beside the system one (scripts/node-binary.sh). */
export const NEWEST_NODES = ["24.21.0", "26.10.0"];

/** Reads a WPT data file; a missing file fails the run, it never skips. */
export function wpt(name) {
  const file = join(wptDir, name);
  if (!existsSync(file)) {
    throw new Error(`missing web-platform-tests data ${file}: set WEBURL_WPT_DIR to its directory`);
  }
  return JSON.parse(readFileSync(file, "utf8"));
}

/** The lines of a URL list of the datasets; a missing file fails the run, it never skips. */
export function datasetLines(name) {
  const file = join(datasetsDir, name);
  if (!existsSync(file)) throw new Error(`missing dataset ${file}: set WEBURL_DATASETS to its directory`);
  return readFileSync(file, "utf8").split("\n").map((line) => line.replace(/^\uFEFF/, "")).filter((line) => line !== "");
}

/** The expected failures of one data file: test name → reason (the URL Pattern data has its own list). */
export function expectedFailures(name) {
  if (name === "urlpatterntestdata.json") {
    const all = JSON.parse(readFileSync(join(root, "tests", "urlpattern-expected-failures.json"), "utf8"));
    return { ...all[name], ...(hasRegExpV() ? {} : all[`${name} without the RegExp v flag`]) };
  }
  const all = JSON.parse(readFileSync(join(root, "tests", "wpt-expected-failures.json"), "utf8"));
  return all[name] ?? {};
}

function hasRegExpV() {
  try {
    new RegExp("", "v");
    return true;
  } catch {
    return false;
  }
}

/** The package as Node users import it. */
export function load() {
  if (!existsSync(join(pkg, "node.mjs"))) throw new Error("pkg/ is not built: run `npm run build`");
  return import(join(pkg, "node.mjs"));
}
