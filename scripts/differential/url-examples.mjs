// The examples in the URL differential's report (./url.mjs): a group's smallest reproducers,
// minimized (steps dropped, strings shrunk, code points made plain while the difference stays
// the same), and printed as JavaScript with both sides' values.

/** The size of a reproducer, to prefer the smaller. */
export function stepsSize(steps) {
  return JSON.stringify(steps).length;
}

/**
 * `examplesOf(samples, count)`, up to `count` minimized examples of different shapes, and
 * `printExample(diff, indent)`. `runCase(steps)` reruns a reproducer (its difference or null);
 * `lowLevel` describes the low-level steps.
 */
export function createExamples({ runCase, lowLevel }) {
  function groupKeyOf(diff) {
    return `${diff.category}\u0000${diff.attr}\u0000${diff.signature}`;
  }

  const STRING_FIELDS = { url: ["input", "base"], set: ["value"], usp: ["init"], noise: ["arg"], ll: ["input", "base", "value"] };

  function minimize(diff, budget = 4000) {
    const key = groupKeyOf(diff);
    let steps = structuredClone(diff.steps);
    let best = diff;
    const tries = { n: 0 };
    const fails = (candidate) => {
      if (tries.n++ >= budget) return false;
      let d;
      try {
        d = runCase(candidate);
      } catch {
        return false;
      }
      // the same kind of difference, still at the last step (so the step indices stay valid)
      if (d && d.known === diff.known && groupKeyOf(d) === key && d.steps.length === candidate.length) {
        best = d;
        return true;
      }
      return false;
    };
    // drop whole steps, but never the first and the last
    for (let i = steps.length - 2; i >= 1; i--) {
      const candidate = steps.filter((_, j) => j !== i);
      if (fails(candidate)) steps = best.steps;
    }
    // drop the base, or replace it by the simplest of the fixed bases
    if ((steps[0].t === "url" || steps[0].t === "ll") && steps[0].base !== undefined) {
      const candidate = structuredClone(steps);
      delete candidate[0].base;
      if (fails(candidate)) steps = structuredClone(best.steps);
    }
    // shrink every string: delete chunks of code points, halving the chunk size
    const shrink = (get, set) => {
      let cps = Array.from(get(steps));
      for (let size = Math.max(1, cps.length >> 1); size >= 1; size >>= 1) {
        for (let start = 0; start < cps.length; ) {
          const shorter = cps.slice(0, start).concat(cps.slice(start + size));
          const candidate = structuredClone(steps);
          set(candidate, shorter.join(""));
          if (fails(candidate)) {
            steps = structuredClone(best.steps);
            cps = shorter;
          } else {
            start += size;
          }
        }
      }
      // then make it readable: a non-ASCII or control code point that is not needed becomes "x"
      for (let i = 0; i < cps.length; i++) {
        const cp = cps[i].codePointAt(0);
        if (cp >= 0x21 && cp <= 0x7e) continue;
        const plainer = cps.slice();
        plainer[i] = "x";
        const candidate = structuredClone(steps);
        set(candidate, plainer.join(""));
        if (fails(candidate)) {
          steps = structuredClone(best.steps);
          cps = plainer;
        }
      }
    };
    for (let i = 0; i < steps.length; i++) {
      for (const field of STRING_FIELDS[steps[i].t] ?? []) {
        if (typeof steps[i][field] === "string") shrink((st) => st[i][field], (st, v) => (st[i][field] = v));
      }
      if (Array.isArray(steps[i].args)) {
        for (let j = 0; j < steps[i].args.length; j++) {
          shrink((st) => st[i].args[j], (st, v) => (st[i].args[j] = v));
        }
      }
    }
    return best;
  }

  const q = (v) => (typeof v === "string" ? JSON.stringify(v) : String(v));

  function describeSteps(steps) {
    const lines = [];
    for (const st of steps) {
      switch (st.t) {
        case "url": lines.push(`u = new URL(${q(st.input)}${st.base === undefined ? "" : `, ${q(st.base)}`})`); break;
        case "set": lines.push(`u.${st.setter} = ${q(st.value)}`); break;
        case "touch": lines.push("u.searchParams"); break;
        case "sp": lines.push(`u.searchParams.${st.op}(${st.args.map(q).join(", ")})`); break;
        case "usp": lines.push(`p = new URLSearchParams(${q(st.init)})`); break;
        case "uspop": lines.push(`p.${st.op}(${st.args.map(q).join(", ")})`); break;
        case "noise": lines.push(`/* weburl only: ${st.kind} ${q(st.arg)} */`); break;
        case "ll": lines.push(...lowLevel.describe(st, q)); break;
      }
    }
    return lines;
  }

  function printExample(diff, indent) {
    for (const line of describeSteps(diff.steps)) console.log(`${indent}${line}`);
    const attrs = diff.values ? Object.keys(diff.values) : [diff.attr];
    // low-level values are JSON texts already
    const show = diff.display === "json" ? String : q;
    for (const a of attrs) {
      const [x, y] = diff.values ? diff.values[a] : [diff.ours, diff.ref];
      console.log(`${indent}  ${a}: weburl ${show(x)}  whatwg-url ${show(y)}`);
    }
    if (diff.detail?.ours) console.log(`${indent}  (weburl's message: ${diff.detail.ours})`);
    if (diff.detail?.ref) console.log(`${indent}  (whatwg-url's message: ${diff.detail.ref})`);
    if (diff.detail?.note) console.log(`${indent}  (${diff.detail.note})`);
  }

  function examplesOf(samples, count) {
    const sorted = [...samples].sort((a, b) => stepsSize(a.steps) - stepsSize(b.steps));
    const seen = new Set();
    const shown = [];
    for (const sample of sorted.slice(0, Math.max(count * 3, 6))) {
      const small = minimize(sample);
      // one example per shape: reproducers that differ only in letters or digits say the same thing
      const id = JSON.stringify(small.steps).replace(/[a-zA-Z]/g, "a").replace(/[0-9]/g, "0");
      if (seen.has(id)) continue;
      seen.add(id);
      shown.push(small);
      if (shown.length >= count) break;
    }
    return shown;
  }

  return { examplesOf, printExample };
}
