// URL rendering (§4.8 of the URL Standard, https://url.spec.whatwg.org/#url-rendering): a URL as
// people should see it, as in a browser's address bar. The Rust core (src/display/, through the
// `display` export of src/wasm/display.rs) parses the URL and renders it: the host in Unicode
// where that is safe to show, percent-encoded UTF-8 decoded where that is safe and keeps the URL,
// and on request without the http(s) scheme, the credentials or a lone trailing slash.

import { operations } from "./protocol.js";
import * as rt from "./runtime.js";
import { requireArguments, usv } from "./webidl.js";

// Display operation ids (src/wasm/display.rs) and the bits of renderURL's options.
const DISPLAY_OPERATIONS = operations("displayOperations", {
  render: 0,
});
const RENDER_OPTIONS = operations("renderOptions", {
  elideScheme: 1,
  elideTrailingSlash: 2,
  unicodeHost: 4,
  hideCredentials: 8,
  percentDecode: 16,
});

// The options and their defaults; read in WebIDL's dictionary order (lexicographic).
const DEFAULTS = {
  elideScheme: false,
  elideTrailingSlash: false,
  hideCredentials: false,
  percentDecode: true,
  unicodeHost: true,
};
const MEMBERS = Object.keys(DEFAULTS).sort();

/** The options, converted as a WebIDL dictionary of booleans, as the core's bits. */
function toBits(options) {
  if (options !== undefined && options !== null && typeof options !== "object" && typeof options !== "function") {
    throw new TypeError("renderURL: options must be an object");
  }
  let bits = 0;
  for (const name of MEMBERS) {
    const value = options === undefined || options === null ? undefined : options[name];
    if (value === undefined ? DEFAULTS[name] : Boolean(value)) bits |= RENDER_OPTIONS[name];
  }
  return bits;
}

/**
 * Renders `url` (a URL object, anything whose string is an absolute URL, or such a string) for
 * people to read. With the default options, parsing the result gives back the same URL.
 * Throws a TypeError when `url` is not an absolute URL.
 */
export function renderURL(url, options) {
  requireArguments(arguments.length, 1, "renderURL");
  const input = usv(url);
  const reply = rt.display(DISPLAY_OPERATIONS.render, [input, toBits(options)]);
  if (reply.num() !== 0) {
    const cause = reply.str();
    throw new TypeError(`Invalid URL ${rt.quote(input)}${cause === "" ? "" : ` (${cause})`}`);
  }
  return reply.str();
}
