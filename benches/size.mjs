// Size report (a program, not a test): what a browser downloads for each way of using weburl,
// measured as a user gets it. The package is packed (`npm pack ./pkg`) and installed into a fresh
// project; each row is a small app bundled by esbuild (--bundle --minify, for browsers), and its
// size is every file the bundle is (JavaScript and any .wasm it loads), raw, gzip -9 and brotli 11,
// beside whatwg-url, core-js, urlpattern-polyfill, psl and tldts bundled the same way. The rows of
// weburl are the subpaths of scripts/layout.mjs that say what an app imports (`measure`). Then the
// files of the package that are used as they are (polyfill.global.js, the main entry's wasm; node
// scripts/wasm-size.mjs has the wasm by part).
//
//   node benches/size.mjs        (after npm run build)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

import { FILES, SUBPATHS, WASM_FILES } from "../scripts/layout.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = join(root, "pkg");

const sizes = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

// The package as users install it.
const project = mkdtempSync(join(tmpdir(), "weburl-size-"));
process.on("exit", () => rmSync(project, { recursive: true, force: true }));
const npm = (args) => execFileSync("npm", args, { cwd: project, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
writeFileSync(join(project, "package.json"), JSON.stringify({ name: "size", private: true, type: "module" }));
const tarball = npm(["pack", pkg, "--pack-destination", project, "--silent"]).trim().split("\n").pop();
npm(["install", "--no-audit", "--no-fund", "--offline", join(project, tarball)]);

/**
 * `source` bundled for browsers as one file (what a page that imports it downloads first), plus
 * any .wasm file the bundle would fetch: the sum of their sizes.
 */
async function bundle(source) {
  const dir = mkdtempSync(join(project, "app-"));
  writeFileSync(join(dir, "app.mjs"), source);
  const result = await esbuild.build({
    entryPoints: [join(dir, "app.mjs")], bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022",
    write: false, absWorkingDir: dir, nodePaths: [join(project, "node_modules"), join(root, "node_modules")], logLevel: "error",
    metafile: true,
  });
  const js = Buffer.from(result.outputFiles[0].contents);
  // The wasm files the package's files in the bundle load from beside them (weburl/web's).
  const files = Object.keys(result.metafile.inputs).map((input) => /node_modules\/weburl\/([^/]+)$/.exec(input)?.[1]).filter((file) => file in FILES);
  const wasm = [...new Set(files.flatMap((file) => FILES[file].wasm.filter((name) => name in WASM_FILES)))];
  return Buffer.concat([js, ...wasm.map((file) => readFileSync(join(project, "node_modules", "weburl", file)))]);
}

/** The app that imports `measure` (scripts/layout.mjs) from `specifier`, and its row's name. */
function app(specifier, measure) {
  if (measure === "*") return [`${specifier}: everything`, `export * from "${specifier}";`];
  if (measure.length === 0) return [`${specifier}, bundled`, `import "${specifier}";`];
  return [`${specifier}: ${measure.join(", ")}`, `export { ${measure.join(", ")} } from "${specifier}";`];
}

const rows = [
  ...Object.entries(SUBPATHS).filter(([, { measure }]) => measure !== undefined).map(([subpath, { measure }]) => app(`weburl${subpath.slice(1)}`, measure)),
  ["weburl and weburl/urlpattern in one page", 'export { URL } from "weburl";\nexport { URLPattern } from "weburl/urlpattern";'],
  ["whatwg-url", 'export * from "whatwg-url";'],
  [
    "core-js URL + URLSearchParams",
    'export { default as URL } from "core-js-pure/stable/url/index.js";\nexport { default as URLSearchParams } from "core-js-pure/stable/url-search-params/index.js";',
  ],
  ["urlpattern-polyfill (over the native URL)", 'export { URLPattern } from "urlpattern-polyfill/urlpattern";'],
  ["psl: registrableDomain (its get)", 'export { get } from "psl";'],
  ["tldts: getDomain", 'export { getDomain } from "tldts";'],
];

const installed = join(project, "node_modules", "weburl");
const files = [
  ["polyfill.global.js (a classic script, as shipped)", readFileSync(join(installed, "polyfill.global.js"))],
  ["weburl_bg.wasm (the main entry's wasm)", readFileSync(join(installed, "weburl_bg.wasm"))],
];

const line = (name, { raw, gzip, brotli }, extra = "") =>
  console.log(`${name.padEnd(54)} ${String(raw).padStart(10)} ${String(gzip).padStart(10)} ${String(brotli).padStart(10)}${extra}`);
console.log(`Bytes a browser downloads (${tarball}, esbuild ${esbuild.version} --bundle --minify); gzip -9, brotli 11\n`);
console.log(`${"".padEnd(54)} ${"raw".padStart(10)} ${"gzip".padStart(10)} ${"brotli".padStart(10)}   gzip beyond weburl's`);
let main = null;
for (const [name, source] of rows) {
  const measured = sizes(await bundle(source));
  main ??= measured;
  const beyond = name.startsWith("weburl/") || name.startsWith("weburl and") ? `   ${measured.gzip - main.gzip >= 0 ? "+" : ""}${measured.gzip - main.gzip}` : "";
  line(name, measured, beyond);
}
console.log("\nFiles of the package used as they are\n");
for (const [name, bytes] of files) line(name, sizes(bytes));
console.log(`\nThe package's files: ${readdirSync(installed).length}; unpacked ${readdirSync(installed).reduce((n, f) => n + readFileSync(join(installed, f)).length, 0)} bytes`);
