// The generator library of the differentials: a seeded PRNG (mulberry32) and the draws and
// mutations of inputs built on it, over an alphabet each differential chooses (URLs' by default).
// Each call of makeRandom is an independent stream, so the URL-class cases and the low-level cases
// of one run do not shift each other's draws.

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The interesting characters, by group; a group is drawn first, then a member.
const CHAR_GROUPS = [
  [40, [..."/\\?#@:[]%."]],
  [15, [..."0123456789"]],
  [20, ["é", "ß", "ẞ", "①", "\u0301", "\u200d", "🏳", "\u3002", "\uFF0E", "\uFFFD"]],
  [15, ["\t", "\n", "\r", "\u0000", "\u001f", "\u007f", " "]],
  [5, ["\uD800", "\uDC00"]],
  // A few more that reach other branches: the form-urlencoded delimiters, percent-encoded dots,
  // punycode and hexadecimal prefixes, letters for schemes and drive letters.
  [5, ["&", "=", "+", "%2e", "%2E", "%25", "%zz", "..", "xn--", "0x", "a", "C", "|", "'", "<", "^", "~"]],
];
const PLAIN = [..."abcxyzABC019"];

/**
 * What mutations draw from: weighted groups of characters, the structural characters next to
 * which edits land with probability `nearStructural`. URLs by default; the URL Pattern
 * differential has its own.
 */
const URL_ALPHABET = { groups: CHAR_GROUPS, structural: new Set([..."/\\?#@:[].%"]), nearStructural: 0.35 };

/** A generator seeded by `seed`: rand() in [0, 1), and the draws and mutations built on it. */
export function makeRandom(seed, alphabet = URL_ALPHABET) {
  const { groups, structural, nearStructural } = alphabet;
  const total = groups.reduce((sum, [weight]) => sum + weight, 0);
  const rand = mulberry32(seed);
  const below = (n) => Math.floor(rand() * n);
  const pick = (list) => list[below(list.length)];
  const chance = (p) => rand() < p;

  function interestingChar() {
    let r = below(total);
    for (const [weight, chars] of groups) {
      if (r < weight) return pick(chars);
      r -= weight;
    }
    throw new Error("unreachable");
  }

  /** 1-3 edits (insert, delete, replace) of one code point each, at random or structural positions. */
  function mutate(text, edits = 1 + below(3)) {
    const cps = Array.from(text);
    for (let k = 0; k < edits; k++) {
      let at;
      if (cps.length > 0 && chance(nearStructural)) {
        // next to a structural character, where the parser changes state
        const marks = [];
        for (let i = 0; i < cps.length; i++) if (structural.has(cps[i])) marks.push(i);
        at = marks.length > 0 ? pick(marks) + below(2) : below(cps.length + 1);
      } else {
        at = below(cps.length + 1);
      }
      const op = cps.length === 0 ? 0 : below(3);
      if (op === 0) cps.splice(Math.min(at, cps.length), 0, interestingChar());
      else if (op === 1) cps.splice(Math.min(at, cps.length - 1), 1);
      else cps[Math.min(at, cps.length - 1)] = interestingChar();
    }
    return cps.join("");
  }

  function randomShort(max = 6) {
    let s = "";
    for (let n = below(max + 1); n > 0; n--) s += chance(0.5) ? interestingChar() : pick(PLAIN);
    return s;
  }

  return { rand, below, pick, chance, interestingChar, mutate, randomShort };
}
