// ECMAScript's URI functions (ECMA-262 §19.2.6, https://tc39.es/ecma262/#sec-uri-handling-functions):
// encodeURI, encodeURIComponent, decodeURI and decodeURIComponent, run by the Rust core
// (src/ecma.rs) on the string's UTF-16 code units, lone surrogates included, so that results and
// URIErrors are exactly the engine's own.

import { operations } from "./protocol.js";
import * as rt from "./runtime.js";
import { str } from "./webidl.js";

// ECMAScript URI function ids (src/wasm/ecma.rs).
const URI_OPERATIONS = operations("uriOperations", {
  encodeURI: 0,
  encodeURIComponent: 1,
  decodeURI: 2,
  decodeURIComponent: 3,
});

// Methods, like the built-in functions: not constructors, named after their keys (which
// minifying keeps), `length` 1. The argument is converted with ToString (a Symbol throws a
// TypeError).
const functions = {
  encodeURI(uri) {
    return rt.uri(URI_OPERATIONS.encodeURI, str(uri));
  },
  encodeURIComponent(uriComponent) {
    return rt.uri(URI_OPERATIONS.encodeURIComponent, str(uriComponent));
  },
  decodeURI(encodedURI) {
    return rt.uri(URI_OPERATIONS.decodeURI, str(encodedURI));
  },
  decodeURIComponent(encodedURIComponent) {
    return rt.uri(URI_OPERATIONS.decodeURIComponent, str(encodedURIComponent));
  },
};

export const { encodeURI, encodeURIComponent, decodeURI, decodeURIComponent } = functions;
