// Instrumentation for benches/miss-phases.mjs, run before the package is imported (in Node by
// --import, in Chromium as a module script before the page's): wraps WebAssembly.Module, Instance
// and the exports of each instance so that the phases of a start module's miss can be told apart
// without touching the package. Records [what, start, end] in globalThis.missPhases.
const events = (globalThis.missPhases = []);
const now = () => performance.now();
const { Module, Instance } = WebAssembly;
function timed(what, f) {
  const start = now();
  let result;
  try {
    result = f();
  } catch (error) {
    events.push([`${what} (threw)`, start, now()]);
    throw error;
  }
  events.push([what, start, now()]);
  return result;
}
WebAssembly.Module = function (bytes) {
  return timed(`Module ${bytes.byteLength} B`, () => new Module(bytes));
};
WebAssembly.Module.prototype = Module.prototype;
Object.setPrototypeOf(WebAssembly.Module, Module);
WebAssembly.Instance = function (module, imports) {
  const instance = timed("Instance", () => new Instance(module, imports));
  const exports = {};
  for (const [name, value] of Object.entries(instance.exports)) {
    exports[name] = typeof value === "function" ? (...args) => timed(name, () => value(...args)) : value;
  }
  return { exports };
};
WebAssembly.Instance.prototype = Instance.prototype;
