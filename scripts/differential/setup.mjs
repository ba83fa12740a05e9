// What the differential scripts do before they compare: read their command line (`--name value`
// or `--name=value`) and load weburl from pkg/.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const PKG = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "pkg");

/**
 * Hands each argument of `argv` to `take(arg, next, int)`: `next()` gives the argument's value,
 * `int(value)` checks that it is a non-negative integer (with `_` allowed between digits) and
 * gives it. An argument `take` does not know (it returns false), or a bad integer, goes to
 * `usage` with the reason.
 */
export function readArguments(argv, usage, take) {
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    let value;
    const eq = arg.indexOf("=");
    if (arg.startsWith("--") && eq > 0) [arg, value] = [arg.slice(0, eq), arg.slice(eq + 1)];
    const next = () => (value !== undefined ? value : argv[++i]);
    const int = (given) => {
      const text = String(given ?? "").replace(/_/g, "");
      if (!/^\d+$/.test(text)) usage(`${arg} takes a non-negative integer, not ${JSON.stringify(given)}`);
      return Number(text);
    };
    if (!take(arg, next, int)) usage(`unknown argument ${JSON.stringify(arg)}`);
  }
}

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
