// Node's entries with the functions their start calls compiled with the module
// (scripts/eager-start.mjs): checked here on the package as built, and the rewriting on small
// programs (hoisting, names, directives, nested scopes).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, test } from "node:test";
import * as acorn from "acorn";

import { eagerStart, startCalled } from "../../scripts/eager-start.mjs";
import { pkg } from "./helpers.mjs";

/** Every node of `ast` of `type`. */
function nodesOf(ast, type) {
  const found = [];
  const visit = (node) => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    if (node.type === type) found.push(node);
    for (const value of Object.values(node)) visit(value);
  };
  visit(ast);
  return found;
}

describe("the package: Node's entry", () => {
  for (const [file, sourceType] of [["node.mjs", "module"], ["node.cjs", "script"]]) {
    test(`${file}: every function its start calls is a parenthesized function expression, none a declaration`, () => {
      const code = readFileSync(join(pkg, file), "utf8");
      const ast = acorn.parse(code, { ecmaVersion: "latest", sourceType });
      const called = new Set(startCalled(join(pkg, file)).map(([start, end]) => `${start},${end}`));
      const declared = nodesOf(ast, "FunctionDeclaration").filter((f) => called.has(`${f.start},${f.end}`));
      assert.deepEqual(declared.map((f) => f.id.name), [], "declarations the start calls: the build did not run scripts/eager-start.mjs on it");
      const eager = nodesOf(ast, "FunctionExpression").filter((f) => called.has(`${f.start},${f.end}`) && code[f.start - 1] === "(");
      assert.ok(eager.length >= 20, `${eager.length} parenthesized functions the start calls`);
    });
  }
});

describe("eagerStart", () => {
  /** Runs `code` as a script with the declarations whose names are in `names` rewritten; its value and the text. */
  const rewritten = (code, names) => {
    const ast = acorn.parse(code, { ecmaVersion: "latest" });
    const ranges = nodesOf(ast, "FunctionDeclaration").filter((f) => names.includes(f.id.name)).map((f) => [f.start, f.end]);
    const { code: text, moved } = eagerStart(code, ranges, "script");
    // The value's array is another realm's: copied into this one's.
    const value = runInNewContext(text);
    return { value: Array.isArray(value) ? [...value] : value, text, moved };
  };

  test("a called declaration becomes a parenthesized named expression, hoisted: usable before its place, its name and length kept", () => {
    const { value, text, moved } = rewritten("const r = [f(2), f.name, f.length]; function f(a, b) { return a * 3; } function g() {} r", ["f"]);
    assert.deepEqual(value, [6, "f", 2]);
    assert.equal(moved, 1);
    assert.match(text, /^var f=\(function f\(a, b\)/);
    assert.match(text, /function g\(\) \{\}/, "a function the start does not call stays a declaration");
  });

  test("declarations in function bodies, nested in one hoisted, after the directives", () => {
    const code = '"use strict"; function outer() { "use strict"; const v = inner(); function inner() { return typeof this; } return v; } outer()';
    const { value, text, moved } = rewritten(code, ["outer", "inner"]);
    assert.equal(value, "undefined", "still strict");
    assert.equal(moved, 2);
    assert.match(text, /^"use strict";var outer=\(function outer\(\) \{ "use strict";var inner=\(function inner\(\)/);
  });

  test("blocks, async functions and generators are left as they are", () => {
    const code = "function* gen() { yield 1; } async function later() {} { function inBlock() { return 4; } } [gen().next().value, inBlock()]";
    const { value, moved } = rewritten(code, ["gen", "later", "inBlock"]);
    assert.deepEqual(value, [1, 4]);
    assert.equal(moved, 0);
  });
});
