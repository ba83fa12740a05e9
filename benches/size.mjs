// Size report (a program, not a test): the bytes a browser downloads for weburl (wasm + the
// JavaScript entry; the legacy, no-wasm and polyfill builds), raw, gzip and brotli, beside
// whatwg-url and core-js bundled the same way (esbuild, minified, for browsers).
//
//   node benches/size.mjs        (after npm run build)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = join(root, "pkg");

const sizes = (bytes) => ({
  raw: bytes.length,
  gzip: gzipSync(bytes, { level: 9 }).length,
  brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

async function bundle(source) {
  const dir = mkdtempSync(join(tmpdir(), "weburl-size-"));
  try {
    writeFileSync(join(dir, "entry.mjs"), source);
    const result = await esbuild.build({
      entryPoints: [join(dir, "entry.mjs")],
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false,
      absWorkingDir: root,
      nodePaths: [join(root, "node_modules")],
      logLevel: "error",
    });
    return Buffer.from(result.outputFiles[0].contents);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const wasm = readFileSync(join(pkg, "weburl_bg.wasm"));
const js = readFileSync(join(pkg, "index.js"));
const rows = [
  ["weburl: weburl_bg.wasm", wasm],
  ["weburl: index.js", js],
  ["weburl: wasm + index.js", Buffer.concat([wasm, js])],
  ["weburl/inline: inline.js (wasm in base64)", readFileSync(join(pkg, "inline.js"))],
  ["engine-js.js (fetched only where wasm is refused)", readFileSync(join(pkg, "engine-js.js"))],
  ["weburl/whatwg-url, weburl/urlpattern, weburl/websocket, weburl/display, weburl/ecma: full.js (full wasm, base64)", readFileSync(join(pkg, "full.js"))],
  ["weburl/psl: psl.js (the Public Suffix List; imports full.js)", readFileSync(join(pkg, "psl.js"))],
  ["weburl/legacy: legacy.mjs (MVP wasm + JS engine)", readFileSync(join(pkg, "legacy.mjs"))],
  ["weburl/nowasm: nowasm.mjs (JS engine)", readFileSync(join(pkg, "nowasm.mjs"))],
  ["weburl/polyfill: polyfill.global.js", readFileSync(join(pkg, "polyfill.global.js"))],
  ["whatwg-url (esbuild, minified)", await bundle('export * from "whatwg-url";')],
  [
    "core-js URL + URLSearchParams (esbuild, minified)",
    await bundle('export { default as URL } from "core-js-pure/stable/url/index.js";\nexport { default as URLSearchParams } from "core-js-pure/stable/url-search-params/index.js";'),
  ],
];

console.log("Download size (bytes); gzip level 9, brotli quality 11\n");
console.log(`${"".padEnd(52)} ${"raw".padStart(10)} ${"gzip".padStart(10)} ${"brotli".padStart(10)}`);
for (const [name, bytes] of rows) {
  const { raw, gzip, brotli } = sizes(bytes);
  console.log(`${name.padEnd(52)} ${String(raw).padStart(10)} ${String(gzip).padStart(10)} ${String(brotli).padStart(10)}`);
}
