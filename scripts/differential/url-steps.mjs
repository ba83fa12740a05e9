// The steps of the URL differential (./url.mjs), run on weburl's objects and whatwg-url's side by
// side and compared after each.
//
// A case is a list of steps run in order on a pair of objects (weburl's and whatwg-url's); after
// each step both sides are compared. Steps:
//   {t: "url", src, input, base?}     new URL(input[, base])
//   {t: "set", setter, value}         url[setter] = value
//   {t: "touch"}                      url.searchParams (creates the query object, if lazy)
//   {t: "sp", op, args}               url.searchParams[op](...args)
//   {t: "usp", init}                  new URLSearchParams(init)
//   {t: "uspop", op, args}            params[op](...args)
//   {t: "noise", kind, arg}           weburl only: work that touches the module's global state
//   {t: "ll", api, input, base?, …}    a low-level case, self-contained (./url-low-level.mjs)
import * as whatwgUrl from "whatwg-url";
import { attempt, errorKind, read } from "./outcome.mjs";

const { URL: RefURL, URLSearchParams: RefParams } = whatwgUrl;

const ATTRS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
// The attribute a difference is filed under: the most specific one that differs.
const PRIMARY_ORDER = [
  "throws", "return", "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
  "searchParams.entries", "searchParams", "size", "host", "origin", "href",
];

/**
 * `execStep(state, step)`, which runs a step on both sides and gives their difference or null
 * (setting state.dead when the case ends), and `categoryOf(step)`, the report's category of a
 * step. weburl's classes are `WebURL` and `WebParams`; `lowLevel` runs the low-level steps (null
 * with --no-low-level).
 */
export function createSteps({ WebURL, WebParams, lowLevel }) {
  function paramsSnapshot(params) {
    const snap = {};
    try {
      snap.searchParams = params.toString();
      snap["searchParams.entries"] = JSON.stringify([...params]);
      snap.size = params.size;
    } catch (error) {
      snap.searchParams = `<threw ${errorKind(error)}: ${error.message}>`;
    }
    return snap;
  }

  function urlSnapshot(url) {
    const snap = {};
    for (const a of ATTRS) snap[a] = read(url, a);
    const params = read(url, "searchParams");
    const p = paramsSnapshot(params);
    snap.searchParams = p.searchParams;
    snap["searchParams.entries"] = p["searchParams.entries"];
    return snap;
  }

  /** Compares two outcomes of `attempt`: a difference in throwing, or in the returned value. */
  function compareOutcomes(a, b, compareValues) {
    // both succeed, or both throw a TypeError (and not weburl's TypeError for a wasm trap)
    if (a.ok !== b.ok || (!a.ok && (errorKind(a.error) !== "TypeError" || errorKind(b.error) !== "TypeError"))) {
      const show = (o) => (o.ok ? "no exception" : `throws ${errorKind(o.error)}`);
      return { attr: "throws", attrs: ["throws"], ours: show(a), ref: show(b), detail: { ours: a.ok ? undefined : a.error.message } };
    }
    if (compareValues && a.ok) {
      const x = JSON.stringify(a.value);
      const y = JSON.stringify(b.value);
      if (x !== y) return { attr: "return", attrs: ["return"], ours: x, ref: y };
    }
    return null;
  }

  function compareSnapshots(x, y) {
    let attrs = null;
    for (const key of PRIMARY_ORDER) {
      if (key in x || key in y) {
        if (x[key] !== y[key]) (attrs ??= []).push(key);
      }
    }
    if (attrs === null) return null;
    const values = {};
    for (const key of attrs) values[key] = [x[key], y[key]];
    return { attr: attrs[0], attrs, ours: x[attrs[0]], ref: y[attrs[0]], values };
  }

  function applyOp(params, op, args) {
    switch (op) {
      case "append": return params.append(args[0], args[1]);
      case "delete": return args.length > 1 ? params.delete(args[0], args[1]) : params.delete(args[0]);
      case "set": return params.set(args[0], args[1]);
      case "sort": return params.sort();
      case "get": return params.get(args[0]);
      case "getAll": return params.getAll(args[0]);
      case "has": return args.length > 1 ? params.has(args[0], args[1]) : params.has(args[0]);
      default: throw new Error(`unknown op ${op}`);
    }
  }

  function noise(kind, arg) {
    try {
      switch (kind) {
        case "parse": new WebURL(arg).href; break;
        case "parse-fail": new WebURL(arg); break;
        case "canParse": WebURL.canParse(arg); break;
        case "params": new WebParams(arg).toString(); break;
        case "blob-origin": new WebURL(`blob:${arg}`).origin; break;
        default: throw new Error(`unknown noise ${kind}`);
      }
    } catch {
      // only the side effects matter
    }
  }

  function categoryOf(step) {
    switch (step.t) {
      case "url": return step.src === "dataset" ? "dataset parse" : "generated parse";
      case "set": return `setter:${step.setter}`;
      case "touch": case "sp": return "url.searchParams";
      case "usp": case "uspop": return "URLSearchParams";
      case "ll": return lowLevel.category(step);
      default: return "other";
    }
  }

  /**
   * Constructs a pair, ours and the reference's: a difference or null, as execStep. The case ends
   * when they differ or both throw; otherwise `keep` takes the two objects.
   */
  function startPair(s, makeOurs, makeRef, snapshot, keep) {
    const a = attempt(makeOurs);
    const b = attempt(makeRef);
    const d = compareOutcomes(a, b, false);
    if (d || !a.ok) {
      s.dead = true;
      return d;
    }
    keep(a.value, b.value);
    return compareSnapshots(snapshot(a.value), snapshot(b.value));
  }

  /** Runs one step on the pair state `s`; returns a difference or null. Sets s.dead when the case ends. */
  function execStep(s, step) {
    switch (step.t) {
      case "url": {
        const make = (Class) => () => (step.base === undefined ? new Class(step.input) : new Class(step.input, step.base));
        return startPair(s, make(WebURL), make(RefURL), urlSnapshot, (ours, ref) => {
          s.ours = ours;
          s.ref = ref;
        });
      }
      case "set": {
        const a = attempt(() => {
          s.ours[step.setter] = step.value;
        });
        const b = attempt(() => {
          s.ref[step.setter] = step.value;
        });
        return compareOutcomes(a, b, false) ?? compareSnapshots(urlSnapshot(s.ours), urlSnapshot(s.ref));
      }
      case "touch":
        s.ours.searchParams;
        s.ref.searchParams;
        return null;
      case "sp": {
        const a = attempt(() => applyOp(s.ours.searchParams, step.op, step.args));
        const b = attempt(() => applyOp(s.ref.searchParams, step.op, step.args));
        return compareOutcomes(a, b, true) ?? compareSnapshots(urlSnapshot(s.ours), urlSnapshot(s.ref));
      }
      case "usp":
        return startPair(s, () => new WebParams(step.init), () => new RefParams(step.init), paramsSnapshot, (ours, ref) => {
          s.paramsOurs = ours;
          s.paramsRef = ref;
        });
      case "uspop": {
        const a = attempt(() => applyOp(s.paramsOurs, step.op, step.args));
        const b = attempt(() => applyOp(s.paramsRef, step.op, step.args));
        return compareOutcomes(a, b, true) ?? compareSnapshots(paramsSnapshot(s.paramsOurs), paramsSnapshot(s.paramsRef));
      }
      case "noise":
        noise(step.kind, step.arg);
        return null;
      case "ll":
        if (lowLevel === null) throw new Error("a low-level step, but --no-low-level");
        s.dead = true;
        return lowLevel.exec(step);
      default:
        throw new Error(`unknown step ${step.t}`);
    }
  }

  return { execStep, categoryOf };
}
