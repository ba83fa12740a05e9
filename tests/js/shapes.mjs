// The hostile input shapes of tests/hostile/shapes.json, for the JavaScript tests and benchmark.
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { root } from "./helpers.mjs";

const { shapes } = JSON.parse(readFileSync(join(root, "tests", "hostile", "shapes.json"), "utf8"));

/** `shape`'s input of about `size` bytes (UTF-8): prefix, unit repeated, suffix. */
export function build(shape, size) {
  const bytes = (s) => Buffer.byteLength(s);
  const count = Math.max(1, Math.floor((size - bytes(shape.prefix) - bytes(shape.suffix)) / bytes(shape.unit)));
  return shape.prefix + shape.unit.repeat(count) + shape.suffix;
}

export { shapes };
