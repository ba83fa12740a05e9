// Types of weburl/ecma: ECMAScript's URI functions (https://tc39.es/ecma262/#sec-uri-handling-functions),
// the same signatures as TypeScript's lib.es5; the URL classes beside them (index.d.ts).

export * from "./index.js";

/** ECMAScript's `encodeURI`: throws a `URIError` for a lone surrogate. */
export declare function encodeURI(uri: string): string;
/** ECMAScript's `encodeURIComponent`: throws a `URIError` for a lone surrogate. */
export declare function encodeURIComponent(uriComponent: string | number | boolean): string;
/** ECMAScript's `decodeURI`: throws a `URIError` for a malformed escape. */
export declare function decodeURI(encodedURI: string): string;
/** ECMAScript's `decodeURIComponent`: throws a `URIError` for a malformed escape. */
export declare function decodeURIComponent(encodedURIComponent: string): string;
