// The ECMAScript URI functions (a program that prints figures, not a test): weburl's
// (pkg/node.mjs, the Rust core in wasm) against the engine's own, in one process, on the first
// 2,000 URLs of ../shared/datasets/kasztp.txt (WEBURL_DATASETS overrides the directory):
//
//   node benches/ecma.mjs [time-ms-per-task]
//
// Tasks: encodeURI and encodeURIComponent of each URL; decodeURI and decodeURIComponent of each
// URL's encodeURIComponent; and the same four on one 200 KB string (the 2,000 URLs joined).
// Prints the median time per string for each side and the ratio weburl ÷ engine.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Bench } from "tinybench";
import { lines } from "./js-tasks.mjs";

import * as weburl from "../pkg/node.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const datasets = process.env.WEBURL_DATASETS ?? join(root, "..", "shared", "datasets");
const timePerTask = Number(process.argv[2] ?? 1000);

const urls = lines(readFileSync(join(datasets, "kasztp.txt")), 2000);
const encoded = urls.map((url) => encodeURIComponent(url));
const long = urls.join(" ");
const longEncoded = encodeURIComponent(long);

const NAMES = ["encodeURI", "encodeURIComponent", "decodeURI", "decodeURIComponent"];
const TASKS = [
  ...NAMES.map((name) => ({ name, inputs: name.startsWith("encode") ? urls : encoded })),
  ...NAMES.map((name) => ({ name: `${name}, 200 KB`, f: name, inputs: [name.startsWith("encode") ? long : longEncoded] })),
];

console.log(`ECMAScript URI functions, Node ${process.version}: median per string (${urls.length} kasztp URLs, or one string)\n`);
console.log(`${"task".padEnd(32)} ${"engine".padStart(12)} ${"weburl".padStart(12)} ${"÷ engine".padStart(9)}`);
for (const task of TASKS) {
  const name = task.f ?? task.name;
  const sides = { engine: globalThis[name], weburl: weburl[name] };
  for (const input of task.inputs) {
    if (sides.engine(input) !== sides.weburl(input)) throw new Error(`${name} differs on ${JSON.stringify(input)}`);
  }
  const bench = new Bench({ time: timePerTask, warmupTime: 200 });
  for (const [side, f] of Object.entries(sides)) {
    bench.add(side, () => {
      let n = 0;
      for (const input of task.inputs) n += f(input).length;
      return n;
    });
  }
  await bench.run();
  const median = (side) => bench.tasks.find((t) => t.name === side).result.latency.p50 / task.inputs.length;
  const format = (ms) => (ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(ms >= 0.01 ? 1 : 2)} µs`);
  const [engine, ours] = [median("engine"), median("weburl")];
  console.log(`${task.name.padEnd(32)} ${format(engine).padStart(12)} ${format(ours).padStart(12)} ${(ours / engine).toFixed(2).padStart(9)}`);
}
