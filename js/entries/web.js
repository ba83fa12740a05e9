// weburl/web: the wasm as a file of its own (weburl_bg.wasm), which the page serves and the
// engine compiles while it streams in; and environments without top-level await. Call
// `await init()` (or `initSync(bytes)`) before using the classes.
import { createBindings } from "../glue-url.js";
import { choose, compile, compileSync, locate, noWasm, requireWebAssembly, wasmEngine } from "../engines.js";
import { start } from "../runtime.js";

export { URL, URLSearchParams } from "../url.js";
export { engineName as engine } from "../runtime.js";

/**
 * Loads the module from `source` (a URL, Response, bytes or WebAssembly.Module), by default
 * weburl_bg.wasm beside this file (where import.meta.url says where that is).
 */
export async function init(source) {
  const found = () => source ?? locate(() => new URL("./weburl_bg.wasm", import.meta.url));
  start(await choose(async () => wasmEngine(createBindings, await load(found())), noWasm));
}

/**
 * Compiles the module from a URL or a Response (or a promise of one), streaming where the
 * server says it is wasm, or from bytes or a compiled module.
 */
async function load(source) {
  requireWebAssembly();
  if (typeof source === "string" || (typeof globalThis.URL === "function" && source instanceof globalThis.URL)) {
    source = fetch(source);
  }
  source = await source;
  if (typeof Response !== "function" || !(source instanceof Response)) return compile(() => source);
  if (!source.ok) throw new TypeError(`weburl: fetching the wasm module gave ${source.status} (${source.url})`);
  const wasmType = (source.headers.get("content-type") || "").split(";")[0].trim() === "application/wasm";
  if (typeof WebAssembly.compileStreaming === "function" && wasmType) return WebAssembly.compileStreaming(source);
  const bytes = await source.arrayBuffer();
  return compile(() => bytes);
}

/** Loads the module synchronously from bytes or a WebAssembly.Module. */
export function initSync(source) {
  start(wasmEngine(createBindings, compileSync(source)));
}
