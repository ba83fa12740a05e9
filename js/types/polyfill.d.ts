// Types of weburl/polyfill: the classes it installs and what it reports.
export { URL, URLSearchParams, URLSearchParamsIterator, engine } from "./index.js";

/** What an install did. */
export interface PolyfillReport {
  /** Whether weburl's classes are now the global URL and URLSearchParams. */
  readonly installed: boolean;
  /** Whether they were installed with `{ force: true }`. */
  readonly forced: boolean;
  /** The names of the probes the runtime's own classes failed (empty: they conform). */
  readonly failed: readonly string[];
  /** The global classes found before (undefined where there were none). */
  readonly native: { readonly URL: unknown; readonly URLSearchParams: unknown };
  /** The engine under weburl's classes: "wasm", or "js" (React Native's build). */
  readonly engine: "wasm" | "js";
}

/** What loading `weburl/polyfill` did. */
export declare const report: PolyfillReport;

/** Installs the classes where a probe fails, or always with `{ force: true }`; returns the report. */
export declare function install(options?: { force?: boolean }): PolyfillReport;
