// The URL Standard's low-level API with the names, arguments and results of the npm package
// whatwg-url (17), exported by weburl/whatwg-url and by the Node, legacy and nowasm entries beside
// URL and URLSearchParams, so that aliasing `whatwg-url` to weburl moves its users onto the core. URL records are plain objects in whatwg-url's shape, which callers read and
// write directly: { scheme, username, password, host, port, path, query, fragment }, the host
// null, a string (domain, opaque or empty host), an IPv4 address as a number or an IPv6 address
// as an array of eight numbers, the path an array of segments or an opaque-path string. Each
// call hands its records to the core (src/wasm/records.rs) and converts what comes back; the
// standard's logic all runs there.

import { TextEncoder } from "./encoding.js";
import { NONE, operations } from "./protocol.js";
import * as rt from "./runtime.js";
import { replaceLoneSurrogates } from "./webidl.js";

// Record operation ids (src/wasm/records.rs).
const OPERATIONS = operations("operations", {
  parse: 0,
  basicParseWithOverride: 1,
  serialize: 2,
  serializePath: 3,
  serializeOrigin: 4,
  serializeHost: 5,
  cannotHaveAUsernamePasswordPort: 6,
  encodeUserinfo: 7,
  isValidURLString: 8,
  domainToUnicode: 9,
});

// Host shapes in the record protocol.
const NULL_HOST = 0;
const STRING_HOST = 1;
const IPV4_HOST = 2;
const IPV6_HOST = 3;

// Labels of UTF-8 in the Encoding Standard: the only encoding of the npm package's core.
const UTF8_LABELS = ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"];

function invalidRecord(field, value) {
  let shown;
  try {
    shown = typeof value === "string" ? JSON.stringify(value) : String(value);
  } catch {
    shown = typeof value;
  }
  return new TypeError(`weburl/whatwg-url: not a URL record: its ${field} is ${shown}`);
}

const isInteger = (n, max) => typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= max;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isWellFormed = String.prototype.isWellFormed
  ? (s) => s.isWellFormed()
  : (s) => !LONE_SURROGATE.test(s);


/** A string argument, converted as whatwg-url's callers expect (`String(value)`). */
function text(value) {
  return typeof value === "string" ? value : `${value}`;
}

/** Appends `host` to `args` in the record protocol. */
function pushHost(args, host, field) {
  if (host === null) {
    args.push(NULL_HOST);
  } else if (typeof host === "string") {
    args.push(STRING_HOST, host);
  } else if (isInteger(host, 0xffffffff)) {
    args.push(IPV4_HOST, host);
  } else if (Array.isArray(host) && host.length === 8 && host.every((piece) => isInteger(piece, 0xffff))) {
    args.push(IPV6_HOST, ...host);
  } else {
    throw invalidRecord(field, host);
  }
}

/** Appends `url`, a URL record, to `args` in the record protocol; a TypeError when it is not one. */
function pushRecord(args, url) {
  if (typeof url !== "object" || url === null) throw invalidRecord("value", url);
  for (const field of ["scheme", "username", "password"]) {
    if (typeof url[field] !== "string") throw invalidRecord(field, url[field]);
  }
  args.push(url.scheme, url.username, url.password);
  pushHost(args, url.host, "host");
  if (url.port === null) args.push(NONE);
  else if (isInteger(url.port, 0xffff)) args.push(url.port);
  else throw invalidRecord("port", url.port);
  const { path } = url;
  if (typeof path === "string") args.push(NONE, path);
  else if (Array.isArray(path) && path.every((segment) => typeof segment === "string")) args.push(path.length, ...path);
  else throw invalidRecord("path", path);
  for (const field of ["query", "fragment"]) {
    const value = url[field];
    if (value === null) args.push(0);
    else if (typeof value === "string") args.push(1, value);
    else throw invalidRecord(field, value);
  }
  return args;
}

function readHost(reply) {
  switch (reply.num()) {
    case NULL_HOST:
      return null;
    case STRING_HOST:
      return reply.str();
    case IPV4_HOST:
      return reply.num();
    default: {
      const pieces = new Array(8);
      for (let i = 0; i < 8; i++) pieces[i] = reply.num();
      return pieces;
    }
  }
}

/** The next URL record of `reply`, as a new plain object. */
function readRecord(reply) {
  const scheme = reply.str();
  const username = reply.str();
  const password = reply.str();
  const host = readHost(reply);
  const port = reply.num();
  const segments = reply.num();
  let path;
  if (segments === NONE) {
    path = reply.str();
  } else {
    path = new Array(segments);
    for (let i = 0; i < segments; i++) path[i] = reply.str();
  }
  const query = reply.num() === 1 ? reply.str() : null;
  const fragment = reply.num() === 1 ? reply.str() : null;
  return { scheme, username, password, host, port: port === NONE ? null : port, path, query, fragment };
}

/** Appends the optional base URL record (`baseURL` of whatwg-url's options). */
function pushBase(args, baseURL) {
  if (baseURL === undefined || baseURL === null) return args.push(0);
  args.push(1);
  return pushRecord(args, baseURL);
}

/** Checks the `encoding` option: only UTF-8 (the npm package carries no other encoding). */
function checkEncoding(encoding) {
  if (encoding === undefined || encoding === null) return;
  if (!UTF8_LABELS.includes(text(encoding).trim().toLowerCase())) {
    throw new RangeError(`weburl/whatwg-url: only the UTF-8 encoding is supported, not ${rt.quote(encoding)}`);
  }
}

function parse(input, options, withErrors) {
  checkEncoding(options.encoding);
  input = text(input);
  if (withErrors && !isWellFormed(input)) {
    // The errors of the string as it is, the record of the string the parser gets (U+FFFD).
    // The core sees text as UTF-8, where a lone surrogate is already U+FFFD, a URL code point;
    // U+FDD0 is a noncharacter, which no check of the parser tells from a lone surrogate
    // (neither is a URL code point, both are disallowed in a domain), so parsing the string with
    // it in their place meets the validation errors the standard reports for `input`.
    const { validationErrors } = parse(replaceLoneSurrogates(input, "\uFDD0"), options, true);
    return { url: parse(input, options, false).url, validationErrors };
  }
  const args = [input];
  pushBase(args, options.baseURL);
  args.push(withErrors ? 1 : 0);
  const reply = rt.records(OPERATIONS.parse, args);
  const errorCount = reply.num();
  const validationErrors = new Array(errorCount);
  for (let i = 0; i < errorCount; i++) validationErrors[i] = reply.num();
  const url = reply.num() === 1 ? readRecord(reply) : null;
  // Named once the reply is read: the first name is a call of the wasm, which the reply would not survive.
  for (let i = 0; i < errorCount; i++) validationErrors[i] = rt.validationErrorName(validationErrors[i]);
  return { url, validationErrors };
}

/**
 * The [URL parser](https://url.spec.whatwg.org/#concept-url-parser): a URL record, or null on
 * failure.
 */
export function parseURL(input, options = {}) {
  return parse(input, options, false).url;
}

/** `parseURL`, with the validation errors met, in order: `{ url, validationErrors }`. */
export function parseURLWithValidationErrors(input, options = {}) {
  return parse(input, options, true);
}

/**
 * The [basic URL parser](https://url.spec.whatwg.org/#concept-basic-url-parser). With `url` and
 * `stateOverride` (a state's name as the standard writes it, e.g. "hostname" or "path start") it
 * changes that record in place and returns it, or null on failure (the record may be changed
 * before the parser fails, as the standard says).
 */
export function basicURLParse(input, options = {}) {
  const { url, stateOverride } = options;
  if (url === undefined && stateOverride === undefined) return parseURL(input, options);
  if (url === undefined || stateOverride === undefined) {
    throw new TypeError("weburl/whatwg-url: basicURLParse takes url and stateOverride together");
  }
  checkEncoding(options.encoding);
  const args = [text(input)];
  pushRecord(args, url);
  args.push(text(stateOverride));
  const reply = rt.records(OPERATIONS.basicParseWithOverride, args);
  const outcome = reply.num();
  if (outcome === 2) {
    throw new TypeError(
      `weburl/whatwg-url: ${rt.quote(stateOverride)} is not a state override (scheme start, host, hostname, port, path start, query, fragment)`,
    );
  }
  update(url, readRecord(reply));
  return outcome === 1 ? url : null;
}

/** Writes `changed` into the record `url`, filling a path array in place as the parser would. */
function update(url, changed) {
  for (const field of Object.keys(changed)) {
    const value = changed[field];
    if (field === "path" && Array.isArray(url.path) && Array.isArray(value)) {
      url.path.length = value.length;
      for (let i = 0; i < value.length; i++) url.path[i] = value[i];
    } else if (!(Array.isArray(value) && String(value) === String(url[field]))) {
      url[field] = value;
    }
  }
}

/** Whether `input` is a [valid URL string](https://url.spec.whatwg.org/#valid-url-string). */
export function isValidURLString(input, options = {}) {
  input = text(input);
  // A lone surrogate is not a URL unit; the core would only see the U+FFFD it becomes on the way.
  if (!isWellFormed(input)) return false;
  const args = [input];
  pushBase(args, options.baseURL);
  return rt.records(OPERATIONS.isValidURLString, args).num() === 1;
}

/** The [URL serializer](https://url.spec.whatwg.org/#concept-url-serializer). */
export function serializeURL(url, excludeFragment = false) {
  const args = pushRecord([], url);
  args.push(excludeFragment ? 1 : 0);
  return rt.records(OPERATIONS.serialize, args).str();
}

/** The [URL path serializer](https://url.spec.whatwg.org/#url-path-serializer). */
export function serializePath(url) {
  return rt.records(OPERATIONS.serializePath, pushRecord([], url)).str();
}

/** The [serialization](https://html.spec.whatwg.org/#ascii-serialisation-of-an-origin) of a URL's [origin](https://url.spec.whatwg.org/#concept-url-origin). */
export function serializeURLOrigin(url) {
  return rt.records(OPERATIONS.serializeOrigin, pushRecord([], url)).str();
}

/** The [host serializer](https://url.spec.whatwg.org/#concept-host-serializer), for a record's host. */
export function serializeHost(host) {
  if (host === null) return null; // as whatwg-url's serializeHost, which returns a string host as it is
  const args = [];
  pushHost(args, host, "host");
  return rt.records(OPERATIONS.serializeHost, args).str();
}

/** [Serializes an integer](https://url.spec.whatwg.org/#serialize-an-integer) (a port): its shortest decimal form. */
export function serializeInteger(integer) {
  return String(integer);
}

/** [Sets the username](https://url.spec.whatwg.org/#set-the-username) of the record `url`. */
export function setTheUsername(url, username) {
  url.username = rt.records(OPERATIONS.encodeUserinfo, [text(username)]).str();
}

/** [Sets the password](https://url.spec.whatwg.org/#set-the-password) of the record `url`. */
export function setThePassword(url, password) {
  url.password = rt.records(OPERATIONS.encodeUserinfo, [text(password)]).str();
}

/** Whether the record `url` [cannot have a username/password/port](https://url.spec.whatwg.org/#cannot-have-a-username-password-port). */
export function cannotHaveAUsernamePasswordPort(url) {
  return rt.records(OPERATIONS.cannotHaveAUsernamePasswordPort, pushRecord([], url)).num() === 1;
}

/** Whether the record `url` [has an opaque path](https://url.spec.whatwg.org/#url-opaque-path): in a record, a path that is a string. */
export function hasAnOpaquePath(url) {
  return typeof url.path === "string";
}

const encoder = new TextEncoder();

/** [Percent-decodes](https://url.spec.whatwg.org/#string-percent-decode) a string's UTF-8 bytes into a Uint8Array. */
export function percentDecodeString(input) {
  return rt.percentDecode(encoder.encode(text(input)));
}

/** [Percent-decodes](https://url.spec.whatwg.org/#percent-decode) a Uint8Array into a new one. */
export function percentDecodeBytes(input) {
  if (!(input instanceof Uint8Array)) throw new TypeError("weburl/whatwg-url: percentDecodeBytes takes a Uint8Array");
  return rt.percentDecode(input);
}

/**
 * Not in whatwg-url: the standard's [domain to Unicode](https://url.spec.whatwg.org/#concept-domain-to-unicode)
 * (e.g. for showing a host to people), as `url.domainToUnicode` in Node.
 */
export function domainToUnicode(domain) {
  return rt.records(OPERATIONS.domainToUnicode, [text(domain)]).str();
}
