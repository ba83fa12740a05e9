// The start module of a wasm (scripts/build.mjs, js/engines.js): the same module with the body of
// every function that a start does not run replaced by `unreachable`. Every index, type, import,
// export and data stays as it is, so it runs a start exactly as the whole module does, is a third
// of its LZMA and validates in a quarter of the time; a call that reaches a function left out
// traps, and the runtime runs it again on the whole module (js/runtime.js, `again`). Which
// functions a start runs is measured on a copy of the module in which each function first marks
// a global of its own (`instrument`), run on the workload of scripts/start-profile.mjs.
import { Reader, functions, section, ulebBytes as uleb, valueType, withSections } from "./wasm-binary.mjs";

/** Where the expression of the body `start`… begins: after its locals. */
function afterLocals(wasm, start) {
  const at = new Reader(wasm, start);
  for (let count = at.uleb(); count > 0; count--) {
    at.uleb();
    valueType(at);
  }
  return at.pos;
}

/** `wasm` with its code section's bodies `bodies` (Buffers) instead, and the sections of `replace`. */
function withBodies(wasm, all, bodies, replace = {}) {
  const code = Buffer.concat([uleb(bodies.length), ...bodies.flatMap((body) => [uleb(body.length), body])]);
  return withSections(wasm, all, { ...replace, 10: section(10, code) });
}

const MARK = "__weburl_ran_"; // the exported globals of `instrument`, a suffix the function's number

/**
 * A copy of `wasm` in which each function sets a global of its own to 1 when it runs, exported as
 * MARK and its number among the module's own functions; `ran(exports)` reads which did since it
 * last read them, and clears the marks.
 */
export function instrument(wasm) {
  const { all, importedGlobals, bodies } = functions(wasm);
  const globals = all.find(({ id }) => id === 6);
  const exports = all.find(({ id }) => id === 7);
  if (globals === undefined || exports === undefined) throw new Error("the start module's profile needs a wasm with globals and exports");
  const globalsAt = new Reader(wasm, globals.start);
  const defined = globalsAt.uleb();
  const exportsAt = new Reader(wasm, exports.start);
  const exported = exportsAt.uleb();
  const first = importedGlobals + defined; // the index of the first global added
  const n = bodies.length;
  const added = Array.from({ length: n }, () => Buffer.from([0x7f, 0x01, 0x41, 0x00, 0x0b])); // mut i32 = 0
  const named = Array.from({ length: n }, (_, i) => {
    const name = Buffer.from(`${MARK}${i}`);
    return Buffer.concat([uleb(name.length), name, Buffer.from([0x03]), uleb(first + i)]);
  });
  const marked = bodies.map(({ start, end }, i) => {
    const expression = afterLocals(wasm, start);
    // global.set (i32.const 1), before the body's own instructions.
    return Buffer.concat([wasm.subarray(start, expression), Buffer.from([0x41, 0x01, 0x24]), uleb(first + i), wasm.subarray(expression, end)]);
  });
  const bytes = withBodies(wasm, all, marked, {
    6: section(6, Buffer.concat([uleb(defined + n), wasm.subarray(globalsAt.pos, globals.end), ...added])),
    7: section(7, Buffer.concat([uleb(exported + n), wasm.subarray(exportsAt.pos, exports.end), ...named])),
  });
  const ran = (instanceExports) => {
    const found = new Set();
    for (let i = 0; i < n; i++) {
      const mark = instanceExports[`${MARK}${i}`];
      if (mark.value === 1) found.add(i);
      mark.value = 0;
    }
    return found;
  };
  return { bytes, ran };
}

/**
 * `wasm` with the body of each of its own functions (numbered from 0 after the imported ones) not
 * in the set `kept` replaced by `unreachable`, which is valid whatever the function's type.
 */
export function startModule(wasm, kept) {
  const { all, bodies } = functions(wasm);
  const unreachable = Buffer.from([0x00, 0x00, 0x0b]); // no locals; unreachable; end
  return withBodies(wasm, all, bodies.map(({ start, end }, i) => (kept.has(i) ? wasm.subarray(start, end) : unreachable)));
}

/**
 * `wasm` with a name section that names its own functions so that sorting by name (wasm-opt's
 * `--reorder-functions-by-name`) puts those in the set `first` before the others, each group in
 * the order it had: then LZMA finds the start module's bodies at the whole module's start, not
 * spread over it, and the whole module after the start module costs fewer bytes.
 */
export function namedForOrder(wasm, first) {
  const { importedFunctions, bodies } = functions(wasm);
  const names = bodies.map((_, i) => {
    const name = Buffer.from(`${first.has(i) ? "a" : "b"}${String(i).padStart(6, "0")}`);
    return Buffer.concat([uleb(importedFunctions + i), uleb(name.length), name]);
  });
  const functionNames = Buffer.concat([uleb(names.length), ...names]);
  const subsection = Buffer.concat([Buffer.from([1]), uleb(functionNames.length), functionNames]);
  const title = Buffer.from("name");
  return Buffer.concat([wasm, section(0, Buffer.concat([uleb(title.length), title, subsection]))]);
}
