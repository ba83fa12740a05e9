// Bun (JavaScriptCore), from the npm registry (@oven/bun-linux-x64): weburl installed from its
// tarball and imported by name, as Bun's users do, and its polyfill.
import { join } from "node:path";

import { checkEngine, freshDir, installPackages, installWeburl, printedResult, run, suiteModule, writeServerProgram } from "./harness.mjs";

const VERSION = "1.4.4";

checkEngine("bun", async () => {
  const bun = join(await installPackages("bun", { "@oven/bun-linux-x64": VERSION }), "@oven", "bun-linux-x64", "bin", "bun");
  const dir = freshDir("bun", "app");
  await installWeburl(dir);
  await suiteModule(dir);
  const { stdout } = await run(bun, [writeServerProgram(dir)], { cwd: dir });
  return { ...printedResult(stdout), engine: `Bun ${VERSION}` };
}, { expectedEngine: "wasm" });
