// The numbers the classes and the wasm module exchange (slots, flags, statuses, setter and
// operation ids) are defined in Rust and copied in js/protocol.js and the feature modules: here
// each wasm of the test build (node scripts/build.mjs --test-panic, whose wasm has the
// `protocol` export) reports its numbers and js/protocol-check.js compares them with the copies.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";

import { root } from "./helpers.mjs";

// The groups of operation ids that only some features have, all of them in the full wasm.
const OPTIONAL = [
  "operations", "patternOperations", "webSocketOperations", "pslOperations", "displayOperations",
  "renderOptions", "uriOperations",
];

for (const [name, optional] of [["url", []], ["full", OPTIONAL], ["full-mvp", OPTIONAL]]) {
  test(`the ${name} wasm reports the numbers JavaScript copies`, async () => {
    const probe = join(root, "target", "pkg-test-panic", `protocol-${name}.mjs`);
    assert.ok(existsSync(probe), "build it first: node scripts/build.mjs --test-panic");
    const { reported, verify } = await import(pathToFileURL(probe));
    const numbers = reported();
    assert.deepEqual(verify(numbers).sort(), ["flags", "setters", "slots", "status", ...optional].sort());

    // A difference in any group is found.
    for (const group of ["slots", "setters", ...optional]) {
      const changed = structuredClone(numbers);
      const [member] = Object.keys(changed[group]);
      changed[group][member] += 1;
      assert.throws(() => verify(changed), new RegExp(`${group}\\.${member}: `));
    }
  });
}
