// Node (the one running the tests): the WPT url .any.js files through the globals that `weburl`
// and `weburl/polyfill` leave (wpt-any.mjs), each file in a process of its own (any/node.mjs),
// weburl installed from its tarball. The WPT data through weburl's classes in Node is tests/js/'s.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";

import { wptDir } from "../js/helpers.mjs";
import { freshDir, installWeburl, printedResult, run } from "./harness.mjs";
import { checkAny, installWptAny, NODE_ENTRIES } from "./wpt-any.mjs";

async function runAll() {
  const wpt = await installWptAny();
  const dir = freshDir("node", "app");
  await installWeburl(dir);
  writeFileSync(join(dir, "entries.mjs"), 'export const weburl = () => import("weburl");\nexport const polyfill = () => import("weburl/polyfill");\n');
  const runs = [];
  for (const entry of NODE_ENTRIES) {
    for (const file of wpt.files) {
      const { stdout } = await run(process.execPath, [join(import.meta.dirname, "any", "node.mjs"), dir, wpt.dir, wptDir, entry, file]);
      runs.push(printedResult(stdout));
    }
  }
  return { runs, fileCount: wpt.files.length, source: wpt.source, window: false };
}

let all; // the runs, made once for both tests
describe(`node ${process.version}`, () => checkAny(() => (all ??= runAll()), `Node ${process.version}`));
