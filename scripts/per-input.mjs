// Instructions and mispredicts a URL on urltestdata, weburl against ada, for each input and for
// groups of inputs by shape: where weburl's cost is and which shapes cost it more than ada.
//
//   cargo bench --bench parse --no-run
//   WEBURL_WPT_DIR=../shared/wpt node scripts/per-input.mjs [bench binary] [--inputs]
//
// Runs the bench binary (`--only <parser> --rounds 3 urltestdata`) under callgrind with one dump
// a parse (`--dump-before` the bench's closure) and reads the second round's dumps, so that each
// count is one parse, the loop's few instructions around it included. weburl's counts are split
// by what ran, each inclusive: the scan of the base (from a run of the bases alone), the scan of
// the input, the joining fast path (with its scan of the joined string), the state machine, and
// the rest (the result's allocation, `href`, the drop, the bench's loop). `--inputs` also prints
// every input, those most over 0.4 of ada first.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const args = process.argv.slice(2);
const listInputs = args.includes("--inputs");
const root = new URL("..", import.meta.url).pathname;
const deps = join(root, "target/release/deps");
const bench =
  args.find((a) => !a.startsWith("--")) ??
  readdirSync(deps)
    .filter((f) => /^parse-[0-9a-f]+$/.test(f))
    .map((f) => join(deps, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
const wptDir = process.env.WEBURL_WPT_DIR ?? join(root, "../shared/wpt");

/** One dump's counts: totals [Ir, Bc, Bcm, Bi, Bim], inclusive Ir by function, and by call
 * (`caller→callee`). */
function readDump(path) {
  const inclusive = new Map();
  const calls = new Map();
  let fn = null;
  let callee = null;
  let call = false;
  let totals = null;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (line.startsWith("fn=")) {
      fn = line.slice(3);
    } else if (line.startsWith("cfn=")) {
      callee = line.slice(4);
    } else if (line.startsWith("calls=")) {
      call = true;
    } else if (/^[0-9+*-]/.test(line) && fn !== null) {
      // A cost line (position, then the events): the function's own, or after `calls=` the
      // call's inclusive cost.
      const ir = Number(line.split(" ")[1] ?? 0);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + ir);
      if (call) calls.set(`${fn}→${callee}`, (calls.get(`${fn}→${callee}`) ?? 0) + ir);
      call = false;
    } else if (line.startsWith("totals:")) {
      // Trailing zeros are left out.
      totals = [...line.slice(7).trim().split(" ").map(Number), 0, 0, 0, 0].slice(0, 5);
    }
  }
  return { totals, inclusive, calls };
}

/** The second round's parses of `parser`, one dump each, in the bench's order; with `lines`,
 * of those lines as inputs (the bench's kasztp set) rather than urltestdata. */
function profile(parser, lines) {
  const dir = mkdtempSync(join(tmpdir(), "per-input-"));
  const env = { ...process.env, WEBURL_WPT_DIR: wptDir };
  if (lines) {
    writeFileSync(join(dir, "kasztp.txt"), lines.join("\n"));
    writeFileSync(join(dir, "node_files.txt"), "");
    env.WEBURL_DATASETS = dir;
  }
  try {
    const out = execFileSync(
      "valgrind",
      [
        "--tool=callgrind",
        "--branch-sim=yes",
        "--compress-strings=no",
        "--dump-before=core::ops::function::FnOnce::call_once",
        `--callgrind-out-file=${join(dir, "out")}`,
        bench,
        "--only",
        parser,
        "--rounds",
        "3",
        lines ? "kasztp" : "urltestdata",
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], env },
    );
    const n = Number(/(\d+) inputs/.exec(out)[1]);
    // Dump k + 1 is everything before parse k (k from 1); parse k ends in dump k + 2.
    return Array.from({ length: n }, (_, i) => readDump(join(dir, `out.${n + i + 2}`)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The bench's inputs: urltestdata's cases but those whose base a parser refuses (Node's URL is
// ada; the count is checked against the bench's).
const cases = JSON.parse(readFileSync(join(wptDir, "urltestdata.json"), "utf8")).filter(
  (c) => typeof c === "object" && (c.base == null || URL.canParse(c.base)),
);
const weburl = profile("weburl");
const ada = profile("ada");
// Each base parsed alone: its scan is the part of the input's scans that is the base's.
const withBase = cases.filter((c) => c.base != null);
const bases = new Map(profile("weburl", withBase.map((c) => c.base)).map((d, i) => [withBase[i], d]));
if (weburl.length !== cases.length || ada.length !== cases.length) {
  throw new Error(`${cases.length} cases, ${weburl.length} and ${ada.length} parses`);
}

const SPECIAL = new Set(["http:", "https:", "ws:", "wss:", "ftp:", "file:"]);
const stripped = (s) => s.replace(/^[\0- ]+|[\0- ]+$/g, "").replace(/[\t\n\r]/g, "");
/** The input's shape, first match, from the case's expected result. */
function shape(c) {
  const input = stripped(c.input);
  const relative = c.base != null && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(input);
  if (c.failure) return relative ? "fails, relative" : "fails";
  if (/[^\0-\x7f]/.test(c.input)) return "not ASCII";
  if (relative) return SPECIAL.has(c.protocol) ? "relative, special base" : "relative, other base";
  if (c.protocol === "file:") return "file:";
  if (c.hostname.startsWith("[")) return "IPv6 host";
  if (!SPECIAL.has(c.protocol)) return "not special";
  if (c.href === c.input) return "special, href is the input";
  return "special, href not the input";
}
const SCAN = "weburl::parser::canonical::scan";
const JOIN = "weburl::parser::canonical::join";
const MACHINE = "weburl::parser::state_machine";
/** weburl's path: the state machine, the join, or the scan alone (vouched or failed). */
function path(d) {
  if (d.inclusive.has(MACHINE)) return "state machine";
  if (d.inclusive.has(JOIN)) return "joined";
  return "scan only";
}

const rows = cases.map((c, i) => {
  const w = weburl[i];
  const baseScan = bases.get(c)?.inclusive.get(SCAN) ?? 0;
  const parts = [SCAN, JOIN, MACHINE].map((f) => w.inclusive.get(f) ?? 0);
  // The join's scan of the joined string is the join's.
  const joinScan = w.calls.get(`${JOIN}→${SCAN}`) ?? 0;
  parts.splice(0, 1, baseScan, parts[0] - baseScan - joinScan);
  return {
    input: c.input,
    base: c.base,
    shape: shape(c),
    path: path(w),
    weburl: w.totals[0],
    weburlMiss: w.totals[2] + w.totals[4],
    ada: ada[i].totals[0],
    adaMiss: ada[i].totals[2] + ada[i].totals[4],
    parts: [...parts, w.totals[0] - parts.reduce((a, b) => a + b)],
  };
});

const total = rows.length;
const fmt = (x, d = 0) => x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
const sum = (list, f) => list.reduce((a, r) => a + f(r), 0);
function table(title, key) {
  const groups = new Map();
  for (const r of rows) groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
  console.log(`\n| ${title} | count | weburl each | ada each | weburl ÷ ada | weburl a URL of all | over 0.4 of ada, a URL of all | mispredicts each, weburl / ada | weburl each: the base's scan, the input's scan, join, state machine, rest |`);
  console.log("|---|---|---|---|---|---|---|---|---|");
  const sorted = [...groups].sort((a, b) => sum(b[1], (r) => r.weburl) - sum(a[1], (r) => r.weburl));
  for (const [name, list] of [...sorted, ["all", rows]]) {
    const n = list.length;
    const w = sum(list, (r) => r.weburl);
    const a = sum(list, (r) => r.ada);
    const parts = [0, 1, 2, 3, 4].map((k) => fmt(sum(list, (r) => r.parts[k]) / n));
    console.log(
      `| ${name} | ${n} | ${fmt(w / n)} | ${fmt(a / n)} | ${fmt(w / a, 2)} | ${fmt(w / total, 1)} | ` +
        `${fmt((w - 0.4 * a) / total, 1)} | ${fmt(sum(list, (r) => r.weburlMiss) / n, 1)} / ` +
        `${fmt(sum(list, (r) => r.adaMiss) / n, 1)} | ${parts.join(", ")} |`,
    );
  }
}
const unvouched = withBase.filter((c) => bases.get(c).inclusive.has(MACHINE)).length;
console.log(`${bench}: urltestdata, ${total} inputs, one parse each (callgrind, the second of three rounds)`);
console.log(`${withBase.length} with a base, ${unvouched} of them a base the scan does not vouch for (its state machine in the input's)`);
table("by shape", (r) => r.shape);
table("by weburl's path", (r) => `${r.path}${r.shape.startsWith("fails") ? ", fails" : ""}`);
table("by shape, the state machine's", (r) => (r.path === "state machine" ? r.shape : "(not the state machine)"));
if (listInputs) {
  console.log("\nweburl, ada, weburl − 0.4 × ada, path, shape, input, base, weburl's split");
  for (const r of [...rows].sort((a, b) => b.weburl - 0.4 * b.ada - (a.weburl - 0.4 * a.ada))) {
    console.log(
      [r.weburl, r.ada, Math.round(r.weburl - 0.4 * r.ada), r.path, r.shape, JSON.stringify(r.input), JSON.stringify(r.base ?? null), r.parts.join(" ")].join("\t"),
    );
  }
}
