// Time per MB of input through the JavaScript classes, from 1 KB to 10 MB, for each hostile
// input shape (a program that prints figures): linear time keeps the figure flat.
//
//   node benches/scaling.mjs        (after npm run build)
import { URL } from "../pkg/node.mjs";
import { build, shapes } from "../tests/js/shapes.mjs";

const SIZES = [1_000, 10_000, 100_000, 1_000_000, 10_000_000];

function time(input) {
  const runs = Math.min(2000, Math.max(3, Math.floor(20_000_000 / input.length)));
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    try {
      new URL(input).href;
    } catch {}
    samples.push(Number(process.hrtime.bigint() - start));
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

console.log(`new URL(input) time per MB of input (median), Node ${process.version}\n`);
console.log("shape".padEnd(28) + SIZES.map((s) => `${s / 1000} KB`.padStart(12)).join("") + "max/min".padStart(10));
for (const shape of shapes) {
  const perMB = SIZES.map((size) => {
    const input = build(shape, size);
    return time(input) / 1e6 / (Buffer.byteLength(input) / 1e6);
  });
  const row = perMB.map((ms) => `${ms.toFixed(2)} ms`.padStart(12)).join("");
  console.log(shape.name.padEnd(28) + row + (Math.max(...perMB) / Math.min(...perMB)).toFixed(2).padStart(10));
}
