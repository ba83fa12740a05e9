// The WebAssembly features of the modern module (current engines: reference types, bulk memory,
// …), as wasm-opt flags: for the build (scripts/build.mjs) and the size report
// (scripts/wasm-size.mjs), which must optimize alike.
export const MODERN_FEATURES = [
  "--enable-bulk-memory", "--enable-reference-types", "--enable-multivalue",
  "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals",
];
