// The package's layout (scripts/layout.mjs) is what was built and what the README says: package.json's
// `exports` are the table's, every file of the table is in pkg/, and the README's entry table and
// the package README's list of imports are the ones scripts/entry-table.mjs prints.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { TABLES, tableIn } from "../../scripts/entry-table.mjs";
import { FILES, SUBPATHS, WASM_FILES, packageExports, twin, twinned } from "../../scripts/layout.mjs";
import { pkg } from "./helpers.mjs";

test("package.json's exports are the layout's", () => {
  const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  assert.deepEqual(manifest.exports, packageExports());
});

test("every file of the layout is in the package", () => {
  const files = [...Object.keys(FILES).flatMap((file) => (twinned(file) ? [file, twin(file)] : [file])), ...Object.keys(WASM_FILES)];
  assert.deepEqual(files.filter((file) => !existsSync(join(pkg, file))), []);
});

test("the README's entry table and the package README's list are the layout's (node scripts/entry-table.mjs --write)", () => {
  for (const where of TABLES) {
    const { lines, start, end } = tableIn(where);
    assert.deepEqual(lines.slice(start, end), where.table(), where.file);
  }
});

test("the package README lists every subpath with declarations but ./inline, the main entry's old name", () => {
  const unlisted = Object.entries(SUBPATHS).filter(([, entry]) => typeof entry === "object" && entry.says === undefined);
  assert.deepEqual(unlisted.map(([subpath]) => subpath), ["./inline"]);
});
