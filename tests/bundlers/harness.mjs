// What a new user does with each bundler (tests/bundlers/bundlers.mjs says how each builds):
// install weburl from its packed tarball into a fresh app folder, build the app, then load the
// output in headless Chromium (served over HTTP on 127.0.0.1, counting every byte the page
// fetched) or, for React Native, run the bundle in a VM without WebAssembly.
// The package comes from WEBURL_PKG (a built package folder), by default the repo's pkg/.
// App folders are target/bundlers/<bundler>-<app>/, under the repo so that the bundlers and
// their plugins resolve from its node_modules as they would from a user's.
import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { createContext, runInContext } from "node:vm";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import { startServer } from "../../scripts/server.mjs";
import { root } from "../js/helpers.mjs";
import { BUNDLERS } from "./bundlers.mjs";

const run = promisify(execFile);

export const packageDir = process.env.WEBURL_PKG ?? join(root, "pkg");
export const workDir = join(root, "target", "bundlers");
const appsDir = join(root, "tests", "bundlers", "apps");
const BUILD_TIMEOUT = 300_000;
const PAGE_TIMEOUT = 20_000;

let tarball = null;

/** Packs the package once (npm pack), as it would be published; resolves to the .tgz path. */
export function pack() {
  tarball ??= (async () => {
    if (!existsSync(join(packageDir, "package.json"))) throw new Error(`no package in ${packageDir}: run \`npm run build\` or set WEBURL_PKG`);
    mkdirSync(workDir, { recursive: true });
    const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", workDir, packageDir]);
    return join(workDir, JSON.parse(stdout)[0].filename);
  })();
  return tarball;
}

/** A fresh app folder for `app` built by `bundler`, with weburl installed from the tarball. */
export async function prepareApp(bundler, app) {
  const dir = join(workDir, `${bundler}-${app}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "src"), { recursive: true });
  mkdirSync(join(dir, "dist")); // Metro writes its bundle there, but does not make the folder
  writeFileSync(join(dir, "package.json"), `${JSON.stringify({ name: `${bundler}-${app}`, private: true }, null, 2)}\n`);
  copyFileSync(join(appsDir, `${app}.js`), join(dir, "src", "index.js"));
  copyFileSync(join(appsDir, "exercise.js"), join(dir, "src", "exercise.js"));
  for (const [name, text] of Object.entries(BUNDLERS[bundler].files ?? {})) writeFileSync(join(dir, name), text);
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", await pack()], { cwd: dir });
  return dir;
}

const nodes = new Map();

/** The Node binary of `version` (scripts/node-binary.sh installs it from the npm registry). */
export function nodeBinary(version) {
  if (!nodes.has(version)) {
    nodes.set(version, run("bash", [join(root, "scripts", "node-binary.sh"), version]).then(({ stdout }) => stdout.trim()));
  }
  return nodes.get(version);
}

/**
 * Runs the bundler's build in `dir` as CI does (CI=true: Parcel, for one, installs nothing on
 * its own then). Resolves to { ok, output, warnings, seconds }, whether the build failed or not.
 */
export async function build(bundler, dir) {
  const { bin, args, node, page } = BUNDLERS[bundler];
  const binPath = join(root, "node_modules", ".bin", bin);
  const [file, argv] = node === undefined ? [binPath, args] : [await nodeBinary(node), [binPath, ...args]];
  const env = { ...process.env, CI: "true", NO_COLOR: "1", FORCE_COLOR: "0" };
  const start = performance.now();
  let ok = true;
  let output;
  try {
    const { stdout, stderr } = await run(file, argv, { cwd: dir, env, timeout: BUILD_TIMEOUT, maxBuffer: 64 << 20 });
    output = stdout + stderr;
  } catch (e) {
    ok = false;
    output = `${e.stdout ?? ""}${e.stderr ?? ""}\n(${e.killed ? `killed after ${BUILD_TIMEOUT} ms` : `exit code ${e.code}`})`;
  }
  const seconds = (performance.now() - start) / 1000;
  output = output.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");
  writeFileSync(join(dir, "build.log"), output);
  if (ok && page !== undefined) writeFileSync(join(dir, "dist", "index.html"), pageFor(page));
  return { ok, output, warnings: warnings(output), seconds };
}

/** The hand-written page of a bundler that emits only scripts. */
function pageFor({ script, module }) {
  return `<!doctype html>\n<meta charset="utf-8">\n<title>weburl</title>\n<script ${module ? 'type="module" ' : ""}src="./${script}"></script>\n`;
}

/**
 * The warnings in a build's output: in each paragraph (lines up to a blank one), from the first
 * line that opens in one of the bundlers' ways ("WARNING in", "WARN", "▲ [WARNING]", "(!)",
 * "⚠") or has esbuild's ⚠ beside a large file, to the paragraph's end.
 */
export function warnings(output) {
  const found = [];
  for (const block of output.split(/\n\s*\n/)) {
    const lines = block.split("\n");
    const start = lines.findIndex((line) => /^\s*(?:WARN|▲|\(!\)|⚠)|⚠/.test(line));
    if (start !== -1) found.push(lines.slice(start).join("\n").trim());
  }
  return found;
}

/** The end of a failed build's output, for a person: no stack frames, long lines cut. */
export function failureSummary(output, lines = 30) {
  return output
    .split("\n")
    .filter((line) => !/^\s+at /.test(line) && line.trim() !== "")
    .slice(-lines)
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line));
}

/** Sizes of `bytes`: raw, gzip -9 and brotli 11. */
export function sizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

/** Adds up the sizes of `files` ([{ sizes }]). */
export function total(files) {
  const sum = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) for (const key of Object.keys(sum)) sum[key] += file.sizes[key];
  return sum;
}

/**
 * Serves `dir`/dist on 127.0.0.1 and opens its index.html in a fresh context of `browser`. Resolves
 * to { result, problems, files }: what the app left in globalThis.weburlResult (undefined if
 * it never did), the page's errors and failed or HTTP-error requests, and every response the
 * page got ({ path, status, sizes }).
 */
export async function loadInBrowser(browser, dir) {
  const { server, url } = await startServer({ "/": join(dir, "dist") });
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  const bodies = [];
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${new URL(r.url()).pathname}`);
    bodies.push(r.body().then((body) => ({ path: new URL(r.url()).pathname, status: r.status(), sizes: sizes(body) })));
  });
  const pageError = new Promise((resolve) => page.on("pageerror", (e) => resolve(e)));
  try {
    await page.goto(url);
    const done = page.waitForFunction(() => globalThis.weburlResult !== undefined, null, { timeout: PAGE_TIMEOUT });
    done.catch(() => {}); // a page error may come first; closing the page then ends this wait
    const error = await Promise.race([done.then(() => null), pageError]);
    if (error !== null) problems.push(`page error: ${error.message}`);
    await page.waitForLoadState("networkidle");
    const result = await page.evaluate(() => globalThis.weburlResult);
    return { result, problems, files: await Promise.all(bodies) };
  } catch (e) {
    problems.push(`${e.name}: ${e.message.split("\n")[0]}`);
    return { result: undefined, problems, files: await Promise.all(bodies) };
  } finally {
    await context.close();
    server.close();
  }
}

/**
 * Runs `dir`/dist/index.bundle.js as React Native would run it on Hermes, as far as Node's VM
 * can: a fresh global with no WebAssembly (and no URL, no Buffer), with the console and the
 * TextEncoder and TextDecoder that Hermes has (since React Native 0.74 and 0.85).
 * Resolves to { result, problems, files } as loadInBrowser does, files being the bundle (no status).
 */
export async function runReactNative(dir) {
  const file = join(dir, "dist", "index.bundle.js");
  const code = readFileSync(file);
  const context = createContext({ console, TextEncoder, TextDecoder });
  runInContext("delete globalThis.WebAssembly", context);
  const problems = [];
  try {
    runInContext(code.toString(), context, { filename: file, timeout: PAGE_TIMEOUT });
    // A module that awaits something finishes after the script does.
    await new Promise((resolve) => setTimeout(resolve, 100));
  } catch (e) {
    problems.push(`${e?.name}: ${e?.message}`);
  }
  const result = runInContext("globalThis.weburlResult", context);
  return { result, problems, files: [{ path: relative(dir, file), sizes: sizes(code) }] };
}

/** Builds `app` with `bundler` and runs it; the outcome of each step, for the tests and the bench. */
export async function buildAndRun(bundler, app, browser) {
  const dir = await prepareApp(bundler, app);
  const built = await build(bundler, dir);
  if (!built.ok) return { dir, built, result: undefined, problems: ["the build failed"], files: [] };
  const ran = BUNDLERS[bundler].runs === "react-native" ? await runReactNative(dir) : await loadInBrowser(browser, dir);
  return { dir, built, ...ran };
}
