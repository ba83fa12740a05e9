// workerd (V8; Cloudflare Workers' runtime), from the npm registry (@cloudflare/workerd-linux-64):
// a worker importing `weburl`, bundled as wrangler bundles one (esbuild with the conditions
// workerd, worker and browser; .wasm imports left as modules of their own, which workerd gives
// as compiled WebAssembly.Modules), served by workerd and asked for its result over HTTP. The
// polyfill does not run here: its wasm is inlined and compiled from bytes, which workerd refuses.
// The wasm module's name in the config is the one the bundle imports (./weburl_bg.wasm beside it).
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { test } from "node:test";

import { bundle, checkEngine, ENGINE_TIMEOUT, freshDir, installPackages, installWeburl, suiteModule, weburlFiles } from "./harness.mjs";

const VERSION = "1.20261117.1";

// Also weburl/web's init(), which finds its wasm from import.meta.url: not there, so it must say
// which entry to import instead.
const WORKER = `import * as weburl from "weburl";
import { init } from "weburl/web";
import { measure } from "./suite.js";

const own = { URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams };

export default {
  async fetch() {
    const webInit = await init().then(() => "loaded", (e) => \`\${e.name}: \${e.message}\`);
    return Response.json({ ...measure({ own, weburl, polyfill: false }), webInit });
  },
};
`;

const config = (port) => `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const worker :Workerd.Worker = (
  modules = [
    (name = "worker.js", esModule = embed "worker.js"),
    (name = "weburl_bg.wasm", wasm = embed "weburl_bg.wasm"),
  ],
  compatibilityDate = "2026-11-01",
);
`;

/** A port free now on 127.0.0.1. */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

let result;
checkEngine("workerd", async () => {
  const workerd = join(await installPackages("workerd", { "@cloudflare/workerd-linux-64": VERSION }), "@cloudflare", "workerd-linux-64", "bin", "workerd");
  const version = execFileSync(workerd, ["--version"], { encoding: "utf8" }).trim();
  const dir = freshDir("workerd", "app");
  await installWeburl(dir);
  await suiteModule(dir);
  writeFileSync(join(dir, "worker.src.mjs"), WORKER);
  const { metafile } = await bundle(join(dir, "worker.src.mjs"), join(dir, "worker.js"), {
    conditions: ["workerd", "worker", "browser"], platform: "neutral", target: "es2022", external: ["*.wasm"], metafile: true,
  });
  copyFileSync(join(dir, "node_modules", "weburl", "weburl_bg.wasm"), join(dir, "weburl_bg.wasm"));
  const port = await freePort();
  writeFileSync(join(dir, "config.capnp"), config(port));
  const server = spawn(workerd, ["serve", "config.capnp"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  try {
    const deadline = Date.now() + ENGINE_TIMEOUT;
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(ENGINE_TIMEOUT) });
        const text = await response.text();
        if (!response.ok) throw new Error(`workerd answered ${response.status}: ${text}\n${output}`);
        result = { ...JSON.parse(text), engine: `${version} (npm ${VERSION})`, entry: weburlFiles(metafile) };
        return result;
      } catch (e) {
        if (e.cause?.code !== "ECONNREFUSED" || server.exitCode !== null || Date.now() > deadline) throw new Error(`${e.message}\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    server.kill("SIGKILL");
  }
}, { expectedEngine: "wasm", polyfill: false });

test("weburl/web's init() without import.meta.url says which entry to import", () => {
  assert.match(result.webInit, /^TypeError: weburl: .* the wasm module was not found \(not found: .*\): import "weburl\/nowasm"/);
});
