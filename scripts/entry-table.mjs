// The README's entry table, printed from scripts/layout.mjs: for each subpath of the package, the
// file each condition reaches, the module of js/ it is built from, the wasm it carries (Cargo
// features), its declarations and whom it is for. tests/js/layout.test.mjs checks that the
// README's table is this one.
//
//   node scripts/entry-table.mjs           (prints it)
//   node scripts/entry-table.mjs --write   (writes it into README.md)
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { FILES, SUBPATHS, WASM_FILES, WASMS, twin, twinned } from "./layout.mjs";

export const README = join(dirname(fileURLToPath(import.meta.url)), "..", "README.md");
/** The line the table follows in the README. */
export const MARK = "<!-- The entry table: node scripts/entry-table.mjs --write -->";

const code = (text) => `\`${text}\``;
/** The FILES name of a file of SUBPATHS (a .cjs names its ES module). */
const fileOf = (name) => (name in FILES ? name : Object.keys(FILES).find((file) => twinned(file) && twin(file) === name));

function wasmCell({ wasm, carries }) {
  const modules = wasm.map((name) => {
    const { features, mvp } = WASMS[WASM_FILES[name] ?? name];
    return `${code(WASM_FILES[name] ?? name)} (URL${features.map((feature) => ` + ${feature}`).join("")}${mvp ? "; WebAssembly 1.0" : ""})`;
  });
  return `${modules.length === 0 ? "none" : modules.join(", ")}: ${carries}`;
}

function fromCell({ entry, core }) {
  const classes = core?.api === undefined ? "the classes" : `the classes and ${code(`js/${core.api}`)}`;
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

/** The table as the README has it: the lines after MARK up to the first that is not a table row. */
export function readmeTable(text = readFileSync(README, "utf8")) {
  const lines = text.split("\n");
  const start = lines.indexOf(MARK);
  if (start < 0) throw new Error(`README.md has no line ${MARK}`);
  const end = lines.findIndex((line, i) => i > start && !line.startsWith("|"));
  return { lines, start: start + 1, end };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--write")) {
    const { lines, start, end } = readmeTable();
    lines.splice(start, end - start, ...entryTable());
    writeFileSync(README, lines.join("\n"));
  } else {
    console.log(entryTable().join("\n"));
  }
}
