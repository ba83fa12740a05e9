// The global object, in engines old enough to lack `globalThis`, and where a weburl polyfill
// leaves its report (also read by later copies of weburl: see js/node-compat.js).

export function globalObject() {
  if (typeof globalThis === "object") return globalThis;
  if (typeof self === "object") return self;
  if (typeof window === "object") return window;
  return global;
}

/** The key of the polyfill's report on the global object. */
export const POLYFILL_REPORT = Symbol.for("weburl.polyfill");

/** The key of the URLPattern polyfill's report on the global object. */
export const URLPATTERN_POLYFILL_REPORT = Symbol.for("weburl.polyfill.urlpattern");
