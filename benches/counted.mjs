// The counted part of benches/parse-parts.mjs, benches/string-copy.mjs and benches/count-row.mjs
// (see the first one's header).
import { loadavg } from "node:os";

/**
 * Runs `modes[mode]` `warm` times to warm up, then `runs` times between two calls of
 * `os.loadavg()`, at which callgrind (`--dump-before=uv_loadavg`) dumps its counts; returns the
 * counted runs' total.
 */
export function countRuns(modes, mode, runs, warm = 20) {
  const run = modes[mode];
  if (run === undefined) throw new Error(`mode: one of ${Object.keys(modes).join(", ")}`);
  for (let i = 0; i < warm; i++) run();
  let total = 0;
  loadavg();
  for (let i = 0; i < runs; i++) total += run();
  loadavg();
  return total;
}
