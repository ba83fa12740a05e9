// The Rust core under the classes: starting an engine (js/engines.js), passing strings and
// offsets, and calls that survive a trap. Strings go in as UTF-8 written straight into the
// module's input buffer (TextEncoder turns lone surrogates into U+FFFD, completing USVString
// conversion; js/encoding.js where the engine has none) and come out from its output buffer; offsets travel through shared slots. URL
// objects keep no state in the module, so after a trap (a Rust panic, exhausted memory) a fresh
// instance from the same engine takes over and the next call works.
//
// Each entry starts the engine of its own wasm (scripts/layout.mjs): `weburl` the URL operations
// only, `weburl/whatwg-url` those and the records', and so on. Where a page imports several
// entries, the runtime keeps one instance of each: the URL classes run on the current one (every
// such wasm has their operations), and an operation that only another entry's wasm has makes that
// instance the current one. An add-on wasm (`weburl/urlpattern`'s in browsers) has its own
// operations only and calls back into the URL core: it is never the current one (`stream` writes
// to it and reads from it), so its calls back run on the classes' instance as it is.

import { decoder } from "./decoder.js";
import { TextEncoder } from "./encoding.js";
import { globalObject } from "./global.js";
import {
  BASE_FAILURE, CAUSE, CHANGED, DISTINCT, FAILURE, JOINED, JOINED_BASE, JOINED_INPUT, KEPT, LIST_ADDRESS, LIST_LEN,
  NONE, OFFSET_COUNT, OUTPUT_ADDRESS, OUTPUT_LEN, UNCHANGED,
} from "./protocol.js";

const encoder = new TextEncoder();
// Node's Buffer decodes short strings about twice as fast as TextDecoder, and its utf8Slice
// (which toString("utf8") calls after checking its arguments) faster still. Read from the global
// object: a bare `Buffer` makes bundlers for browsers (Parcel) add a Buffer package.
const NodeBuffer = nodeBuffer(globalObject().Buffer);
// A serialization the core writes (a URL's, an origin's, a query's) is ASCII: Node's latin1Slice
// copies it without checking for UTF-8, about 10% fewer instructions than utf8Slice.
const hasLatin1Slice = NodeBuffer !== null && typeof NodeBuffer.prototype.latin1Slice === "function";

function nodeBuffer(candidate) {
  const usable = typeof candidate === "function" && typeof candidate.from === "function";
  return usable && typeof candidate.prototype.utf8Slice === "function" ? candidate : null;
}

let engine = null; // the engine of the current instance, to make fresh instances from
let wasm = null; // the current instance's functions
let memory = null; // its memory
// The validation errors' names, by number: asked of the wasm the first time one is named, not at
// every start.
let errorNames = null;
// The other engines started, each with its instance once one was made: { engine, bindings }; one
// that startWhenUsed gave has no engine yet, but `choose`, which gives it.
const others = [];
// The add-on's engine and instance (`startAddOn`): kept apart from `others`, as its instance, which
// the calls back write to, is never made current; `addOnPattern` runs its operations.
let addOn = null;

/**
 * The number of the current instance (a live binding): each instance made gets a new one, so
 * when it changes for an operation, the instance was replaced and lost what it held for
 * JavaScript (the lists of js/psl.js, which then register again).
 */
export let instance = 0;
let made = 0;

/** Index of the first slot in the `u32` view (a live binding). */
export let slotBase = 0;
let u8 = null; // views over the current memory, made again when it grows
let u32 = null;
let buffer = null; // a Node Buffer over memory, where there is one
let inputAddress = 0;
let inputCapacity = 0;
let inputView = null; // u8 over the input buffer
let listBase = 0; // index of the lengths buffer in `u32`
let listCapacity = 0;

/** The status of the last call: UNCHANGED, CHANGED, FAILURE, BASE_FAILURE, JOINED or DISTINCT. */
export let status = UNCHANGED;

// The module keeps the URL its last parse or setter built; `owner` is the URL object
// that holds the same URL, whose next setter can then name it instead of passing it again.
let owner = null;
let keptByLastParse = false;
// The base string the module holds parsed from the last parse against a base (undefined: none).
let parsedBase = undefined;
// The serialization the input buffer still holds, as its first `heldLength` bytes: the input of
// the last parse, when that was already serialized. A setter on a URL object with this
// serialization writes only its value there. Any other write to the input buffer forgets it. The
// string, not the URL object: storing each new (young) URL object into the module's (old) state
// took the write barrier's slow path, about 80 instructions a URL in Node 24.
let held = null;
let heldLength = 0;
// The URL object whose serialization the last setter left in the module's output
// (bytes `pendingStart` to `pendingEnd`) and nobody has read yet: decoded when it is read, or
// before any other call, which may write over the output. Setters come in runs on one URL, so
// only the last of a run is decoded. The output is a copy of the kept URL's serialization, so
// after a trap in the next setter on that URL it is still there to decode.
let pending = null;
let pendingStart = 0;
let pendingEnd = 0;
let deliver = null; // (url, href): gives a URL object its serialization (js/url.js)

/** Gives `receive` ((url, href) => void) the serializations `settle` decodes. */
export function deliverTo(receive) {
  deliver = receive;
}

/** Decodes the serialization a setter left pending and gives it to its URL object. */
export function settle() {
  const url = pending;
  pending = null;
  views();
  deliver(url, decodeAscii(pendingStart, pendingEnd));
}

/** Whether the module holds `url`'s URL, so a setter needs no serialization or offsets. */
export function owns(url) {
  return owner === url;
}

/**
 * Records that `url` changed without the module (js/url.js splices its serialization): the URL
 * the module keeps is no longer `url`'s.
 */
export function changedOutside(url) {
  if (owner === url) owner = null;
}

/** Records that `url` now holds the URL the last parse gave (when the module kept it). */
export function adoptParsed(url) {
  // The parse left `owner` null: storing it again took V8's write barrier check.
  if (keptByLastParse) owner = url;
}

function kept() {
  views();
  return u32[slotBase + KEPT] === 1;
}

/** A fresh instance of `chosen`: its bindings, numbered. */
function instantiate(chosen) {
  const fresh = chosen.createBindings();
  fresh.initWith(chosen.instantiate);
  fresh.number = ++made;
  return fresh;
}

/** Makes `bindings`, an instance of `chosen`, the current one. */
function adopt(chosen, bindings) {
  engine = chosen;
  wasm = bindings;
  instance = bindings.number;
  memory = bindings.memory();
  slotBase = bindings.slots() >>> 2;
  errorNames = null;
  owner = null;
  parsedBase = undefined;
  held = null;
  u8 = null;
  inputCapacity = 0;
  listCapacity = 0;
}

/**
 * Starts `chosen` (js/engines.js) under the classes; where an engine runs already, keeps it for
 * the operations only its wasm has.
 */
export function start(chosen) {
  if (engine === null) adopt(chosen, instantiate(chosen));
  else if (chosen !== engine && others.every((other) => other.engine !== chosen)) others.push({ engine: chosen, bindings: null });
}

// (href) => the components of the URL whose offsets are in the slots: `componentsInSlots` of
// js/url.js, which an add-on's entry passes (only it needs them).
let componentsOf = null;

/**
 * Starts `chosen`, an add-on's engine (its wasm has no URL operations), for the operations only
 * it has; the classes keep running on the engine started before it. `readComponents` is
 * `componentsInSlots` (js/url.js), which gives the add-on the URLs it asks for.
 */
export function startAddOn(chosen, readComponents) {
  componentsOf = readComponents;
  // The add-on calls back into code that no start runs (URL Pattern's canonicalization), and is
  // packed over the whole module, decoded by now: the classes run on the whole module.
  if (engine !== null && engine.whole !== undefined) {
    if (pending !== null) settle();
    toWhole();
  }
  addOn = { engine: chosen, bindings: null };
  urlPattern = addOnPattern;
}

/**
 * Starts the engine `choose()` gives (a `chooseSync`) when weburl's classes are first used, not
 * now: a polyfill that keeps the runtime's own classes then neither decodes nor compiles its
 * wasm. Where another engine runs by then, this one waits for an operation only it has.
 */
export function startWhenUsed(choose) {
  others.push({ engine: null, choose, bindings: null });
}

/**
 * The bindings of an instance whose wasm has the export `name`: the current one's, made so if
 * the current one has not; null when no engine started has it.
 */
function reach(name) {
  if (wasm[name] !== undefined) return wasm;
  for (let i = 0; i < others.length; i++) {
    const other = others[i];
    other.engine ??= other.choose();
    other.bindings ??= instantiate(other.engine);
    if (other.bindings[name] === undefined) continue;
    others[i] = { engine, bindings: wasm };
    adopt(other.engine, other.bindings);
    return wasm;
  }
  return null;
}

/** The number of the instance that runs the export `name` (for js/psl.js), made current. */
export function instanceWith(name) {
  ready();
  reach(name);
  return instance;
}

/**
 * The name of the engine the classes run on: "wasm" or "js" (undefined before one is given);
 * asking starts the one startWhenUsed deferred.
 */
export function engineName() {
  startDeferred();
  return engine === null ? undefined : engine.name;
}

/** Starts the engine startWhenUsed deferred, if none runs yet. */
function startDeferred() {
  if (engine !== null || others.length === 0) return;
  // Taken off the list only once it started: where choosing throws, each use throws again.
  others[0].engine ??= others[0].choose();
  start(others.shift().engine);
}

/** Before a call: settles a pending serialization, unless it is that of `url`, the call's URL. */
function ready(url = null) {
  if (pending !== null && pending !== url) settle();
  startDeferred();
  if (wasm === null) throw new TypeError("weburl: the wasm module is not initialized; call init() first");
}

/**
 * The views over memory, made again after memory has grown. The check alone, small enough for V8
 * to inline at each of its few calls a parse makes, where the whole was a call (about 75
 * instructions a parse).
 */
function views() {
  // `=== false`, not `!`: V8 tests a field's truth for every kind of value (about 12 instructions).
  if (u8 === null || u8.length === 0 || (engine.growDetaches === false && u8.buffer !== memory.buffer)) newViews();
}

function newViews() {
  const bytes = memory.buffer;
  u8 = new Uint8Array(bytes);
  u32 = new Uint32Array(bytes);
  buffer = NodeBuffer === null ? null : NodeBuffer.from(bytes);
  inputView = u8.subarray(inputAddress, inputAddress + inputCapacity);
}

/** The shared slots, as a `Uint32Array` over memory: slot i is at `slotBase + i` (after a call). */
export function slots() {
  views();
  return u32;
}

/** Makes the input buffer hold at least `bytes`; what it holds is about to be written over. */
function reserveInput(bytes) {
  held = null;
  if (bytes > inputCapacity) {
    inputCapacity = Math.max(bytes, 2 * inputCapacity, 1024);
    // The bindings give the wasm's i32 as is: an address of 2 GB and over is negative until `>>> 0`.
    inputAddress = wasm.inputBuffer(inputCapacity) >>> 0;
    u8 = null;
  }
  views();
}

// A setter's value this short is written as UTF-8 by a loop until a surrogate: quicker than a
// call of encodeInto, whose cost is then mostly the call.
const SHORT = 24;

/** Writes a setter's value into the input buffer from byte `at` (room reserved); returns its byte length. */
function writeAt(text, at) {
  const length = text.length;
  if (length <= SHORT) {
    let to = at;
    let i = 0;
    for (; i < length; i++) {
      const unit = text.charCodeAt(i);
      if (unit < 0x80) {
        inputView[to++] = unit;
      } else if (unit < 0x800) {
        inputView[to++] = 0xc0 | (unit >> 6);
        inputView[to++] = 0x80 | (unit & 0x3f);
      } else if (unit < 0xd800 || unit > 0xdfff) {
        inputView[to++] = 0xe0 | (unit >> 12);
        inputView[to++] = 0x80 | ((unit >> 6) & 0x3f);
        inputView[to++] = 0x80 | (unit & 0x3f);
      } else {
        break;
      }
    }
    if (i === length) return to - at;
  }
  return encoder.encodeInto(text, at === 0 ? inputView : inputView.subarray(at)).written;
}

/** Writes `text` into the input buffer; returns its byte length. */
function write(text) {
  reserveInput(3 * text.length);
  return encoder.encodeInto(text, inputView).written;
}

/**
 * Writes `a`, then `b`, into the input buffer; returns their byte lengths. Both at once; when that
 * shows a character that is not ASCII (more bytes than UTF-16 units), each again on its own.
 */
function writePair(a, b) {
  reserveInput(3 * (a.length + b.length));
  if (encoder.encodeInto(a + b, inputView).written === a.length + b.length) return [a.length, b.length];
  const first = encoder.encodeInto(a, inputView).written;
  return [first, encoder.encodeInto(b, inputView.subarray(first)).written];
}

/** Makes the lengths buffer hold at least `count` entries. */
function reserveList(count) {
  if (count > listCapacity) {
    listCapacity = Math.max(count, 2 * listCapacity, 64);
    listBase = wasm.lengthsBuffer(listCapacity) >>> 2;
    u8 = null;
    views();
  }
}

/**
 * Writes the list's names and values one after the other into the input buffer, and their byte
 * lengths to the lengths buffer; returns the byte length of all. All concatenated and written at
 * once (one call of encodeInto); when that shows a character that is not ASCII (more bytes than
 * UTF-16 units), each string is written again on its own to learn its byte length. Concatenated
 * by `+=`, not `join` (V8's join of 200 short strings: a third more instructions, and more time
 * than the module's serialization).
 */
function writeList(list) {
  reserveList(list.length);
  views();
  let joined = "";
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    joined += s;
    u32[listBase + i] = s.length;
  }
  reserveInput(3 * joined.length);
  let at = encoder.encodeInto(joined, inputView).written;
  if (at === joined.length) return at;
  at = 0;
  for (let i = 0; i < list.length; i++) {
    const bytes = encoder.encodeInto(list[i], inputView.subarray(at)).written;
    u32[listBase + i] = bytes;
    at += bytes;
  }
  return at;
}

/** The module's output, read by `read` (`decodeAscii` for a serialization). */
function output(read = decode) {
  views();
  const start = u32[slotBase + OUTPUT_ADDRESS];
  return read(start, start + u32[slotBase + OUTPUT_LEN]);
}

/** The UTF-8 text of memory's bytes `start` to `end` (the views current). */
function decode(start, end) {
  return buffer === null ? decoder.decode(u8.subarray(start, end)) : buffer.utf8Slice(start, end);
}

/** `decode` for bytes known to be ASCII. */
function decodeAscii(start, end) {
  return hasLatin1Slice ? buffer.latin1Slice(start, end) : decode(start, end);
}

/** The name of the validation error that made the last call fail, as the standard writes it. */
export function failureCause() {
  views();
  const cause = u32[slotBase + CAUSE];
  return cause === NONE ? undefined : validationErrorName(cause);
}

/**
 * Replaces a trapped instance and turns the trap into a TypeError naming the input; or, where the
 * instance was a start module's (js/engines.js), which traps where a call reaches a function it
 * left out, makes an instance of the whole module the current one and gives MISS, for `again`.
 */
function trapped(error, input) {
  if (!engine.isTrap(error)) return error;
  // The trapped instance's memory can still be read.
  if (pending !== null) settle();
  if (engine.whole !== undefined) {
    toWhole();
    return MISS;
  }
  adopt(engine, instantiate(engine));
  return trapError(error, input);
}

/** The TypeError a trap is, naming the input. */
function trapError(error, input) {
  return new TypeError(`weburl could not process ${quote(input)} (${error.message})`);
}

/** Makes an instance of the whole module current, where a start module's is (nothing pending). */
function toWhole() {
  const whole = engine.whole();
  adopt(whole, instantiate(whole));
}

/** What a call throws when a start module's instance trapped: the call runs again (`again`). */
const MISS = { miss: true };

/**
 * `call(a, b, c)`, run once more where it missed (`trapped`): then on the whole module, from the
 * start, for the call left nothing half-done. The URL object's serialization is the one it had
 * before the call, a pending one delivered; its offsets are lent again to the fresh instance. A
 * trap of the whole module is a TypeError.
 */
export function again(call, a, b, c) {
  try {
    return call(a, b, c);
  } catch (error) {
    if (error !== MISS) throw error;
    return call(a, b, c);
  }
}

/** `value` quoted for an error message, shortened when long. */
export function quote(value) {
  const s = String(value);
  return JSON.stringify(s.length > 200 ? `${s.slice(0, 200)}…` : s);
}

/**
 * The serialization a parse of `input` (against `base`) gave: `input` itself, the new one, the
 * base's start and the input's end (JOINED: the slots say where), or undefined.
 */
function serialization(result, input, base) {
  status = result;
  if (result === UNCHANGED) return input;
  if (result === CHANGED) return output(decodeAscii);
  if (result === JOINED) return base.slice(0, u32[slotBase + JOINED_BASE]) + input.slice(u32[slotBase + JOINED_INPUT]);
  return undefined;
}

/**
 * After a call that changes the URL object `url`: undefined when its serialization did not
 * change, else null, the new one pending (see `pending`). `url` holds the module's kept URL from
 * now on.
 */
function changed(url, result) {
  // `owner` and `pending` are written only when they change (setters come in runs on one URL):
  // storing a young object into the module's old context takes the write barrier's slow path.
  const keeper = kept() ? url : null;
  if (owner !== keeper) owner = keeper;
  status = result;
  // A failure (input not written as agreed) keeps no URL, so what is pending is decoded now.
  if (pending !== null && owner === null) settle();
  if (result !== CHANGED) return undefined;
  if (pending !== url) pending = url;
  pendingStart = u32[slotBase + OUTPUT_ADDRESS];
  pendingEnd = pendingStart + u32[slotBase + OUTPUT_LEN];
  return null;
}

/**
 * Parses `input` (against `base`): its serialization, or undefined with `status` telling why.
 * The URL object that takes the result calls `adoptParsed`.
 */
export function parse(input, base) {
  return again(parseOnce, input, base);
}

function parseOnce(input, base) {
  ready();
  owner = null;
  try {
    let result;
    if (base === undefined) {
      const length = write(input);
      result = wasm.parse(length);
      if (result === UNCHANGED) {
        held = input;
        heldLength = length;
      }
    } else if (base === parsedBase) {
      result = wasm.parseWithBase(write(input), NONE);
    } else {
      const [inputLen, baseLen] = writePair(input, base);
      parsedBase = undefined;
      result = wasm.parseWithBase(inputLen, baseLen);
      if (result !== BASE_FAILURE) parsedBase = base;
    }
    // `kept()` makes the views current for the slots `serialization` reads.
    keptByLastParse = kept();
    return serialization(result, input, base);
  } catch (e) {
    throw trapped(e, input);
  }
}

export function canParse(input, base) {
  return again(canParseOnce, input, base);
}

function canParseOnce(input, base) {
  ready();
  try {
    if (base === undefined) return wasm.canParse(write(input), NONE);
    const [inputLen, baseLen] = writePair(input, base);
    return wasm.canParse(inputLen, baseLen);
  } catch (e) {
    throw trapped(e, input);
  }
}

/**
 * Runs a setter on the URL object `url`, whose serialization is `href` (null while pending; its
 * offsets in the slots unless `owns(url)`): as `changed` tells. May throw MISS (js/url.js runs it
 * `again`, lending the offsets again).
 */
export function set(url, href, setter, value) {
  ready(url);
  try {
    let result;
    if (owner === url) {
      reserveInput(3 * value.length);
      result = wasm.set(NONE, setter, writeAt(value, 0));
    } else if (held !== null && held === href && heldLength + 3 * value.length <= inputCapacity) {
      views();
      result = wasm.set(heldLength, setter, writeAt(value, heldLength));
    } else {
      const [hrefLen, valueLen] = writePair(href, value);
      result = wasm.set(hrefLen, setter, valueLen);
    }
    held = null;
    return changed(url, result);
  } catch (e) {
    throw trapped(e, value);
  }
}

/** The origin of the blob: URL `href` (its offsets in the slots). May throw MISS, as `set`. */
export function origin(href) {
  ready();
  try {
    return wasm.origin(write(href)) === CHANGED ? output(decodeAscii) : "null";
  } catch (e) {
    throw trapped(e, href);
  }
}

/**
 * Parses a query into a flat list: name, value, name, value, …; `status` DISTINCT when its names
 * all differ.
 */
export function parseQuery(input) {
  return again(parseQueryOnce, input);
}

function parseQueryOnce(input) {
  ready();
  try {
    status = wasm.parseQuery(write(input));
    if (status !== CHANGED && status !== DISTINCT) return [];
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
  return again(serializeQueryOnce, list);
}

function serializeQueryOnce(list) {
  ready();
  try {
    return wasm.serializeQuery(writeList(list), list.length) === CHANGED ? output(decodeAscii) : "";
  } catch (e) {
    throw trapped(e, list.join("&"));
  }
}

/**
 * Runs operation `op` of the module's export `name` ("records", src/wasm/records.rs,
 * "urlPattern", src/wasm/urlpattern.rs, "webSocket", src/wasm/websocket.rs, "publicSuffixList",
 * src/wasm/psl.rs, or "display", src/wasm/display.rs; builds without it point to `entry`) on
 * `args`, numbers and strings in the order it reads them (a string goes as its byte length, its
 * bytes into the input buffer). The reply is read in
 * order too, before the next call: `num()` gives its next number, `str()` its next string. The
 * add-on's operations run by `addOnPattern`, never here: once an add-on has started, URLPattern's
 * operations are its (`startAddOn`), and it has no others.
 */
function stream(name, entry, op, args) {
  ready();
  const target = reach(name);
  if (target === null) {
    throw new TypeError(`weburl: this build has no ${name} operations: import them from "weburl/${entry}"`);
  }
  try {
    const joined = joinedStrings(args);
    reserveList(args.length);
    reserveInput(3 * joined.length);
    if (wasm[name](op, writeArgs(args, joined, u32, listBase, inputView), args.length) !== CHANGED) throw malformed(name);
    const text = output();
    return reply(text, u32, slotBase);
  } catch (e) {
    throw trapped(e, argsText(args));
  }
}

/** The strings of a stream's arguments, joined. */
function joinedStrings(args) {
  let joined = "";
  for (const arg of args) if (typeof arg === "string") joined += arg;
  return joined;
}

/** The strings of a stream's arguments, for an error message. */
function argsText(args) {
  return args.filter((arg) => typeof arg === "string").join(" ");
}

/**
 * Writes a stream's arguments into an instance's buffers: their lengths from index `list` of
 * `words` (a Uint32Array over its memory), `joined` (their strings joined) into `bytes` (its input
 * buffer). As in writeList: the strings written at once, each again on its own only when that
 * shows a character that is not ASCII. Returns the input's byte length.
 */
function writeArgs(args, joined, words, list, bytes) {
  let at = encoder.encodeInto(joined, bytes).written;
  const ascii = at === joined.length;
  if (!ascii) at = 0;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (typeof arg !== "string") {
      words[list + i] = arg;
    } else if (ascii) {
      words[list + i] = arg.length;
    } else {
      const written = encoder.encodeInto(arg, bytes.subarray(at)).written;
      words[list + i] = written;
      at += written;
    }
  }
  return at;
}

/** The error of an operation given arguments not as agreed. */
function malformed(name) {
  return new TypeError(`weburl: ${name} was given malformed arguments`);
}

/**
 * A stream's reply, read in order: its text, and its numbers at LIST_ADDRESS of the slots from
 * index `slot` of `words`. It stays in wasm memory until the next call (of that instance).
 */
function reply(text, words, slot) {
  let next = words[slot + LIST_ADDRESS] >>> 2;
  let position = 0;
  return {
    num: () => words[next++],
    str: () => text.slice(position, (position += words[next++])),
  };
}

/**
 * For an add-on (src/wasm/url_core.rs): runs the URL parser's part of URL Pattern's encoding
 * callback number `callback` (src/canonicalize.rs) on `value`, not empty, with the protocol
 * value `protocol`, on the classes' instance: as `urlForAddOn` gives the dummy URL's component
 * number `component`, the one the callback reads.
 */
export function canonicalizeInCore(callback, component, value, protocol) {
  // `again`: the classes may have reached an instance of a start module, not the whole module
  // `startAddOn` made current (another entry's engine started first, the url wasm's kept aside).
  return urlForAddOn(again(canonicalizeOnce, callback, value, protocol), component);
}

function canonicalizeOnce(callback, value, protocol) {
  reach("canonicalize");
  try {
    const [valueLen, protocolLen] = writePair(value, protocol);
    return wasm.canonicalize(callback, valueLen, protocolLen) === CHANGED ? output() : undefined;
  } catch (e) {
    throw trapped(e, value);
  }
}

/**
 * For an add-on (src/wasm/url_core.rs): parses `input` against `base` (undefined: none) on the
 * classes' instance: as `urlForAddOn` gives the URL; NONE where either fails to parse.
 */
export function parseInCore(input, base) {
  return urlForAddOn(parse(input, base));
}

// The components of the URL the last of those gave an add-on, until `takeComponents` writes them.
let components;

/**
 * Gives the add-on the components of the URL whose serialization is `href` (undefined: none) and
 * whose offsets are in the slots, as the URL class's getters have them (scheme, username,
 * password, host, port, path, query and fragment; only the one numbered `only`, if given): the
 * length of each in the add-on's slots, and the length of all (or NONE), which `takeComponents`
 * then writes.
 */
function urlForAddOn(href, only) {
  if (href === undefined) return NONE;
  components = componentsOf(href, only);
  const words = addOnU32();
  let length = 0;
  for (let i = 0; i < components.length; i++) length += words[addOnSlot + i] = components[i].length;
  return length;
}

/** For an add-on: writes the components it was last given the length of at `address`. */
export function takeComponents(address) {
  // ASCII: a byte a character.
  encoder.encodeInto(components.join(""), new Uint8Array(addOnU32().buffer, address));
}

// A view over the memory of the add-on's instance (`addOnU32`), and its slots' index in it.
let addOnWords = null;
let addOnSlot = 0;

/**
 * `addOnWords`, made again when memory has grown or the instance was replaced. Its bytes are
 * viewed by a `Uint8Array` made for each string, and its replies decoded by TextDecoder: the
 * add-on runs in browsers, where there is no Node Buffer.
 */
function addOnU32() {
  // None yet, or of length 0: memory grew, which detached it.
  if (!(addOnWords?.length > 0)) {
    addOnWords = new Uint32Array(addOn.bindings.memory().buffer);
    addOnSlot = addOn.bindings.slots() >>> 2;
  }
  return addOnWords;
}

/** A record operation (whatwg-url's API), as `stream` describes. */
export function records(op, args) {
  return stream("records", "whatwg-url", op, args);
}

/**
 * A URLPattern operation, as `stream` describes (a live binding): run as the entry that exports
 * the class chose, so that its bundle carries that way only: on the add-on's instance
 * (`startAddOn`), or by `stream` (`patternsByStream`: the entries over a wasm with them).
 */
export let urlPattern = null;

/** URLPattern's operations by `stream`, unless an add-on's entry runs them (a page with both). */
export function patternsByStream() {
  urlPattern ??= (op, args) => stream("urlPattern", "urlpattern", op, args);
}

/**
 * A URLPattern operation on the add-on's instance, as `stream` on the current one, through views
 * of its own (`addOnU32`): the classes' instance stays current, and answers the add-on's calls
 * back as it is.
 */
function addOnPattern(op, args) {
  ready();
  const target = (addOn.bindings ??= instantiate(addOn.engine));
  try {
    const joined = joinedStrings(args);
    const list = target.lengthsBuffer(args.length) >>> 2;
    const address = target.inputBuffer(3 * joined.length) >>> 0;
    const words = addOnU32();
    if (target.urlPattern(op, writeArgs(args, joined, words, list, new Uint8Array(words.buffer, address)), args.length) !== CHANGED) {
      throw malformed("urlPattern");
    }
    const u32 = addOnU32();
    const text = decoder.decode(new Uint8Array(u32.buffer, u32[addOnSlot + OUTPUT_ADDRESS], u32[addOnSlot + OUTPUT_LEN]));
    return reply(text, u32, addOnSlot);
  } catch (e) {
    // The add-on's instance may be left half-done (a trap, or a call back that threw through
    // it): its next operation makes a fresh one.
    addOn.bindings = addOnWords = null;
    throw addOn.engine.isTrap(e) ? trapError(e, argsText(args)) : e;
  }
}

/** A WebSocket URL operation, as `stream` describes. */
export function webSocket(op, args) {
  return stream("webSocket", "websocket", op, args);
}

/** A Public Suffix List operation (js/psl.js), as `stream` describes. */
export function publicSuffixList(op, args) {
  return stream("publicSuffixList", "psl", op, args);
}

/** A display (URL rendering) operation, as `stream` describes. */
export function display(op, args) {
  return stream("display", "display", op, args);
}

// UTF-16 code units to and from memory. Node's Buffer copies them as they are, lone surrogates
// too, faster than a loop of charCodeAt or fromCharCode (TextDecoder would make lone surrogates
// U+FFFD). Nothing of this runs at load, so entries without the URI functions drop it.
let u16 = null; // a Uint16Array over memory, where there is no Node Buffer

function units16() {
  if (u16 === null || u16.buffer !== memory.buffer) u16 = new Uint16Array(memory.buffer);
  return u16;
}

/** Writes the code units of `input` to memory from unit `at`. */
function writeUnits(input, at) {
  if (buffer !== null && typeof buffer.ucs2Write === "function") {
    // The length too: workerd's Buffer (Node's API in workerd) takes the whole buffer's length
    // for a missing one, and throws when that runs past the end.
    buffer.ucs2Write(input, 2 * at, 2 * input.length);
    return;
  }
  const view = units16();
  for (let i = 0; i < input.length; i++) view[at + i] = input.charCodeAt(i);
}

/** The string of the UTF-16 code units `start` to `end` of memory, lone surrogates and all. */
function readUnits(start, end) {
  if (buffer !== null && typeof buffer.ucs2Slice === "function") return buffer.ucs2Slice(2 * start, 2 * end);
  const view = units16();
  // fromCharCode takes its code units as arguments: a few thousand at a time.
  let text = "";
  for (let at = start; at < end; at += 8192) {
    text += String.fromCharCode.apply(null, view.subarray(at, Math.min(at + 8192, end)));
  }
  return text;
}

/**
 * Runs ECMAScript URI function `op` (src/wasm/ecma.rs) on the string `input`, which crosses as
 * UTF-16 code units both ways (lone surrogates must reach the core and come back): the result, or
 * a URIError thrown with the core's message.
 */
export function uri(op, input) {
  ready();
  if (!reach("uri")) {
    throw new TypeError('weburl: this build has no URI functions: import them from "weburl/ecma"');
  }
  try {
    const len = input.length;
    reserveInput(2 * len + 1);
    // Code units from the input buffer's first even address, where the core reads them.
    writeUnits(input, (inputAddress + (inputAddress & 1)) >>> 1);
    const result = wasm.uri(op, len);
    if (result === UNCHANGED) return input;
    if (result === FAILURE) throw new URIError(output());
    views();
    const start = u32[slotBase + OUTPUT_ADDRESS] >>> 1;
    return readUnits(start, start + u32[slotBase + OUTPUT_LEN]);
  } catch (e) {
    throw trapped(e, input);
  }
}

/** Percent-decodes `bytes` (a Uint8Array), giving a new Uint8Array. */
export function percentDecode(bytes) {
  ready();
  reach("percentDecode");
  try {
    reserveInput(bytes.length);
    inputView.set(bytes);
    const len = wasm.percentDecode(bytes.length) >>> 0;
    views();
    return u8.slice(inputAddress, inputAddress + len);
  } catch (e) {
    throw trapped(e, "bytes to percent-decode");
  }
}

/** The name of validation error `index`, as the standard writes it. */
export function validationErrorName(index) {
  errorNames ??= again(validationErrors);
  return errorNames[index];
}

function validationErrors() {
  try {
    return wasm.validationErrors().split(" ");
  } catch (e) {
    throw trapped(e, "the validation errors' names");
  }
}
