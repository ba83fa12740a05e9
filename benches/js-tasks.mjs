// The tasks of the JavaScript benchmark, over a URL class and its URLSearchParams, and how each is
// timed: shared by benches/js.mjs (Node, against Node's own URL, whatwg-url and core-js) and
// benches/engines.mjs (Bun, Deno, Chromium and Firefox, against each one's own URL), so that
// every engine runs the same code. No Node module here: the browsers load this file as it is.
import { Bench } from "tinybench";

/**
 * The first `count` lines of a data set's bytes, as users' URLs are (from the network, JSON or
 * source): strings of one byte a character where they are ASCII. A text decoded with its BOM
 * (kasztp.txt starts with one), and every line split from it, would be two-byte in V8.
 */
export function lines(bytes, count) {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return new TextDecoder().decode(bytes.subarray(bom)).split("\n").filter(Boolean).slice(0, count);
}

/** The same strings as two-byte ones in V8: sliced from a two-byte text, as lines split from a text decoded with its BOM are. */
export const twoByte = (strings) => `\uFEFF${strings.join("\n")}`.slice(1).split("\n");

/** Each web URL as a relative reference: its path (a leading segment made `../`), query and fragment. */
export const relativeReferences = (web) => web.map((s) => s.replace(/^[a-z]+:\/\/[^/]*/, "").replace(/^\/([^/])/, "../$1"));

/**
 * The tasks over `web` (web URLs) and `files` (file URLs). Each runs over a batch of inputs; `per`
 * is the batch size, so figures are per operation. `setup` makes a task's state once; `fresh`
 * makes it again, untimed, before each run; `builds`: also run on weburl's other builds.
 */
export function urlTasks(web, files) {
  const base = "https://example.org/a/b/c?d#e";
  const relative = relativeReferences(web);
  const query100 = Array.from({ length: 100 }, (_, i) => `key${(i * 37) % 100}=value%20${i}+x`).join("&");
  const pairs100 = Array.from({ length: 100 }, (_, i) => [`key${(i * 37) % 100}`, `value ${i} x`]);
  const record100 = Object.fromEntries(pairs100);
  const names = Array.from({ length: 100 }, (_, i) => `key${i}`);

  const ATTRIBUTES = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
  return [
    { name: "new URL(s).href — kasztp", per: web.length, builds: true, run: ({ URL }) => { let n = 0; for (const s of web) n += new URL(s).href.length; return n; } },
    { name: "new URL(s) + 11 attributes — kasztp", per: web.length, run: ({ URL }) => {
      let n = 0;
      for (const s of web) {
        const u = new URL(s);
        for (const a of ATTRIBUTES) n += u[a].length;
      }
      return n;
    } },
    { name: "new URL(s).href — node_files", per: files.length, run: ({ URL }) => { let n = 0; for (const s of files) n += new URL(s).href.length; return n; } },
    // A crawler resolving links against each page: the base changes on every call (the next URL of
    // the data set), so no cache of the last base helps.
    { name: "new URL(rel, s).href — a new base each call", per: relative.length, run: ({ URL }) => {
      let n = 0;
      for (let i = 0; i < relative.length; i++) n += new URL(relative[i], web[(i + 1) % web.length]).href.length;
      return n;
    } },
    { name: "new URL(rel, base).href — one base (cached)", per: relative.length, run: ({ URL }) => { let n = 0; for (const s of relative) n += new URL(s, base).href.length; return n; } },
    { name: "URL.canParse(s)", per: web.length, run: ({ URL }) => { let n = 0; for (const s of web) n += URL.canParse(s) ? 1 : 0; return n; } },
    // A router or proxy rewriting URLs: each URL made fresh in the loop, then its setters.
    { name: "new URL(s), then pathname, search, hash, href", per: web.length, run: ({ URL }) => {
      let n = 0;
      for (const s of web) {
        const u = new URL(s);
        u.pathname = "/a/b c/d";
        u.search = "?q=1&r=é";
        u.hash = "#top";
        n += u.href.length;
      }
      return n;
    } },
    { name: "setters on URLs made before the loop: pathname, search, hash, href", per: web.length, setup: ({ URL }) => web.map((s) => new URL(s)), run: (_, urls) => {
      let n = 0;
      for (let i = 0; i < urls.length; i++) {
        const u = urls[i];
        u.pathname = "/a/b c/d";
        u.search = "?q=1&r=é";
        u.hash = "#top";
        u.href = web[i];
        n += u.href.length;
      }
      return n;
    } },
    // Query strings as a server reads and rewrites them: a fresh object each time.
    { name: "new URLSearchParams(query) (100 pairs) + 10 get", per: 1, run: ({ URLSearchParams }) => {
      const p = new URLSearchParams(query100);
      let n = 0;
      for (let i = 0; i < 100; i += 10) n += p.get(names[i])?.length ?? 0;
      return n;
    } },
    { name: "new URLSearchParams(query) (100 pairs) + set + append + toString", per: 1, run: ({ URLSearchParams }) => {
      const p = new URLSearchParams(query100);
      p.set("key7", "x");
      p.append("page", "2");
      return p.toString().length;
    } },
    { name: "URLSearchParams parse (100 pairs)", per: 1, run: ({ URLSearchParams }) => new URLSearchParams(query100).size },
    // A fresh list each time: the serialization itself. Then the same list again, which Node 24 and
    // weburl answer from what they kept (Node 20 serializes it again).
    { name: "URLSearchParams toString (100 pairs)", per: 1, fresh: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => p.toString().length },
    { name: "URLSearchParams toString again, the list unchanged", per: 1, setup: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => p.toString().length },
    { name: "URLSearchParams sort (100 pairs, unsorted)", per: 1, fresh: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => { p.sort(); return p.size; } },
    { name: "URLSearchParams get (100 pairs)", per: 100, setup: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => {
      let n = 0;
      for (let i = 0; i < 100; i++) n += p.get(`key${i}`)?.length ?? 0;
      return n;
    } },
    { name: "URLSearchParams getAll (100 pairs)", per: 100, setup: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => {
      let n = 0;
      for (const name of names) n += p.getAll(name).length;
      return n;
    } },
    { name: "URLSearchParams has (100 pairs)", per: 100, setup: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => {
      let n = 0;
      for (const name of names) n += p.has(name) ? 1 : 0;
      return n;
    } },
    { name: "URLSearchParams set (100 pairs, 10 names)", per: 10, fresh: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => {
      for (let i = 0; i < 100; i += 10) p.set(names[i], "new value");
      return p.size;
    } },
    { name: "URLSearchParams delete (100 pairs, 10 names)", per: 10, fresh: ({ URLSearchParams }) => new URLSearchParams(query100), run: (_, p) => {
      for (let i = 0; i < 100; i += 10) p.delete(names[i]);
      return p.size;
    } },
    { name: "URLSearchParams append (100 pairs)", per: 100, fresh: ({ URLSearchParams }) => new URLSearchParams(), run: (_, p) => {
      for (const [name, value] of pairs100) p.append(name, value);
      return p.size;
    } },
    { name: "new URLSearchParams(pairs) (100 pairs)", per: 1, run: ({ URLSearchParams }) => new URLSearchParams(pairs100).size },
    { name: "new URLSearchParams(record) (100 pairs)", per: 1, run: ({ URLSearchParams }) => new URLSearchParams(record100).size },
    { name: "new URL(s), then searchParams.set + href (kasztp)", per: web.length, run: ({ URL }) => {
      let n = 0;
      for (const s of web) {
        const u = new URL(s);
        u.searchParams.set("page", "2");
        n += u.href.length;
      }
      return n;
    } },
    { name: "url.searchParams.set + href on URLs made before the loop (kasztp)", per: web.length, setup: ({ URL }) => web.map((s) => new URL(s)), run: (_, urls) => {
      let n = 0;
      for (const u of urls) {
        u.searchParams.set("page", "2");
        n += u.href.length;
      }
      return n;
    } },
  ];
}

/**
 * Runs `task` on each of `impls` ({ name, URL, URLSearchParams, … }) for `time` ms each; the
 * median time of one operation per implementation, in nanoseconds, by name. `sample`: the least
 * time one timed sample may take, in ms (0: one run of the task), for clocks as coarse as a
 * browser's: a sample is then that many runs of the task, each on a fresh state where it has one.
 */
export function medians(task, impls, time, sample = 0) {
  const bench = new Bench({ time, warmupTime: 100 });
  const runs = [];
  for (const impl of impls) {
    const count = sample === 0 ? 1 : runsPerSample(task, impl, sample);
    runs.push(count);
    let states = task.setup === undefined ? [] : Array(count).fill(task.setup(impl));
    const beforeEach = task.fresh && (() => { states = Array.from({ length: count }, () => task.fresh(impl)); });
    bench.add(impl.name, () => {
      for (let i = 0; i < count; i++) sink += task.run(impl, states[i]);
    }, { beforeEach });
  }
  bench.runSync();
  return Object.fromEntries(bench.tasks.map((t, i) => [t.name, (t.result.latency.p50 * 1e6) / (task.per * runs[i])]));
}

/** How many runs of `task` on `impl` take at least `ms` milliseconds (doubling from one). */
function runsPerSample(task, impl, ms) {
  for (let count = 1; ; count *= 2) {
    const states = Array.from({ length: count }, () => (task.fresh ?? task.setup)?.(impl));
    const start = performance.now();
    for (let i = 0; i < count; i++) sink += task.run(impl, states[i]);
    if (performance.now() - start >= ms) return count;
  }
}

// What the tasks return, summed, so that no engine can drop their work.
let sink = 0;

/** The sum of what the tasks returned (print it: see `sink`). */
export const checksum = () => sink % 1000;
