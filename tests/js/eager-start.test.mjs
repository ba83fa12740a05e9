// Node's entries, `weburl` as browsers load it and `weburl/polyfill` (its classic script too) with
// the functions their start calls compiled with the module (scripts/eager-start.mjs): checked here
// on the package as built, and the rewriting on small programs (hoisting, names, directives,
// nested scopes).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, test } from "node:test";
import * as acorn from "acorn";

import { eagerStart, startCalled, startCalledByFile } from "../../scripts/eager-start.mjs";
import { pkg } from "./helpers.mjs";

/** Every function node of `ast` (parsed with its parentheses kept) with its parent. */
function functionsOf(ast) {
  const found = [];
  const visit = (node, parent) => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach((child) => visit(child, parent));
    if (/^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/.test(node.type)) found.push({ node, parent });
    for (const value of Object.values(node)) if (value !== null && typeof value === "object") visit(value, node);
  };
  visit(ast, null);
  return found;
}

/** Whether a function node is a method, getter or setter (of a class or an object literal), which no syntax compiles with the code around it. */
const isMember = (parent) => parent.type === "MethodDefinition" || (parent.type === "Property" && (parent.method || parent.kind !== "init"));

describe("the package: Node's entry", () => {
  for (const [file, sourceType] of [["node.mjs", "module"], ["node.cjs", "script"]]) {
    test(`${file}: every function its start calls is in parentheses (a method excepted), none a declaration`, () => {
      const code = readFileSync(join(pkg, file), "utf8");
      const ast = acorn.parse(code, { ecmaVersion: "latest", sourceType, preserveParens: true });
      const called = new Set(startCalled(join(pkg, file)).map(([start, end]) => `${start},${end}`));
      const run = functionsOf(ast).filter(({ node }) => called.has(`${node.start},${node.end}`));
      const lazy = run.filter(({ node, parent }) => parent.type !== "ParenthesizedExpression" && !isMember(parent));
      assert.deepEqual(lazy.map(({ node }) => code.slice(node.start, node.start + 40)), [], "the build did not run scripts/eager-start.mjs on these");
      assert.ok(run.length - lazy.length >= 30, `${run.length} functions the start calls`);
    });
  }
});

/** The functions of `path` (parsed as `sourceType`) that the start runs (`ranges`) and are neither in parentheses nor members: their first characters. */
function lazyOf(path, sourceType, ranges) {
  const code = readFileSync(path, "utf8");
  const ast = acorn.parse(code, { ecmaVersion: "latest", sourceType, preserveParens: true });
  const called = new Set(ranges.map(([start, end]) => `${start},${end}`));
  const run = functionsOf(ast).filter(({ node }) => called.has(`${node.start},${node.end}`));
  const lazy = run.filter(({ node, parent }) => parent.type !== "ParenthesizedExpression" && !isMember(parent)).map(({ node }) => code.slice(node.start, node.start + 40));
  return { run: run.length, lazy };
}

describe("the package: the browsers' `weburl` and `weburl/polyfill`", () => {
  for (const file of ["index.js", "polyfill.mjs", "polyfill-node.mjs", "polyfill.cjs", "polyfill.global.js"]) {
    test(`${file} and the files it imports: every function its start calls is in parentheses (an async one or a method excepted)`, () => {
      // polyfill.global.js is a classic script (`<script src>`).
      const classic = file.endsWith(".global.js");
      let run = 0;
      for (const [path, ranges] of startCalledByFile(join(pkg, file), { classic })) {
        const found = lazyOf(path, path.endsWith(".cjs") || classic ? "script" : "module", ranges);
        run += found.run;
        // `async function` declarations stay: no rewriting of them is hoisted as they are.
        assert.deepEqual(found.lazy.filter((text) => !text.startsWith("async ")), [], `the build did not run scripts/eager-start.mjs on these in ${path}`);
      }
      assert.ok(run >= 30, `${run} functions the start calls`);
    });
  }
});

describe("eagerStart", () => {
  /** Runs `code` as a script with the functions in `names` (a declaration's name, or an expression's text) rewritten; its value and the text. */
  const rewritten = (code, names) => {
    const ast = acorn.parse(code, { ecmaVersion: "latest" });
    const ranges = functionsOf(ast).filter(({ node }) => names.includes(node.id?.name ?? code.slice(node.start, node.end))).map(({ node }) => [node.start, node.end]);
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
    assert.match(text, /^"use strict";var outer=\(\(\) =>\{ "use strict";var inner=\(function inner\(\)/, "outer only called: an arrow; inner uses its this");
  });

  test("a function or arrow expression is put in parentheses, its inferred name kept; methods, getters and setters are left as they are", () => {
    const code = "var a = e => e + 1; var o = { k: function () { return 2; }, m() { return 3; }, get g() { return 4; } }; [a(0), a.name, o.k(), o.k.name, o.m(), o.g]";
    const functions = ["e => e + 1", "function () { return 2; }", "() { return 3; }", "() { return 4; }"];
    const { value, text, moved } = rewritten(code, functions);
    assert.deepEqual(value, [1, "a", 2, "k", 3, 4]);
    assert.equal(moved, 2);
    assert.equal(text, "var a = (e => e + 1); var o = { k: (function () { return 2; }), m() { return 3; }, get g() { return 4; } }; [a(0), a.name, o.k(), o.k.name, o.m(), o.g]");
  });

  test("the hoisted declarations go after the imports and declarations before them that run nothing and name none of them", () => {
    const code = 'var data = "AAAA", keys = Object.keys, later = () => f(); var named = g; function f() { return 1; } function g() { return 2; } [later(), named()]';
    const { value, text } = rewritten(code, ["f", "g"]);
    assert.deepEqual(value, [1, 2]);
    assert.match(text, /^var data = "AAAA", keys = Object.keys, later = \(\) => f\(\);var f=\(\(\) =>\{ return 1; \}\);var g=\(function g\(\)/);
  });

  test("a hoisted declaration is an arrow function where its name is only called and it has no this, arguments or new.target of its own", () => {
    const code = "function sum(a, b = 1) { return [a + b, (() => arguments.length)()].length ? a + b : 0; } function plain(a, b = 1) { const f = function () { return arguments.length; }; return a + b + f(); } function self() { return typeof this; } function read() { return 4; } function made() { return 5; } [plain(1), self(), read.name, new made() instanceof made, sum(1)]";
    const { value, text } = rewritten(code, ["sum", "plain", "self", "read", "made"]);
    assert.deepEqual(value, [2, "object", "read", true, 2]);
    assert.match(text, /var plain=\(\(a, b = 1\) =>\{/, "its own arguments are a nested function's");
    for (const name of ["sum", "self", "read", "made"]) assert.match(text, new RegExp(`var ${name}=\\(function ${name}\\(`));
  });

  test("blocks, async functions and generators are left as they are", () => {
    const code = "function* gen() { yield 1; } async function later() {} { function inBlock() { return 4; } } [gen().next().value, inBlock()]";
    const { value, moved } = rewritten(code, ["gen", "later", "inBlock"]);
    assert.deepEqual(value, [1, 4]);
    assert.equal(moved, 0);
  });
});
