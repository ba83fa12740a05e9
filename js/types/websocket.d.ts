// Types of weburl/websocket: WebSocket URLs (https://websockets.spec.whatwg.org/), and the URL
// classes beside them (index.d.ts).

import type { URL } from "./index.js";

export * from "./index.js";

/** A URL that `new WebSocket(url)` accepts, and what the opening handshake needs from it. */
export interface WebSocketURL {
  /** The URL serialized, with the scheme `ws:` or `wss:`: what `WebSocket.url` returns. */
  readonly href: string;
  /** The `Host` header: the hostname, then `:` and the port when it is not the default (as `URL.host`). */
  readonly host: string;
  /** The host serialized (as `URL.hostname`): Punycode for a domain, an IPv6 address in brackets. */
  readonly hostname: string;
  /** The port to connect to: the URL's, else 80 for `ws:` and 443 for `wss:`. */
  readonly port: number;
  /** The request target of the handshake's GET: the path, then `?` and the query when it is non-empty. */
  readonly resourceName: string;
  /** Whether the connection is over TLS (`wss:`). */
  readonly secure: boolean;
}

/**
 * The URL steps of `new WebSocket(url)`, `base` in the place of the page's URL. Throws a
 * "SyntaxError" DOMException (an Error named "SyntaxError" where there is no DOMException) for a
 * URL that does not parse, a scheme other than ws, wss, http or https, or a fragment.
 */
export declare function parseWebSocketURL(url: string | URL, base?: string | URL): WebSocketURL;
