// Types of weburl/urlpattern: URLPattern (https://urlpattern.spec.whatwg.org/), the same shapes
// as TypeScript's lib.dom; the URL classes beside it (index.d.ts).

export * from "./index.js";

export interface URLPatternInit {
  protocol?: string;
  username?: string;
  password?: string;
  hostname?: string;
  port?: string;
  pathname?: string;
  search?: string;
  hash?: string;
  baseURL?: string;
}

export type URLPatternInput = string | URLPatternInit;

export interface URLPatternOptions {
  ignoreCase?: boolean;
}

export interface URLPatternComponentResult {
  input: string;
  groups: Record<string, string | undefined>;
}

export interface URLPatternResult {
  inputs: URLPatternInput[];
  protocol: URLPatternComponentResult;
  username: URLPatternComponentResult;
  password: URLPatternComponentResult;
  hostname: URLPatternComponentResult;
  port: URLPatternComponentResult;
  pathname: URLPatternComponentResult;
  search: URLPatternComponentResult;
  hash: URLPatternComponentResult;
}

/** The URLPattern class (https://urlpattern.spec.whatwg.org/#urlpattern-class). */
export declare class URLPattern {
  constructor(input: URLPatternInput, baseURL: string, options?: URLPatternOptions);
  constructor(input?: URLPatternInput, options?: URLPatternOptions);
  test(input?: URLPatternInput, baseURL?: string): boolean;
  exec(input?: URLPatternInput, baseURL?: string): URLPatternResult | null;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly hasRegExpGroups: boolean;
}
