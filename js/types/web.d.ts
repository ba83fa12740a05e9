export { URL, URLSearchParams, URLSearchParamsIterator, engine } from "./index.js";

/** Loads the wasm module (by default weburl_bg.wasm next to this file); call before using the classes. */
export declare function init(
  source?: string | globalThis.URL | Request | Response | BufferSource | WebAssembly.Module,
): Promise<void>;

/** Loads the wasm module synchronously from its bytes or a compiled module. */
export declare function initSync(source: BufferSource | WebAssembly.Module): void;
