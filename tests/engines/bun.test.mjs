// Bun (JavaScriptCore), from the npm registry (@oven/bun-linux-x64): weburl installed from its
// tarball and imported by name, as Bun's users do, and its polyfill.
import { checkEngine, freshDir, installWeburl, printedResult, run, RUNTIMES, runtimeBinary, suiteModule, writeServerProgram } from "./harness.mjs";

checkEngine("bun", async () => {
  const bun = await runtimeBinary("bun");
  const dir = freshDir("bun", "app");
  await installWeburl(dir);
  await suiteModule(dir);
  const { stdout } = await run(bun, [writeServerProgram(dir)], { cwd: dir });
  return { ...printedResult(stdout), engine: `Bun ${RUNTIMES.bun.version}` };
}, { expectedEngine: "wasm" });
