// WebSocket URLs (https://websockets.spec.whatwg.org/#dom-websocket-websocket): the URL steps of
// `new WebSocket(url)` (the URL parser with an optional base; http and https become ws and wss;
// any other scheme, and any fragment, a "SyntaxError") and what the opening handshake takes from
// the URL (RFC 6455 §4.1): host, port, resource name, secure. The Rust core does it all
// (src/websocket.rs, through the `webSocket` export of src/wasm/websocket.rs).

import { globalObject } from "./global.js";
import { operations } from "./protocol.js";
import * as rt from "./runtime.js";
import { requireArguments, usv } from "./webidl.js";

// WebSocket URL operation ids (src/wasm/websocket.rs).
const WEBSOCKET_OPERATIONS = operations("webSocketOperations", {
  parse: 0,
});

/** A "SyntaxError" DOMException where the runtime has DOMException, else an Error named so. */
function syntaxError(message) {
  const DOMExceptionClass = globalObject().DOMException;
  if (typeof DOMExceptionClass === "function") return new DOMExceptionClass(message, "SyntaxError");
  const error = new Error(message);
  error.name = "SyntaxError";
  return error;
}

/**
 * The URL steps of `new WebSocket(url)`, with `base` in the place of the page's URL: a frozen
 * `{ href, host, hostname, port, resourceName, secure }`, or a "SyntaxError" (also when `base`
 * is given and is not a URL). `url` and `base` are converted as WebIDL USVStrings, so a URL
 * object stands for its href.
 */
export function parseWebSocketURL(url, base = undefined) {
  requireArguments(arguments.length, 1, "parseWebSocketURL");
  const input = usv(url);
  const baseString = base === undefined ? undefined : usv(base);
  const args = baseString === undefined ? [input, 0] : [input, 1, baseString];
  const reply = rt.webSocket(WEBSOCKET_OPERATIONS.parse, args);
  const status = reply.num();
  if (status === 1) throw syntaxError(`${rt.quote(input)} is not a WebSocket URL: ${reply.str()}`);
  if (status !== 0) throw syntaxError(`The base ${rt.quote(baseString)} is not a URL: ${reply.str()}`);
  return Object.freeze({
    href: reply.str(),
    host: reply.str(),
    hostname: reply.str(),
    port: reply.num(),
    resourceName: reply.str(),
    secure: reply.num() === 1,
  });
}
