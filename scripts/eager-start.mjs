// Node's entries, and the browsers' `weburl` and `weburl/polyfill` (its classic script too), with
// the functions their start calls compiled with the script, not one by one at their first call
// (README, "Cold start", fifteenth round, and Twenty-third round (Chromium), where the module is
// compiled on the thread that streamed it). V8 preparses a function's body with the script and,
// at its first call, parses it again and compiles it alone, at some tens of thousands of
// instructions each; a function or arrow expression in parentheses it compiles with the code
// around it (its guess that such a function is called at once), and bundlers keep the parentheses
// (esbuild since 0.25.9). So each function declaration the start calls becomes
// `var f=(function f(…){…});`, or `var f=((…)=>{…});` where an arrow function behaves the same
// (`arrowable`: shorter), at the top of its scope (hoisted, as the declaration was, after what
// runs nothing) and each function or arrow expression it calls is put in parentheses; class and
// object members have no such syntax, and the functions the start does not call stay as they are,
// preparsed only. Which ones: those a fresh process runs (V8's coverage, NODE_V8_COVERAGE) to
// import the entry and read one `href`, the start benches/cold-start.mjs times. A longer workload
// (start-profile.mjs's) was measured: its extra functions compiled at every start cost more than
// they save where they run.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as acorn from "acorn";

import { FIRST_HREF } from "./start-profile.mjs";

/** The ranges ([start, end] in its source) of the functions a fresh Node process runs to import `path` (an ES module or, `.cjs`, a CommonJS one; `options` as `startCalledByFile`'s) and read one `href`. */
export function startCalled(path, options) {
  const ranges = startCalledByFile(path, options).get(resolve(path));
  if (ranges === undefined) throw new Error(`V8's coverage has nothing of ${resolve(path)}`);
  return ranges;
}

/**
 * `startCalled` for `path` and every file beside it that the start runs (the chunks a browser
 * entry imports): path → ranges. With `classic`, `path` is a classic script that installs the
 * global `URL` (polyfill.global.js), run as a `<script data-force>` is: its probes run as in a
 * browser whose own URL fails them, and it installs its classes whether Node's own pass them or
 * not (Node 24's do).
 */
export function startCalledByFile(path, { classic = false } = {}) {
  const file = resolve(path);
  const url = pathToFileURL(file).href;
  // A classic script's run, then the global object, which it installed the classes on.
  const run = classic
    ? `globalThis.document = { currentScript: { hasAttribute: (name) => name === "data-force" } };\n` +
      `(await import("node:vm")).runInThisContext((await import("node:fs")).readFileSync(${JSON.stringify(file)}, "utf8"), { filename: ${JSON.stringify(file)} });\n`
    : "";
  const load = classic
    ? "globalThis"
    : file.endsWith(".cjs")
      ? `(await import("node:module")).createRequire(import.meta.url)(${JSON.stringify(file)})`
      : `await import(${JSON.stringify(url)})`;
  const dir = mkdtempSync(join(tmpdir(), "weburl-eager-"));
  try {
    execFileSync(process.execPath, ["--input-type=module", "-e", `${run}const { URL } = ${load};\nvoid new URL(${JSON.stringify(FIRST_HREF)}).href;\n`], {
      env: { ...process.env, NODE_V8_COVERAGE: dir },
      stdio: "inherit",
    });
    const scripts = readdirSync(dir).flatMap((name) => JSON.parse(readFileSync(join(dir, name), "utf8")).result);
    const byFile = new Map();
    for (const script of scripts.filter((script) => script.url.startsWith(pathToFileURL(dirname(file)).href + "/"))) {
      const ran = script.functions.filter(({ ranges: [whole] }) => whole.count > 0).map(({ ranges: [whole] }) => [whole.startOffset, whole.endOffset]);
      byFile.set(fileURLToPath(script.url), [...(byFile.get(fileURLToPath(script.url)) ?? []), ...ran]);
    }
    return byFile;
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
  /** The declaration `fn` rewritten, as an arrow function where it can be one (`arrowable`) and its head has no edits. */
  const shortest = (fn) => {
    const text = rewrite(fn);
    const head = code.slice(fn.start, fn.body.start);
    return arrowable(fn, program) && text.startsWith(head) ? `${code.slice(fn.id.end, fn.body.start)}=>${text.slice(head.length)}` : text;
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
      // After the directives ("use strict"), which must come first, and the imports and
      // declarations that run nothing and name none of them: a bundle's base64 first, which gzip
      // compresses worse with code before it (`polyfill.mjs` +678 B hoisted before it).
      const names = new Set(hoisted.map((s) => s.id.name));
      let first = 0;
      while (block.body[first]?.directive !== undefined || (block.body[first] !== undefined && inert(block.body[first], names))) first++;
      const at = first > 0 ? block.body[first - 1].end : node.type === "Program" ? node.start : block.start + 1;
      edits.push([at, at, hoisted.map((s) => `var ${s.id.name}=(${shortest(s)});`).join("")]);
      for (const s of hoisted) edits.push([s.start, s.end, ""]), hoistedAll.add(s);
      moved += hoisted.length;
    }
    for (const value of Object.values(node)) {
      for (const child of [value].flat()) {
        if (child !== null && typeof child === "object" && typeof child.type === "string" && !hoistedAll.has(child)) collect(child, edits, node);
      }
    }
  };
  const program = acorn.parse(code, { ecmaVersion: "latest", sourceType, preserveParens: true });
  return { code: rewrite(program), moved };
}

/**
 * Whether the declaration `fn` of `program` can be an arrow function, shorter by its `function`:
 * its parameters and body use no `this`, `arguments`, `super` or `new.target` of its own, and its
 * name is only called (or exported), never read as a value (`new`, `.name`, `.prototype`).
 */
function arrowable(fn, program) {
  const own = (node) => {
    if (node === null || typeof node !== "object") return false;
    if (Array.isArray(node)) return node.some(own);
    // A function or class of its own has its own `this` and `arguments`.
    if (/^Function|^Class/.test(node.type ?? "")) return false;
    if (/^(ThisExpression|Super|MetaProperty)$/.test(node.type ?? "") || (node.type === "Identifier" && node.name === "arguments")) return true;
    return Object.values(node).some((child) => child !== null && typeof child === "object" && own(child));
  };
  if (own(fn.params) || own(fn.body.body)) return false;
  const name = fn.id.name;
  const readAsValue = (node, parent) => {
    if (node === null || typeof node !== "object") return false;
    if (Array.isArray(node)) return node.some((child) => readAsValue(child, parent));
    if (node.type === "Identifier" && node.name === name && node !== fn.id) {
      const called = parent?.type === "CallExpression" && parent.callee === node;
      const key = (parent?.type === "Property" || parent?.type === "MemberExpression") && parent.computed === false && (parent.key === node || parent.property === node);
      return !(called || key || parent?.type === "ExportSpecifier");
    }
    return Object.values(node).some((child) => child !== null && typeof child === "object" && readAsValue(child, node));
  };
  return !readAsValue(program, null);
}

/** Whether the statement `node` is an import or a declaration whose values call nothing and name nothing of `names` (a function's body is not run there). */
function inert(node, names) {
  if (node.type === "ImportDeclaration") return true;
  if (node.type !== "VariableDeclaration") return false;
  const runs = (value) => {
    if (value === null || typeof value !== "object") return false;
    if (Array.isArray(value)) return value.some(runs);
    if (/^(Function|ArrowFunction)Expression$/.test(value.type)) return false;
    if (/^(Call|New|TaggedTemplate)Expression$|^Class|^Yield|^Await/.test(value.type ?? "")) return true;
    if (value.type === "Identifier" && names.has(value.name)) return true;
    return Object.values(value).some((child) => child !== null && typeof child === "object" && runs(child));
  };
  return !node.declarations.some((declaration) => runs(declaration.init));
}
