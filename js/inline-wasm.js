// The wasm modules carried inside the JavaScript (scripts/build.mjs writes each one as a call of
// `unpack`, then js/code-join.js's `joined`): their code section as streams
// (scripts/code-streams.mjs, a tenth less LZMA), LZMA-compressed, then base64. On the wire (gzip)
// that text costs a fifth less than the .wasm file gzipped; base64 of the module itself would cost
// a quarter more. So an entry needs no file beside it, works in every bundler and runtime, and is
// smaller than the file would be.
//
// Engines decode LZMA in no API of their own: the decoder is a wasm module (lzma-decoder/, 3.4 KB,
// WebAssembly 1.0), carried as plain base64. Its few milliseconds at start are less than fflate's
// inflate took in JavaScript, before that code has warmed up. The wasm modules' code sections are
// joined by the same module (lzma-decoder/join.wat merged in, 4.4 KB; js/code-join.js), in the
// instance that decoded them.
import DECODER from "./lzma-decoder-wasm.js";
import { globalObject } from "./global.js";

let decoder;

/** A fresh instance of the decoder (with the join): its exports. Compiled once, synchronously. */
function decoderExports() {
  return new WebAssembly.Instance((decoder ??= new WebAssembly.Module(decodeBase64(DECODER)))).exports;
}

/**
 * The decoder compiled without blocking, for the calls after it: where the engine refuses to
 * compile it synchronously (Chromium before 114, over 4 KB on the main thread; js/engines.js).
 */
export async function compileDecoder() {
  decoder ??= await WebAssembly.compile(decodeBase64(DECODER));
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The bytes that `base64` (unpadded) encodes. */
function decodeBase64(base64) {
  if (typeof Uint8Array.fromBase64 === "function") return Uint8Array.fromBase64(base64);
  const values = new Uint8Array(128);
  for (let i = 0; i < ALPHABET.length; i++) values[ALPHABET.charCodeAt(i)] = i;
  const bytes = new Uint8Array((base64.length * 3) >> 2);
  let at = 0;
  for (let i = 0; i < base64.length; i += 4) {
    // Past the end, charCodeAt gives NaN, which reads as 0.
    const group =
      (values[base64.charCodeAt(i)] << 18) | (values[base64.charCodeAt(i + 1)] << 12) |
      (values[base64.charCodeAt(i + 2)] << 6) | values[base64.charCodeAt(i + 3)];
    bytes[at++] = group >> 16;
    if (at < bytes.length) bytes[at++] = (group >> 8) & 0xff;
    if (at < bytes.length) bytes[at++] = group & 0xff;
  }
  return bytes;
}

/**
 * The `size` bytes that `base64` encodes as raw LZMA, with `room` bytes after them
 * (`lzmaStream`). A view on the decoder's memory.
 */
export function unpack(base64, size, room) {
  return lzmaStream(base64, size, room)(size);
}

/**
 * The decoder instances of `lzmaStream`, by their memory's buffer (the views it gives are on it):
 * their exports, and where the room after their stream starts, in which js/code-join.js joins.
 */
export const rooms = new WeakMap();

/**
 * The stream of `size` bytes that `base64` encodes as raw LZMA, decoded as far as asked: the
 * function it gives, called with `end`, `text` and `until`, gives the stream's first `end` bytes,
 * a view on the decoder's memory, decoding only those past where the last call stopped (the
 * decoder keeps its state), from the first `until` characters of `text` (a multiple of 4; all
 * unless given), which must hold their LZMA. So a start module (scripts/start-module.mjs) is
 * decoded once, not again with the module after it. `text` is `base64` unless given: an add-on's
 * LZMA continues the stream of the wasm it is an add-on to, whose `base64` it follows in `text`,
 * of `characters` in all (scripts/build.mjs). After the stream, `room` bytes, where the wasm
 * modules whose code streams it holds are joined (`rooms`): no instance, memory or copy of the
 * streams of their own.
 */
export function lzmaStream(base64, size, room = 0, characters = base64.length) {
  let exports, bytes, input, output;
  let written = 0; // the characters of base64 (of `text`) whose bytes are in the decoder's memory
  let decoded = 0; // the bytes of output decoded
  return (end, text = base64, until = text.length) => {
    if (exports === undefined) {
      exports = decoderExports();
      const { memory } = exports;
      input = exports.__heap_base.value;
      output = input + ((characters * 3) >> 2);
      // Grown once, for the whole stream and the room: growing detaches the views given before.
      const end = output + size;
      if (end + room > memory.buffer.byteLength) memory.grow(Math.ceil((end + room - memory.buffer.byteLength) / 65536));
      bytes = new Uint8Array(memory.buffer);
      rooms.set(memory.buffer, [exports, end]);
    }
    if (end > decoded) {
      if (until > written) {
        bytes.set(decodeBase64(text.slice(written, until)), input + (written >> 2) * 3);
        written = until;
      }
      if (exports.decode_lzma(input, (written * 3) >> 2, output, end) !== 1) throw new TypeError("weburl: an inlined wasm module is corrupt");
      decoded = end;
    }
    return bytes.subarray(output, output + end);
  };
}

/**
 * The bytes `base64` encodes, by Node's Buffer where there is one: the CommonJS builds, which
 * run in Node, carry their wasm as plain base64 (no download to save there).
 */
export function base64Bytes(base64) {
  const { Buffer } = globalObject();
  return typeof Buffer === "function" ? Buffer.from(base64, "base64") : decodeBase64(base64);
}
