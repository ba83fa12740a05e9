// inline-wasm.js for the entries that start synchronously (the polyfills, the legacy build): the
// engine has no synchronous inflate of its own, so fflate's.
import { inflateSync } from "fflate";

import { decodeBase64 } from "./inline-wasm.js";

export { inflateSync };

/** The bytes `base64` (raw DEFLATE) inflates to. */
export function inflateBase64Sync(base64) {
  return inflateSync(decodeBase64(base64));
}
