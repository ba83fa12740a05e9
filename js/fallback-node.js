// Where the wasm engine is refused (`node --jitless`, an old Node with the modern build), the
// JavaScript engine, required from the file beside this one only then. Node builds use this in
// place of ./fallback.js, so they do not parse the engine on every start.
import { nodeModule } from "./node-builtins.js";

export function jsEngineFallback() {
  return nodeModule().createRequire(import.meta.url)("./engine-js.cjs").jsEngine;
}
