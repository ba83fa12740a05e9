// The known deviations of the URLPattern differential (./urlpattern.mjs): differences between
// weburl's URLPattern and Node's that the standards' text explains.
import path from "node:path";
import whatwgURL from "whatwg-url";
import { readText, ROOT } from "./harness.mjs";
import { isDict } from "./urlpattern-cases.mjs";

/**
 * The known deviations and `knownFor(difference, pair)`, the one that explains a difference (or
 * undefined). The checks look at both sides' outcomes, so they get the comparison's own pieces:
 * the two classes, `runSide`, `fieldValue`, `canon` and the component names.
 */
export function createKnown({ WebURLPattern, NativeURLPattern, runSide, fieldValue, canon, COMPONENTS }) {
  // scripts/differential/urlpattern-known.json lists them: an id, whose side deviates, the
  // standards' words (quoted, with addresses), the engine's own record of it where there is one, and
  // a predicate: the kinds it covers and a check, one of CHECKS below, run on the difference.
  const KNOWN_FILE = path.join(ROOT, "scripts", "differential", "urlpattern-known.json");
  const KNOWN = JSON.parse(readText(KNOWN_FILE)).deviations;

  const SPECIAL_SCHEMES = ["ftp", "file", "http", "https", "ws", "wss"];
  const unescapePattern = (s) => s.replace(/\\(.)/gsu, "$1");
  /** The URL Standard's scheme of `<value>://dummy.invalid/` (Node's URL is a URL Standard parser), or null. */
  function dummyScheme(value) {
    try {
      return new URL(`${value}://dummy.invalid/`).protocol.slice(0, -1);
    } catch {
      return null;
    }
  }
  /** Whether a protocol pattern string matches a special scheme (the standard's flag), with weburl. */
  function protocolPatternIsSpecial(protocolPattern) {
    try {
      const p = new WebURLPattern({ protocol: protocolPattern });
      return SPECIAL_SCHEMES.some((s) => p.test({ protocol: s }));
    } catch {
      return false;
    }
  }
  /** Runs the case rewritten by `rewrite` and compares weburl's field on the case with native's on the rewrite. */
  function nativeAgreesAfter(d, c, rewrite) {
    const rewritten = rewrite(JSON.parse(JSON.stringify(c)));
    if (JSON.stringify(rewritten) === JSON.stringify(c)) return false;
    const n2 = runSide(NativeURLPattern, rewritten);
    return fieldValue(d.w, d.field) === fieldValue(n2, d.field);
  }
  /** Whether native's value of the field, with `map` applied to its strings, is weburl's. */
  function nativeAgreesMapped(d, map) {
    const deep = (v) => (typeof v === "string" ? map(v) : v && typeof v === "object"
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)])) : v);
    const m = /^(\w+)\.(input|groups)$/.exec(d.field);
    if (!m || !d.w.exec.ok || !d.n.exec.ok || !d.w.exec.value || !d.n.exec.value) return false;
    return canon(d.w.exec.value[m[1]]?.[m[2]]) === canon(deep(d.n.exec.value[m[1]]?.[m[2]]));
  }
  /** Applies `edit(value, key, role, init)` to the init members of the case's pattern and inputs. */
  function editMembers(c, keys, edit) {
    for (const [role, list] of [["pattern", c.pattern], ["input", c.inputs]]) {
      for (const x of list) {
        if (!isDict(x)) continue;
        for (const k of keys) if (typeof x[k] === "string") x[k] = edit(x[k], k, role, x);
      }
    }
    return c;
  }
  /** The directory of a base URL's path (what a relative init pathname is appended to), or null. */
  function baseDirectory(baseURL) {
    try {
      const u = new URL(baseURL);
      if (!u.pathname.startsWith("/")) return null;
      return u.pathname.slice(0, u.pathname.lastIndexOf("/") + 1);
    } catch {
      return null;
    }
  }
  /** A pattern string with each run of fixed text (outside groups, names and modifiers) replaced by `f(unescaped run)`. */
  const REGEXP_TOKEN = String.raw`\((?:[^()\\]|\\.|\((?:[^()\\]|\\.)*\))*\)`;
  function mapFixedRuns(pattern, f) {
    return pattern.replace(new RegExp(String.raw`(${REGEXP_TOKEN}|:[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*|[*?+{}])|((?:[^\\:*?+({}]|\\.)+)`, "gsu"),
      (all, syntax, run) => (syntax !== undefined ? all : f(unescapePattern(run)) ?? all));
  }
  /** The runs of fixed text of a pattern string, unescaped. */
  function fixedRuns(pattern) {
    const runs = [];
    mapFixedRuns(pattern, (run) => {
      runs.push(run);
      return null;
    });
    return runs;
  }
  /** A pattern string with each modifier-less {group} of fixed text only replaced by its text (as the parser merges it). */
  const flattenFixedGroups = (pattern) => pattern.replace(new RegExp(String.raw`(${REGEXP_TOKEN})|\{((?:[^{}\\:*?+()]|\\.)*)\}(?![?*+])`, "gsu"),
    (all, regexp, inner) => regexp ?? inner);
  const escapePatternString = (s) => s.replace(/[+*?:{}()\\]/g, "\\$&");
  // what a full URL parse treats otherwise than the opaque path state: "//" (an authority), dot
  // segments, spaces and C0 controls (stripped at the ends), and the code points only the path
  // percent-encode set has; in a pattern string, braces are syntax unless escaped
  const OPAQUE_TRIGGER = /\/\/|(^|\/)(\.|%2e){1,2}(\/|$)|[\u0000-\u0020"<>^`{}]|%[01][0-9a-f]|%7f/i;
  const OPAQUE_PATTERN_TRIGGER = /\/\/|(^|\/)(\.|%2e){1,2}(?=$|[\/*:(){}?+])|[\u0000-\u0020"<>^`]|\\[{}]|%[01][0-9a-f]|%7f/i;

  /** A pattern string with each escaped backslash (`\\`) made `\/`, but in regexp groups (not canonicalized). */
  function escapedBackslashesAsSlashes(pattern) {
    let out = "";
    let depth = 0;
    for (let i = 0; i < pattern.length; i++) {
      const ch = pattern[i];
      if (ch === "\\") {
        const next = pattern[i + 1] ?? "";
        out += depth === 0 && next === "\\" ? "\\/" : ch + next;
        i++;
        continue;
      }
      if (ch === "(") depth++;
      else if (ch === ")" && depth > 0) depth--;
      out += ch;
    }
    return out;
  }

  /** The text of a pattern string of fixed text alone (escapes undone), or null. */
  function fixedText(pattern) {
    if (/(^|[^\\])(\\\\)*[+*?:{}()]/.test(pattern)) return null;
    return pattern.replace(/\\(.)/gsu, "$1");
  }

  /** The standard's "canonicalize a pathname", on whatwg-url's URL parser (the reference). */
  function canonicalizeAPathname(value) {
    if (value === "") return value;
    const leadingSlash = value.startsWith("/");
    const url = whatwgURL.basicURLParse("https://dummy.invalid/");
    url.path = [];
    whatwgURL.basicURLParse(leadingSlash ? value : `/-${value}`, { url, stateOverride: "path start" });
    const result = whatwgURL.serializePath(url);
    return leadingSlash ? result : result.slice(2);
  }

  /** The scheme a dictionary input is matched with: its protocol's or its base URL's; null if none parses. */
  function inputScheme(input) {
    if (typeof input.protocol === "string") return dummyScheme(input.protocol.replace(/:$/, ""));
    if (typeof input.baseURL !== "string") return null;
    try {
      return new URL(input.baseURL).protocol.slice(0, -1);
    } catch {
      return null;
    }
  }

  const CHECKS = {
    none: () => true,
    // the weburl dictionaries in `inputs` have no undefined members; native's add only undefined ones
    "native-adds-undefined-members": (d) => {
      const [wi, ni] = [d.w.exec.value?.inputs, d.n.exec.value?.inputs];
      return Array.isArray(wi) && Array.isArray(ni) && wi.every((x, i) => !isDict(x) ||
        (Object.values(x).every((v) => v !== undefined) && Object.keys(ni[i]).filter((k) => !Object.hasOwn(x, k)).every((k) => ni[i][k] === undefined)));
    },
    // weburl's keys are in lexicographic order
    "weburl-lexicographic": (d) => {
      const keys = d.weburl.split(",");
      return keys.join() === [...keys].sort().join();
    },
    // weburl's named groups come in the order their names appear in its pattern string
    "weburl-groups-in-name-order": (d) => {
      const result = d.w.exec.value;
      return COMPONENTS.every((component) => {
        const groups = result?.[component]?.groups;
        if (!groups) return true;
        const named = Object.keys(groups).filter((k) => !/^(0|[1-9]\d*)$/.test(k));
        const pattern = d.w.getters[component].value;
        const at = named.map((k) => pattern.search(new RegExp(`:${k.replace(/[$]/g, "\\$&")}(?![\\p{ID_Continue}$\\u200c\\u200d])`, "u")));
        return at.every((i, j) => i >= 0 && (j === 0 || i > at[j - 1]));
      });
    },
    // native, with backslashes in pathnames made slashes and ' in searches made %27 (what the special
    // dummy URL does to them), gives weburl's value: its pattern string recompiled that way, its
    // exec() values mapped that way, or its outcome on the case rewritten that way
    "special-dummy-url": (d, c) => {
      if (d.field === "pathname" && d.n.getters?.pathname?.ok) {
        // a pathname of fixed text alone with a backslash: what the standard's steps give it, on the
        // reference parser (native's may have no backslash left: "/f\\o/.." is "/")
        const init = c.pattern[0];
        const fixed = isDict(init) && init.baseURL === undefined && typeof init.pathname === "string" &&
          init.pathname.includes("\\") ? fixedText(init.pathname) : null;
        if (fixed !== null && protocolPatternIsSpecial(d.w.getters.protocol.value) &&
          escapePatternString(canonicalizeAPathname(fixed)) === d.w.getters.pathname.value) return true;
        if (!d.n.getters.pathname.value.includes("\\\\") || !protocolPatternIsSpecial(d.n.getters.protocol.value)) return false;
        try {
          const recompiled = new NativeURLPattern({ protocol: d.n.getters.protocol.value, pathname: escapedBackslashesAsSlashes(d.n.getters.pathname.value) });
          // (Node also drops grouping braces, native-pattern-string-grouping; both can meet here)
          const strip = (v) => v.replace(/[{}]/g, "");
          return recompiled.pathname === d.w.getters.pathname.value || strip(recompiled.pathname) === strip(d.w.getters.pathname.value);
        } catch {
          return false;
        }
      }
      if (d.field === "search" && d.n.getters?.search?.ok) {
        return d.n.getters.search.value.includes("'") && d.n.getters.search.value.replaceAll("'", "%27") === d.w.getters.search.value;
      }
      if (/^(pathname|search)\.(input|groups)$/.test(d.field) && (d.field.startsWith("search") ? d.native.includes("'") : d.native.includes("\\")) &&
        nativeAgreesMapped(d, d.field.startsWith("search") ? (v) => v.replaceAll("'", "%27") : (v) => v.replaceAll("\\", "/"))) {
        return true;
      }
      return nativeAgreesAfter(d, c, (x) => {
        editMembers(x, ["pathname", "search"], (v, k, role, init) => {
          if (k === "search") return v.replaceAll("'", "%27");
          if (role === "pattern") return escapedBackslashesAsSlashes(v);
          const dir = v.startsWith("\\") && typeof init.baseURL === "string" ? baseDirectory(init.baseURL) : null;
          return (dir ?? "") + v.replaceAll("\\", "/");
        });
        return x;
      });
    },
    // native, given the case with each protocol (each run of fixed text in a protocol pattern)
    // replaced by the scheme the URL parser finds in `<protocol>://dummy.invalid/`, gives weburl's value
    "protocol-dummy-parse": (d, c) => nativeAgreesAfter(d, c, (x) => {
      const scheme = (run) => {
        const found = dummyScheme(run);
        return found === null ? null : escapePatternString(found);
      };
      editMembers(x, ["protocol"], (v, k, role) => {
        const stripped = v.replace(/:$/, "");
        return role === "pattern" ? mapFixedRuns(flattenFixedGroups(stripped), scheme) : dummyScheme(stripped) ?? v;
      });
      if (typeof x.pattern[0] === "string") {
        // the protocol of a constructor string: up to the first ":" that is a char, escaped-char or
        // invalid-char token (not the start of a name); regexp groups and names are part of it
        const m = new RegExp(String.raw`^((?:\{(?:[^{}\\]|\\.)*\}|[^\\:/#({]|\\[^:]|${REGEXP_TOKEN}|:[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*)*)(\\:|:(?![\p{ID_Start}$_]))`, "u").exec(x.pattern[0]);
        if (m) x.pattern[0] = mapFixedRuns(flattenFixedGroups(m[1]), scheme) + x.pattern[0].slice(m[1].length);
      }
      return x;
    }),
    // the pathname that differs is canonicalized as an opaque path (its protocol is not special) and
    // has what a full URL parse treats otherwise: "//", a dot segment, a space or a C0 control
    "opaque-pathname": (d, c) => {
      if (["constructor", "pathname"].includes(d.field)) {
        const pattern = d.w.ctor.value;
        return pattern !== undefined && !protocolPatternIsSpecial(pattern.protocol) && OPAQUE_PATTERN_TRIGGER.test(pattern.pathname);
      }
      const input = c.inputs[0];
      if (!isDict(input) || typeof input.pathname !== "string") return false;
      const protocol = inputScheme(input);
      return protocol !== null && protocol !== "" && !SPECIAL_SCHEMES.includes(protocol) && OPAQUE_TRIGGER.test(input.pathname);
    },
    // a URL string input (with its base URL string, if any) that the URL parser rejects
    "url-parse-failure": (d, c) => typeof c.inputs[0] === "string" &&
      !URL.canParse(c.inputs[0], ...(c.inputs.length > 1 ? [String(c.inputs[1])] : [])) &&
      ["false", "null"].includes(fieldValue(d.w, d.field === "test" ? "test" : "exec")),
    // weburl's pattern string is native's with grouping braces added
    "needs-grouping": (d) => {
      const strip = (s) => s.replace(/[{}]/g, "");
      return d.weburl !== d.native && strip(d.weburl) === strip(d.native) && d.weburl.length > d.native.length;
    },
    // a port (of the input, or a run of fixed text in the pattern's) made only of ASCII tab or newline
    "port-only-tab-or-newline": (d, c) => {
      // in a constructor string: a ":" after the host, then only tabs and newlines up to the path
      let found = typeof c.pattern[0] === "string" && /:[\t\n\r]+(?=$|[\/?#])/.test(c.pattern[0]);
      editMembers(JSON.parse(JSON.stringify(c)), ["port"], (v, k, role) => {
        if ((role === "pattern" ? fixedRuns(v) : [v]).some((run) => /^[\t\n\r]+$/.test(run))) found = true;
        return v;
      });
      return found;
    },
    // a port of zeros with the "file" protocol: weburl keeps it, native empties it (or, for an input, fails it)
    "file-port-zero": (d, c) => {
      if (d.field === "port") {
        return d.w.getters.protocol.value === "file" && /^0+$/.test(d.w.getters.port.value) && d.n.getters.port.value === "";
      }
      const input = c.inputs[0];
      if (!isDict(input) || typeof input.port !== "string" || !/^0+$/.test(input.port)) return false;
      const protocol = inputScheme(input);
      return protocol === "file";
    },
    // a pathname (a run of fixed text in the pattern's, or the input's without a base URL) that does
    // not start with "/" and whose dot segments pop the "-" segment the standard prepends
    "dash-prefix-popped": (d, c) => {
      const popped = (v) => {
        if (v === "" || v.startsWith("/")) return false;
        try {
          return new URL(`/-${v}`, "https://dummy.invalid/").pathname.length < 2;
        } catch {
          return false;
        }
      };
      let found = false;
      editMembers(JSON.parse(JSON.stringify(c)), ["pathname"], (v, k, role, init) => {
        if (role === "pattern" ? fixedRuns(v).some(popped) : init.baseURL === undefined && popped(v)) found = true;
        return v;
      });
      return found;
    },
  };
  for (const k of KNOWN) {
    if (!CHECKS[k.predicate.check]) throw new Error(`${KNOWN_FILE}: ${k.id}: unknown check ${k.predicate.check}`);
  }

  function knownFor(diff, c) {
    return KNOWN.find((k) => k.predicate.kinds.includes(diff.kind) && CHECKS[k.predicate.check](diff, c));
  }

  return { KNOWN, knownFor };
}
