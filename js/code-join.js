// The join of the inlined wasm modules' code sections (scripts/build.mjs writes each module's
// bytes as a call of js/inline-wasm.js's `unpack`, then `joined`): the build carries each code
// section as streams (scripts/code-streams.mjs), a tenth less LZMA; lzma-decoder/join.wat, a wasm
// module carried as plain base64 as the decoder is, gives the module back (in JavaScript the join
// ran interpreted at start: 21 → 50 ms). Merged into the decoder's module, which is compiled once:
// a second module cost Chromium more to compile at start than the join's work.
import { decoderExports } from "./inline-wasm.js";

/**
 * The `size` bytes of the wasm module whose code section `streams` holds as streams
 * (scripts/code-streams.mjs): lzma-decoder/join.wat's, in an instance of the decoder of its own
 * (`streams` may be another's memory), a view on its memory.
 */
export function joined(streams, size) {
  const exports = decoderExports();
  const { memory } = exports;
  const input = exports.__heap_base.value;
  const output = input + streams.length;
  // 7 bytes more, which its moves of eight bytes at a time may write past the module.
  const needed = output + size + 7 - memory.buffer.byteLength;
  if (needed > 0) memory.grow(Math.ceil(needed / 65536));
  const bytes = new Uint8Array(memory.buffer);
  bytes.set(streams, input);
  let end;
  try {
    end = exports.join(input, output);
  } catch (error) {
    if (!(error instanceof WebAssembly.RuntimeError)) throw error; // past the memory: corrupt
  }
  if (end !== output + size) throw new TypeError("weburl: an inlined wasm module is corrupt");
  return bytes.subarray(output, end);
}

