// The wasm module under the classes: installing it, passing strings and offsets, and calls that
// survive a trap. Strings go in as UTF-8 written straight into the module's input buffer
// (TextEncoder turns lone surrogates into U+FFFD, completing USVString conversion) and come out
// from its output buffer; offsets travel through shared slots. URL objects keep no state in
// the module, so after a trap (a Rust panic, exhausted memory) a fresh instance of the same
// compiled module takes over and the next call works.

import { createBindings } from "./glue.js";
import {
  CAUSE, CHANGED, LIST_ADDRESS, LIST_LEN, NONE, OUTPUT_ADDRESS, OUTPUT_LEN, UNCHANGED, verify,
} from "./protocol.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

let module = null; // the compiled WebAssembly.Module, to start fresh instances from
let wasm = null; // the current instance's functions
let errorNames = [];

/** Index of the first slot in the `u32` view (a live binding). */
export let slotBase = 0;
let u8 = null; // views over the current memory, made again when it grows
let u32 = null;
let inputAddress = 0;
let inputCapacity = 0;
let inputView = null; // u8 over the input buffer
let listBase = 0; // index of the lengths buffer in `u32`
let listCapacity = 0;

/** The status of the last call: UNCHANGED, CHANGED, FAILURE or BASE_FAILURE. */
export let status = UNCHANGED;

function adopt(fresh) {
  const reported = verify(JSON.parse(fresh.protocol()));
  wasm = fresh;
  module = fresh.module();
  slotBase = reported.slotsAddress >>> 2;
  errorNames = reported.errors;
  u8 = null;
  inputCapacity = 0;
  listCapacity = 0;
}

/** Installs the module synchronously from its bytes or a compiled `WebAssembly.Module`. */
export function installSync(source) {
  const fresh = createBindings();
  fresh.initSync({ module: source });
  adopt(fresh);
}

/** Installs the module from bytes, a `Response`, a URL or a compiled module. */
export async function install(source) {
  if (wasm !== null) return;
  const fresh = createBindings();
  await fresh.init({ module_or_path: source });
  if (wasm === null) adopt(fresh);
}

function ready() {
  if (wasm === null) throw new TypeError("weburl: the wasm module is not initialized; call init() first");
}

/** The views over memory, made again after memory has grown (which detaches the old ones). */
function views() {
  if (u8 === null || u8.length === 0) {
    const buffer = wasm.memory().buffer;
    u8 = new Uint8Array(buffer);
    u32 = new Uint32Array(buffer);
    inputView = u8.subarray(inputAddress, inputAddress + inputCapacity);
  }
}

/** The shared slots, as a `Uint32Array` over memory: slot i is at `slotBase + i`. */
export function slots() {
  ready();
  views();
  return u32;
}

/** Makes the input buffer hold at least `bytes`. */
function reserveInput(bytes) {
  if (bytes > inputCapacity) {
    inputCapacity = Math.max(bytes, 2 * inputCapacity, 1024);
    inputAddress = wasm.inputBuffer(inputCapacity);
    u8 = null;
  }
  views();
}

/** Writes `a` (and `b` after it) into the input buffer; returns the byte length(s). */
function write(a, b) {
  reserveInput(3 * (a.length + (b === undefined ? 0 : b.length)));
  const first = encoder.encodeInto(a, inputView).written;
  if (b === undefined) return first;
  return [first, encoder.encodeInto(b, inputView.subarray(first)).written];
}

/**
 * Writes the list's names and values, concatenated, after `skip` bytes of input, and their
 * UTF-16 lengths to the lengths buffer; returns the byte length written.
 */
function writeList(skip, list) {
  const joined = list.join("");
  reserveInput(skip + 3 * joined.length);
  if (list.length > listCapacity) {
    listCapacity = Math.max(list.length, 2 * listCapacity, 64);
    listBase = wasm.lengthsBuffer(listCapacity) >>> 2;
    u8 = null;
    views();
  }
  for (let i = 0; i < list.length; i++) u32[listBase + i] = list[i].length;
  return encoder.encodeInto(joined, skip === 0 ? inputView : inputView.subarray(skip)).written;
}

function output() {
  views();
  const address = u32[slotBase + OUTPUT_ADDRESS];
  return decoder.decode(u8.subarray(address, address + u32[slotBase + OUTPUT_LEN]));
}

/** The name of the validation error that made the last call fail, as the standard writes it. */
export function failureCause() {
  views();
  const cause = u32[slotBase + CAUSE];
  return cause === NONE ? undefined : errorNames[cause];
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

/** The result of a call that gives a URL: `unchanged` itself, the new serialization, or undefined. */
function serialization(result, unchanged) {
  status = result;
  if (result === UNCHANGED) return unchanged;
  if (result === CHANGED) return output();
  return undefined;
}

/** Parses `input` (against `base`): its serialization, or undefined with `status` telling why. */
export function parse(input, base) {
  ready();
  try {
    if (base === undefined) return serialization(wasm.parse(write(input)), input);
    const [inputLen, baseLen] = write(input, base);
    return serialization(wasm.parseWithBase(inputLen, baseLen), input);
  } catch (e) {
    throw trapped(e, input);
  }
}

export function canParse(input, base) {
  ready();
  try {
    if (base === undefined) return wasm.canParse(write(input), NONE);
    const [inputLen, baseLen] = write(input, base);
    return wasm.canParse(inputLen, baseLen);
  } catch (e) {
    throw trapped(e, input);
  }
}

/** Runs a setter on the URL `href` (its offsets in the slots): the new serialization or undefined. */
export function set(href, setter, value) {
  ready();
  try {
    const [hrefLen, valueLen] = write(href, value);
    const result = serialization(wasm.set(hrefLen, setter, valueLen), href);
    return result === href ? undefined : result;
  } catch (e) {
    throw trapped(e, value);
  }
}

/** The origin of the blob: URL `href` (its offsets in the slots). */
export function origin(href) {
  ready();
  try {
    return wasm.origin(write(href)) === CHANGED ? output() : "null";
  } catch (e) {
    throw trapped(e, href);
  }
}

/** Parses a query into a flat list: name, value, name, value, … */
export function parseQuery(input) {
  ready();
  try {
    if (wasm.parseQuery(write(input)) !== CHANGED) return [];
    const joined = output();
    const count = u32[slotBase + LIST_LEN];
    const at = u32[slotBase + LIST_ADDRESS] >>> 2;
    const list = new Array(count);
    let start = 0;
    for (let i = 0; i < count; i++) {
      const end = u32[at + i];
      list[i] = joined.slice(start, end);
      start = end;
    }
    return list;
  } catch (e) {
    throw trapped(e, input);
  }
}

export function serializeQuery(list) {
  ready();
  try {
    const len = writeList(0, list);
    return wasm.serializeQuery(len, list.length) === CHANGED ? output() : "";
  } catch (e) {
    throw trapped(e, list.join("&"));
  }
}

/** Sets the query of the URL `href` (offsets in the slots) from a list: the new serialization or undefined. */
export function updateQuery(href, list) {
  ready();
  try {
    const hrefLen = encoder.encodeInto(href, (reserveInput(3 * href.length), inputView)).written;
    const len = writeList(hrefLen, list);
    const result = serialization(wasm.updateQuery(hrefLen, len, list.length), href);
    return result === href ? undefined : result;
  } catch (e) {
    throw trapped(e, href);
  }
}
