// Node's own APIs that take a URL object (fs, url.fileURLToPath, http, https, worker_threads,
// module.createRequire) recognized one, before Node 20, by internal symbols only Node's class
// carries: Node 12–16 look for `url[query][query]` (http, https) and call `url[format]()`
// (url.format); Node 18 wants an own `context` property on each instance (everything). Where the
// runtime's own URL shows those symbols, weburl's URL carries them too, so such calls keep
// working with it, installed as the global or not. Browsers and Node 20+ show none: no change.

import { globalObject, POLYFILL_REPORT } from "./global.js";

const symbols = (object) => (object === null ? [] : Object.getOwnPropertySymbols(object));
const named = (list, name) => list.find((symbol) => symbol.description === name);

/**
 * Node's own URL class: the one a weburl polyfill replaced, the global, or (in CommonJS, where
 * something else replaced the global) the `url` module's.
 */
function nativeURL() {
  const report = globalObject()[POLYFILL_REPORT];
  if (report !== undefined && typeof report.native.URL === "function") return report.native.URL;
  if (typeof require === "function") {
    try {
      return require("url").URL;
    } catch (e) {
      // not Node
    }
  }
  return typeof URL === "function" ? URL : null;
}

const Native = nativeURL();
let instance = null;
try {
  instance = Native === null ? null : new Native("http://a/");
} catch (e) {
  instance = null;
}

/** Defined on each instance, where Node's own instances have it (Node 12–18). */
export const nodeContext = named(symbols(instance), "context");

/** Gives `URLClass.prototype` what Node 12–16's http, https and url.format look for. */
export function adaptForNode(URLClass) {
  const query = named(symbols(instance), "query");
  if (query !== undefined) {
    const mark = Object.freeze({ [query]: true });
    Object.defineProperty(URLClass.prototype, query, { get: () => mark, configurable: true });
  }
  const format = named(symbols(Native === null ? null : Native.prototype), "format");
  if (format !== undefined) {
    const nativeFormat = Native.prototype[format];
    Object.defineProperty(URLClass.prototype, format, {
      value(options) {
        return nativeFormat.call(new Native(this.href), options);
      },
      writable: true,
      configurable: true,
    });
  }
}

let proxyTest; // Node's util.types.isProxy, looked up at the first call

/**
 * The own keys of `object` where Node tells that it is no Proxy (which JavaScript itself cannot
 * tell) and it is a plain object of this realm (no host object with hooks of its own, such as a
 * `vm` context's global, which forwards to its sandbox), read without hooks: its names, then its
 * symbols, the order of its own keys (V8's `Reflect.ownKeys` gathers them through a hash set: 50k
 * instructions for 100 names, these 7k). Null otherwise, or where Node's `util` is not at hand
 * synchronously (`process.getBuiltinModule`, Node 20.16+, or `require`).
 */
export function ordinaryKeys(object) {
  if (proxyTest === undefined) {
    try {
      // Not a bare `process`, which Parcel would bundle a stand-in for.
      proxyTest = (typeof require === "function" ? require("util") : globalObject().process.getBuiltinModule("util")).types.isProxy;
    } catch (e) {
      proxyTest = null; // not Node, or an older one in an ES module
    }
  }
  // The prototype is asked only of no Proxy, whose getPrototypeOf would be a trap.
  return typeof proxyTest !== "function" || proxyTest(object) || !plainPrototype(Object.getPrototypeOf(object))
    ? null
    : Object.getOwnPropertyNames(object).concat(Object.getOwnPropertySymbols(object));
}

const plainPrototype = (prototype) => prototype === Object.prototype || prototype === null;
