// What the engine tests share (one file per engine beside this one): installing an engine from a
// package registry into target/engines/, the package (pkg/, or WEBURL_PKG: a built package
// folder) installed from its tarball as a user has it, bundling suite.mjs with the WPT data,
// running a program with a time limit, serving pages to browsers and collecting what they post
// back, and the checks every engine's result gets.
import assert from "node:assert/strict";
import { execFile, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, test } from "node:test";
import * as esbuild from "esbuild";

import { requestBody, startServer } from "../../scripts/server.mjs";
import { CHROMIUM_ARGS } from "../browser/chromium.mjs";
import { pack, packageDir } from "../bundlers/harness.mjs";
import { expectedFailures, root, wptDir } from "../js/helpers.mjs";
import { anyCounts, BROWSER_ENTRIES, checkAny, installWptAny, summarize, wptAnyMounts } from "./wpt-any.mjs";

export const enginesDir = join(root, "target", "engines");
/** How long one engine may take, its install aside; CI runs them side by side. */
export const ENGINE_TIMEOUT = 600_000;

/** A fresh folder target/engines/<name>/<what>. */
export function freshDir(name, what) {
  const dir = join(enginesDir, name, what);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const FIREFOX = process.env.FIREFOX ?? "/usr/bin/firefox-esr";
const MINIBROWSER = process.env.MINIBROWSER ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
// Firefox: no first-run pages, update checks or telemetry: none can be reached here.
const FIREFOX_PREFS = {
  "browser.shell.checkDefaultBrowser": false,
  "browser.startup.homepage_override.mstone": "ignore",
  "datareporting.policy.dataSubmissionEnabled": false,
  "toolkit.telemetry.reportingpolicy.firstRun": false,
  "app.update.disabledForTesting": true,
  "browser.aboutwelcome.enabled": false,
};

/**
 * The browsers the engine tests and benches/engines.mjs run (scripts/setup.sh installs them), each
 * `{ version(), launch(name) }`: `launch` makes a fresh profile in target/engines/<name>/ and gives
 * the command that opens a URL headless, as collectFromBrowser takes it.
 */
export const BROWSERS = {
  // Debian's chromium; its wrapper script writes a shell warning to stderr.
  chromium: {
    version: () => execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim(),
    launch(name) {
      const profile = freshDir(name, "profile");
      return (url) => [CHROMIUM, [...CHROMIUM_ARGS, `--user-data-dir=${profile}`, url], {}];
    },
  },
  firefox: {
    version: () => execFileSync(FIREFOX, ["--version"], { encoding: "utf8" }).trim(),
    launch(name) {
      const profile = freshDir(name, "profile");
      writeFileSync(join(profile, "user.js"), Object.entries(FIREFOX_PREFS).map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});\n`).join(""));
      return (url) => [FIREFOX, ["--headless", "--no-remote", "--profile", profile, url], { MOZ_HEADLESS: "1", HOME: profile }];
    },
  },
  // WebKitGTK's MiniBrowser (Debian's webkit2gtk-driver brings it) under Xvfb. Its user agent
  // names a frozen WebKit version: the package says which it is.
  webkit: {
    version: () => `WebKitGTK ${execFileSync("dpkg-query", ["-W", "-f=${Version}", "libwebkit2gtk-4.1-0"], { encoding: "utf8" }).split("-")[0]}`,
    // WebKit's sandbox (bubblewrap) cannot start as root in a container; compositing needs a GPU.
    launch: () => (url) => ["xvfb-run", ["-a", MINIBROWSER, url], { WEBKIT_DISABLE_SANDBOX_THIS_IS_DANGEROUS: "1", WEBKIT_DISABLE_COMPOSITING_MODE: "1", LIBGL_ALWAYS_SOFTWARE: "1" }],
  },
};

/**
 * The runtimes the npm registry serves as packages, with the versions the tests run: `bun`
 * and `deno`, each its package and the path of its binary in it.
 */
export const RUNTIMES = {
  bun: { name: "Bun", version: "1.4.4", package: "@oven/bun-linux-x64", binary: ["bin", "bun"] },
  deno: { name: "Deno", version: "2.9.6", package: "@deno/linux-x64-glibc", binary: ["deno"] },
};

/** Installs runtime `name` of RUNTIMES (once); resolves to its binary. */
export async function runtimeBinary(name) {
  const runtime = RUNTIMES[name];
  const modules = await installPackages(name, { [runtime.package]: runtime.version });
  return join(modules, ...runtime.package.split("/"), ...runtime.binary);
}

/** The environment Deno runs in here: its cache in target/engines, no update check, no colours. */
export const DENO_ENV = { DENO_DIR: join(enginesDir, "deno", "cache"), DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" };

/**
 * Installs npm packages ({ name: version }) into target/engines/<name>/install/ (once: again
 * only when the list changes or an install did not finish); resolves to its node_modules folder.
 */
export async function installPackages(name, dependencies) {
  const dir = join(enginesDir, name, "install");
  const manifest = `${JSON.stringify({ private: true, dependencies }, null, 2)}\n`;
  const done = join(dir, "installed.json"); // the manifest, once npm has installed it
  if (!existsSync(done) || readFileSync(done, "utf8") !== manifest) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "package.json"), manifest);
    await run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir, timeout: ENGINE_TIMEOUT });
    writeFileSync(done, manifest);
  }
  return join(dir, "node_modules");
}

/** weburl installed from its packed tarball into `dir`, as `npm install weburl` gives it. */
export async function installWeburl(dir) {
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ private: true }, null, 2)}\n`);
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", await pack()], { cwd: dir });
}

/** The WPT data files suite.mjs runs and weburl's expected failures, as the module "wpt:data". */
const wptData = {
  name: "wpt-data",
  setup(build) {
    build.onResolve({ filter: /^wpt:data$/ }, () => ({ path: "wpt:data", namespace: "wpt" }));
    build.onLoad({ filter: /.*/, namespace: "wpt" }, () => {
      const names = ["urltestdata.json", "setters_tests.json", "toascii.json", "IdnaTestV2.json"];
      const files = Object.fromEntries(names.map((name) => [name, JSON.parse(readFileSync(join(wptDir, name), "utf8"))]));
      const expected = Object.fromEntries(names.map((name) => [name, expectedFailures(name)]));
      return { contents: JSON.stringify({ files, expected }), loader: "json" };
    });
  },
};

/**
 * Bundles `entry` (a program of the engine's file) with suite.mjs and the WPT data into
 * `outfile`; `options` are esbuild's (what stays external, the conditions, the format). Resolves
 * to esbuild's result.
 */
export async function bundle(entry, outfile, options = {}) {
  return esbuild.build({
    entryPoints: [entry], outfile, bundle: true, format: "esm", target: "es2017", logLevel: "error", charset: "utf8",
    ...options,
    plugins: [wptData, ...(options.plugins ?? [])],
  });
}

/** The files of weburl that a bundle holds (from esbuild's metafile): "weburl/nowasm.mjs", … */
export function weburlFiles(metafile) {
  return Object.keys(metafile.inputs).filter((input) => input.includes("node_modules/weburl/")).map((input) => input.replace(/^.*node_modules\//, "")).join(" + ");
}

/** suite.mjs with the WPT data as one ES module in `dir`, suite.js, exporting `measure`. */
export function suiteModule(dir) {
  return bundle(join(import.meta.dirname, "suite.mjs"), join(dir, "suite.js"));
}

/** A module taking the engine's own classes; imported first, it runs before the polyfill. */
export const OWN_MODULE = "export const own = { URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams };\n";

/**
 * The program of the runtimes that load weburl by name from node_modules (index.mjs in `dir`,
 * beside suite.js): the engine's own classes taken first (own.mjs, evaluated before the
 * polyfill), then `weburl`, `weburl/whatwg-url` and `weburl/polyfill` as their users import them;
 * it prints the result with the files the runtime resolved the first two to.
 */
export function writeServerProgram(dir) {
  writeFileSync(join(dir, "own.mjs"), OWN_MODULE);
  writeFileSync(join(dir, "index.mjs"), [
    'import { own } from "./own.mjs";',
    'import * as weburl from "weburl";',
    'import * as whatwgURL from "weburl/whatwg-url";',
    'import "weburl/polyfill";',
    'import { measure } from "./suite.js";',
    "",
    'const file = (specifier) => import.meta.resolve(specifier).replace(/^.*\\/node_modules\\//, "");',
    'const entry = `${file("weburl")}; weburl/whatwg-url: ${file("weburl/whatwg-url")}`;',
    "console.log(JSON.stringify({ ...measure({ own, weburl, whatwgURL, polyfill: true }), entry }));",
    "",
  ].join("\n"));
  return join(dir, "index.mjs");
}

/** Runs `file` with `args`, killed after `timeout` ms; resolves to { stdout, stderr }. */
export function run(file, args, { cwd, env, timeout = ENGINE_TIMEOUT } = {}) {
  return new Promise((resolve, reject) => {
    execFile(file, args, { cwd, env, timeout, killSignal: "SIGKILL", maxBuffer: 256 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${file} ${args.join(" ")}: ${error.killed ? `killed after ${timeout} ms` : error.message}\n${stdout}\n${stderr}`.trim()));
      else resolve({ stdout, stderr });
    });
  });
}

/** The JSON object a program printed on the last line starting with `{` of `stdout`. */
export function printedResult(stdout) {
  const line = stdout.split("\n").reverse().find((l) => l.startsWith("{"));
  if (line === undefined) throw new Error(`the program printed no result:\n${stdout.slice(-2000)}`);
  return JSON.parse(line);
}

/**
 * Serves `mounts` (as scripts/server.mjs) and, on another port, the URL the page posts its
 * result to (a no-cors POST: no preflight); starts the browser with `launch(url)` (a command:
 * [file, args, env]) on `page` with that URL in its query, and resolves to the JSON posted. The
 * browser's process group is ended then, or when it fails or the time limit is reached.
 */
export async function collectFromBrowser(mounts, page, launch) {
  const files = await startServer(mounts);
  let resolveResult;
  const result = new Promise((resolve) => (resolveResult = resolve));
  const receive = async (request, response) => {
    const body = await requestBody(request);
    response.end("ok");
    resolveResult(body);
  };
  const posted = await startServer({}, 0, { routes: { "/result": receive } });
  const resultURL = `${posted.url}result`;
  const [file, args, env] = launch(`${files.url}${page}?result=${encodeURIComponent(resultURL)}`);
  const browser = spawn(file, args, { env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  browser.stdout.on("data", (chunk) => (output += chunk));
  browser.stderr.on("data", (chunk) => (output += chunk));
  let timer;
  const failure = new Promise((resolve, reject) => {
    browser.on("exit", (code, signal) => reject(new Error(`${file} exited (${code ?? signal}) before the page posted a result:\n${output.slice(-3000)}`)));
    timer = setTimeout(() => reject(new Error(`no result after ${ENGINE_TIMEOUT} ms:\n${output.slice(-3000)}`)), ENGINE_TIMEOUT);
  });
  try {
    return JSON.parse(await Promise.race([result, failure]));
  } finally {
    clearTimeout(timer);
    try {
      process.kill(-browser.pid, "SIGKILL");
    } catch {
      // already gone
    }
    files.server.close();
    posted.server.close();
  }
}

/**
 * The page browsers load: their own classes taken by a classic script, then weburl's polyfill as
 * a classic script (polyfill.global.js), then `weburl` and `weburl/whatwg-url` as modules
 * (pkg/index.js, pkg/whatwg-url.js), then the WPT url .any.js files through each entry's globals
 * (wpt-any.mjs); the result, or the error that stopped the page, is posted to the URL in the
 * query's `result`.
 */
const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>weburl on this engine</title>
<script>
  var own = { URL: window.URL, URLSearchParams: window.URLSearchParams };
  var resultURL = location.search.slice("?result=".length);
  function post(result) {
    fetch(decodeURIComponent(resultURL), { method: "POST", body: JSON.stringify(result), mode: "no-cors" });
  }
  window.onerror = function (message) { post({ error: String(message) }); };
</script>
<script src="/pkg/polyfill.global.js"></script>
<script type="module">
  try {
    const weburl = await import("/pkg/index.js");
    const whatwgURL = await import("/pkg/whatwg-url.js");
    const { measure } = await import("./suite.js");
    const result = measure({ own, weburl, whatwgURL, polyfill: true });
    const { runAnySuites } = await import("/any/page.js");
    const any = await runAnySuites();
    post({ ...result, any, userAgent: navigator.userAgent, entry: "weburl (pkg/index.js) and weburl/whatwg-url (pkg/whatwg-url.js) as modules, polyfill.global.js as a classic script" });
  } catch (e) {
    post({ error: \`\${e.name}: \${e.message}\` });
  }
</script>
`;

/**
 * Runs the page in a browser that `launch(url)` starts ([file, args, env]): serves it with the
 * suite, pkg/ and the WPT .any.js files, and resolves to what the page posted, its `any` as
 * { runs, files, source } (the number of .any.js files, the package they came from).
 */
export async function runInBrowser(name, launch) {
  const dir = freshDir(name, "page");
  const wpt = await installWptAny();
  writeFileSync(join(dir, "index.html"), PAGE);
  writeFileSync(join(dir, "any.json"), JSON.stringify({ entries: BROWSER_ENTRIES, files: wpt.files }));
  await suiteModule(dir);
  const result = await collectFromBrowser({ "/": dir, "/pkg/": packageDir, ...wptAnyMounts(wpt.dir) }, "index.html", launch);
  if (result.error !== undefined) throw new Error(`the page failed: ${result.error}`);
  return { ...result, any: { runs: result.any, files: wpt.files.length, source: wpt.source } };
}

/** `{ file: { cases, failed } }` as "891/0 urltestdata, …": passed/failed per file. */
export function counts(suites) {
  if (suites === null) return "no URL";
  return Object.entries(suites).map(([file, { cases, failed }]) => `${file.replace(/\.json$/, "")} ${cases - failed}/${failed}`).join(", ");
}

/**
 * The checks of one engine: `run()` resolves to suite.mjs's result plus { engine, entry }
 * (the engine's name and version, the entries the program loaded). weburl's classes and its
 * whatwg-url API must pass the data as in Node; the engine's own URL is measured; where the polyfill ran, it must have
 * installed itself exactly where the own URL falls short, and its globals must pass too.
 * `expectedEngine` is the engine weburl runs on there ("wasm" or "js"); `polyfill`, whether the
 * program loads the polyfill; `any`, whether it ran the WPT .any.js files (runInBrowser does).
 */
export function checkEngine(name, run, { expectedEngine, polyfill = true, any = false }) {
  describe(name, () => {
    let result;
    before(async () => {
      result = await run();
    });

    test("weburl's classes pass the WPT data (weburl's expected failures, both ways)", (t) => {
      t.diagnostic(`${result.engine}, ${result.entry}, on weburl's ${result.weburl.engine} engine: ${counts(result.weburl.suites)}`);
      assert.equal(result.weburl.engine, expectedEngine);
      for (const [file, suite] of Object.entries(result.weburl.suites)) {
        assert.ok(suite.cases > 0, `${file}: no case ran`);
        assert.ok(suite.ok, suite.summary);
      }
    });

    test("the whatwg-url face passes the WPT data (weburl's expected failures, both ways)", (t) => {
      t.diagnostic(`on weburl's ${result.whatwgURL.engine} engine: ${counts(result.whatwgURL.suites)}`);
      assert.equal(result.whatwgURL.engine, expectedEngine);
      for (const [file, suite] of Object.entries(result.whatwgURL.suites)) {
        assert.ok(suite.cases > 0, `${file}: no case ran`);
        assert.ok(suite.ok, suite.summary);
      }
    });

    test("the engine's own URL, on the same data", (t) => {
      t.diagnostic(`${result.engine} own URL: ${counts(result.own)}`);
      if (result.own !== null) assert.equal(Object.keys(result.own).length, Object.keys(result.weburl.suites).length);
    });

    if (polyfill) test("the polyfill installs itself where the engine's own URL falls short, and passes there", (t) => {
      assert.ok(result.polyfill !== undefined, "the polyfill did not run");
      const { installed, failed, engine, weburl, suites } = result.polyfill;
      t.diagnostic(`polyfill: ${installed ? `installed (probes that failed: ${failed.join(", ")}) on the ${engine} engine` : "kept the engine's own classes"}`);
      const exact = result.own !== null && Object.values(result.own).every((suite) => suite.failed === 0);
      assert.equal(installed, !exact, exact ? "the own URL passes all the data, yet the polyfill installed" : "the own URL fails some of the data, yet the polyfill kept it");
      if (installed) {
        assert.ok(failed.length > 0, "installed with no probe failing");
        assert.equal(weburl, true, "the globals are not weburl's");
        for (const [file, suite] of Object.entries(suites)) assert.ok(suite.ok, `${file} through the globals: ${suite.summary}`);
      }
    });

    if (any) checkAny(() => ({ runs: result.any.runs, fileCount: result.any.files, source: result.any.source, window: true }), name);

    test("its row of the README's table", (t) => {
      const row = {
        engine: result.engine,
        entry: result.entry,
        weburl: counts(result.weburl.suites),
        "whatwg-url": counts(result.whatwgURL.suites),
        own: counts(result.own),
        polyfill: result.polyfill === undefined ? null : result.polyfill.installed ? `installs (${result.polyfill.failed.join(", ")})` : "stays out",
        any: result.any === undefined ? null : anyCounts(summarize(result.any.runs)),
      };
      mkdirSync(join(enginesDir, "results"), { recursive: true });
      writeFileSync(join(enginesDir, "results", `${name}.json`), `${JSON.stringify(row, null, 2)}\n`);
      t.diagnostic(JSON.stringify(row));
    });
  });
}
