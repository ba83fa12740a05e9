// The join of the inlined wasm modules' code sections (scripts/build.mjs writes each module's
// bytes as a call of js/inline-wasm.js's `lzmaStream` or `unpack`, then `joined`): the build carries
// each code section as streams (scripts/code-streams.mjs), a tenth less LZMA; lzma-decoder/join.wat,
// merged into the decoder's module, gives the module back (in JavaScript the join ran interpreted
// at start: 21 → 50 ms), in the instance that decoded the streams: a second module, then a second
// instance with a memory of its own and the streams copied in, cost Chromium more at start than the
// join's work (README "Cold start", nineteenth and twentieth rounds (Chromium)).
import { rooms } from "./inline-wasm.js";

/**
 * The `size` bytes of the wasm module whose code section `streams` holds as streams
 * (scripts/code-streams.mjs), a view that `lzmaStream` gave: lzma-decoder/join.wat's, written in
 * its stream's room (which holds `size` and 7 bytes more: its moves of eight bytes at a time may
 * write past the module), a view on the decoder's memory until the next join from that stream.
 */
export function joined(streams, size) {
  const [exports, output] = rooms.get(streams.buffer);
  let end;
  try {
    end = exports.join(streams.byteOffset, output);
  } catch (error) {
    if (!(error instanceof WebAssembly.RuntimeError)) throw error; // past the memory: corrupt
  }
  if (end !== output + size) throw new TypeError("weburl: an inlined wasm module is corrupt");
  return new Uint8Array(streams.buffer, output, size);
}
