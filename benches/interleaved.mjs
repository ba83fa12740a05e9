// One row of benches/js-tasks.mjs timed in one process (a program, not a test): Node's own URL
// classes and one or more builds of weburl in turn, round after round (the order reversed every
// other round), each round a batch of runs on states made just before it, untimed. Prints each
// one's median time an operation and the median of its rounds' ratios to Node's own: a machine's
// load then moves all of them alike, which tinybench's runs of one after the other do not see.
//
//   node benches/interleaved.mjs "new URLSearchParams(pairs)" [rounds=60] [batch=200] [pkg dir…]
//
// The row is the first whose name starts with the first argument; the builds default to pkg/.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { lines, urlTasks } from "./js-tasks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [name, roundsArg = "60", batchArg = "200", ...dirs] = process.argv.slice(2);
const datasets = process.env.WEBURL_DATASETS ?? join(root, "..", "shared", "datasets");
const web = lines(readFileSync(join(datasets, "kasztp.txt")), 2000);
const files = lines(readFileSync(join(datasets, "node_files.txt")), 2000);
const task = urlTasks(web, files).find((t) => t.name.startsWith(name));
if (task === undefined) throw new Error(`no row starts with ${JSON.stringify(name)}`);
const impls = [{ name: "node", impl: globalThis }];
for (const dir of dirs.length > 0 ? dirs : [join(root, "pkg")]) impls.push({ name: dir, impl: await import(join(resolve(dir), "node.mjs")) });
const rounds = Number(roundsArg);
const batch = Number(batchArg);

let sink = 0;
/** One batch of `impl`: nanoseconds an operation. */
function timed(impl) {
  const state = task.setup?.(impl);
  const states = Array.from({ length: batch }, () => task.fresh?.(impl) ?? state);
  const start = process.hrtime.bigint();
  for (let i = 0; i < batch; i++) sink += task.run(impl, states[i]);
  return Number(process.hrtime.bigint() - start) / (batch * task.per);
}

for (let i = 0; i < 10; i++) for (const { impl } of impls) timed(impl);
const times = impls.map(() => []);
for (let round = 0; round < rounds; round++) {
  const order = impls.map((_, i) => (round % 2 === 0 ? i : impls.length - 1 - i));
  for (const i of order) times[i][round] = timed(impls[i].impl);
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
console.log(`${task.name} — Node ${process.version}, ${rounds} rounds of ${batch}, medians`);
for (let i = 0; i < impls.length; i++) {
  const ratio = median(times[i].map((t, round) => t / times[0][round]));
  console.log(`  ${impls[i].name.padEnd(30)} ${median(times[i]).toFixed(1).padStart(10)} ns an operation   ÷ node ${ratio.toFixed(2)}`);
}
console.log(`(checksum ${sink % 1000})`);
