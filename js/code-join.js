// The join of the inlined wasm modules' code sections (scripts/build.mjs writes each module's
// bytes as a call of js/inline-wasm.js's `unpack`, then `joined`): the build carries each code
// section as streams (scripts/code-streams.mjs), a tenth less LZMA; lzma-decoder/join.wat, a wasm
// module carried as plain base64 as the decoder is, gives the module back (in JavaScript the join
// ran interpreted at start: 21 → 50 ms). A module of its own: the UTS #46 tables, which other
// entries decode, have no code to join.
import JOIN from "./code-join-wasm.js";
import { decodeBase64 } from "./inline-wasm.js";

let join;

/**
 * The `size` bytes of the wasm module whose code section `streams` holds as streams
 * (scripts/code-streams.mjs): lzma-decoder/join.wat's, in a memory of its own (`streams` may be
 * the decoder's memory), a view on it.
 */
export function joined(streams, size) {
  join ??= new WebAssembly.Module(decodeBase64(JOIN)); // under 4 KB: compiled synchronously, as the decoder
  const { exports } = new WebAssembly.Instance(join);
  const { memory } = exports;
  const input = exports.input.value;
  const output = input + streams.length;
  // 7 bytes more, which its moves of eight bytes at a time may write past the module.
  memory.grow(Math.ceil((output + size + 7) / 65536));
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

