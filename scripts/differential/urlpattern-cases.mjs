// The cases of the URLPattern differential (./urlpattern.mjs): pairs of a pattern (the
// constructor's arguments) and an input (test's and exec's), from the web-platform-tests data as it
// is, and generated from it and from real URLs.
import path from "node:path";
import { DATASETS_DIR, readLines, readText, WPT_DIR } from "./harness.mjs";
import { makeRandom } from "./random.mjs";

/** A URLPattern's components, in the order of the standard's IDL. */
export const COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
export const isDict = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

/**
 * Reads ../shared/wpt/urlpatterntestdata.json and ../shared/datasets/kasztp.txt: `WPT` (the
 * entries, each {pattern, inputs}), `KASZTP` (the URLs) and `makeGenerator(seed)`, whose `next()`
 * draws a pair.
 */
export function loadCases() {
  const WPT = JSON.parse(readText(path.join(WPT_DIR, "urlpatterntestdata.json")))
    .filter((e) => e && Array.isArray(e.pattern))
    .map((e) => ({ pattern: e.pattern, inputs: Array.isArray(e.inputs) ? e.inputs : undefined }));
  const KASZTP = readLines(path.join(DATASETS_DIR, "kasztp.txt")).filter(Boolean);
  if (WPT.length === 0 || KASZTP.length === 0) throw new Error("no WPT entries or no kasztp.txt lines");

  const INIT_KEYS = [...COMPONENTS, "baseURL"];
  // Components of the WPT inits, patterns and inputs, to swap between entries.
  const PATTERN_MEMBERS = Object.fromEntries(INIT_KEYS.map((k) => [k, new Set()]));
  const INPUT_MEMBERS = Object.fromEntries(INIT_KEYS.map((k) => [k, new Set()]));
  const PATTERN_STRINGS = new Set();
  const INPUT_STRINGS = new Set();
  const BASE_URLS = new Set(["https://example.com/", "https://example.com/foo/bar?q#h", "data:text/plain,x", "file:///C:/x"]);
  for (const e of WPT) {
    e.pattern.forEach((x, i) => {
      if (typeof x === "string") (i === 0 ? PATTERN_STRINGS : BASE_URLS).add(x);
      else if (isDict(x)) for (const k of INIT_KEYS) if (typeof x[k] === "string") PATTERN_MEMBERS[k].add(x[k]);
    });
    for (const x of e.inputs ?? []) {
      if (typeof x === "string") INPUT_STRINGS.add(x);
      else if (isDict(x)) for (const k of INIT_KEYS) if (typeof x[k] === "string") INPUT_MEMBERS[k].add(x[k]);
    }
  }
  const listOf = (o) => Object.fromEntries(Object.entries(o).map(([k, s]) => [k, [...s]]));
  const PATTERN_POOL = listOf(PATTERN_MEMBERS);
  const INPUT_POOL = listOf(INPUT_MEMBERS);
  const PATTERN_STRING_LIST = [...PATTERN_STRINGS];
  const INPUT_STRING_LIST = [...INPUT_STRINGS];
  const BASE_URL_LIST = [...BASE_URLS];

  // The characters inserted or put in place of others: a group is drawn first, then a member.
  const CHAR_GROUPS = [
    [45, [...":*(){}?+\\/.#@[]"]],
    [12, [..."abcxyzABCZ_$-"]],
    [8, [..."0123456789"]],
    [10, ["é", "ß", "ẞ", "ı", "K", "①", "\u0301", "\u200d", "🏳", "\u3002", "\uFF0E", "\uFFFD", "\uD800", "\uDC00"]],
    [10, ["%", "%2F", "%2f", "%25", "%zz", "%E9", "%3A"]],
    [10, [":id", ":a", ":é", "(\\d+)", "(.*)", "([a-z]+)", "(a|b)", "(?:x)", "(^)", "($)", "\\\\", "\\:", "\\*", "*?", "{x}?", "{:a}*", "[\\]]", "(\\/)", "(\\p{L})", "(ı)"]],
    [5, [" ", "\t", "\n", "\u0000", "|", "^", "$", "&", "=", ";", ",", "~", "'", "<"]],
  ];
  const ALPHABET = { groups: CHAR_GROUPS, structural: new Set([..."/\\?#@:[](){}*+.%"]), nearStructural: 0.4 };

  function makeGenerator(seed) {
    const { rand, below, pick, chance, mutate } = makeRandom(seed, ALPHABET);


    const kasztp = () => KASZTP[below(KASZTP.length)];

    /** A pattern made from a real URL: path segments and a host label turned into pattern syntax. */
    function urlPattern(url) {
      const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(url);
      if (!m) return url;
      let [, scheme, host, pathname, search = "", hash = ""] = m;
      if (chance(0.3)) host = host.replace(/^[^.:]+/, pick([":sub", "*", "{:sub.}?www", "(www|m)"]));
      const segments = pathname.split("/").map((s, i) => (i === 0 || !chance(0.4) ? s
        : pick([":p", ":id(\\d+)", "*", ":slug([\\w-]+)", "(.*)", "{:opt}?", ":name?", ":rest*", ":rest+", s.replace(/\.(\w+)$/, ".:ext")])));
      pathname = segments.join("/");
      if (search && chance(0.5)) search = pick(["\\?*", "\\?:q", "\\?page=:n", "\\?*"]);
      else search = search.replace(/\?/, "\\?");
      if (chance(0.3)) scheme = pick(["http{s}?://", "*://", ":proto://", "https://"]);
      return scheme + host + pathname + search + hash;
    }

    const clone = (x) => (x === undefined ? undefined : JSON.parse(JSON.stringify(x)));

    /** One string of `args` (a pattern's or an input's arguments) mutated in place. */
    function mutateSome(args) {
      const slots = [];
      args.forEach((x, i) => {
        if (typeof x === "string") slots.push([args, i]);
        else if (isDict(x)) for (const k of INIT_KEYS) if (typeof x[k] === "string") slots.push([x, k]);
      });
      if (slots.length === 0) {
        // an empty init or no arguments: give it a member to mutate
        if (args.length === 0 || !isDict(args[0])) args.unshift({});
        const key = pick(COMPONENTS);
        args[0][key] = mutate("");
        return;
      }
      const [holder, key] = pick(slots);
      holder[key] = mutate(holder[key]);
    }

    /** A member of an init swapped for (or added from) another entry's. */
    function swapMember(args, pool) {
      let init = args.find(isDict);
      if (!init) {
        if (args.length > 0 && typeof args[0] === "string") return false;
        init = {};
        args.unshift(init);
      }
      const key = pick(INIT_KEYS);
      if (pool[key].length === 0) return false;
      init[key] = pick(pool[key]);
      return true;
    }

    function toggleIgnoreCase(args) {
      const last = args[args.length - 1];
      if (args.length >= 2 && isDict(last)) last.ignoreCase = !last.ignoreCase;
      else args.push({ ignoreCase: true });
    }

    function toggleBase(args, strings) {
      if (args.length === 0) return;
      if (isDict(args[0])) {
        if ("baseURL" in args[0]) delete args[0].baseURL;
        else args[0].baseURL = pick(BASE_URL_LIST);
      } else if (typeof args[1] === "string") {
        args.splice(1, 1);
      } else {
        args.splice(1, 0, chance(0.8) ? pick(BASE_URL_LIST) : pick(strings));
      }
    }

    function pattern(entry) {
      if (chance(0.06)) {
        const url = kasztp();
        const args = [urlPattern(url)];
        if (chance(0.2)) args.push({ ignoreCase: true });
        return { args, url };
      }
      const args = clone(entry.pattern);
      const ops = 1 + below(2);
      for (let k = 0; k < ops; k++) {
        const r = rand();
        if (r < 0.55) mutateSome(args);
        else if (r < 0.7) swapMember(args, PATTERN_POOL) || mutateSome(args);
        else if (r < 0.78) args[0] = chance(0.5) ? pick(PATTERN_STRING_LIST) : mutate(pick(PATTERN_STRING_LIST));
        else if (r < 0.88) toggleIgnoreCase(args);
        else if (r < 0.95) toggleBase(args, PATTERN_STRING_LIST);
        else if (args.length > 0 && isDict(args[0])) {
          const keys = Object.keys(args[0]);
          if (keys.length > 0) delete args[0][pick(keys)];
        }
      }
      return { args };
    }

    function inputs(entry, patternUrl) {
      if (patternUrl !== undefined) {
        // a pattern made from a URL: that URL (often matching), a mutation, or another URL
        const r = rand();
        return [r < 0.5 ? patternUrl : r < 0.8 ? mutate(patternUrl) : kasztp()];
      }
      const r = rand();
      if (r < 0.12) return chance(0.8) ? [kasztp()] : [kasztp().replace(/^[a-z]+:\/\/[^/]*/i, ""), pick(BASE_URL_LIST)];
      if (r < 0.13) return [];
      let own = entry.inputs;
      if (own === undefined || r < 0.2) own = WPT[below(WPT.length)].inputs ?? [];
      const args = clone(own);
      if (chance(0.5)) mutateSome(args);
      if (chance(0.15)) swapMember(args, INPUT_POOL);
      if (chance(0.05)) toggleBase(args, INPUT_STRING_LIST);
      return args;
    }

    return {
      next() {
        const entry = WPT[below(WPT.length)];
        const p = pattern(entry);
        return { pattern: p.args, inputs: inputs(entry, p.url) };
      },
    };
  }

  return { WPT, KASZTP, makeGenerator };
}
