// The tables of imports, printed from scripts/layout.mjs: the README's entry table (for each
// subpath of the package, the file each condition reaches, the module of js/ it is built from, the
// wasm it carries (Cargo features), its declarations and whom it is for), and the package README's
// list (js/PACKAGE.md: each subpath and whom it is for). tests/js/layout.test.mjs checks that both
// READMEs have these.
//
//   node scripts/entry-table.mjs           (prints the README's)
//   node scripts/entry-table.mjs --write   (writes both into their READMEs)
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { FILES, SUBPATHS, WASM_FILES, WASMS, twin, twinned } from "./layout.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const code = (text) => `\`${text}\``;
/** The FILES name of a file of SUBPATHS (a .cjs names its ES module). */
const fileOf = (name) => (name in FILES ? name : Object.keys(FILES).find((file) => twinned(file) && twin(file) === name));

function wasmCell({ wasm, carries }) {
  const modules = wasm.map((name) => {
    const { features, mvp } = WASMS[WASM_FILES[name] ?? name];
    // An add-on has no URL operations of its own.
    const parts = features.includes("urlpattern-addon") ? features : ["URL", ...features];
    return `${code(WASM_FILES[name] ?? name)} (${parts.join(" + ")}${mvp ? "; WebAssembly 1.0" : ""})`;
  });
  return `${modules.length === 0 ? "none" : modules.join(", ")}: ${carries}`;
}

function fromCell({ entry, core }) {
  const classes = `${core?.over === undefined ? "the classes" : `the classes of ${code(core.over)}`}${core?.api === undefined ? "" : ` and ${code(`js/${core.api}`)}`}`;
  if (entry === undefined) return `${classes} (written by the build)`;
  if (core === undefined) return code(`js/${entry}`);
  const over = core.file !== undefined ? code(core.file) : core.entry !== undefined ? code(`js/${core.entry}`) : classes;
  return `${code(`js/${entry}`)} over ${over}`;
}

/** The table's lines. */
export function entryTable() {
  const lines = ["| import | conditions | file | built from | wasm (Cargo features): how | types | for |", "|---|---|---|---|---|---|---|"];
  const first = new Map(); // file → the import it is first listed under
  for (const [subpath, entry] of Object.entries(SUBPATHS)) {
    const name = `weburl${subpath.slice(1)}`;
    const conditions = typeof entry === "string" ? { "": entry } : entry.conditions;
    const groups = new Map(); // file → the conditions that reach it
    for (const [condition, target] of Object.entries(conditions)) {
      const file = fileOf(typeof target === "string" ? target : target.import);
      if (file !== undefined) groups.set(file, [...(groups.get(file) ?? []), condition]);
    }
    let row = 0;
    for (const [file, reaching] of groups) {
      const files = twinned(file) ? [file, twin(file)] : [file];
      const seen = first.get(file);
      if (seen === undefined) first.set(file, name);
      lines.push(`| ${[
        row === 0 ? code(name) : "",
        reaching.filter((condition) => condition !== "").map(code).join(", "),
        files.map(code).join(", "),
        fromCell(FILES[file]),
        seen === undefined ? wasmCell(FILES[file]) : `as ${code(seen)}`,
        row === 0 && typeof entry === "object" ? code(entry.types) : "",
        seen === undefined ? FILES[file].for : "",
      ].join(" | ")} |`);
      row++;
    }
  }
  return lines;
}

/** The package README's list: each subpath that `says` whom it is for (a file: its file's `for`). */
export function packageTable() {
  const lines = ["| import | for |", "|---|---|"];
  for (const [subpath, entry] of Object.entries(SUBPATHS)) {
    const says = typeof entry === "string" ? FILES[entry]?.for : entry.says;
    if (says !== undefined) lines.push(`| ${code(`weburl${subpath.slice(1)}`)} | ${says} |`);
  }
  return lines;
}

/** Each table, its file and the line it follows there (after blank lines). */
export const TABLES = [
  { file: join(root, "README.md"), mark: "<!-- The entry table: node scripts/entry-table.mjs --write -->", table: entryTable },
  { file: join(root, "js", "PACKAGE.md"), mark: "Entries:", table: packageTable },
];

/** A table as its file has it: the rows from the first after `mark` up to the next line that is not one. */
export function tableIn({ file, mark }) {
  const lines = readFileSync(file, "utf8").split("\n");
  const at = lines.indexOf(mark);
  if (at < 0) throw new Error(`${file} has no line ${mark}`);
  const start = lines.findIndex((line, i) => i > at && line.startsWith("|"));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith("|"));
  return { lines, start, end };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--write")) {
    for (const where of TABLES) {
      const { lines, start, end } = tableIn(where);
      lines.splice(start, end - start, ...where.table());
      writeFileSync(where.file, lines.join("\n"));
    }
  } else {
    console.log(entryTable().join("\n"));
  }
}
