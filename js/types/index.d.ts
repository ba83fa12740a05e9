// Types of weburl's URL and URLSearchParams: the same shapes as TypeScript's lib.dom.

/** The URL class of the URL Standard (https://url.spec.whatwg.org/#url-class). */
export declare class URL {
  constructor(url: string | URL, base?: string | URL);
  static canParse(url: string | URL, base?: string | URL): boolean;
  static parse(url: string | URL, base?: string | URL): URL | null;
  hash: string;
  host: string;
  hostname: string;
  href: string;
  toString(): string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toJSON(): string;
}

/** An iterator over a URLSearchParams list, live as the list changes. */
export interface URLSearchParamsIterator<T> extends IterableIterator<T> {
  [Symbol.iterator](): URLSearchParamsIterator<T>;
}

/** The URLSearchParams class (https://url.spec.whatwg.org/#interface-urlsearchparams). */
export declare class URLSearchParams {
  constructor(init?: string[][] | Iterable<readonly [string, string]> | Record<string, string> | string | URLSearchParams);
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callbackfn: (value: string, key: string, parent: URLSearchParams) => void, thisArg?: any): void;
  [Symbol.iterator](): URLSearchParamsIterator<[string, string]>;
  entries(): URLSearchParamsIterator<[string, string]>;
  keys(): URLSearchParamsIterator<string>;
  values(): URLSearchParamsIterator<string>;
}

/**
 * The engine the classes run on: "wasm", or "js" (the same Rust core as plain JavaScript) where
 * WebAssembly is missing or refused. `undefined` only before `init()` of `weburl/web`.
 */
export declare function engine(): "wasm" | "js" | undefined;
