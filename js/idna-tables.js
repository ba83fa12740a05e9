// The UTS #46 tables of the core (idna-adapter/): one span of the wasm's data, which the modules
// carried inline leave out (scripts/build.mjs): they are LZMA of their own, decoded only when a
// host first needs them, not at start (most pages parse ASCII hosts only). An instance asks for
// them once, before its first UTS #46 lookup (src/wasm/mod.rs); a fresh instance after a trap
// asks again, and gets the bytes kept here.

let unpackTables; // set by a module that left the tables out of its wasm
let tables;

/**
 * `wasm`, the bytes of a module that leaves the tables out, once decoded: from then on the tables
 * are `unpack()`'s. Not before: where the decoder did not run (no WebAssembly), the JavaScript
 * engine runs the core, whose data has them.
 */
export function leftOutIdnaTables(wasm, unpack) {
  unpackTables ??= unpack;
  return wasm;
}

/**
 * The tables from `packed`, as scripts/build.mjs packs them for LZMA (`inColumns`): the arrays
 * wider than a byte first, each `[length, element size, differences]` of `columns` as its columns
 * of bytes and, where `differences`, each number the one before plus that; then the byte arrays as
 * they are. A copy (`packed` is the decoder's memory).
 */
export function fromColumns(packed, columns) {
  const tables = packed.slice();
  let at = 0;
  for (const [length, size, differences] of columns) {
    let number = 0;
    for (let i = 0; i < length; i++) {
      let next = 0;
      for (let byte = size; byte-- > 0; ) next = next * 256 + packed[at + byte * length + i];
      number = differences ? number + next : next;
      for (let byte = 0; byte < size; byte++) tables[at + i * size + byte] = number >>> (8 * byte);
    }
    at += length * size;
  }
  return tables;
}

/**
 * The import: writes the tables at `first` (a view on the calling instance's memory, where they
 * start), `length` bytes. A wasm read from a file, or run as JavaScript, has them already.
 */
export function fillIdnaTables(first, length) {
  if (unpackTables === undefined) return;
  tables ??= unpackTables();
  new Uint8Array(first.buffer, first.byteOffset, length).set(tables);
}
