// The numbers the classes exchange with the wasm module. They are defined in Rust
// (src/offsets.rs, src/wasm/); js/protocol-check.js compares these copies with what the test
// build's wasm reports (tests/js/protocol.test.mjs), so a mismatch can never go unnoticed.

// Slots: the URL offsets, then a failure's cause, the output string and the last decoded list.
export const SCHEME_END = 0;
export const USERNAME_END = 1;
export const HOST_START = 2;
export const HOST_END = 3;
export const PORT = 4;
export const PATH_START = 5;
export const QUERY_START = 6;
export const FRAGMENT_START = 7;
export const FLAGS = 8;
export const CAUSE = 9;
export const OUTPUT_ADDRESS = 10;
export const OUTPUT_LEN = 11;
export const LIST_ADDRESS = 12;
export const LIST_LEN = 13;
export const KEPT = 14;
export const JOINED_BASE = 15;
export const JOINED_INPUT = 16;
export const OFFSET_COUNT = 9;

// An absent port, query or fragment.
export const NONE = 0xffffffff;
// The same as a URL object keeps it: NONE read as a signed 32-bit integer, -1, which V8 keeps as
// a small integer (NONE itself is a heap number, allocated for each URL object that keeps it).
// Here, not in js/url.js: esbuild inlines an imported constant at each use, not one of a module
// that imports (there a load from the module's context and a check that it is a small integer).
export const ABSENT = NONE | 0;

// Bits of the FLAGS slot.
export const HOST_KIND_MASK = 0b111;
export const TUPLE_ORIGIN = 1 << 5;
export const BLOB = 1 << 6;

// What a call returns.
export const UNCHANGED = 0;
export const CHANGED = 1;
export const FAILURE = 2;
export const BASE_FAILURE = 3;
export const JOINED = 4;
export const DISTINCT = 5; // parseQuery's CHANGED when the list's names all differ

// Setter ids.
export const SETTERS = {
  protocol: 0,
  username: 1,
  password: 2,
  host: 3,
  hostname: 4,
  port: 5,
  pathname: 6,
  search: 7,
  hash: 8,
};

// The groups only some builds have (the ids of a Cargo feature's operations), each declared by
// the module that uses it (`operations`), so that an entry carries the ids it uses only.
export const OPTIONAL = {};

/** Declares `group`, numbers that only some builds' wasm reports. Returns `copies`. */
export function operations(group, copies) {
  OPTIONAL[group] = copies;
  return copies;
}
