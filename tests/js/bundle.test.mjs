// Smoke test of the published form: `npm pack ./pkg`, install the tarball into a fresh project,
// bundle a tiny app with esbuild (the default entry for Node, with its wasm file copied beside
// the bundle, and for browsers, where it carries its wasm), and run the bundles; and the legacy
// entries by name on Node 12. (tests/bundlers/ builds apps with every bundler, for browsers.)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import * as esbuild from "esbuild";

import { pkg, root } from "./helpers.mjs";

const project = mkdtempSync(join(tmpdir(), "weburl-smoke-"));
after(() => rmSync(project, { recursive: true, force: true }));

const expected = {
  href: "https://xn--fa-hia.example/b?q=1&x=y+z",
  params: "a=1&b=2",
  error: 'TypeError: Invalid URL "https://ex ample.org/" (domain-to-ASCII)',
  native: false,
};

function npm(args, cwd) {
  return execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

test("npm pack gives an installable tarball", () => {
  const tarball = npm(["pack", pkg, "--pack-destination", project, "--silent"], project).trim().split("\n").pop();
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "smoke", private: true, type: "module" }));
  npm(["install", "--no-audit", "--no-fund", "--offline", join(project, tarball)], project);
  const installed = JSON.parse(readFileSync(join(project, "node_modules", "weburl", "package.json"), "utf8"));
  assert.equal(installed.name, "weburl");
});

/** Bundles the app with esbuild for `platform` into its own folder; the bundle's path. */
async function bundleApp(platform) {
  const outdir = mkdtempSync(join(project, `bundle-${platform}-`));
  await esbuild.build({
    entryPoints: [join(root, "tests", "js", "fixtures", "app.mjs")],
    nodePaths: [join(project, "node_modules")],
    bundle: true,
    format: "esm",
    platform,
    target: "es2022",
    outfile: join(outdir, "app.mjs"),
    logLevel: "error",
  });
  return join(outdir, "app.mjs");
}

test("esbuild: default entry, bundled for browsers (the wasm inside)", async () => {
  const output = execFileSync(process.execPath, [await bundleApp("browser")], { encoding: "utf8" });
  assert.deepEqual(JSON.parse(output), expected);
});

test("esbuild: default entry, bundled for Node: a clear error without its wasm file, working with it", async () => {
  const bundle = await bundleApp("node");
  assert.throws(
    () => execFileSync(process.execPath, [bundle], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }),
    (error) => /weburl_bg\.wasm is missing: .*copy node_modules\/weburl\/\*\.wasm beside the bundle/.test(error.stderr),
  );
  for (const file of ["weburl_bg.wasm", "weburl_full.wasm"]) copyFileSync(join(project, "node_modules", "weburl", file), join(bundle, "..", file));
  const output = execFileSync(process.execPath, [bundle], { encoding: "utf8" });
  assert.deepEqual(JSON.parse(output), expected);
});

test("require() of the installed package", () => {
  const script = 'const { URL } = require("weburl"); console.log(new URL("http://[::1]:80/").href)';
  const output = execFileSync(process.execPath, ["-e", script], { cwd: project, encoding: "utf8" });
  assert.equal(output.trim(), "http://[::1]/");
});

// Node 12 resolves the package's exports too: `weburl/polyfill` and `weburl/legacy` by name.
test("Node 12: require and import of weburl/polyfill and weburl/legacy by name", () => {
  const node12 = execFileSync("bash", [join(root, "scripts", "node-binary.sh"), "12.22.12"], { encoding: "utf8" }).trim();
  const script = `const { report, URL } = require("weburl/polyfill");
    import("weburl/legacy").then((legacy) => console.log(JSON.stringify({
      installed: report.installed, global: globalThis.URL === URL,
      href: new legacy.URL("http://FAẞ.de/").href, engine: legacy.engine() })));`;
  const output = execFileSync(node12, ["-e", script], { cwd: project, encoding: "utf8" });
  assert.deepEqual(JSON.parse(output), { installed: true, global: true, href: "http://xn--fa-hia.de/", engine: "wasm" });
});

// whatwg-url's API from every name it is reached by: `weburl/whatwg-url`, and the package
// installed under the name `whatwg-url` (what `npm i whatwg-url@npm:weburl` does); and
// `weburl/urlpattern`, `weburl/websocket`, `weburl/display`.
test("whatwg-url's API: weburl/whatwg-url, the package installed as whatwg-url; weburl/urlpattern, weburl/websocket, weburl/display", () => {
  const tarball = readdirSync(project).find((file) => file.endsWith(".tgz"));
  npm(["install", "--no-audit", "--no-fund", "--offline", `whatwg-url@file:${join(project, tarball)}`], project);
  const script = `
    const aliased = require("whatwg-url");
    const named = require("weburl/whatwg-url");
    import("whatwg-url").then((esm) => console.log(JSON.stringify([
      aliased.serializeURL(aliased.parseURL("../b", { baseURL: aliased.parseURL("https://h/a/c") })),
      named.parseURLWithValidationErrors("https://test.42").validationErrors,
      esm.basicURLParse("8080", { url: esm.parseURL("https://h/"), stateOverride: "port" }).port,
      new (require("weburl/urlpattern").URLPattern)({ pathname: "/a/:b" }).exec({ pathname: "/a/c" }).pathname.groups.b,
      require("weburl/websocket").parseWebSocketURL("/x", "https://h/").href,
      require("weburl/display").renderURL("https://xn--mnchen-3ya.de/%C3%A9"),
    ])));`;
  const output = execFileSync(process.execPath, ["-e", script], { cwd: project, encoding: "utf8" });
  assert.deepEqual(JSON.parse(output), ["https://h/b", ["IPv4-too-few-parts", "IPv4-non-numeric-part"], 8080, "c", "wss://h/x", "https://münchen.de/é"]);
});

// `weburl/websocket` outside Node resolves to websocket.js, with a wasm of its own.
test("esbuild: weburl/websocket, bundled for browsers", async () => {
  writeFileSync(join(project, "websocket.mjs"), 'import { parseWebSocketURL } from "weburl/websocket";\nconsole.log(parseWebSocketURL("http://h:443/?").href);\n');
  const outfile = join(project, "bundle-websocket.mjs");
  const result = await esbuild.build({
    entryPoints: [join(project, "websocket.mjs")], bundle: true, format: "esm", platform: "browser", target: "es2022",
    outfile, logLevel: "error", metafile: true,
  });
  assert.ok(Object.keys(result.metafile.inputs).some((input) => input.endsWith("weburl/websocket.js")));
  assert.equal(execFileSync(process.execPath, [outfile], { encoding: "utf8" }).trim(), "ws://h:443/?");
});
