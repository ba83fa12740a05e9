// Types of weburl/whatwg-url: the classes (index.d.ts) and whatwg-url's low-level API (the npm
// package whatwg-url 17), which Node's main entry and the legacy and nowasm builds export too.

export * from "./index.js";

/** An IPv4 address as a number, an IPv6 address as its eight pieces, or a domain, opaque or empty host. */
export type Host = string | number | number[];

/** A URL record (https://url.spec.whatwg.org/#concept-url) as a plain object. */
export interface URLRecord {
  scheme: string;
  username: string;
  password: string;
  host: Host | null;
  port: number | null;
  /** Segments, or a string for an opaque path. */
  path: string[] | string;
  query: string | null;
  fragment: string | null;
}

/** A state a state override can name, as the standard writes it. */
export type StateOverride = "scheme start" | "host" | "hostname" | "port" | "path start" | "query" | "fragment";

/** The name of a validation error as the standard's table writes it, e.g. "host-missing". */
export type ValidationError = string;

export interface ParseOptions {
  baseURL?: URLRecord | null;
  /** Only UTF-8 (any of its labels): other encodings throw a RangeError. */
  encoding?: string;
}

export declare function parseURL(input: string, options?: ParseOptions): URLRecord | null;
export declare function parseURLWithValidationErrors(
  input: string,
  options?: ParseOptions,
): { url: URLRecord | null; validationErrors: ValidationError[] };
export declare function basicURLParse(
  input: string,
  options?: ParseOptions & { url?: URLRecord; stateOverride?: StateOverride },
): URLRecord | null;
export declare function isValidURLString(input: string, options?: { baseURL?: URLRecord | null }): boolean;
export declare function serializeURL(url: URLRecord, excludeFragment?: boolean): string;
export declare function serializeURLOrigin(url: URLRecord): string;
export declare function serializePath(url: URLRecord): string;
export declare function serializeHost(host: Host): string;
export declare function serializeHost(host: null): null;
export declare function serializeInteger(integer: number): string;
export declare function setTheUsername(url: URLRecord, username: string): void;
export declare function setThePassword(url: URLRecord, password: string): void;
export declare function cannotHaveAUsernamePasswordPort(url: URLRecord): boolean;
export declare function hasAnOpaquePath(url: URLRecord): boolean;
export declare function percentDecodeString(input: string): Uint8Array;
export declare function percentDecodeBytes(input: Uint8Array): Uint8Array;
/** Not in whatwg-url: the standard's domain to Unicode. */
export declare function domainToUnicode(domain: string): string;
