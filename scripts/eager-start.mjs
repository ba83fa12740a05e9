// Node's entries with the functions their start calls compiled with the module, not one by one at
// their first call (README, "Cold start", fifteenth round). V8 preparses a function's body with
// the module and, at its first call, parses it again and compiles it alone, at some tens of
// thousands of instructions each; a function or arrow expression in parentheses it compiles with
// the code around it (its guess that such a function is called at once). So each function
// declaration the start calls becomes `var f=(function f(…){…});` at the top of its scope
// (hoisted, as the declaration was) and each function or arrow expression it calls is put in
// parentheses; class and object members have no such syntax, and the functions the start does not
// call stay as they are, preparsed only. Which ones: those a fresh process runs (V8's coverage,
// NODE_V8_COVERAGE) to import the entry and read one `href`, the start benches/cold-start.mjs
// times. A longer workload (start-profile.mjs's) was measured: its extra functions compiled at
// every start cost more than they save where they run.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import * as acorn from "acorn";

import { FIRST_HREF } from "./start-profile.mjs";

/** The ranges ([start, end] in its source) of the functions a fresh Node process runs to import `path` (an ES module or, `.cjs`, a CommonJS one) and read one `href`. */
export function startCalled(path) {
  const file = resolve(path);
  const url = pathToFileURL(file).href;
  const load = file.endsWith(".cjs")
    ? `(await import("node:module")).createRequire(import.meta.url)(${JSON.stringify(file)})`
    : `await import(${JSON.stringify(url)})`;
  const dir = mkdtempSync(join(tmpdir(), "weburl-eager-"));
  try {
    execFileSync(process.execPath, ["--input-type=module", "-e", `const { URL } = ${load};\nvoid new URL(${JSON.stringify(FIRST_HREF)}).href;\n`], {
      env: { ...process.env, NODE_V8_COVERAGE: dir },
      stdio: "inherit",
    });
    const scripts = readdirSync(dir).flatMap((name) => JSON.parse(readFileSync(join(dir, name), "utf8")).result);
    const functions = scripts.filter((script) => script.url === url).flatMap((script) => script.functions);
    if (functions.length === 0) throw new Error(`V8's coverage has nothing of ${file}`);
    return functions.filter(({ ranges: [whole] }) => whole.count > 0).map(({ ranges: [whole] }) => [whole.startOffset, whole.endOffset]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `code` (`sourceType` "module" or "script") with its function declarations whose range is in `ranges` made parenthesized function expressions, hoisted, and its function and arrow expressions in `ranges` put in parentheses; `moved`, how many functions it changed. */
export function eagerStart(code, ranges, sourceType) {
  const called = new Set(ranges.map(([start, end]) => `${start},${end}`));
  let moved = 0;
  // The declarations hoisted: `rewrite` makes their text, and the walk does not enter them again.
  const hoistedAll = new Set();
  /** The text of `node` with the edits in it applied. */
  const rewrite = (node) => {
    const edits = [];
    collect(node, edits);
    let text = code.slice(node.start, node.end);
    for (const [start, end, insert] of edits.sort((a, b) => b[0] - a[0] || b[1] - a[1])) {
      text = text.slice(0, start - node.start) + insert + text.slice(end - node.start);
    }
    return text;
  };
  /** Pushes the edits of `node` (whose parent is `parent`) and its descendants, except those of hoisted declarations. */
  const collect = (node, edits, parent = null) => {
    // A function or arrow expression the start calls, not yet in parentheses: put in them. Not a
    // method, getter or setter, which have no such syntax.
    const member = parent?.type === "MethodDefinition" || (parent?.type === "Property" && (parent.method || parent.kind !== "init"));
    if (/^(Function|ArrowFunction)Expression$/.test(node.type) && parent?.type !== "ParenthesizedExpression" && !member && called.has(`${node.start},${node.end}`)) {
      edits.push([node.start, node.start, "("], [node.end, node.end, ")"]);
      moved++;
    }
    const block = node.type === "Program" ? node : /Function/.test(node.type) && node.body.type === "BlockStatement" ? node.body : null;
    const hoisted = block === null ? [] : block.body.filter((s) => s.type === "FunctionDeclaration" && !s.async && !s.generator && called.has(`${s.start},${s.end}`));
    if (hoisted.length > 0) {
      // After the directives ("use strict"), which must come first.
      let directives = 0;
      while (block.body[directives]?.directive !== undefined) directives++;
      const at = directives > 0 ? block.body[directives - 1].end : node.type === "Program" ? node.start : block.start + 1;
      edits.push([at, at, hoisted.map((s) => `var ${s.id.name}=(${rewrite(s)});`).join("")]);
      for (const s of hoisted) edits.push([s.start, s.end, ""]), hoistedAll.add(s);
      moved += hoisted.length;
    }
    for (const value of Object.values(node)) {
      for (const child of [value].flat()) {
        if (child !== null && typeof child === "object" && typeof child.type === "string" && !hoistedAll.has(child)) collect(child, edits, node);
      }
    }
  };
  return { code: rewrite(acorn.parse(code, { ecmaVersion: "latest", sourceType, preserveParens: true })), moved };
}
