// One row of benches/js-tasks.mjs counted with callgrind (a program, not a test), as
// benches/parse-parts.mjs counts its parts: the row's run, warmed 60 times (after 20, TurboFan
// could still be compiling the row's loop inside the counted runs), then `runs` times between two
// calls of `os.loadavg()`, at which callgrind dumps its counts. Instructions an iteration = the
// second dump's main-thread total / (runs × the row's `per`):
//
//   valgrind --tool=callgrind --separate-threads=yes --dump-before=uv_loadavg \
//     node --predictable-gc-schedule --no-concurrent-recompilation --no-liftoff \
//     benches/count-row.mjs "new URL(rel, s)" 10 [node | pkg=<dir>]
//   grep summary: callgrind.out.<pid>.2-01
//
// The row is the first whose name starts with the first argument; `node` counts Node's own URL.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { countRuns } from "./counted.mjs";
import { lines, urlTasks } from "./js-tasks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const [name, runsArg = "10", which = `pkg=${join(root, "pkg")}`] = process.argv.slice(2);
const datasets = process.env.WEBURL_DATASETS ?? join(root, "..", "shared", "datasets");
const web = lines(readFileSync(join(datasets, "kasztp.txt")), 2000);
const files = lines(readFileSync(join(datasets, "node_files.txt")), 2000);
const impl = which === "node" ? globalThis : await import(join(which.replace(/^pkg=/, ""), "node.mjs"));
const task = urlTasks(web, files).find((t) => t.name.startsWith(name));
if (task === undefined) throw new Error(`no row starts with ${JSON.stringify(name)}`);

const state = task.setup?.(impl);
const run = () => task.run(impl, task.fresh?.(impl) ?? state);
console.log(task.name, countRuns({ [task.name]: run }, task.name, Number(runsArg), 60));
