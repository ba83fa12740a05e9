// Deno (V8), from the npm registry (@deno/linux-x64-glibc): weburl installed from its tarball into
// node_modules and imported by name, as Deno's users of npm packages do, and its polyfill.
import { join } from "node:path";

import { checkEngine, enginesDir, freshDir, installPackages, installWeburl, printedResult, run, suiteModule, writeServerProgram } from "./harness.mjs";

const VERSION = "2.9.6";

checkEngine("deno", async () => {
  const deno = join(await installPackages("deno", { "@deno/linux-x64-glibc": VERSION }), "@deno", "linux-x64-glibc", "deno");
  const dir = freshDir("deno", "app");
  await installWeburl(dir);
  await suiteModule(dir);
  const env = { ...process.env, DENO_DIR: join(enginesDir, "deno", "cache"), DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" };
  const { stdout } = await run(deno, ["run", "--allow-read", "--allow-env", writeServerProgram(dir)], { cwd: dir, env });
  return { ...printedResult(stdout), engine: `Deno ${VERSION}` };
}, { expectedEngine: "wasm" });
