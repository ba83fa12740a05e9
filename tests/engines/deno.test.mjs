// Deno (V8), from the npm registry (@deno/linux-x64-glibc): weburl installed from its tarball into
// node_modules and imported by name, as Deno's users of npm packages do, and its polyfill.
import { checkEngine, DENO_ENV, freshDir, installWeburl, printedResult, run, RUNTIMES, runtimeBinary, suiteModule, writeServerProgram } from "./harness.mjs";

checkEngine("deno", async () => {
  const deno = await runtimeBinary("deno");
  const dir = freshDir("deno", "app");
  await installWeburl(dir);
  await suiteModule(dir);
  const env = { ...process.env, ...DENO_ENV };
  const { stdout } = await run(deno, ["run", "--allow-read", "--allow-env", writeServerProgram(dir)], { cwd: dir, env });
  return { ...printedResult(stdout), engine: `Deno ${RUNTIMES.deno.version}` };
}, { expectedEngine: "wasm" });
