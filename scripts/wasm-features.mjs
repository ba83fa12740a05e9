// The WebAssembly features of the modern module (current engines: reference types, bulk memory,
// …), as wasm-opt flags: for the build (scripts/build.mjs) and the size report
// (scripts/wasm-size.mjs), which must optimize alike.
export const MODERN_FEATURES = [
  "--enable-bulk-memory", "--enable-reference-types", "--enable-multivalue",
  "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals",
];

// The optimization passes of the modern module, for the build and the size report alike: -Oz,
// repeated until it no longer shrinks the module (--converge), assuming the first 1 KB of memory
// unused (Rust's stack grows down from 1 MiB to it, and its data lies above), which lets
// constant offsets fold into loads and stores. Together 250 bytes gzip of the browser wasm.
export const SIZE_PASSES = ["-Oz", "--converge", "--low-memory-unused"];
