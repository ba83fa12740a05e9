// What the URLPattern differential (./urlpattern.mjs) compares of a pair (a pattern and an input)
// on weburl and on Node's own URLPattern, and how it shows the values.
import { attempt, errorKind } from "./outcome.mjs";
import { COMPONENTS } from "./urlpattern-cases.mjs";

/** What is read of a constructed pattern: the component getters and hasRegExpGroups. */
const GETTERS = [...COMPONENTS, "hasRegExpGroups"];

// ----- running one pair on one side -----

/** The outcome of a pair on one side: the constructor, the getters, test() and exec(). */
function runSide(URLPattern, c) {
  const out = {};
  out.ctor = attempt(() => new URLPattern(...c.pattern));
  if (!out.ctor.ok) return out;
  const pattern = out.ctor.value;
  out.getters = {};
  for (const g of GETTERS) out.getters[g] = attempt(() => pattern[g]);
  out.test = attempt(() => pattern.test(...c.inputs));
  out.exec = attempt(() => pattern.exec(...c.inputs));
  return out;
}

// ----- showing values: undefined is told from a missing member, order is kept -----

function show(v, depth = 0) {
  if (v === undefined) return "undefined";
  if (v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v !== "object") return String(v);
  if (depth > 6) return "…";
  if (Array.isArray(v)) return `[${v.map((x) => show(x, depth + 1)).join(", ")}]`;
  const proto = Object.getPrototypeOf(v) === null ? "[null prototype] " : "";
  return `${proto}{${Object.keys(v).map((k) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${show(v[k], depth + 1)}`).join(", ")}}`;
}

/** Like show() but independent of key order and prototypes: what deep equality compares. */
function canon(v) {
  if (v === undefined) return "undefined";
  if (v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v !== "object") return `${typeof v}:${String(v)}`;
  if (Array.isArray(v)) return `[${v.map(canon).join(",")}]`;
  return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(",")}}`;
}

const withoutUndefined = (o) =>
  o !== null && typeof o === "object" && !Array.isArray(o)
    ? Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
    : o;

function showOutcome(r) {
  return r.ok ? show(r.value) : `throws ${errorKind(r.error)}: ${r.error?.message ?? String(r.error)}`;
}

/** A constructor's outcome: the pattern's components other than "*", or what it threw. */
function showConstructed(r) {
  if (!r.ok) return showOutcome(r);
  const parts = COMPONENTS.filter((c) => r.value[c] !== "*").map((c) => `${c} ${JSON.stringify(r.value[c])}`);
  return `constructs {${parts.join(", ")}}`;
}

// ----- comparing the two sides -----

function compareCall(add, name, wr, nr, values) {
  if (wr.ok && nr.ok) return values(wr.value, nr.value);
  if (wr.ok !== nr.ok || errorKind(wr.error) !== errorKind(nr.error)) {
    const side = (r) => (r.ok ? "returns" : `throws ${errorKind(r.error)}`);
    add(`${name}: weburl ${side(wr)}, native ${side(nr)}`, name, showOutcome(wr), showOutcome(nr));
  } else if (errorKind(wr.error) !== "TypeError") {
    add(`${name}: both throw ${errorKind(wr.error)}, not a TypeError`, name, showOutcome(wr), showOutcome(nr));
  }
}

function protoName(o) {
  const proto = Object.getPrototypeOf(o);
  return proto === Object.prototype ? "Object.prototype" : proto === null ? "null" : "another object";
}

/** An exec() result on both sides: values first (order-free deep equality), then shape. */
function compareResult(add, w, n) {
  // inputs
  const [wi, ni] = [w.inputs, n.inputs];
  if (canon(wi) !== canon(ni)) {
    const sameBarUndefined = Array.isArray(wi) && Array.isArray(ni) && wi.length === ni.length &&
      wi.every((x, i) => canon(withoutUndefined(x)) === canon(withoutUndefined(ni[i])));
    add(sameBarUndefined ? "exec inputs: members undefined on one side, missing on the other" : "exec inputs",
      "inputs", show(wi), show(ni));
  }
  // components
  for (const component of COMPONENTS) {
    const [wc, nc] = [w[component], n[component]];
    if (wc === undefined || nc === undefined || wc === null || nc === null) {
      if (wc !== nc) add(`exec ${component}: missing on one side`, component, show(wc), show(nc));
      continue;
    }
    if (wc.input !== nc.input) add(`exec ${component}.input`, `${component}.input`, show(wc.input), show(nc.input));
    if (canon(wc.groups) !== canon(nc.groups)) {
      const sameBarUndefined = canon(withoutUndefined(wc.groups)) === canon(withoutUndefined(nc.groups));
      add(sameBarUndefined ? `exec ${component}.groups: undefined on one side, missing on the other` : `exec ${component}.groups`,
        `${component}.groups`, show(wc.groups), show(nc.groups));
    }
  }
  const extra = (a, b) => Object.keys(a).filter((k) => !Object.hasOwn(b, k));
  for (const [who, a, b] of [["weburl", w, n], ["native", n, w]]) {
    const more = extra(a, b);
    if (more.length > 0) add(`exec result: members only ${who} has`, "result", more.join(","), "");
  }

  // shape: prototypes and key order (WebIDL's conversions of dictionaries and records)
  const shape = (what, a, b) => {
    if (!a || !b || typeof a !== "object" || typeof b !== "object") return;
    if (protoName(a) !== protoName(b)) {
      add(`exec shape: ${what} prototype (weburl ${protoName(a)}, native ${protoName(b)})`, `${what} prototype`, protoName(a), protoName(b));
    }
    const [ka, kb] = [Object.keys(withoutUndefined(a)), Object.keys(withoutUndefined(b))];
    if (ka.join() !== kb.join() && canon([...ka].sort()) === canon([...kb].sort())) {
      add(`exec shape: ${what} key order`, `${what} keys`, ka.join(","), kb.join(","));
    }
  };
  shape("result", w, n);
  for (const component of COMPONENTS) {
    shape("component result", w[component], n[component]);
    shape("groups", w[component]?.groups, n[component]?.groups);
  }
  (wi ?? []).forEach((x, i) => shape("inputs dictionary", x, ni?.[i]));
}

/** One field of one side's outcome, as compared (what the counterfactual predicates look at). */
function fieldValue(side, field) {
  if (field === "constructor") return side.ctor.ok ? "constructs" : `throws ${errorKind(side.ctor.error)}`;
  if (!side.ctor.ok) return "no pattern";
  if (GETTERS.includes(field)) return showOutcome(side.getters[field]);
  if (field === "test") return showOutcome(side.test);
  if (!side.exec.ok) return `throws ${errorKind(side.exec.error)}`;
  const result = side.exec.value;
  if (field === "exec") return result === null ? "null" : "a match";
  const m = /^(\w+)\.(input|groups)$/.exec(field);
  if (m) return result === null ? "null" : canon(result[m[1]]?.[m[2]]);
  return showOutcome(side.exec);
}

/**
 * `compare(pair)` for weburl's class and Node's, with the pieces the known deviations' checks and
 * the report use.
 */
export function createComparison({ WebURLPattern, NativeURLPattern }) {
  /**
   * The differences of a pair: [{kind, field, weburl, native, w, n}]. `kind` names what differs (and
   * how, coarsely) but not the values, so that a reproducer can be minimized while keeping its kind;
   * `weburl` and `native` show the values; `w` and `n` are both sides' outcomes (for the predicates).
   */
  function compare(c) {
    const w = runSide(WebURLPattern, c);
    const n = runSide(NativeURLPattern, c);
    const diffs = [];
    const add = (kind, field, wv, nv) => {
      if (!diffs.some((d) => d.kind === kind)) diffs.push({ kind, field, weburl: wv, native: nv, w, n });
    };

    // constructor
    if (w.ctor.ok !== n.ctor.ok || (!w.ctor.ok && errorKind(w.ctor.error) !== errorKind(n.ctor.error))) {
      const side = (r) => (r.ok ? "constructs" : `throws ${errorKind(r.error)}`);
      add(`constructor: weburl ${side(w.ctor)}, native ${side(n.ctor)}`, "constructor", showConstructed(w.ctor), showConstructed(n.ctor));
      return diffs;
    }
    if (!w.ctor.ok) {
      if (errorKind(w.ctor.error) !== "TypeError") {
        add(`constructor: both throw ${errorKind(w.ctor.error)}, not a TypeError`, "constructor", showOutcome(w.ctor), showOutcome(n.ctor));
      }
      return diffs;
    }

    // getters
    let patternsDiffer = false;
    for (const g of GETTERS) {
      const [wg, ng] = [w.getters[g], n.getters[g]];
      if (wg.ok !== ng.ok || (wg.ok && !Object.is(wg.value, ng.value))) {
        patternsDiffer = true;
        add(`getter ${g}`, g, showOutcome(wg), showOutcome(ng));
      }
    }
    if (patternsDiffer) return diffs;

    // test()
    compareCall(add, "test", w.test, n.test, (wv, nv) => {
      if (wv !== nv) add(`test: weburl ${show(wv)}, native ${show(nv)}`, "test", show(wv), show(nv));
    });

    // exec()
    compareCall(add, "exec", w.exec, n.exec, (wv, nv) => {
      if (wv === null || nv === null) {
        if (wv !== nv) add(`exec: weburl ${wv === null ? "null" : "a match"}, native ${nv === null ? "null" : "a match"}`, "exec", show(wv), show(nv));
        return;
      }
      compareResult(add, wv, nv);
    });
    // test() and exec() must agree with each other on each side too
    for (const [name, side] of [["weburl", w], ["native", n]]) {
      if (side.test.ok && side.exec.ok && side.test.value !== (side.exec.value !== null)) {
        add(`${name}: test() and exec() disagree`, "test/exec", showOutcome(side.test), showOutcome(side.exec));
      }
    }
    return diffs;
  }

  return { compare, fieldValue, runSide, canon, showOutcome, GETTERS };
}
