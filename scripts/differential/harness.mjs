// What every differential run shares: its command line, weburl loaded from pkg/, the test data
// it draws from, and the report's frame: counts, the known deviations checked both ways, and the
// verdict that is the exit code.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { randomInt } from "node:crypto";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const PKG = path.join(ROOT, "pkg");

// ----- the command line -----

/**
 * Reads `argv` (`--name value` or `--name=value`) into a copy of `defaults`, whose values give
 * each option its kind: a number takes a non-negative integer (`_` allowed between digits); a
 * boolean that is true is turned off by `--no-name`, one that is false turned on by `--name`; a
 * string or undefined takes a value, resolved to a path when its name is in `paths`. An option
 * `fooBar` is spelled `--foo-bar`. `seed` (if among the defaults and not given) is drawn at random.
 * Anything else goes to `usage` with the reason; `-h` and `--help` to `usage` alone.
 */
export function readOptions(argv, usage, defaults, { paths = [] } = {}) {
  const options = { ...defaults };
  const names = new Map(Object.keys(defaults).map((key) => [key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), key]));
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    let value;
    const eq = arg.indexOf("=");
    if (arg.startsWith("--") && eq > 0) [arg, value] = [arg.slice(0, eq), arg.slice(eq + 1)];
    if (arg === "-h" || arg === "--help") usage();
    const next = () => (value !== undefined ? value : argv[++i]);
    const negated = arg.startsWith("--no-") ? names.get(arg.slice(5)) : undefined;
    if (negated !== undefined && defaults[negated] === true) {
      options[negated] = false;
      continue;
    }
    const key = arg.startsWith("--") ? names.get(arg.slice(2)) : undefined;
    if (key === undefined || defaults[key] === true) usage(`unknown argument ${JSON.stringify(arg)}`);
    if (defaults[key] === false) {
      options[key] = true;
    } else if (typeof defaults[key] === "number" || key === "seed") {
      const given = next();
      const text = String(given ?? "").replace(/_/g, "");
      if (!/^\d+$/.test(text)) usage(`${arg} takes a non-negative integer, not ${JSON.stringify(given)}`);
      options[key] = Number(text);
    } else {
      const given = next() ?? usage(`${arg} takes a value`);
      options[key] = paths.includes(key) ? path.resolve(given) : given;
    }
  }
  if ("seed" in defaults) options.seed = (options.seed ?? randomInt(2 ** 32 - 1)) >>> 0;
  return options;
}

// ----- weburl -----

/**
 * Imports pkg/`name`, waiting (up to 10 tries, a minute apart) while someone rebuilds the package;
 * `script` names the caller in what it prints.
 */
export async function loadWeburl(script, name) {
  const entry = path.join(PKG, name);
  for (let tries = 1; ; tries++) {
    if (existsSync(entry)) {
      try {
        return await import(pathToFileURL(entry).href);
      } catch (error) {
        if (tries >= 10) throw error;
        console.error(`${script}: pkg/${name} did not load (${error.message}); retrying in 60 s`);
      }
    } else {
      if (tries >= 10) throw new Error(`pkg/${name} is missing (build the package first: node scripts/build.mjs)`);
      console.error(`${script}: pkg/${name} is missing (being rebuilt?); retrying in 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 60_000));
  }
}

// ----- data -----

/** The web-platform-tests data (`WEBURL_WPT_DIR`, or ../shared/wpt beside the repository). */
export const WPT_DIR = process.env.WEBURL_WPT_DIR
  ? path.resolve(ROOT, process.env.WEBURL_WPT_DIR)
  : path.resolve(ROOT, "..", "shared", "wpt");
/** The URL lists (`WEBURL_DATASETS`, or ../shared/datasets beside the repository). */
export const DATASETS_DIR = process.env.WEBURL_DATASETS
  ? path.resolve(ROOT, process.env.WEBURL_DATASETS)
  : path.resolve(ROOT, "..", "shared", "datasets");

/** A file's text, without a byte order mark. */
export function readText(file) {
  const text = readFileSync(file, "utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A file's lines, without the empty one after a final newline. */
export function readLines(file) {
  const lines = readText(file).split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

// ----- the report -----

export const fmt = (n) => n.toLocaleString("en-US");

/** Seconds since `started` (a performance.now() value), as "12.3 s". */
export const secondsSince = (started) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/** Prints `map` (name → count) as a table under `title`, sorted by name, with a total row when asked. */
export function printTable(title, map, total = false) {
  console.log(title);
  const keys = [...map.keys()].sort();
  if (keys.length === 0) console.log("  (none)");
  const width = Math.max(5, ...keys.map((k) => k.length));
  for (const k of keys) console.log(`  ${k.padEnd(width)}  ${fmt(map.get(k)).padStart(11)}`);
  if (total) console.log(`  ${"total".padEnd(width)}  ${fmt([...map.values()].reduce((a, b) => a + b, 0)).padStart(11)}`);
}

/**
 * Ends a run: the closing lines every differential prints, then the exit code. `known` lists the
 * known deviations (each with an `id`), `seen` how many differences each explained: a known
 * deviation the run never met is named (checked the other way round: every difference the list
 * does not explain fails the run). `unexplained` is the count of those; `summary` the run's own
 * figures, one line.
 */
export function finish(script, { summary, unexplained, known = [], seen = new Map() }) {
  console.log(`\n${script}: ${summary}`);
  if (known.length > 0) {
    const unseen = known.filter((k) => !seen.has(k.id)).map((k) => k.id);
    console.log(unseen.length === 0
      ? `every one of the ${known.length} known deviations was met`
      : `known deviations not met in this run (${unseen.length} of ${known.length}): ${unseen.join(", ")}`);
  }
  console.log(unexplained === 0 ? "OK: no unexplained differences" : `FAIL: ${fmt(unexplained)} unexplained differences`);
  process.exit(unexplained === 0 ? 0 : 1);
}
