// Where the wasm engine is refused, the JavaScript engine, inlined: for builds that must start
// synchronously wherever they run (the legacy ESM build, the classic-script polyfill).
import { jsEngine } from "./engine-js.js";

export function jsEngineFallback() {
  return jsEngine;
}
