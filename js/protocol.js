// The numbers the classes exchange with the wasm module. They are defined in Rust
// (src/offsets.rs, src/wasm.rs); `verify` compares these copies with what the module reports
// each time a module is installed, so a mismatch can never go unnoticed.

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
export const OFFSET_COUNT = 9;

// An absent port, query or fragment.
export const NONE = 0xffffffff;

// Bits of the FLAGS slot.
export const HOST_KIND_MASK = 0b111;
export const TUPLE_ORIGIN = 1 << 5;
export const BLOB = 1 << 6;

// What a call returns.
export const UNCHANGED = 0;
export const CHANGED = 1;
export const FAILURE = 2;
export const BASE_FAILURE = 3;

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

// Record operation ids (src/wasm/records.rs).
export const OPERATIONS = {
  parse: 0,
  basicParseWithOverride: 1,
  serialize: 2,
  serializePath: 3,
  serializeOrigin: 4,
  serializeHost: 5,
  cannotHaveAUsernamePasswordPort: 6,
  encodeUserinfo: 7,
  isValidURLString: 8,
  domainToUnicode: 9,
};

// URLPattern operation ids (src/wasm/urlpattern.rs).
export const PATTERN_OPERATIONS = {
  compile: 0,
  process: 1,
};

// WebSocket URL operation ids (src/wasm/websocket.rs).
export const WEBSOCKET_OPERATIONS = {
  parse: 0,
};

// Public Suffix List operation ids (src/wasm/psl.rs).
export const PSL_OPERATIONS = {
  register: 0,
  unregister: 1,
  lookup: 2,
};

// Display operation ids (src/wasm/display.rs) and the bits of renderURL's options.
export const DISPLAY_OPERATIONS = {
  render: 0,
};
export const RENDER_OPTIONS = {
  elideScheme: 1,
  elideTrailingSlash: 2,
  unicodeHost: 4,
  hideCredentials: 8,
  percentDecode: 16,
};

// ECMAScript URI function ids (src/wasm/ecma.rs).
export const URI_OPERATIONS = {
  encodeURI: 0,
  encodeURIComponent: 1,
  decodeURI: 2,
  decodeURIComponent: 3,
};

const COPIES = {
  slots: {
    SCHEME_END, USERNAME_END, HOST_START, HOST_END, PORT, PATH_START, QUERY_START,
    FRAGMENT_START, FLAGS, CAUSE, OUTPUT_ADDRESS, OUTPUT_LEN, LIST_ADDRESS, LIST_LEN, KEPT,
  },
  flags: { HOST_KIND_MASK, TUPLE_ORIGIN, BLOB },
  status: { UNCHANGED, CHANGED, FAILURE, BASE_FAILURE },
  setters: SETTERS,
  operations: OPERATIONS,
  patternOperations: PATTERN_OPERATIONS,
  webSocketOperations: WEBSOCKET_OPERATIONS,
  pslOperations: PSL_OPERATIONS,
  displayOperations: DISPLAY_OPERATIONS,
  renderOptions: RENDER_OPTIONS,
  uriOperations: URI_OPERATIONS,
};

// The groups only some builds have (Cargo features `records`, `urlpattern`, `websocket`, `psl`,
// `display`, `ecma`).
const OPTIONAL = new Set([
  "operations", "patternOperations", "webSocketOperations", "pslOperations", "displayOperations", "renderOptions",
  "uriOperations",
]);

/**
 * Checks the copies above against the protocol the wasm module reports; throws on any
 * difference. Returns the module's protocol (slot address, validation error names).
 */
export function verify(reported) {
  const problems = [];
  for (const [group, copies] of Object.entries(COPIES)) {
    if (reported[group] === undefined && OPTIONAL.has(group)) continue;
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
  return reported;
}
