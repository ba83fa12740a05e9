// The wasm modules carried inside the JavaScript (scripts/build.mjs writes each one as a call of
// `inflateBase64` or `inflateBase64Sync`): deflate-compressed, then base64. Compressed first, the
// text costs on the wire (gzip) what the .wasm file would; base64 of the module itself costs a
// quarter more. So an entry needs no file beside it, and works in every bundler and runtime.
//
// Decoding is native where the engine has it (Uint8Array.fromBase64, DecompressionStream): at
// start, before its code has warmed up, inflating in JavaScript takes several milliseconds.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The bytes that `base64` (unpadded) encodes. */
export function decodeBase64(base64) {
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

/** The bytes `base64` (raw DEFLATE) inflates to: natively where the engine can, else by fflate. */
export async function inflateBase64(base64) {
  const bytes = decodeBase64(base64);
  if (typeof DecompressionStream === "function" && typeof Response === "function") {
    try {
      const stream = new Response(bytes).body.pipeThrough(new DecompressionStream("deflate-raw"));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    } catch {
      // An engine whose DecompressionStream has no "deflate-raw" (before 2023): fflate's.
    }
  }
  return (await import("./inline-wasm-sync.js")).inflateSync(bytes);
}
