// The package's one UTF-8 decoder: the runtime's, and that of wasm-bindgen's glue
// (scripts/build.mjs), which would otherwise make one for each wasm.
import { TextDecoder } from "./encoding.js";

// ignoreBOM: a string the core writes may start with U+FEFF, which is text, not a byte order mark.
export const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
