// workerd (V8; Cloudflare Workers' runtime), from the npm registry (@cloudflare/workerd-linux-64):
// a worker importing `weburl`, its polyfills and its feature subpaths, bundled as wrangler bundles
// one (esbuild with the conditions workerd, worker and browser; .wasm imports left as modules of
// their own, which workerd gives as compiled WebAssembly.Modules), served by workerd and asked for
// its result over HTTP. workerd refuses to compile wasm from bytes, so each of those has a
// `workerd` condition importing weburl_bg.wasm or weburl_full.wasm; the modules' names in the
// config are the ones the bundle imports (./weburl_bg.wasm, ./weburl_full.wasm beside it).
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { test } from "node:test";

import { bundle, checkEngine, ENGINE_TIMEOUT, freshDir, installPackages, installWeburl, OWN_MODULE, suiteModule, weburlFiles } from "./harness.mjs";

const VERSION = "1.20261117.1";
const WASMS = ["weburl_bg.wasm", "weburl_full.wasm"];

// The engine's own classes are taken first (own.mjs), before the polyfill runs. Also weburl/web's
// init(), which finds its wasm from import.meta.url: not there, so it must say which entry to
// import instead. Each other feature subpath answers one call (whatwg-url's runs the WPT data in
// suite.mjs); the polyfill is then forced.
const WORKER = `import { own } from "./own.mjs";
import * as weburl from "weburl";
import * as polyfill from "weburl/polyfill";
import * as polyfillURLPattern from "weburl/polyfill/urlpattern";
import { init } from "weburl/web";
import { URL as FeatureURL, URLPattern } from "weburl/urlpattern";
import * as whatwgURL from "weburl/whatwg-url";
import { parseWebSocketURL } from "weburl/websocket";
import { renderURL } from "weburl/display";
import { encodeURI } from "weburl/ecma";
import { publicSuffix } from "weburl/psl";
import { measure } from "./suite.js";

export default {
  async fetch() {
    const webInit = await init().then(() => "loaded", (e) => \`\${e.name}: \${e.message}\`);
    const result = measure({ own, weburl, whatwgURL, polyfill: true });
    const features = {
      urlpattern: new URLPattern({ pathname: "/a/:b" }).exec("https://x/a/c").pathname.groups.b,
      websocket: parseWebSocketURL("WS://A/b?c").resourceName,
      display: renderURL("http://xn--fa-hia.de/"),
      ecma: encodeURI("\u00e4"),
      psl: publicSuffix("a.b.co.uk"),
      sameClasses: FeatureURL === weburl.URL,
    };
    const { installed, native } = polyfillURLPattern.report;
    const urlpatternPolyfill = { installed, native: typeof native === "function" };
    const forced = polyfill.install({ force: true });
    const forcedPolyfill = { installed: forced.installed, globals: globalThis.URL === polyfill.URL, href: new URL("http://fa\u00df.de/").href };
    return Response.json({ ...result, webInit, features, urlpatternPolyfill, forcedPolyfill });
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
    (name = "weburl_full.wasm", wasm = embed "weburl_full.wasm"),
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
  writeFileSync(join(dir, "own.mjs"), OWN_MODULE);
  writeFileSync(join(dir, "worker.src.mjs"), WORKER);
  const { metafile } = await bundle(join(dir, "worker.src.mjs"), join(dir, "worker.js"), {
    conditions: ["workerd", "worker", "browser"], platform: "neutral", target: "es2022", external: ["*.wasm"], metafile: true,
  });
  for (const file of WASMS) copyFileSync(join(dir, "node_modules", "weburl", file), join(dir, file));
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
}, { expectedEngine: "wasm" });

test("weburl/web's init() without import.meta.url says which entry to import", () => {
  assert.match(result.webInit, /^TypeError: weburl: .* the wasm module was not found \(not found: .*\): import "weburl\/nowasm"/);
});

test("each feature subpath loads on the full wasm, imported as a module, with the classes of `weburl`", () => {
  assert.deepEqual(result.features, {
    urlpattern: "c", websocket: "/b?c", display: "http://faß.de/", ecma: "%C3%A4", psl: "co.uk", sameClasses: true,
  });
});

test("weburl/polyfill/urlpattern loads, and stays out where workerd has URLPattern", () => {
  assert.equal(result.urlpatternPolyfill.installed, !result.urlpatternPolyfill.native);
});

test("weburl/polyfill installs weburl's classes when forced", () => {
  assert.deepEqual(result.forcedPolyfill, { installed: true, globals: true, href: "http://xn--fa-hia.de/" });
});
