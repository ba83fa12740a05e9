// The URLPattern class of the URL Pattern Standard (https://urlpattern.spec.whatwg.org/), with
// WebIDL behaviour. The Rust core compiles a pattern (src/urlpattern/: the constructor string
// parser, canonicalization through the URL parser, regular expression generation) and processes
// what test() and exec() are given into the eight component values; this class keeps, for each
// component, a RegExp built from the source the core generated, so a match costs one call into
// the core and one regular expression execution per component.

import { operations } from "./protocol.js";
import { regExp } from "./regexp.js";
import * as rt from "./runtime.js";
import { parsedComponents } from "./url.js";
import { enumerable, name, toStringTag, usv } from "./webidl.js";

// URLPattern operation ids (src/wasm/urlpattern.rs).
const PATTERN_OPERATIONS = operations("patternOperations", {
  compile: 0,
  process: 1,
});

const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
// URLPatternInit's members in the order in which the core takes them, and in the order WebIDL
// reads a dictionary's members and makes a dictionary's (lexicographic, as `sort` compares
// strings): URLPatternInit's, and URLPatternResult's.
const INIT_ORDER = [...COMPONENTS, "baseURL"];
const INIT_MEMBERS = [...INIT_ORDER].sort();
const RESULT_MEMBERS = [...COMPONENTS, "inputs"].sort();

// The constructor's errors start so (WebIDL's message, as the engines' own).
const CONSTRUCT = "Failed to construct 'URLPattern'";

// The last string input processed (with its base URL) and its component values, or null.
let lastInput;
let lastBase;
let lastValues = null;

// What WebIDL takes as a dictionary: undefined, null (typeof "object") or an object.
const isDictionary = (value) => value === undefined || typeof value === "object" || typeof value === "function";

/** WebIDL conversion of a URLPatternInput (USVString or URLPatternInit). */
function toInput(value) {
  return isDictionary(value) ? toInit(value) : usv(value);
}

/**
 * WebIDL conversion of a URLPatternInit dictionary (`value` undefined, null or an object): a new
 * object with the members present.
 */
function toInit(value) {
  const init = {};
  for (const member of INIT_MEMBERS) {
    const memberValue = value?.[member];
    if (memberValue !== undefined) init[member] = usv(memberValue);
  }
  return init;
}

/** WebIDL conversion of URLPatternOptions: its `ignoreCase`, a boolean, as 1 or 0 for the core. */
function ignoreCase(value) {
  if (!isDictionary(value)) throw new TypeError(`${CONSTRUCT}: URLPatternOptions must be an object`);
  return value?.ignoreCase ? 1 : 0;
}

/** WebIDL conversion of test()'s and exec()'s `baseURL`, a USVString if given. */
const toBase = (baseURL) => (baseURL === undefined ? undefined : usv(baseURL));

/** The arguments of a core operation for `input` (and `baseURL`, undefined when not given). */
function inputArgs(input, baseURL) {
  const args = [];
  // A string when the flag before it says there is one.
  const optional = (value) => (value === undefined ? args.push(0) : args.push(1, value));
  if (typeof input === "string") {
    args.push(0, input);
  } else {
    args.push(1);
    for (const member of INIT_ORDER) optional(input[member]);
  }
  optional(baseURL);
  return args;
}

export class URLPattern {
  #patterns = []; // by component, in COMPONENTS' order
  #regExps = []; // by component, in COMPONENTS' order
  #names = []; // group names, by component
  #hasRegExpGroups; // set by the constructor

  constructor(input = undefined, baseURL = undefined, options = undefined) {
    let base;
    input = toInput(input);
    // Overloads: (input, baseURL, options) and (input = {}, options = {}). With two arguments
    // the second is the options when it is undefined, null or an object.
    if (arguments.length >= 3 || (arguments.length === 2 && !isDictionary(baseURL))) {
      base = usv(baseURL);
    } else {
      options = baseURL;
    }
    const args = inputArgs(input, base);
    args.push(ignoreCase(options));
    const reply = rt.urlPattern(PATTERN_OPERATIONS.compile, args);
    if (reply.num()) throw new TypeError(`${CONSTRUCT}: ${reply.str()}`);
    for (let c = 0; c < COMPONENTS.length; c++) {
      this.#patterns[c] = reply.str();
      // The core chooses the flags: `v` (with `i` where the pattern ignores case), or `u` where
      // this engine's `v` is missing or mishandles a repeated `[^]` (V8 11, Node 20).
      const source = reply.str();
      const flags = reply.str();
      const names = new Array(reply.num());
      for (let i = 0; i < names.length; i++) names[i] = reply.str();
      this.#names[c] = names;
      try {
        this.#regExps[c] = regExp(source, flags);
      } catch (error) {
        // The core leaves the sources to be compiled here: a custom group the engine rejects.
        throw new TypeError(`${CONSTRUCT}: invalid regular expression /${source}/${flags}: ${error.message}`);
      }
    }
    this.#hasRegExpGroups = reply.num() === 1;
  }

  /** https://urlpattern.spec.whatwg.org/#dom-urlpattern-test */
  test(input = undefined, baseURL = undefined) {
    const values = this.#process(toInput(input), toBase(baseURL));
    return values !== null && this.#matches(values);
  }

  /** Whether every component matches its value (without the match arrays exec would make). */
  #matches(values) {
    for (let i = 0; i < COMPONENTS.length; i++) {
      if (!this.#regExps[i].test(values[i])) return false;
    }
    return true;
  }

  /** https://urlpattern.spec.whatwg.org/#dom-urlpattern-exec */
  exec(input = undefined, baseURL = undefined) {
    input = toInput(input);
    const base = toBase(baseURL);
    const values = this.#process(input, base);
    // Most patterns a router tries do not match: find that out first, cheaply.
    if (values === null || !this.#matches(values)) return null;
    const results = { inputs: base === undefined ? [input] : [input, base] };
    for (let i = 0; i < COMPONENTS.length; i++) {
      const match = this.#regExps[i].exec(values[i]);
      const groups = {};
      this.#names[i].forEach((name, index) => {
        groups[name] = match[index + 1];
      });
      results[COMPONENTS[i]] = { groups, input: values[i] };
    }
    return Object.fromEntries(RESULT_MEMBERS.map((member) => [member, results[member]]));
  }

  /** The eight component values of `input` (against `baseURL`), or null when it cannot match. */
  #process(input, baseURL) {
    // A string is a URL the URL parser gives the components of, here: through the core they came
    // back unchanged. A router tests one URL against many patterns: the last one's are kept.
    if (typeof input === "string") {
      if (input !== lastInput || baseURL !== lastBase) [lastInput, lastBase, lastValues] = [input, baseURL, parsedComponents(input, baseURL)];
      return lastValues;
    }
    const reply = rt.urlPattern(PATTERN_OPERATIONS.process, inputArgs(input, baseURL));
    const status = reply.num();
    if (status === 2) throw new TypeError(reply.str());
    if (status === 0) return null;
    const values = new Array(8);
    for (let i = 0; i < 8; i++) values[i] = reply.str();
    return values;
  }

  // The components' getters, one a component: a getter in an object literal is named as WebIDL's
  // ("get protocol") and enumerable, as its attributes are.
  static {
    COMPONENTS.forEach((component, c) => {
      Object.defineProperties(this.prototype, Object.getOwnPropertyDescriptors({
        get [component]() {
          return this.#patterns[c];
        },
      }));
    });
  }

  get hasRegExpGroups() {
    return this.#hasRegExpGroups;
  }
}

name(URLPattern, "URLPattern");
enumerable(URLPattern.prototype, ["test", "exec", "hasRegExpGroups"]);
toStringTag(URLPattern.prototype, "URLPattern");
