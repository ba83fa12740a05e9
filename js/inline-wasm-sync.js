// inline-wasm.js for the entries that start synchronously (the polyfills, the legacy build).
// Browsers have no synchronous inflate of their own: fflate's. The CommonJS builds, which run in
// Node, carry their wasm as plain base64 instead (`base64Bytes`): no download to save there, and
// Buffer decodes it natively where inflating would take milliseconds at start.
import { inflateSync } from "fflate";

import { globalObject } from "./global.js";
import { decodeBase64 } from "./inline-wasm.js";

export { inflateSync };

/** The bytes `base64` (raw DEFLATE) inflates to. */
export function inflateBase64Sync(base64) {
  return inflateSync(decodeBase64(base64));
}

/** The bytes `base64` encodes: by Node's Buffer where there is one. */
export function base64Bytes(base64) {
  const { Buffer } = globalObject();
  return typeof Buffer === "function" ? Buffer.from(base64, "base64") : decodeBase64(base64);
}
