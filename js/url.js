// The URL and URLSearchParams classes (https://url.spec.whatwg.org/#api), with WebIDL
// behaviour. Everything the URL Standard decides happens in the wasm module; these classes
// convert arguments, check brands, keep a URL's serialization and component offsets so that a
// getter is a slice, and keep a URLSearchParams list, which they parse and serialize through
// the module.

import { adaptForNode, nodeContext, ordinaryKeys } from "./node-compat.js";
import {
  ABSENT, BASE_FAILURE, BLOB, DISTINCT, FLAGS, FRAGMENT_START, HOST_END, HOST_KIND_MASK, HOST_START,
  PATH_START, PORT, QUERY_START, SCHEME_END, SETTERS, TUPLE_ORIGIN, USERNAME_END,
} from "./protocol.js";
import { DOT, MODULE, URI } from "./kinds.js";
import * as rt from "./runtime.js";
import { enumerable, name, requireArguments, str, toStringTag, usv } from "./webidl.js";

// ----- URL -----

/**
 * Passed as the constructor's first argument, with the serialization, to build a URL from the
 * offsets in the slots (without taking the URL the module keeps: `rt.adoptParsed`).
 */
const FROM_SLOTS = Symbol("weburl.fromSlots");

let updateQuery; // (url, serialization) => void, the URLSearchParams "update" steps; set in URL's static block
// Calls that change a URL, each run `rt.again` (a miss runs it once more, on a fresh instance, to
// which the offsets are lent again): set in URL's static block.
let setOnce; // (url, id, value) => as rt.set gives
let blobOrigin; // (url, href) => the origin
let linkedParams; // (url, list) => URLSearchParams for URL's query object

/**
 * The start of most URLs, which no parse of it fails, so `URL.canParse` needs no call for it: a
 * special scheme but file (in either case), "//", a host of labels of ASCII letters, digits, "-"
 * and "_" (an ASCII domain is only lowercased, whatever Punycode its labels hold: whatwg/url#914),
 * the last starting with a letter (so the host does not end in a number and is no IPv4 address),
 * a port of up to four digits, then the end or the path, query or fragment, whose states never
 * fail. A regular expression, not a loop of charCodeAt: half the instructions.
 */
const SURELY_VALID = /^(?:https?|wss?|ftp):\/\/(?:[\w-]+\.)*[a-z][\w-]*\.?(?::\d{0,4})?(?:[/?#\\]|$)/i;

/** What a state does with each code unit below U+0080: `uri` and `module` name those beyond the ones all share. */
function kinds(module, uri) {
  const kind = new Uint8Array(0x80).fill(URI, 0, 0x21); // the rest KEEP, 0
  for (const c of `"<>\x7f${uri}`) kind[c.charCodeAt(0)] = URI;
  for (const c of `\t\n\r%[\\]|${module}`) kind[c.charCodeAt(0)] = MODULE;
  return kind;
}

// By the fragment percent-encode set, the special-query one (so any URL's query), the path one.
const FRAGMENT = kinds("^{}", "`");
const QUERY = kinds("^{}#'`", "");
const PATH = kinds("?#", "^`{}");
PATH[0x2e] = DOT;

/**
 * The fragment (`prefix` "#", `kind` FRAGMENT), query ("?", QUERY) or path of a special URL but
 * file ("/", PATH) that the hash, search or pathname setter's `input` gives, where every code
 * unit's `kind` tells it (js/kinds.js): `input` (with `prefix`, which one leading `prefix` already
 * is), or its `encodeURI`; undefined for the module, and for an empty `input` (a query or fragment
 * becomes null). Most values set are not for the module (`#top`, `?page=2`, `?q=café`, `/a/b c`):
 * the setter then splices the serialization, with no call, no copy of the URL in and out of the
 * module, and no decoding. A loop, not a regular expression: RegExp's `test` costs about 340
 * instructions a call (Node 20).
 */
function encoded(input, prefix, kind) {
  if (input === "") return undefined;
  const from = input.charCodeAt(0) === prefix.charCodeAt(0) ? 1 : 0;
  let uri = false;
  for (let i = from; i < input.length; i++) {
    const c = input.charCodeAt(i);
    const k = c < 0x80 ? kind[c] : URI;
    if (k === URI) uri = true;
    else if (k === MODULE || (k === DOT && (i === 0 || input.charCodeAt(i - 1) === 0x2f))) return undefined;
  }
  const text = from === 1 ? input : prefix + input;
  return uri ? encodeURI(text) : text;
}

/**
 * The protocols of the schemes whose origin is a tuple (the special ones but file), by length
 * (ftp and wss, both 3, told by their first letter): the getter gives one of these, not a new
 * string (a slice costs about 75 instructions in V8).
 */
const TUPLE_PROTOCOLS = ["", "", "ws:", "", "http:", "https:"];

/** The TypeError for the parse that just failed. */
function failure(input, base) {
  const cause = rt.failureCause();
  const reason = cause === undefined ? "" : ` (${cause})`;
  if (rt.status === BASE_FAILURE) return new TypeError(`Invalid base URL ${rt.quote(base)}${reason}`);
  const against = base === undefined ? "" : ` against base ${rt.quote(base)}`;
  return new TypeError(`Invalid URL ${rt.quote(input)}${against}${reason}`);
}

/**
 * A URL object's serialization, offsets and query object (its `#r`), with the steps over them.
 * Methods of this class, not private methods of URL: a class with private methods gives each
 * instance one more own property (V8's brand), which the keyed load of an attribute
 * (`url[name]`) looks through on every call, as it does the private field (see `#r`); and a
 * method here inlines with no check of what it is (module functions: a load and compare each).
 */
class Record {
  // Assigned, not class fields, which the legacy builds (ES2017) would define one call each.
  constructor() {
    this.href = null; // the serialization; null while the module holds it (rt.settle)
    this.schemeEnd = 0;
    this.usernameEnd = 0;
    this.hostStart = 0;
    this.hostEnd = 0;
    this.port = 0;
    this.pathStart = 0;
    this.queryStart = 0;
    this.fragmentStart = 0;
    this.flags = 0;
    this.hostnameSlice = null; // what `hostname()` sliced, until the offsets change
    this.searchParams = null;
    // What the query object's list is parsed from when it is first asked for: the query, or the
    // last input of the search setter (which may differ, e.g. by tabs the parser removes).
    this.listInput = undefined;
  }

  /** The serialization. */
  text() {
    if (this.href === null) rt.settle();
    return this.href;
  }

  /** Takes `href` (null: pending in the module) and the offsets in the slots. */
  adopt(href) {
    const s = rt.slots();
    const o = rt.slotBase;
    this.href = href;
    this.schemeEnd = s[o + SCHEME_END];
    this.usernameEnd = s[o + USERNAME_END];
    this.hostStart = s[o + HOST_START];
    this.hostEnd = s[o + HOST_END];
    this.port = s[o + PORT] | 0;
    this.pathStart = s[o + PATH_START];
    this.queryStart = s[o + QUERY_START] | 0;
    this.fragmentStart = s[o + FRAGMENT_START] | 0;
    this.flags = s[o + FLAGS];
    this.hostnameSlice = null;
  }

  /** Puts the offsets in the slots, for a call that changes the URL. */
  lend() {
    const s = rt.slots();
    const o = rt.slotBase;
    s[o + SCHEME_END] = this.schemeEnd;
    s[o + USERNAME_END] = this.usernameEnd;
    s[o + HOST_START] = this.hostStart;
    s[o + HOST_END] = this.hostEnd;
    s[o + PORT] = this.port;
    s[o + PATH_START] = this.pathStart;
    s[o + QUERY_START] = this.queryStart;
    s[o + FRAGMENT_START] = this.fragmentStart;
    s[o + FLAGS] = this.flags;
  }

  /**
   * The hostname getter's slice, made once for it and for the host getter where there is no port
   * (the same string): a slice costs about 75 instructions (V8).
   */
  hostname() {
    if (this.hostnameSlice === null) this.hostnameSlice = this.text().slice(this.hostStart, this.hostEnd);
    return this.hostnameSlice;
  }

  portEnd() {
    return this.port === ABSENT ? this.hostEnd : this.pathStart;
  }

  /** Where the path ends: at the query, the fragment or the serialization's end. */
  pathEnd() {
    return this.queryStart !== ABSENT ? this.queryStart : this.queryEnd();
  }

  queryEnd() {
    return this.fragmentStart === ABSENT ? this.text().length : this.fragmentStart;
  }

  /** Sets the query of `url` to `query` ("?" and the query) by splicing the serialization, as the module would. */
  spliceQuery(url, query) {
    const href = this.text();
    const end = this.queryEnd();
    const start = this.queryStart === ABSENT ? end : this.queryStart;
    this.href = href.slice(0, start) + query + href.slice(end);
    this.queryStart = start;
    if (this.fragmentStart !== ABSENT) this.fragmentStart = start + query.length;
    rt.changedOutside(url);
  }

  /** The query, without "?"; null when the URL has none. */
  query() {
    return this.queryStart === ABSENT ? null : this.text().slice(this.queryStart + 1, this.queryEnd());
  }
}

/** Runs setter `id` in the module on `url` (record `r`); the URL takes the result when it changed. */
function runSetter(url, r, id, value) {
  const href = rt.again(setOnce, url, id, value);
  if (href !== undefined) r.adopt(href);
}

export class URL {
  // One private field, not one for each of these: a keyed load of an attribute (`url[name]` with
  // names that vary, a megamorphic load) first looks for the name among the object's own
  // properties, private fields included, one by one; with twelve fields that was about 45
  // instructions of every such load (V8).
  #r = new Record();

  constructor(url, base = undefined) {
    if (nodeContext !== undefined) Object.defineProperty(this, nodeContext, { value: null });
    // `typeof` first: a string compared with a symbol is V8's generic comparison, a call.
    if (typeof url === "symbol" && url === FROM_SLOTS) {
      this.#r.adopt(base);
      return;
    }
    requireArguments(arguments.length, 1, "Failed to construct 'URL'");
    const input = str(url);
    const baseString = base === undefined ? undefined : str(base);
    const href = rt.parse(input, baseString);
    if (href === undefined) throw failure(input, baseString);
    this.#r.adopt(href);
    rt.adoptParsed(this);
  }

  static {
    rt.deliverTo((url, href) => {
      url.#r.href = href;
    });
    setOnce = (url, id, value) => {
      if (!rt.owns(url)) url.#r.lend();
      return rt.set(url, url.#r.href, id, value);
    };
    blobOrigin = (url, href) => {
      url.#r.lend();
      return rt.origin(href);
    };
    // The update steps set the query to the list's serialization as it is (no parse); an empty
    // one makes it null, which is the search setter's "" (an opaque path may lose trailing spaces).
    updateQuery = (url, serialization) => {
      if (serialization === "") runSetter(url, url.#r, SETTERS.search, "");
      else url.#r.spliceQuery(url, `?${serialization}`);
    };
  }

  static parse(url, base = undefined) {
    requireArguments(arguments.length, 1, "URL.parse");
    const input = str(url);
    const href = rt.parse(input, base === undefined ? undefined : str(base));
    if (href === undefined) return null;
    const parsed = new URL(FROM_SLOTS, href);
    rt.adoptParsed(parsed);
    return parsed;
  }

  static canParse(url, base = undefined) {
    requireArguments(arguments.length, 1, "URL.canParse");
    const input = str(url);
    if (base === undefined && SURELY_VALID.test(input)) return true;
    return rt.canParse(input, base === undefined ? undefined : str(base));
  }

  get href() {
    return this.#r.text();
  }

  set href(value) {
    const r = this.#r;
    const input = str(value);
    const href = rt.parse(input);
    if (href === undefined) throw failure(input);
    r.adopt(href);
    rt.adoptParsed(this);
    r.listInput = undefined;
    if (r.searchParams !== null) linkedParams(r.searchParams, parseList(r.query() ?? ""));
  }

  get origin() {
    const r = this.#r;
    const flags = r.flags;
    const href = r.text();
    if (flags & TUPLE_ORIGIN) {
      const end = r.portEnd();
      return r.hostStart === r.schemeEnd + 3
        ? href.slice(0, end)
        : href.slice(0, r.schemeEnd + 3) + href.slice(r.hostStart, end);
    }
    if (flags & BLOB) return rt.again(blobOrigin, this, href);
    return "null";
  }

  get protocol() {
    const r = this.#r;
    const href = r.text();
    if (r.flags & TUPLE_ORIGIN) {
      return r.schemeEnd === 3 ? (href.charCodeAt(0) === 0x66 ? "ftp:" : "wss:") : TUPLE_PROTOCOLS[r.schemeEnd];
    }
    return href.slice(0, r.schemeEnd + 1);
  }

  set protocol(value) {
    runSetter(this, this.#r, SETTERS.protocol, str(value));
  }

  get username() {
    const r = this.#r;
    return (r.flags & HOST_KIND_MASK) === 0 ? "" : r.text().slice(r.schemeEnd + 3, r.usernameEnd);
  }

  set username(value) {
    runSetter(this, this.#r, SETTERS.username, str(value));
  }

  get password() {
    const r = this.#r;
    return r.hostStart > r.usernameEnd + 1 ? r.text().slice(r.usernameEnd + 1, r.hostStart - 1) : "";
  }

  set password(value) {
    runSetter(this, this.#r, SETTERS.password, str(value));
  }

  get host() {
    const r = this.#r;
    return r.port === ABSENT ? r.hostname() : r.text().slice(r.hostStart, r.pathStart);
  }

  set host(value) {
    runSetter(this, this.#r, SETTERS.host, str(value));
  }

  get hostname() {
    return this.#r.hostname();
  }

  set hostname(value) {
    runSetter(this, this.#r, SETTERS.hostname, str(value));
  }

  get port() {
    const r = this.#r;
    return r.port === ABSENT ? "" : r.text().slice(r.hostEnd + 1, r.pathStart);
  }

  set port(value) {
    runSetter(this, this.#r, SETTERS.port, str(value));
  }

  get pathname() {
    const r = this.#r;
    return r.text().slice(r.pathStart, r.pathEnd());
  }

  set pathname(value) {
    const r = this.#r; // the brand check, before the conversion
    const input = usv(value);
    const path = r.flags & TUPLE_ORIGIN ? encoded(input, "/", PATH) : undefined;
    if (path === undefined) {
      runSetter(this, r, SETTERS.pathname, input);
      return;
    }
    // Spliced as the query and fragment are: a call of one splice for all three cost 80 to 160
    // instructions more a setter (Node 20), though it ran the same steps.
    const href = r.text();
    const end = r.pathEnd();
    r.href = href.slice(0, r.pathStart) + path + href.slice(end);
    const shift = r.pathStart + path.length - end;
    if (r.queryStart !== ABSENT) r.queryStart += shift;
    if (r.fragmentStart !== ABSENT) r.fragmentStart += shift;
    rt.changedOutside(this);
  }

  get search() {
    const r = this.#r;
    const start = r.queryStart;
    const end = r.queryEnd();
    return start === ABSENT || end - start <= 1 ? "" : r.text().slice(start, end);
  }

  set search(value) {
    const r = this.#r;
    const input = usv(value);
    const query = encoded(input, "?", QUERY);
    if (query === undefined) {
      runSetter(this, r, SETTERS.search, input);
    } else {
      r.spliceQuery(this, query);
    }
    const listInput = input.charCodeAt(0) === 0x3f ? input.slice(1) : input;
    if (r.searchParams !== null) {
      linkedParams(r.searchParams, input === "" ? [] : parseList(listInput));
    } else {
      r.listInput = listInput;
    }
  }

  get searchParams() {
    const r = this.#r;
    if (r.searchParams === null) {
      const list = parseList(r.listInput ?? r.query() ?? "");
      r.searchParams = new URLSearchParams(FROM_SLOTS, this, list);
    }
    return r.searchParams;
  }

  get hash() {
    const r = this.#r;
    const start = r.fragmentStart;
    const href = r.text();
    return start === ABSENT || href.length - start <= 1 ? "" : href.slice(start);
  }

  set hash(value) {
    const r = this.#r; // the brand check, before the conversion
    const input = usv(value);
    const fragment = encoded(input, "#", FRAGMENT);
    if (fragment === undefined) {
      runSetter(this, r, SETTERS.hash, input);
    } else {
      const href = r.text();
      const start = r.fragmentStart === ABSENT ? href.length : r.fragmentStart;
      r.href = href.slice(0, start) + fragment;
      r.fragmentStart = start;
      rt.changedOutside(this);
    }
  }

  toJSON() {
    return this.#r.text();
  }

  toString() {
    return this.#r.text();
  }
}

// A URL's components as the getters give them: scheme, username, password, host, port, path,
// query and fragment.
const COMPONENTS = [
  (url) => url.protocol.slice(0, -1), (url) => url.username, (url) => url.password, (url) => url.hostname,
  (url) => url.port, (url) => url.pathname, (url) => url.search.slice(1), (url) => url.hash.slice(1),
];

/**
 * The components of the URL whose serialization is `href` and whose offsets are in the slots
 * (only the one numbered `only`, if given), what weburl/urlpattern's add-on matches (js/runtime.js,
 * `startAddOn`).
 */
export function componentsInSlots(href, only) {
  const url = new URL(FROM_SLOTS, href);
  return only === undefined ? COMPONENTS.map((component) => component(url)) : [COMPONENTS[only](url)];
}

/**
 * The components of the URL that `input` parses to against `base` (if given), or null where it
 * does not parse: what URLPattern's test() and exec() match a string input against
 * (js/urlpattern.js), without a call into its core.
 */
export function parsedComponents(input, base) {
  const href = rt.parse(input, base);
  return href === undefined ? null : componentsInSlots(href);
}

// ----- URLSearchParams -----

/** Parses a query into a flat list: name, value, name, value, … */
function parseList(input) {
  return input === "" ? [] : rt.parseQuery(input);
}

/** Whether the names of `list`, which parseList has just given, all differ. */
function parsedDistinct(list) {
  return list.length <= 2 || rt.status === DISTINCT;
}

/**
 * The list's application/x-www-form-urlencoded serialization. Where every name and value holds
 * only code units the serializer leaves as they are (ASCII alphanumerics, "*", "-", ".", "_"),
 * as most names and values set are, it is they joined by "=" and "&", without the module: no
 * join for encodeInto, no call, no decoding (a fresh URL, searchParams.set and href: 7,384
 * instructions an iteration in Node 20 with the module).
 */
function serializeList(list) {
  if (list.length === 0) return "";
  let joined = "";
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    for (let j = 0; j < s.length; j++) {
      const c = s.charCodeAt(j);
      const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
      if (!(letter || (c >= 0x30 && c <= 0x39) || c === 0x2a || c === 0x2d || c === 0x2e || c === 0x5f)) {
        return rt.serializeQuery(list);
      }
    }
    joined += i === 0 ? s : (i & 1) === 1 ? `=${s}` : `&${s}`;
  }
  return joined;
}

const KEYS = 0;
const VALUES = 1;
const ENTRIES = 2;

let listOf; // (params) => its list; set in URLSearchParams's static block

export class URLSearchParams {
  #list = []; // name, value, name, value, …
  #url = null;
  #index = null; // a NameIndex over the list, once lookups have paid for it; dropped on change
  #scanned = 0; // list entries looked through since the list last changed
  #serialization = null; // what toString gave, until the list changes
  #distinct = false; // whether the names are known to all differ: set and delete stop at a hit
  #raw = ABSENT; // where the strings not yet made USVStrings start (see #wellFormed), or ABSENT

  constructor(init = undefined) {
    if (init === FROM_SLOTS) {
      this.#url = arguments[1];
      this.#list = arguments[2];
      this.#distinct = parsedDistinct(this.#list);
      return;
    }
    if (init === undefined) return;
    if (init !== null && (typeof init === "object" || typeof init === "function")) {
      const method = init[Symbol.iterator];
      this.#list = method !== undefined && method !== null ? pairsFromSequence(init, method) : pairsFromRecord(init);
      this.#raw = 0;
    } else {
      // Its lone surrogates replaced by the module's parse, as they are when it is written in.
      const s = str(init);
      this.#list = parseList(s.charCodeAt(0) === 0x3f ? s.slice(1) : s);
      this.#distinct = parsedDistinct(this.#list);
    }
  }

  static {
    listOf = (params) => {
      if (params.#raw !== ABSENT) params.#wellFormed();
      return params.#list;
    };
    linkedParams = (params, list) => {
      params.#list = list;
      params.#raw = ABSENT;
      params.#distinct = parsedDistinct(list);
      params.#changed();
    };
  }

  /** After the list changed: the index is stale, and the URL's query follows (the "update" steps). */
  #update() {
    this.#changed();
    if (this.#url !== null) updateQuery(this.#url, (this.#serialization = serializeList(this.#list)));
  }

  #changed() {
    this.#index = null;
    this.#scanned = 0;
    this.#serialization = null;
  }

  /**
   * Makes the list's strings USVStrings. append and the constructors of pairs and records store
   * the strings as WebIDL's ToString gives them, and their lone surrogates become U+FFFD here,
   * before the list is next read (its names compared, sorted or given out), wherever `#raw` is
   * not ABSENT: calling toWellFormed for each was 74 of an append's 268 instructions (Node 20);
   * toString needs no conversion, since the module's encoding writes a lone surrogate as U+FFFD's
   * UTF-8, as it writes U+FFFD. The test is at each read, not in a method that returns the list:
   * 8 instructions a get against 20 (Node 20).
   */
  #wellFormed() {
    const list = this.#list;
    for (let i = this.#raw; i < list.length; i++) list[i] = usv(list[i]);
    this.#raw = ABSENT;
  }

  /**
   * The index of the list, or null while scanning is cheaper: building it costs about eight scans
   * of the list (V8, 100 pairs: a Map insertion per name), so it is built once the scans since
   * the last change have looked through the list sixteen times, and lookups never cost more than
   * about one and a half times what scanning alone would.
   */
  #lookup() {
    if (this.#index === null) {
      const length = this.#list.length;
      this.#scanned += length;
      if (length >= INDEXED_LENGTH && this.#scanned > 16 * length) this.#index = new NameIndex(this.#list);
    }
    return this.#index;
  }

  get size() {
    return this.#list.length >> 1;
  }

  append(name, value) {
    requireArguments(arguments.length, 2, "URLSearchParams.append");
    const n = str(name);
    const v = str(value);
    // Stored at the end rather than pushed: TurboFan calls the push builtin for two values (100
    // appends: 351 instructions an append → 282).
    const list = this.#list;
    const end = list.length;
    list[end] = n;
    list[end + 1] = v;
    if (this.#raw === ABSENT) this.#raw = end;
    this.#distinct = false;
    this.#update();
  }

  delete(name, value = undefined) {
    requireArguments(arguments.length, 1, "URLSearchParams.delete");
    const n = usv(name);
    if (this.#raw !== ABSENT) this.#wellFormed();
    removePairs(this.#list, 0, n, value === undefined ? undefined : usv(value), this.#distinct);
    this.#update();
  }

  get(name) {
    if (this.#raw !== ABSENT) this.#wellFormed();
    const list = this.#list;
    requireArguments(arguments.length, 1, "URLSearchParams.get");
    const n = usv(name);
    const index = this.#lookup();
    const at = index === null ? findPair(list, 0, n, undefined) : index.first(n);
    return at === NOT_FOUND ? null : list[at + 1];
  }

  getAll(name) {
    if (this.#raw !== ABSENT) this.#wellFormed();
    const list = this.#list;
    requireArguments(arguments.length, 1, "URLSearchParams.getAll");
    const n = usv(name);
    const index = this.#lookup();
    const from = index === null ? 0 : index.first(n);
    if (from === NOT_FOUND) return [];
    const end = index === null ? list.length : index.end(n);
    const values = [];
    for (let i = from; i < end; i += 2) if (list[i] === n) values.push(list[i + 1]);
    return values;
  }

  has(name, value = undefined) {
    if (this.#raw !== ABSENT) this.#wellFormed();
    const list = this.#list;
    requireArguments(arguments.length, 1, "URLSearchParams.has");
    const n = usv(name);
    const v = value === undefined ? undefined : usv(value);
    const index = this.#lookup();
    const from = index === null ? 0 : index.first(n);
    return from !== NOT_FOUND && findPair(list, from, n, v) !== NOT_FOUND;
  }

  set(name, value) {
    if (this.#raw !== ABSENT) this.#wellFormed();
    const list = this.#list;
    requireArguments(arguments.length, 2, "URLSearchParams.set");
    const n = usv(name);
    const v = usv(value);
    const i = findPair(list, 0, n, undefined);
    // An absent name pushed or the first pair's value replaced, the list's names stay distinct.
    if (i === NOT_FOUND) {
      list.push(n, v);
    } else {
      list[i + 1] = v;
      if (!this.#distinct) removePairs(list, i + 2, n, undefined, false);
    }
    this.#update();
  }

  sort() {
    if (this.#raw !== ABSENT) this.#wellFormed();
    sortPairs(this.#list);
    this.#update();
  }

  forEach(callback, thisArg = undefined) {
    requireArguments(arguments.length, 1, "URLSearchParams.forEach");
    if (typeof callback !== "function") throw new TypeError("URLSearchParams.forEach: the callback is not a function");
    // The list is read again at each step, so changes made by the callback are seen.
    for (let i = 0; i < this.#list.length; i += 2) {
      if (this.#raw !== ABSENT) this.#wellFormed();
      callback.call(thisArg, this.#list[i + 1], this.#list[i], this);
    }
  }

  entries() {
    return this.#iterator(ENTRIES);
  }

  keys() {
    return this.#iterator(KEYS);
  }

  values() {
    return this.#iterator(VALUES);
  }

  #iterator(kind) {
    return new URLSearchParamsIterator(this, kind);
  }

  toString() {
    return (this.#serialization ??= serializeList(this.#list));
  }
}

/**
 * Where the first pair named `name` (and with value `value`, unless undefined) is in `list`,
 * from entry `from` on; NOT_FOUND when there is none. The native loop of indexOf, which compares
 * lengths before it calls for a string comparison: a quarter fewer instructions than a loop
 * here, though it looks at the values too (a hit at an odd entry is a value: the search goes on).
 */
function findPair(list, from, name, value) {
  for (let i = from; (i = list.indexOf(name, i)) !== NOT_FOUND; i++) {
    if (i % 2 === 0 && (value === undefined || list[i + 1] === value)) return i;
  }
  return NOT_FOUND;
}

/**
 * Removes the pairs `findPair` finds from `list`, in place: a single pair by one splice (a native
 * move), several in one compacting pass, so that it stays linear. `distinct`: the list's names
 * all differ, so the first pair found is the only one (the rest of the list is not looked at).
 */
function removePairs(list, from, name, value, distinct) {
  const first = findPair(list, from, name, value);
  if (first === NOT_FOUND) return;
  if (distinct || findPair(list, first + 2, name, value) === NOT_FOUND) {
    list.splice(first, 2);
    return;
  }
  let kept = first;
  for (let i = first; i < list.length; i += 2) {
    if (list[i] === name && (value === undefined || list[i + 1] === value)) continue;
    list[kept] = list[i];
    list[kept + 1] = list[i + 1];
    kept += 2;
  }
  list.length = kept;
}

/** Lists shorter than this are always scanned. */
const INDEXED_LENGTH = 16;
const NOT_FOUND = -1;

/** Where each name first and last occurs in a list. */
class NameIndex {
  #first = new Map();
  #last = new Map();

  constructor(list) {
    for (let i = 0; i < list.length; i += 2) {
      const name = list[i];
      if (!this.#first.has(name)) this.#first.set(name, i);
      this.#last.set(name, i);
    }
  }

  first(name) {
    return this.#first.get(name) ?? NOT_FOUND;
  }

  /** The entry after the last pair named `name` (which must be in the list). */
  end(name) {
    return this.#last.get(name) + 2;
  }
}

/**
 * Sorts a flat list of name-value pairs by name, stably; `<` on strings compares UTF-16 code
 * units, as the standard's sort does. Runs of SORTED_RUN pairs by insertion (linear when sorted
 * already), then merged bottom-up, each pass from one array into the other: on 100 pairs, 4
 * passes instead of the 7 of merging from single pairs, and about 30% fewer instructions (V8).
 */
function sortPairs(list) {
  const length = list.length;
  const run = 2 * SORTED_RUN;
  for (let start = 0; start < length; start += run) {
    const end = Math.min(start + run, length);
    for (let i = start + 2; i < end; i += 2) {
      const name = list[i];
      const value = list[i + 1];
      let j = i - 2;
      for (; j >= start && list[j] > name; j -= 2) {
        list[j + 2] = list[j];
        list[j + 3] = list[j + 1];
      }
      list[j + 2] = name;
      list[j + 3] = value;
    }
  }
  if (length <= run) return;
  let from = list;
  let to = list.slice();
  for (let width = run; width < length; width *= 2) {
    for (let start = 0; start < length; start += 2 * width) {
      const middle = Math.min(start + width, length);
      const end = Math.min(start + 2 * width, length);
      let left = start;
      let right = middle;
      let k = start;
      while (left < middle && right < end) {
        const pick = from[right] < from[left] ? right : left;
        to[k++] = from[pick];
        to[k++] = from[pick + 1];
        if (pick === left) left += 2;
        else right += 2;
      }
      while (left < middle) to[k++] = from[left++];
      while (right < end) to[k++] = from[right++];
    }
    [from, to] = [to, from];
  }
  if (from !== list) for (let i = 0; i < length; i++) list[i] = from[i];
}

/**
 * Pairs sorted by insertion before merging: sorting 100 pairs took 102k, 98k and 116k instructions
 * with runs of 4, 8 and 16.
 */
const SORTED_RUN = 8;

/**
 * sequence<sequence<USVString>>, converted whole (as WebIDL does before the constructor steps
 * run; the lone surrogates left for URLSearchParams' #wellFormed), then each item checked to be
 * a pair.
 */
function pairsFromSequence(init, method) {
  if (typeof method !== "function") throw new TypeError("URLSearchParams: init[Symbol.iterator] is not a function");
  let list;
  let at = 0; // where the next string goes
  let odd = -1; // the length of the first item that is not a pair
  if (plainArray(init, method)) {
    // Made at its length (holey, as a parsed list is) and written by index: pushing onto an empty
    // array grew it five times on the way to 100 pairs, each a copy and garbage. At most
    // PREALLOCATED entries: a hole fails the conversion, so a sparse array's length is no count.
    list = new Array(Math.min(2 * init.length, PREALLOCATED));
    for (let i = 0; i < init.length; i++) {
      const start = at;
      at = convertItem(list, at, init[i]);
      if (at - start !== 2 && odd === -1) odd = at - start;
    }
    list.length = at;
  } else {
    list = [];
    for (const item of iterable(init, method)) {
      const start = at;
      at = convertItem(list, at, item);
      if (at - start !== 2 && odd === -1) odd = at - start;
    }
  }
  if (odd !== -1) throw new TypeError(`URLSearchParams: a pair has ${odd} items, not 2`);
  return list;
}

/** The most entries a list from an array of pairs is made with (128 KB in V8), before it grows. */
const PREALLOCATED = 1 << 14;

/**
 * Writes the strings of `item`, an item of the sequence, into `list` from entry `at`; where the
 * next one goes. An array whose iteration nobody changed is read by index, each element
 * converted before the length is read again, as its iterator would (a conversion can change it).
 */
function convertItem(list, at, item) {
  if (item === null || (typeof item !== "object" && typeof item !== "function")) {
    throw new TypeError("URLSearchParams: each item must be a sequence of strings");
  }
  const method = item[Symbol.iterator];
  if (typeof method !== "function") throw new TypeError("URLSearchParams: each item must be a sequence of strings");
  if (plainArray(item, method)) {
    let i = 0;
    // A pair whose first is a string, as nearly all are, without the loop: that conversion runs no
    // code, so the second is there to read (100 pairs: 1.5k fewer instructions, 4% less time).
    if (item.length === 2) {
      const first = item[0];
      list[at++] = str(first);
      i = 1;
      if (typeof first === "string") {
        list[at++] = str(item[1]);
        i = 2;
      }
    }
    for (; i < item.length; i++) list[at++] = str(item[i]);
  } else {
    for (const value of iterable(item, method)) list[at++] = str(value);
  }
  return at;
}

/** `object` with its iterator method `method`, for `for … of`. */
function iterable(object, method) {
  return { [Symbol.iterator]: () => method.call(object) };
}

const ArrayIteratorPrototype = Object.getPrototypeOf([][Symbol.iterator]());
const arrayValues = Array.prototype[Symbol.iterator];
const arrayIteratorNext = ArrayIteratorPrototype.next;

/**
 * Whether `object` (iterator method `method`) is an array whose iteration nobody changed: then
 * reading it by index does what its iterator would (the same reads, in the same order), without
 * the iterator's cost.
 */
function plainArray(object, method) {
  return method === arrayValues && ArrayIteratorPrototype.next === arrayIteratorNext && Array.isArray(object);
}

/**
 * record<USVString, USVString>: own enumerable properties, in property order; the values' lone
 * surrogates left for URLSearchParams' #wellFormed, the names' replaced here, where they are keyed.
 * WebIDL asks for the object's own keys once, then for each key its own property and, where it is
 * enumerable, its value: a Proxy's traps see exactly that. An object known to be no Proxy runs no
 * code of its own but its getters there, so its keys are read without hooks (`ordinaryKeys`) and
 * a data property's value is its descriptor's, which is what a get would answer.
 */
function pairsFromRecord(init) {
  const ordinary = ordinaryKeys(init);
  const keys = ordinary ?? Reflect.ownKeys(init);
  // Made at its length and trimmed, as pairsFromSequence's list.
  const list = new Array(2 * keys.length);
  let at = 0; // where the next pair goes
  // Keys are distinct, but two can become the same name when lone surrogates are replaced: from
  // the first such key on, names are looked up (a later one sets the earlier one's value).
  let index = null;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    // Reflect's own descriptor (a builtin of V8's CSA) over propertyIsEnumerable (a C++ call):
    // 100 keys took 155k instructions so in Node 20, 147k this way.
    const descriptor = getOwnPropertyDescriptor(init, key);
    if (descriptor === undefined || !descriptor.enumerable) continue;
    const name = usv(key);
    // An accessor's descriptor has its own `get` (`in` runs no code on a descriptor).
    const value = str(ordinary === null || "get" in descriptor ? init[key] : descriptor.value);
    if (index === null && name !== key) {
      index = new Map();
      for (let j = 0; j < at; j += 2) index.set(list[j], j);
    }
    const found = index === null ? undefined : index.get(name);
    if (found === undefined) {
      index?.set(name, at);
      list[at] = name;
      list[at + 1] = value;
      at += 2;
    } else {
      list[found + 1] = value;
    }
  }
  list.length = at;
  return list;
}

const getOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;

// The iterator prototype of WebIDL's pair iterators: next() reads the live list.
class URLSearchParamsIterator {
  #params;
  #kind;
  #index = 0;

  constructor(params, kind) {
    this.#params = params;
    this.#kind = kind;
  }

  next() {
    const list = listOf(this.#params);
    const i = this.#index;
    if (i >= list.length) return { value: undefined, done: true };
    this.#index = i + 2;
    const kind = this.#kind;
    const value = kind === KEYS ? list[i] : kind === VALUES ? list[i + 1] : [list[i], list[i + 1]];
    return { value, done: false };
  }
}

name(URL, "URL");
adaptForNode(URL);
name(URLSearchParams, "URLSearchParams");
enumerable(URL, ["parse", "canParse"]);
enumerable(URL.prototype, [
  "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
  "search", "searchParams", "hash", "toJSON", "toString",
]);
toStringTag(URL.prototype, "URL");

enumerable(URLSearchParams.prototype, [
  "size", "append", "delete", "get", "getAll", "has", "set", "sort", "forEach", "entries", "keys",
  "values", "toString",
]);
Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, {
  value: URLSearchParams.prototype.entries,
  writable: true,
  configurable: true,
});
toStringTag(URLSearchParams.prototype, "URLSearchParams");

const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
Object.setPrototypeOf(URLSearchParamsIterator.prototype, IteratorPrototype);
delete URLSearchParamsIterator.prototype.constructor;
enumerable(URLSearchParamsIterator.prototype, ["next"]);
toStringTag(URLSearchParamsIterator.prototype, "URLSearchParams Iterator");
