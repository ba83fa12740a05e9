// The check of the numbers js/protocol.js copies from the Rust core, against those the wasm
// module reports through its `protocol` export (src/wasm/protocol.rs), which only the test build
// has: tests/js/protocol.test.mjs runs it on every wasm of that build.

import {
  BASE_FAILURE, BLOB, CAUSE, CHANGED, DISTINCT, FAILURE, FLAGS, FRAGMENT_START, HOST_END, HOST_KIND_MASK, HOST_START, JOINED,
  JOINED_BASE, JOINED_INPUT, KEPT, LIST_ADDRESS, LIST_LEN, NONE, OFFSET_COUNT, OPTIONAL, OUTPUT_ADDRESS, OUTPUT_LEN,
  PATH_START, PORT, QUERY_START, SCHEME_END, SETTERS, TUPLE_ORIGIN, UNCHANGED, USERNAME_END,
} from "./protocol.js";

const COPIES = {
  slots: {
    SCHEME_END, USERNAME_END, HOST_START, HOST_END, PORT, PATH_START, QUERY_START,
    FRAGMENT_START, FLAGS, CAUSE, OUTPUT_ADDRESS, OUTPUT_LEN, LIST_ADDRESS, LIST_LEN, KEPT, JOINED_BASE,
    JOINED_INPUT,
  },
  flags: { HOST_KIND_MASK, TUPLE_ORIGIN, BLOB },
  status: { UNCHANGED, CHANGED, FAILURE, BASE_FAILURE, JOINED, DISTINCT },
  setters: SETTERS,
};

/**
 * Checks the copies against `reported`, the parsed JSON of the wasm's `protocol()`; throws on any
 * difference. Returns the names of the groups it checked (an optional group only where the wasm
 * reports it).
 */
export function verify(reported) {
  const problems = [];
  const checked = [];
  for (const [group, copies] of [...Object.entries(COPIES), ...Object.entries(OPTIONAL)]) {
    if (reported[group] === undefined && group in OPTIONAL) continue;
    checked.push(group);
    for (const [name, value] of Object.entries(copies)) {
      if (reported[group]?.[name] !== value) {
        problems.push(`${group}.${name}: ${value} here, ${reported[group]?.[name]} in wasm`);
      }
    }
  }
  if (reported.numbers.none !== NONE) problems.push(`none: ${NONE} here, ${reported.numbers.none} in wasm`);
  if (reported.slots.FLAGS + 1 !== OFFSET_COUNT) problems.push("offset count");
  if (problems.length > 0) {
    throw new Error(`weburl: the JavaScript and wasm protocols differ: ${problems.join("; ")}`);
  }
  return checked;
}
