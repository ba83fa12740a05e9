// The engine without WebAssembly: the legacy (MVP) wasm module turned into plain JavaScript by
// binaryen's wasm2js at build time, with that module's glue. Same Rust core, same results, no
// WebAssembly needed; slower, and only loaded where the wasm engine is refused.
import { createBindings } from "./glue-full-mvp.js";
import { instantiate, RuntimeError } from "./wasm2js.js";

export const jsEngine = {
  name: "js",
  createBindings,
  instantiate,
  // wasm2js grows memory by copying into a new ArrayBuffer; the old one stays attached.
  growDetaches: false,
  // A wasm trap, or a call stack exhausted by deep recursion.
  isTrap: (error) => error instanceof RuntimeError || error instanceof RangeError,
};
