// The low-level half of scripts/differential/url.mjs: weburl's `weburl/whatwg-url` entry against the
// npm package whatwg-url, function by function, on URL records (plain objects with the eight
// fields below).
//
// A low-level case is one self-contained step, {t: "ll", api, input, base?, ...}, so the main
// script's bookkeeping (counting, grouping, --out, --replay, minimizing) handles it as it handles
// the URL-class steps. For an input and an optional base string, casesFor() yields:
//   - parseURL, parseURLWithValidationErrors (the record and the exact error list: names, order,
//     repeats) and isValidURLString, with the base record when there is a base;
//   - basicURLParse with each of the seven state overrides, on a structuredClone of the parsed
//     record, with a value drawn from the setter pools: the return (failure, the record) and every
//     field afterwards;
//   - serializeURL (both excludeFragment values), serializePath, serializeURLOrigin,
//     serializeHost(record.host), serializeInteger(record.port), cannotHaveAUsernamePasswordPort
//     and hasAnOpaquePath, each fed three ways: each side its own record, both sides whatwg-url's
//     record, both sides weburl's record (records handed across must work alike);
//   - setTheUsername and setThePassword with drawn values on cloned records;
// and, once per input, percentDecodeString(input) and percentDecodeBytes(its UTF-8 bytes).
//
// Records. Each side parses the base (when there is one) and the input with its own parseURL. A
// step that needs one record for both sides (basicURLParse, setTheUsername, setThePassword, and
// the parse of the input against a base) uses each side's own when the two are equal field by
// field; when they differ (a parseURL difference, reported as such), both sides get clones of
// whatwg-url's record (weburl's when whatwg-url failed), so the step compares the operation and
// not the parse again. The diff's detail says so. Parsed records are cached for the steps of one
// (input, base) and deep-frozen: a function that writes into a record it was only meant to read
// throws, and shows up as a difference.
//
// State overrides are applied as the standard's setters apply them: "path start" on a record whose
// path is emptied first (url.path = [], the pathname setter's "Empty this's URL's path"), "query"
// and "fragment" on a record whose query or fragment is set to "" first when null (the search and
// hash setters' "Set url's query to the empty string" / "Set this's URL's fragment to the empty
// string"), and "scheme start" mostly with a ":" appended (the protocol setter's "followed by
// U+003A (:)"). Records the setters would not hand to the parser are compared anyway, since the
// basic URL parser is defined for them too, but filed under their own category, "… (no setter
// would)": "host"/"hostname" on an opaque path (host and hostname setters: "If this's URL has an
// opaque path, then return") and "port" on a record that cannot have a port (port setter: "If
// this's URL cannot have a username/password/port, then return"). The one exception is "path
// start" on an opaque path, which is skipped: the path start state may "append the empty string
// to url's path", which has no meaning for an opaque path (whatwg-url throws there, calling push on
// a string), and the pathname setter returns before it.
//
// whatwg-url's `encoding` option is not compared: weburl has UTF-8 only.

import { attempt, errorKind, schemeClass } from "./outcome.mjs";

export const FIELDS = ["scheme", "username", "password", "host", "port", "path", "query", "fragment"];
export const OVERRIDES = ["scheme start", "host", "hostname", "port", "path start", "query", "fragment"];
// The setter whose values seed an override's input.
const OVERRIDE_SETTER = {
  "scheme start": "protocol",
  host: "host",
  hostname: "hostname",
  port: "port",
  "path start": "pathname",
  query: "search",
  fragment: "hash",
};
const PARSE_APIS = ["parseURL", "parseURLWithValidationErrors", "isValidURLString"];
const READERS = [
  "serializeURL",
  "serializePath",
  "serializeURLOrigin",
  "serializeHost",
  "serializeInteger",
  "cannotHaveAUsernamePasswordPort",
  "hasAnOpaquePath",
];
// The feeds of a reader step: which record each side is given.
const FEEDS = ["own records", "whatwg-url's record", "weburl's record"];

/** `text` with each lone surrogate replaced by U+FFFD (String.prototype.toWellFormed, which Node 18 lacks). */
const toScalarValueString = (text) => text.replace(/[\ud800-\udfff]/gu, "\ufffd");
const json = (value) => (value === undefined ? "undefined" : JSON.stringify(value));
const encoder = new TextEncoder();

function deepFreeze(record) {
  if (Array.isArray(record.path)) Object.freeze(record.path);
  if (Array.isArray(record.host)) Object.freeze(record.host);
  return Object.freeze(record);
}

const isRecord = (value) => typeof value === "object" && value !== null;

/** The fields (and "keys", for a different set of properties) in which two records differ, in FIELDS order. */
function fieldDifferences(a, b) {
  const out = [];
  const keysA = Object.keys(a).sort().join(",");
  const keysB = Object.keys(b).sort().join(",");
  if (keysA !== keysB) out.push(["keys", keysA, keysB]);
  for (const f of FIELDS) {
    const x = json(a[f]);
    const y = json(b[f]);
    if (x !== y) out.push([f, x, y]);
  }
  return out;
}

const sameRecord = (a, b) => (a === null || b === null ? a === b : fieldDifferences(a, b).length === 0);

/** The difference of two lists, for grouping: their common head and tail removed. */
function listDelta(a, b) {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return [a.slice(start, a.length - end), b.slice(start, b.length - end)];
}

/**
 * `web` and `ref`: the two modules (weburl/whatwg-url and whatwg-url); `random`: a makeRandom()
 * stream of its own; `pools`: the setter values by setter name, `anyPool` all of them.
 */
export function createLowLevel({ web, ref, random, pools, anyPool }) {
  const SIDES = { web, ref };

  // ----- records -----

  const baseCache = new Map(); // base string -> {web, ref, shared, from}
  let memo = { key: undefined, value: undefined };

  function parseOwn(side, input, baseRecord) {
    const o = attempt(() => (baseRecord === undefined ? SIDES[side].parseURL(input) : SIDES[side].parseURL(input, { baseURL: baseRecord })));
    if (o.ok && isRecord(o.value)) deepFreeze(o.value);
    return o;
  }

  /** One record for both sides (see the head of this file): {ours, ref, from}, or null when both failed. */
  function share(webRecord, refRecord) {
    if (webRecord === null && refRecord === null) return null;
    if (webRecord !== null && refRecord !== null && sameRecord(webRecord, refRecord)) {
      return { ours: webRecord, ref: refRecord, from: "own" };
    }
    const one = refRecord ?? webRecord;
    return { ours: one, ref: one, from: refRecord !== null ? "whatwg-url's record" : "weburl's record" };
  }

  const recordOf = (o) => (o.ok && isRecord(o.value) ? o.value : null);

  function baseRecords(base) {
    let b = baseCache.get(base);
    if (b === undefined) {
      const w = recordOf(parseOwn("web", base));
      const r = recordOf(parseOwn("ref", base));
      b = { web: w, ref: r, shared: share(w, r) };
      if (baseCache.size > 10_000) baseCache.clear();
      baseCache.set(base, b);
    }
    return b;
  }

  /**
   * The parses of (input, base): the base records as each side is given them (own, or shared),
   * each side's outcome of parseURL, and the shared record for the record steps.
   */
  function parsed(input, base) {
    const key = base === undefined ? `-${input}` : `+${base.length}:${base}${input}`;
    if (memo.key === key) return memo.value;
    let baseWeb;
    let baseRef;
    let baseFrom;
    if (base !== undefined) {
      const b = baseRecords(base);
      // both failed: the options' baseURL is null, which both read as no base
      baseWeb = b.shared?.ours ?? null;
      baseRef = b.shared?.ref ?? null;
      baseFrom = b.shared?.from ?? "none: the base fails on both sides";
    }
    const webOutcome = parseOwn("web", input, baseWeb);
    const refOutcome = parseOwn("ref", input, baseRef);
    const value = {
      baseWeb,
      baseRef,
      baseFrom,
      web: webOutcome,
      ref: refOutcome,
      shared: share(recordOf(webOutcome), recordOf(refOutcome)),
      own: { web: recordOf(webOutcome), ref: recordOf(refOutcome) },
    };
    memo = { key, value };
    return value;
  }

  const options = (p, side) => (p.baseFrom === undefined ? undefined : { baseURL: side === "web" ? p.baseWeb : p.baseRef });
  const call = (fn, input, opts) => (opts === undefined ? fn(input) : fn(input, opts));

  // ----- comparing -----

  /** A difference when one side throws and the other does not, or they throw different kinds. */
  function throwsDifference(a, b) {
    if (a.ok && b.ok) return null;
    if (!a.ok && !b.ok && errorKind(a.error) === errorKind(b.error) && errorKind(a.error) !== "TypeError (wasm trap)") return null;
    const show = (o) => (o.ok ? "no exception" : `throws ${errorKind(o.error)}`);
    return {
      attr: "throws",
      attrs: ["throws"],
      ours: show(a),
      ref: show(b),
      signature: `weburl ${show(a)}, whatwg-url ${show(b)}`,
      detail: { ours: a.ok ? undefined : a.error.message, ref: b.ok ? undefined : b.error.message },
    };
  }

  /** Builds a difference from [attribute, weburl's value, whatwg-url's value] triples (JSON texts). */
  function difference(list, extra = {}) {
    if (list.length === 0) return null;
    const values = {};
    for (const [a, x, y] of list) values[a] = [x, y];
    return { attr: list[0][0], attrs: list.map((d) => d[0]), ours: list[0][1], ref: list[0][2], values, display: "json", ...extra };
  }

  /** The differences of two parse results (null or a record), their attributes prefixed by `prefix`. */
  function resultDifferences(a, b, prefix) {
    if (a === null || b === null || !isRecord(a) || !isRecord(b)) {
      const show = (v) => (v === null ? "failure" : isRecord(v) ? "URL record" : json(v));
      return show(a) === show(b) ? [] : [[`${prefix}return`, show(a), show(b)]];
    }
    return fieldDifferences(a, b).map(([f, x, y]) => [`${prefix}${f}`, x, y]);
  }

  const withNote = (d, p) => {
    if (d !== null && p.baseFrom !== undefined && p.baseFrom !== "own") d.detail = { ...d.detail, note: `base record: ${p.baseFrom} on both sides` };
    return d;
  };

  function execParse(step) {
    const p = parsed(step.input, step.base);
    const kind = schemeClass(step.input, step.base);
    // step.api on step.input with the parsed base, on both sides
    const runBoth = () => ["web", "ref"].map((side) => attempt(() => call(SIDES[side][step.api], step.input, options(p, side))));
    switch (step.api) {
      case "parseURL": {
        const d = throwsDifference(p.web, p.ref);
        if (d || !p.web.ok) return withNote(d, p);
        const list = resultDifferences(p.web.value, p.ref.value, "");
        const out = difference(list);
        if (out && out.attr === "return") out.signature = `weburl ${out.ours}, whatwg-url ${out.ref}${kind}`;
        return withNote(out, p);
      }
      case "parseURLWithValidationErrors": {
        const [a, b] = runBoth();
        const d = throwsDifference(a, b);
        if (d || !a.ok) return withNote(d, p);
        const list = resultDifferences(a.value.url, b.value.url, "url.");
        const ea = a.value.validationErrors;
        const eb = b.value.validationErrors;
        if (json(ea) !== json(eb)) list.push(["validationErrors", json(ea), json(eb)]);
        const out = difference(list);
        if (out === null) return null;
        if (out.attr === "url.return") out.signature = `weburl ${out.ours}, whatwg-url ${out.ref}${kind}`;
        if (out.attr === "validationErrors") {
          const [x, y] = Array.isArray(ea) && Array.isArray(eb) ? listDelta(ea, eb) : [[json(ea)], [json(eb)]];
          out.signature = `weburl [${x.join(", ")}] ⇄ whatwg-url [${y.join(", ")}]`;
        }
        return withNote(out, p);
      }
      case "isValidURLString": {
        const [a, b] = runBoth();
        const d = throwsDifference(a, b);
        if (d || !a.ok) return withNote(d, p);
        const out = difference(json(a.value) === json(b.value) ? [] : [["return", json(a.value), json(b.value)]]);
        if (out) out.signature = `weburl ${out.ours}, whatwg-url ${out.ref}${kind}`;
        return withNote(out, p);
      }
      default:
        throw new Error(`unknown parse api ${step.api}`);
    }
  }

  /** Whether the standard's setter would run this override on `record` at all (see the head of this file). */
  function setterWouldRun(override, record) {
    if (override === "host" || override === "hostname" || override === "path start") return typeof record.path !== "string";
    if (override === "port") return !ref.cannotHaveAUsernamePasswordPort(record);
    return true;
  }

  /** The record as the setter of `override` prepares it before the parser runs. */
  function prepare(override, record) {
    if (override === "path start") record.path = [];
    if (override === "query" && record.query === null) record.query = "";
    if (override === "fragment" && record.fragment === null) record.fragment = "";
    return record;
  }

  function recordNote(shared) {
    return shared.from === "own" ? undefined : `the records differ (see parseURL): both sides were given ${shared.from}`;
  }

  /**
   * Runs an update step (basicURLParse with a state override, setTheUsername, setThePassword) on
   * one side, with `value`, on a prepared clone of that side's record: {o: the outcome, url}.
   */
  function runUpdate(side, step, value, shared) {
    const url = prepare(step.override, structuredClone(side === "web" ? shared.ours : shared.ref));
    const o = step.api === "basicURLParse"
      ? attempt(() => SIDES[side].basicURLParse(value, { url, stateOverride: step.override }))
      : attempt(() => SIDES[side][step.api](url, value));
    return { o, url };
  }

  /** The differences of two runUpdate results that did not throw: the return, then the record's fields. */
  function updateDifferences(step, a, b) {
    const shown = (r) => (step.api !== "basicURLParse" ? json(r.o.value) : r.o.value === null ? "failure" : r.o.value === r.url ? "url" : `another value: ${json(r.o.value)}`);
    const list = [];
    if (shown(a) !== shown(b)) list.push(["return", shown(a), shown(b)]);
    for (const [f, x, y] of fieldDifferences(a.url, b.url)) list.push([`url.${f}`, x, y]);
    return list;
  }

  /** The record both sides start an update step from, or null when the step is no case. */
  function updateRecord(step) {
    const shared = parsed(step.input, step.base).shared;
    if (shared === null) return null;
    if (step.api === "basicURLParse" && step.override === "path start" && typeof shared.ref.path === "string") return null;
    return shared;
  }

  /** basicURLParse with a state override, or setTheUsername/setThePassword: the return and the record afterwards. */
  function execUpdate(step) {
    const shared = updateRecord(step);
    if (shared === null) return null;
    const a = runUpdate("web", step, step.value, shared);
    const b = runUpdate("ref", step, step.value, shared);
    const note = recordNote(shared);
    const d = throwsDifference(a.o, b.o);
    if (d) return note ? { ...d, detail: { ...d.detail, note } } : d;
    if (!a.o.ok) return null;
    return difference(updateDifferences(step, a, b), note ? { detail: { note } } : {});
  }

  function readerCall(step, side, record) {
    const fn = SIDES[side][step.api];
    switch (step.api) {
      case "serializeURL": return fn(record, step.excludeFragment);
      case "serializeHost": return fn(record.host);
      case "serializeInteger": return fn(record.port);
      default: return fn(record);
    }
  }

  /** A reader on each feed: own records, both sides whatwg-url's record, both sides weburl's. */
  function execReader(step) {
    const p = parsed(step.input, step.base);
    const { web: w, ref: r } = p.own;
    const feeds = {
      "own records": w !== null && r !== null && sameRecord(w, r) ? [w, r] : null,
      "whatwg-url's record": r !== null ? [r, r] : null,
      "weburl's record": w !== null ? [w, w] : null,
    };
    const list = [];
    let thrown = null;
    for (const feed of FEEDS) {
      if (feeds[feed] === null) continue;
      const a = attempt(() => readerCall(step, "web", feeds[feed][0]));
      const b = attempt(() => readerCall(step, "ref", feeds[feed][1]));
      const d = throwsDifference(a, b);
      if (d) {
        thrown ??= { ...d, attr: `${feed}: throws`, attrs: [`${feed}: throws`], detail: { ...d.detail, note: `fed ${feed}` } };
        continue;
      }
      if (!a.ok) continue;
      const x = json(a.value);
      const y = json(b.value);
      if (x !== y) list.push([feed, x, y]);
    }
    return thrown ?? difference(list);
  }

  const hex = (bytes) => `${bytes?.constructor?.name} [${Array.from(bytes ?? [], (b) => b.toString(16).padStart(2, "0")).join(" ")}]`;

  function execDecode(step) {
    const run = (side) => attempt(() => (step.api === "percentDecodeString"
      ? SIDES[side].percentDecodeString(step.input)
      : SIDES[side].percentDecodeBytes(encoder.encode(step.input))));
    const a = run("web");
    const b = run("ref");
    const d = throwsDifference(a, b);
    if (d || !a.ok) return d;
    const x = hex(a.value);
    const y = hex(b.value);
    return x === y ? null : difference([["return", x, y]]);
  }

  /** Runs a low-level step: a difference (as the main script's execStep returns) or null. */
  function exec(step) {
    // as casesFor: a base that fails on both sides is no case (the minimizer must not reduce to one)
    if (step.base !== undefined && baseRecords(step.base).shared === null) return null;
    if (PARSE_APIS.includes(step.api)) return execParse(step);
    if (step.api === "basicURLParse" || step.api === "setTheUsername" || step.api === "setThePassword") return execUpdate(step);
    if (READERS.includes(step.api)) return execReader(step);
    if (step.api === "percentDecodeString" || step.api === "percentDecodeBytes") return execDecode(step);
    throw new Error(`unknown low-level api ${step.api}`);
  }

  /** The report's category of a step: the function, and for the parsers whether a base was given. */
  function category(step) {
    if (PARSE_APIS.includes(step.api)) return `low-level ${step.api}${step.base === undefined ? "" : " (base)"}`;
    if (step.api === "basicURLParse") {
      const shared = parsed(step.input, step.base).shared;
      const outside = shared !== null && !setterWouldRun(step.override, shared.ref);
      return `low-level basicURLParse ${step.override}${outside ? " (no setter would)" : ""}`;
    }
    return `low-level ${step.api}`;
  }

  // ----- generating -----

  /** The value of a record's component an override parses, as a string (a seed for a value). */
  function component(override, record) {
    switch (override) {
      case "scheme start": return record.scheme;
      case "host": case "hostname": return record.host === null ? "" : ref.serializeHost(record.host);
      case "port": return record.port === null ? "" : String(record.port);
      case "path start": return ref.serializePath(record);
      case "query": return record.query ?? "";
      case "fragment": return record.fragment ?? "";
      default: return "";
    }
  }

  function drawValue(setter, record, override) {
    const R = random;
    const pool = pools[setter] ?? [];
    const r = R.rand();
    let seed;
    if (r < 0.5 && pool.length > 0) seed = R.pick(pool);
    else if (r < 0.65) seed = override === undefined ? record[setter] ?? "" : component(override, record);
    else if (r < 0.85) seed = R.pick(anyPool);
    else seed = R.randomShort(8);
    let value = R.chance(0.85) ? R.mutate(String(seed)) : String(seed);
    // the protocol setter parses "the given value, followed by U+003A (:)"
    if (override === "scheme start" && R.chance(0.8)) value += ":";
    return value;
  }

  /**
   * The low-level steps for `input` against each of `bases` (undefined: no base), and with
   * `perInput` the percent-decoding steps once.
   */
  function casesFor(input, bases, perInput = true) {
    const steps = [];
    if (perInput) {
      steps.push({ t: "ll", api: "percentDecodeString", input }, { t: "ll", api: "percentDecodeBytes", input });
    }
    for (const base of bases) {
      // a base both sides fail to parse makes no base at all: the case without one covers it
      if (base !== undefined && baseRecords(base).shared === null) continue;
      const at = (api, more = {}) => {
        const step = { t: "ll", api, input, ...more };
        if (base !== undefined) step.base = base;
        return step;
      };
      for (const api of PARSE_APIS) steps.push(at(api));
      const shared = parsed(input, base).shared;
      if (shared === null) continue;
      const record = shared.ref;
      for (const override of OVERRIDES) {
        if (override === "path start" && typeof record.path === "string") continue;
        steps.push(at("basicURLParse", { override, value: drawValue(OVERRIDE_SETTER[override], record, override) }));
      }
      steps.push(at("serializeURL", { excludeFragment: false }), at("serializeURL", { excludeFragment: true }));
      for (const api of READERS) {
        if (api === "serializeURL") continue;
        if (api === "serializeInteger" && shared.ours.port === null && shared.ref.port === null) continue;
        steps.push(at(api));
      }
      steps.push(at("setTheUsername", { value: drawValue("username", record) }));
      steps.push(at("setThePassword", { value: drawValue("password", record) }));
    }
    return steps;
  }

  // ----- describing a step (the report's reproducers) -----

  function describe(step, q) {
    const parse = (input) => `parseURL(${q(input)}${step.base === undefined ? "" : `, { baseURL: parseURL(${q(step.base)}) }`})`;
    const lines = [];
    switch (step.api) {
      case "parseURL":
        lines.push(parse(step.input));
        break;
      case "parseURLWithValidationErrors":
      case "isValidURLString":
        lines.push(`${step.api}(${q(step.input)}${step.base === undefined ? "" : `, { baseURL: parseURL(${q(step.base)}) }`})`);
        break;
      case "percentDecodeString":
        lines.push(`percentDecodeString(${q(step.input)})`);
        break;
      case "percentDecodeBytes":
        lines.push(`percentDecodeBytes(new TextEncoder().encode(${q(step.input)}))`);
        break;
      case "basicURLParse":
        lines.push(`url = ${parse(step.input)}`);
        if (step.override === "path start") lines.push("url.path = []");
        if (step.override === "query") lines.push('url.query ??= ""');
        if (step.override === "fragment") lines.push('url.fragment ??= ""');
        lines.push(`basicURLParse(${q(step.value)}, { url, stateOverride: ${q(step.override)} })`);
        break;
      case "setTheUsername":
      case "setThePassword":
        lines.push(`url = ${parse(step.input)}`, `${step.api}(url, ${q(step.value)})`);
        break;
      default: {
        lines.push(`url = ${parse(step.input)}`);
        const arg = step.api === "serializeHost" ? "url.host" : step.api === "serializeInteger" ? "url.port" : "url";
        lines.push(`${step.api}(${arg}${step.api === "serializeURL" ? `, ${step.excludeFragment}` : ""})`);
      }
    }
    return lines;
  }

  /** Checks that scripts/differential/url-known.json may name for low-level steps. */
  const checks = {
    /**
     * The parser's input (the input, or basicURLParse's value) is not a scalar value string, and
     * weburl's result is whatwg-url's result on it converted to one (each lone surrogate replaced
     * by U+FFFD), with the same base record or record; its validation errors are whatwg-url's on
     * the input as it is, but for surrogates that the removal of a tab or newline joined.
     */
    "same-as-whatwg-url-on-scalar-value-string": (step) => {
      if (step.t !== "ll") return false;
      if (step.api === "basicURLParse") {
        // the parser's input here is the value
        const converted = toScalarValueString(step.value);
        const shared = updateRecord(step);
        if (converted === step.value || shared === null) return false;
        const a = runUpdate("web", step, step.value, shared);
        const b = runUpdate("ref", step, converted, shared);
        return a.o.ok && b.o.ok && updateDifferences(step, a, b).length === 0;
      }
      if (!PARSE_APIS.includes(step.api)) return false;
      const converted = toScalarValueString(step.input);
      if (converted === step.input) return false;
      const p = parsed(step.input, step.base);
      const a = attempt(() => call(web[step.api], step.input, options(p, "web")));
      const b = attempt(() => call(ref[step.api], converted, options(p, "ref")));
      if (!a.ok || !b.ok) return false;
      if (step.api === "parseURLWithValidationErrors") {
        // The errors: whatwg-url's with each lone surrogate as U+FDD0, a noncharacter, which its
        // URL code point test treats alike but the removal of tabs and newlines cannot join.
        const noncharacters = step.input.replace(/[\ud800-\udfff]/gu, "\ufdd0");
        const c = attempt(() => call(ref[step.api], noncharacters, options(p, "ref")));
        return c.ok && resultDifferences(a.value.url, b.value.url, "").length === 0 &&
          json(a.value.validationErrors) === json(c.value.validationErrors);
      }
      return resultDifferences(a.value, b.value, "").length === 0;
    },
  };

  return { exec, category, casesFor, describe, checks, parsed };
}
