// The wasm module under the classes: installing it, the shared slots, and calls that survive a
// trap. URL objects keep no state inside the module, so after a trap (a Rust panic, exhausted
// memory) a fresh instance of the same compiled module takes over and the next call works.

import { createBindings } from "./glue.js";
import { verify } from "./protocol.js";

let module = null; // the compiled WebAssembly.Module, to start fresh instances from
let bindings = null; // the current instance's functions
/** Index of the first slot in the `slots()` view (a live binding). */
export let slotBase = 0;
let view = null;
let errorNames = [];

function adopt(fresh) {
  const reported = verify(JSON.parse(fresh.protocol()));
  bindings = fresh;
  module = fresh.module();
  slotBase = reported.slotsAddress >>> 2;
  errorNames = reported.errors;
  view = null;
}

/** Installs the module synchronously from its bytes or a compiled `WebAssembly.Module`. */
export function installSync(source) {
  const fresh = createBindings();
  fresh.initSync({ module: source });
  adopt(fresh);
}

/** Installs the module from bytes, a `Response`, a URL or a compiled module. */
export async function install(source) {
  if (bindings !== null) return;
  const fresh = createBindings();
  await fresh.init({ module_or_path: source });
  if (bindings === null) adopt(fresh);
}

/** The shared slots: a view over the module's memory, made again when memory has grown. */
export function slots() {
  if (view === null || view.length === 0) {
    if (bindings === null) throw new TypeError("weburl: the wasm module is not initialized; call init() first");
    view = new Uint32Array(bindings.memory().buffer);
  }
  return view;
}

/** The name of validation error number `index`, as the standard writes it. */
export function errorName(index) {
  return errorNames[index];
}

/** Replaces a trapped instance and turns the trap into a TypeError naming the input. */
function trapped(error, input) {
  if (!(error instanceof WebAssembly.RuntimeError || error instanceof RangeError) || module === null) {
    return error;
  }
  const fresh = createBindings();
  fresh.initSync({ module });
  adopt(fresh);
  return new TypeError(`weburl could not process ${quote(input)} (${error.message})`);
}

/** `value` quoted for an error message, shortened when long. */
export function quote(value) {
  const s = String(value);
  return JSON.stringify(s.length > 200 ? `${s.slice(0, 200)}…` : s);
}

function ready() {
  if (bindings === null) throw new TypeError("weburl: the wasm module is not initialized; call init() first");
  return bindings;
}

export function parse(input) {
  try {
    return ready().parse(input);
  } catch (e) {
    throw trapped(e, input);
  }
}

export function parseWithBase(input, base) {
  try {
    return ready().parseWithBase(input, base);
  } catch (e) {
    throw trapped(e, input);
  }
}

export function canParse(input) {
  try {
    return ready().canParse(input);
  } catch (e) {
    throw trapped(e, input);
  }
}

export function canParseWithBase(input, base) {
  try {
    return ready().canParseWithBase(input, base);
  } catch (e) {
    throw trapped(e, input);
  }
}

export function set(href, setter, value) {
  try {
    return ready().set(href, setter, value);
  } catch (e) {
    throw trapped(e, value);
  }
}

export function origin(href) {
  try {
    return ready().origin(href);
  } catch (e) {
    throw trapped(e, href);
  }
}

export function parseQuery(input) {
  try {
    return ready().parseQuery(input);
  } catch (e) {
    throw trapped(e, input);
  }
}

export function serializeQuery(joined, lengths) {
  try {
    return ready().serializeQuery(joined, lengths);
  } catch (e) {
    throw trapped(e, joined);
  }
}

export function updateQuery(href, joined, lengths) {
  try {
    return ready().updateQuery(href, joined, lengths);
  } catch (e) {
    throw trapped(e, joined);
  }
}
