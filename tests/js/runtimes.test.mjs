// The polyfill (pkg/polyfill.cjs) on each Node the package may meet, 12 to 26: with the runtime's
// own URL and URLSearchParams hidden it installs weburl's on the MVP wasm engine, the WPT data
// passes through the globals, and Node's own APIs (fs, url, http, https, fetch) accept the
// installed URL (js/node-compat.js on Node 12–18). Then under `node --jitless`, where there is no
// WebAssembly, the JavaScript engine takes over and the data still passes. The driver
// (fixtures/runtimes-driver.mjs) runs in each Node; it is bundled to ES2017 for Node 12.
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import * as esbuild from "esbuild";

import { expectedFailures, NEWEST_NODES, pkg, root, wptDir } from "./helpers.mjs";

const FILES = ["urltestdata.json", "setters_tests.json", "toascii.json", "IdnaTestV2.json"];

// Every API check the driver must run on a version, so that one skipped because its API is
// missing cannot pass unnoticed: urlToHttpOptions came in Node 14.18, fetch in 18.
const BASE = [
  "fs.readFileSync", "fs.existsSync", "url.fileURLToPath", "http.request(url, callback)",
  "http.request(url, options, callback)", "http.get(url, callback)", "https.request(url)",
];
const NODE_14 = [...BASE, "url.urlToHttpOptions"];
const NODE_18 = [...NODE_14, "fetch"];
const RUNTIMES = [
  ["12.22.12", BASE],
  ["14.21.3", NODE_14],
  ["16.20.2", NODE_14],
  ["18.20.8", NODE_18],
  [process.version.slice(1), NODE_18, process.execPath], // the system Node, 20
  ["22.23.3", NODE_18],
  ...NEWEST_NODES.map((version) => [version, NODE_18]),
];
const nodeBinary = (version) => execFileSync("bash", [join(root, "scripts", "node-binary.sh"), version], { encoding: "utf8" }).trim();

const out = join(root, "target", "runtimes");
mkdirSync(out, { recursive: true });
const driver = join(out, "driver.cjs");
await esbuild.build({
  entryPoints: [join(root, "tests", "js", "fixtures", "runtimes-driver.mjs")],
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node12",
  outfile: driver,
  logLevel: "error",
});

// helpers.mjs is ESM for this Node only: the driver gets what it needs as a file.
function config(name, api, polyfill = "polyfill.cjs") {
  const file = join(out, `${name}.json`);
  const expected = Object.fromEntries(FILES.map((data) => [data, expectedFailures(data)]));
  writeFileSync(file, JSON.stringify({ polyfill: join(pkg, polyfill), wptDir, expected, api }));
  return file;
}
const withApis = config("config", true);
// Without WebAssembly the JavaScript engine comes with an entry of its own: the polyfill's is
// the one React Native gets (the `react-native` condition).
const dataOnly = config("config-data-only", false, "polyfill-nowasm.cjs");

/** Runs the driver with `node`, returning its result; a crash or a hang fails with its output. */
function drive(node, args) {
  return new Promise((resolve, reject) => {
    execFile(node, args, { timeout: 180_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${node} ${args.join(" ")}: ${error.message}\n${stdout}\n${stderr}`));
      else resolve(JSON.parse(stdout));
    });
  });
}

function checkData(get) {
  for (const file of FILES) {
    test(file, () => {
      const { ok, summary } = get().wpt[file];
      console.log(summary);
      assert.ok(ok, summary);
    });
  }
}

for (const [version, apis, binary] of RUNTIMES) {
  describe(`Node ${version}`, () => {
    let result;
    before(async () => {
      const node = binary ?? nodeBinary(version);
      result = await drive(node, [driver, withApis]);
    });

    test("the polyfill installs weburl's classes, on the MVP wasm engine", () => {
      assert.equal(result.version, `v${version}`);
      const { installed, forced, failed, engine } = result.report;
      assert.deepEqual({ installed, forced, engine }, { installed: true, forced: false, engine: "wasm" });
      assert.ok(failed.includes("URL") && failed.includes("URLSearchParams"), failed.join(", "));
      assert.equal(result.engine, "wasm");
      const builtin = { enumerable: false, writable: true, configurable: true };
      assert.deepEqual(result.globals, { URL: builtin, URLSearchParams: builtin });
    });

    checkData(() => result);

    test("Node's own APIs accept the installed URL", () => {
      assert.deepEqual(Object.keys(result.api).sort(), [...apis].sort(), "the checks that ran");
      const failures = Object.entries(result.api).filter(([, { ok }]) => !ok);
      assert.equal(failures.length, 0, failures.map(([name, { detail }]) => `${name}: ${detail}`).join("\n"));
    });
  });
}

// Node has no WebAssembly under --jitless. Node's fetch needs it too, so no API checks here.
describe(`Node ${process.version} --jitless: the JavaScript engine (weburl/polyfill for React Native)`, () => {
  let result;
  before(async () => {
    result = await drive(process.execPath, ["--jitless", driver, dataOnly]);
  });

  test("the polyfill installs weburl's classes, on the JavaScript engine", () => {
    assert.equal(result.report.installed, true);
    assert.equal(result.report.engine, "js");
    assert.equal(result.engine, "js");
  });

  checkData(() => result);

  test("the default polyfill, which carries no JavaScript engine, says where it is", () => {
    const script = `try { require(${JSON.stringify(join(pkg, "polyfill.cjs"))}); } catch (e) { console.log(e.constructor.name + ": " + e.message); }`;
    const output = execFileSync(process.execPath, ["--jitless", "-e", script], { encoding: "utf8" });
    assert.match(output, /^TypeError: weburl: this runtime has no WebAssembly .*"weburl\/nowasm"/);
  });
});

// Node 24's and 26's own URL pass every probe (and the WPT data): nothing hidden, the polyfill
// keeps them.
for (const version of NEWEST_NODES) {
  test(`Node ${version}: a conforming runtime keeps its own classes`, () => {
    const script = `const { report } = require(${JSON.stringify(join(pkg, "polyfill.cjs"))});
      console.log(JSON.stringify({ installed: report.installed, failed: report.failed,
        kept: URL === report.native.URL && URLSearchParams === report.native.URLSearchParams }));`;
    const output = execFileSync(nodeBinary(version), ["-e", script], { encoding: "utf8" });
    assert.deepEqual(JSON.parse(output), { installed: false, failed: [], kept: true });
  });
}

// Browsers' entries (index.js, urlpattern.js) compile their wasm synchronously where the engine
// allows it; where it refuses with a RangeError, as Chromium did over 4 KB on the main thread
// before version 114, they compile it asynchronously instead, still on wasm: the LZMA decoder
// (4.4 KB with the join, refused first in index.js), then the module.
test("the browsers' entries where synchronous compiling over 4 KB is refused: wasm, compiled asynchronously", () => {
  const script = `
    let refused = 0;
    const { Module } = WebAssembly;
    WebAssembly.Module = function (bytes) {
      if (bytes.byteLength > 4096) { refused++; throw new RangeError("WebAssembly.Compile is disallowed on the main thread, if the buffer size is larger than 4KB"); }
      return new Module(bytes);
    };
    const { URL, engine } = await import(${JSON.stringify(join(pkg, "index.js"))});
    const { URLPattern } = await import(${JSON.stringify(join(pkg, "urlpattern.js"))});
    console.log(JSON.stringify({ engine: engine(), refused, href: new URL("HTTP://EXAMPLE.org/a/../b").href,
      matched: new URLPattern({ pathname: "/b" }).test("http://example.org/b") }));`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.deepEqual(JSON.parse(output), { engine: "wasm", refused: 2, href: "http://example.org/b", matched: true });
});
