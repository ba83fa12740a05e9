// Types of weburl/polyfill/urlpattern: the class it installs and what it reports.
export { URLPattern } from "./urlpattern.js";
export { engine } from "./index.js";

/** What an install did. */
export interface URLPatternPolyfillReport {
  /** Whether weburl's URLPattern is now the global one (the runtime had none, or `force`). */
  readonly installed: boolean;
  /** Whether it was installed with `{ force: true }`. */
  readonly forced: boolean;
  /** The global URLPattern found before (undefined where there was none). */
  readonly native: unknown;
  /** The engine under weburl's class: "wasm". */
  readonly engine: "wasm" | "js";
}

/** What loading `weburl/polyfill/urlpattern` did. */
export declare const report: URLPatternPolyfillReport;

/** Installs URLPattern where the runtime has none, or always with `{ force: true }`; returns the report. */
export declare function install(options?: { force?: boolean }): URLPatternPolyfillReport;
