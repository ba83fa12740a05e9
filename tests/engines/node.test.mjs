// Node (the one running the tests, and the newest releases, from scripts/node-binary.sh): the WPT
// url .any.js files through the globals that `weburl` and `weburl/polyfill` leave (wpt-any.mjs),
// each file in a process of its own (any/node.mjs), weburl installed from its tarball, with the
// same expectations on every Node. The WPT data through weburl's classes in Node is tests/js/'s.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe } from "node:test";

import { nodeBinary } from "../bundlers/harness.mjs";
import { NEWEST_NODES, wptDir } from "../js/helpers.mjs";
import { freshDir, installWeburl, printedResult, run } from "./harness.mjs";
import { checkAny, installWptAny, NODE_ENTRIES } from "./wpt-any.mjs";

let app; // weburl installed once, for every Node
function installApp() {
  app ??= (async () => {
    const dir = freshDir("node", "app");
    await installWeburl(dir);
    writeFileSync(join(dir, "entries.mjs"), 'export const weburl = () => import("weburl");\nexport const polyfill = () => import("weburl/polyfill");\n');
    return dir;
  })();
  return app;
}

/** The runs of every entry and file on the Node binary `node`. */
async function runAll(node) {
  const [wpt, dir] = await Promise.all([installWptAny(), installApp()]);
  const runs = [];
  for (const entry of NODE_ENTRIES) {
    for (const file of wpt.files) {
      const { stdout } = await run(node, [join(import.meta.dirname, "any", "node.mjs"), dir, wpt.dir, wptDir, entry, file]);
      runs.push(printedResult(stdout));
    }
  }
  return { runs, fileCount: wpt.files.length, source: wpt.source, window: false };
}

const nodes = [[process.version, async () => process.execPath], ...NEWEST_NODES.map((version) => [`v${version}`, () => nodeBinary(version)])];
for (const [version, binary] of nodes) {
  let all; // the runs, made once for both tests
  describe(`node ${version}`, () => checkAny(() => (all ??= binary().then(runAll)), `Node ${version}`));
}
