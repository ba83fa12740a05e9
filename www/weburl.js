// Loading weburl into the viewer, and constructing a URL with it or with the browser's own class.

export const BrowserURL = globalThis.URL;

// weburl's browser entries for what the page shows: `weburl/whatwg-url` (the classes and the
// low-level API: parseURLWithValidationErrors, isValidURLString, serializeHost, ...),
// `weburl/urlpattern` and `weburl/display`. They share the classes and the runtime, and each
// brings a wasm with its own operations.
export const PACKAGE_ENTRIES = ["/pkg/whatwg-url.js", "/pkg/urlpattern.js", "/pkg/display.js"];
export const packageManifest = await fetch("/pkg/package.json")
  .then((response) => (response.ok ? response.json() : null))
  .catch(() => null);
export let WebURL = null;
export let WebParams = null;
/** weburl's URLPattern, or null when it did not load (or this build has none). */
export let WebURLPattern = null;
/** What the entries export, together, or null when they did not load. */
export let engine = null;
export let loadError = null;
try {
  engine = Object.assign({}, ...(await Promise.all(PACKAGE_ENTRIES.map((entry) => import(entry)))));
  if (typeof engine.parseURLWithValidationErrors !== "function") {
    throw new TypeError(`${PACKAGE_ENTRIES[0]} has no parseURLWithValidationErrors: is it weburl's?`);
  }
  ({ URL: WebURL, URLSearchParams: WebParams } = engine);
  WebURLPattern = typeof engine.URLPattern === "function" ? engine.URLPattern : null;
  // For experiments in the developer console.
  Object.assign(globalThis, { WebURL, WebParams, WebURLPattern, whatwgURL: engine });
} catch (error) {
  engine = null;
  WebURL = null;
  WebParams = null;
  WebURLPattern = null;
  loadError = error;
  console.warn(`weburl could not be loaded from ${PACKAGE_ENTRIES.join(", ")}; build it with \`node scripts/build.mjs\`.`, error);
}

/** `new Ctor(input)` or `new Ctor(input, base)`: { url } or { error }. */
export function construct(Ctor, input, base) {
  if (Ctor === null) return { error: loadError ?? new Error("weburl is not loaded") };
  try {
    return { url: base === "" ? new Ctor(input) : new Ctor(input, base) };
  } catch (error) {
    return { error };
  }
}
