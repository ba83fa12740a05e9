// Builds the npm package in pkg/: the Rust core compiled to wasm (release, LTO, UTF-8 only),
// wasm-bindgen's glue, wasm-opt for size, and the JavaScript entries bundled by esbuild.
//
//   node scripts/build.mjs
//   node scripts/build.mjs --test-panic    (into target/pkg-test-panic: the wasm panics on the
//                                          input "weburl:panic", for the recovery test)
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

import { privateAsSymbolsPlugin } from "./private-as-symbols.mjs";
import { MODERN_FEATURES } from "./wasm-features.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const testPanic = process.argv.includes("--test-panic");
const variant = testPanic ? "-test-panic" : "";
const pkg = testPanic ? join(root, "target", "pkg-test-panic") : join(root, "pkg");
const stage = join(root, "target", `js${variant}`);

function run(command, args, env = process.env) {
  console.log(`> ${command} ${args.join(" ")}`);
  execFileSync(command, args, { cwd: root, stdio: "inherit", env });
}

const wasmOpt = join(root, "node_modules", ".bin", "wasm-opt");

// For size (node scripts/wasm-size.mjs shows where the bytes go): panics without their source
// locations, and `{:?}` formats nothing (no Debug output reaches JavaScript): 1.5 KB gzip. These
// are unstable flags, so the stable compiler is told to accept them (RUSTC_BOOTSTRAP).
const SIZE_FLAGS = "-Zlocation-detail=none -Zfmt-debug=none";

/**
 * Compiles the core for wasm without the legacy encodings (the JS API only uses UTF-8), with the
 * wasm-release profile (Cargo.toml), the talc allocator and `features`.
 */
function cargoBuild(targetDir, rustflags = "", features = []) {
  const all = ["talc", ...features, ...(testPanic ? ["test-panic"] : [])];
  run("cargo", [
    "build", "--lib", "--profile", "wasm-release", "--target", "wasm32-unknown-unknown", "--no-default-features",
    "--target-dir", targetDir, "--features", all.join(","),
  ], { ...process.env, RUSTC_BOOTSTRAP: "1", RUSTFLAGS: `${rustflags} ${SIZE_FLAGS}`.trim() });
  return join(targetDir, "wasm32-unknown-unknown", "wasm-release", "weburl.wasm");
}

function bindgen(wasm, outDir) {
  rmSync(outDir, { recursive: true, force: true });
  run("wasm-bindgen", ["--target", "web", "--out-dir", outDir, "--out-name", "weburl", wasm]);
  return { wasm: join(outDir, "weburl_bg.wasm"), glue: readFileSync(join(outDir, "weburl.js"), "utf8") };
}

// 1. The modern module: the features of current engines (reference types, bulk memory, …). Twice:
// for browsers (`weburl_bg.wasm`) with the URL classes only, and in full (the Cargo features
// `records`, `urlpattern`, `websocket`, `psl`, `display` and `ecma`: whatwg-url's API, URLPattern,
// WebSocket URLs, the Public Suffix List's algorithm, whose list JavaScript passes in, renderURL
// and the URI functions) for Node, `weburl/whatwg-url`, `weburl/urlpattern`, `weburl/websocket`,
// `weburl/psl`, `weburl/display` and `weburl/ecma`, where it is inlined.
const modernTarget = testPanic ? join(root, "target", "test-panic") : join(root, "target");
const modern = bindgen(cargoBuild(modernTarget), join(root, "target", `bindgen${variant}`));
rmSync(pkg, { recursive: true, force: true });
mkdirSync(pkg, { recursive: true });
const wasmFile = join(pkg, "weburl_bg.wasm");
run(wasmOpt, ["-Oz", "--strip-debug", "--strip-producers", ...MODERN_FEATURES, modern.wasm, "-o", wasmFile]);
const FULL = ["records", "urlpattern", "websocket", "psl", "display", "ecma"];
const full = bindgen(cargoBuild(modernTarget, "", FULL), join(root, "target", `bindgen-full${variant}`));
const fullWasm = join(root, "target", `weburl-full${variant}.wasm`);
run(wasmOpt, ["-Oz", "--strip-debug", "--strip-producers", ...MODERN_FEATURES, full.wasm, "-o", fullWasm]);
withoutPinnedList(fullWasm);

/**
 * Checks that `wasm` does not hold the Public Suffix List pinned in the crate: JavaScript passes
 * the list in (weburl/psl carries it), and `PublicSuffixList::builtin` is never referenced.
 */
function withoutPinnedList(wasm) {
  if (readFileSync(wasm).includes("// ===BEGIN ICANN DOMAINS===")) throw new Error(`${wasm} holds the pinned Public Suffix List`);
}

// 2. The legacy module: WebAssembly 1.0 (MVP) plus mutable globals, which Node 12+, Safari 14
// and Chromium 8x instantiate. Our code is compiled for the MVP; the precompiled std still
// brings sign-extension, bulk-memory and non-trapping conversions, which binaryen lowers. Its
// target_features section is dropped first, or wasm-bindgen would use reference types. The
// final wasm-opt loads it with MVP features only, so anything left over fails the build.
const legacyDir = join(root, "target", `legacy${variant}`);
const mvp = cargoBuild(join(legacyDir, "cargo"), "-Ctarget-cpu=mvp -Ctarget-feature=+mutable-globals", FULL);
run(wasmOpt, [...MODERN_FEATURES, "--strip-target-features", mvp, "-o", join(legacyDir, "stripped.wasm")]);
const legacy = bindgen(join(legacyDir, "stripped.wasm"), join(legacyDir, "bindgen"));
const lowered = join(legacyDir, "lowered.wasm");
run(wasmOpt, [
  ...MODERN_FEATURES, "--llvm-memory-copy-fill-lowering", "--llvm-nontrapping-fptoint-lowering",
  "--signext-lowering", legacy.wasm, "-o", lowered,
]);
const legacyWasm = join(legacyDir, "weburl_mvp.wasm");
run(wasmOpt, ["--mvp-features", "--enable-mutable-globals", "-Oz", "--strip-debug", "--strip-producers", lowered, "-o", legacyWasm]);
withoutPinnedList(legacyWasm);

// 3. The same legacy module as plain JavaScript (binaryen's wasm2js), for engines without
// WebAssembly or where compiling it is refused (a Content-Security-Policy without
// 'wasm-unsafe-eval').
const wasm2jsFile = join(legacyDir, "wasm2js.js");
run(join(root, "node_modules", ".bin", "wasm2js"), ["-O", "--mvp-features", "--enable-mutable-globals", legacyWasm, "-o", wasm2jsFile]);

// 4. Stage the JavaScript: our sources, each glue as a factory, the modules inlined.
rmSync(stage, { recursive: true, force: true });
cpSync(join(root, "js"), stage, { recursive: true });
writeFileSync(join(stage, "glue.js"), glueFactory(modern.glue));
writeFileSync(join(stage, "glue-full.js"), glueFactory(full.glue));
writeFileSync(join(stage, "glue-legacy.js"), glueFactory(legacy.glue));
writeFileSync(join(stage, "wasm-inline.js"), inlineModule(readFileSync(wasmFile), "The optimized wasm module"));
writeFileSync(join(stage, "wasm-inline-full.js"), inlineModule(readFileSync(fullWasm), "The optimized wasm module with record, URLPattern, WebSocket URL, Public Suffix List and display operations"));
writeFileSync(join(stage, "wasm-inline-legacy.js"), inlineModule(readFileSync(legacyWasm), "The legacy (MVP) wasm module"));
writeFileSync(join(stage, "wasm2js.js"), wasm2jsFactory(readFileSync(wasm2jsFile, "utf8")));
const psl = pslModule(readFileSync(join(root, "data", "public_suffix_list.dat"), "utf8"));
writeFileSync(join(stage, "psl-list.js"), psl.module);

/**
 * weburl/psl's list: a module exporting the text of public_suffix_list.dat with its rules and
 * its `// VERSION: ` line only (the other comments and the blank lines are more than half of it).
 */
function pslModule(text) {
  const kept = text.split("\n").filter((line) => (line.startsWith("//") ? line.startsWith("// VERSION: ") : line.trim() !== ""));
  const version = /^\/\/ VERSION: (.*)$/m.exec(text)?.[1];
  if (version === undefined || kept.length < 5000) throw new Error("data/public_suffix_list.dat is not the Public Suffix List");
  const notice = `The Public Suffix List (https://publicsuffix.org/), VERSION ${version}: MPL-2.0, https://mozilla.org/MPL/2.0/`;
  return { notice, module: `// ${notice}\nexport default ${JSON.stringify(kept.join("\n"))};\n` };
}

/** A module exporting `wasmBytes()`, the bytes of `wasm` from base64. */
function inlineModule(wasm, what) {
  return (
    `// ${what}, base64.\nconst base64 = "${wasm.toString("base64")}";\n` +
    "export function wasmBytes() {\n" +
    '  if (typeof Buffer === "function") return Buffer.from(base64, "base64");\n' +
    "  const binary = atob(base64);\n" +
    "  const bytes = new Uint8Array(binary.length);\n" +
    "  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);\n" +
    "  return bytes;\n}\n"
  );
}

/**
 * wasm-bindgen's glue keeps one instance in module-level variables. Wrapped in a function, each
 * call makes a fresh set of bindings, which the runtime needs to replace a trapped instance.
 * Its loaders are cut off: `initWith(instantiate)` takes the exports of an instance that the
 * engine makes from the glue's imports (js/engines.js), whether wasm or wasm2js.
 */
function glueFactory(glue) {
  const loaders = glue.indexOf("async function __wbg_load(");
  if (loaders < 0 || !glue.includes("function __wbg_finalize_init(instance, module)")) {
    throw new Error("the wasm-bindgen glue changed: its loaders were not found");
  }
  glue = glue.slice(0, loaders).replace(/^export function /gm, "function ");
  const exported = [...glue.matchAll(/^function (\w+)\(/gm)]
    .map((m) => m[1])
    .filter((name) => !name.startsWith("__wbg") && !/^(get|pass|decode|is)[A-Z]/.test(name));
  return (
    "// Generated from wasm-bindgen's glue by scripts/build.mjs.\n" +
    "export function createBindings() {\n" +
    glue +
    "\nfunction initWith(instantiate) {\n" +
    "  return __wbg_finalize_init({ exports: instantiate(__wbg_get_imports()) }, undefined);\n}\n" +
    `return { ${exported.join(", ")}, initWith, memory: () => wasm.memory };\n}\n`
  );
}

/**
 * wasm2js writes an ES module that instantiates once, at import. Kept: its helpers and
 * `asmFunc(imports)`, which makes a fresh instance per call; a trap throws `RuntimeError`.
 */
function wasm2jsFactory(code) {
  // wasm-bindgen's imports (the core calls JavaScript for URLPattern's RegExp) reach asmFunc
  // through `imports`, keyed by module name, as the glue gives them; not as an ES import.
  code = code.replace(/^import \* as \$\w+ from '\.\/weburl_bg\.js';\n/m, "");
  const trap = "function wasm2js_trap() { throw new Error('abort'); }";
  const end = code.indexOf("var retasmFunc = asmFunc(");
  if (end < 0 || !code.includes(trap) || !code.includes("function asmFunc(imports) {") || /^import /m.test(code)) {
    throw new Error("the wasm2js output changed: its shape was not recognized");
  }
  return (
    "// Generated by scripts/build.mjs: the legacy wasm module as JavaScript (binaryen's wasm2js).\n" +
    "export class RuntimeError extends Error {}\n" +
    code.slice(0, end).replace(trap, 'function wasm2js_trap() { throw new RuntimeError("unreachable"); }') +
    "export function instantiate(imports) {\n  return asmFunc(imports);\n}\n"
  );
}

// 5. The entries, bundled. The modern ones and the CommonJS legacy ones load the JavaScript
// engine from its own file only where WebAssembly is refused; the legacy ESM and classic-script
// ones (ES2017) carry it inline, as they must start synchronously in browsers too.
// `require` is there only in the CommonJS builds (js/node-compat.js looks for Node's url module).
const common = { bundle: true, minify: true, legalComments: "none", logLevel: "warning", define: { require: "undefined" } };
const entry = (name) => join(stage, `entry-${name}.js`);
const out = (file) => join(pkg, file);
const engineBeside = {
  name: "engine-beside",
  setup(build) {
    build.onResolve({ filter: /^\.\/engine-js\.c?js$/ }, (args) => ({ path: args.path, external: true }));
  },
};
// The CommonJS legacy builds run in Node: they require the JavaScript engine only when needed.
const fallbackBeside = {
  name: "fallback-beside",
  setup(build) {
    build.onResolve({ filter: /^\.\/fallback\.js$/ }, () => ({ path: join(stage, "fallback-node.js") }));
  },
};
const modernBuild = { ...common, plugins: [engineBeside] };
const legacyTarget = { ...common, target: "es2017", plugins: [privateAsSymbolsPlugin] };
const nodeCjs = { format: "cjs", platform: "node", define: { "import.meta.url": "__filename" } };
const legacyCjs = { ...legacyTarget, ...nodeCjs, plugins: [privateAsSymbolsPlugin, fallbackBeside] };
// weburl/psl imports the PublicSuffixList class from the entry it runs beside, kept external so the
// wasm instance is that entry's; its list stays UTF-8 and keeps its license notice.
const pslBeside = (file) => ({
  name: "psl-beside",
  setup(build) {
    build.onResolve({ filter: /^\.\/psl-core\.js$/ }, () => ({ path: `./${file}`, external: true }));
  },
});
const pslBuild = (file) => ({ ...common, plugins: [pslBeside(file)], charset: "utf8", banner: { js: `// ${psl.notice}` } });
await Promise.all([
  esbuild.build({ ...pslBuild("node.mjs"), entryPoints: [entry("psl")], outfile: out("psl.mjs"), format: "esm", platform: "node", target: "node18" }),
  esbuild.build({ ...pslBuild("node.cjs"), ...nodeCjs, entryPoints: [entry("psl")], outfile: out("psl.cjs"), target: "node18" }),
  esbuild.build({ ...pslBuild("full.js"), entryPoints: [entry("psl")], outfile: out("psl.js"), format: "esm", platform: "neutral", target: "es2022" }),
  esbuild.build({ ...modernBuild, entryPoints: [entry("node")], outfile: out("node.mjs"), format: "esm", platform: "node", target: "node18" }),
  esbuild.build({ ...modernBuild, ...nodeCjs, entryPoints: [entry("node")], outfile: out("node.cjs"), target: "node18" }),
  esbuild.build({ ...modernBuild, entryPoints: [entry("full")], outfile: out("full.js"), format: "esm", platform: "neutral", target: "es2022" }),
  ...["browser", "inline", "web"].map((name) =>
    esbuild.build({
      ...modernBuild, entryPoints: [entry(name)], outfile: out(name === "browser" ? "index.js" : `${name}.js`),
      format: "esm", platform: "neutral", target: "es2022",
    }),
  ),
  ...["engine-js", "legacy", "nowasm", "polyfill"].flatMap((name) => {
    const entryPoints = [name === "engine-js" ? join(stage, "engine-js.js") : entry(name)];
    const esm = name === "engine-js" ? "engine-js.js" : `${name}.mjs`;
    return [
      esbuild.build({ ...legacyTarget, entryPoints, outfile: out(esm), format: "esm", platform: "neutral" }),
      esbuild.build({ ...legacyCjs, entryPoints, outfile: out(`${name}.cjs`) }),
    ];
  }),
  esbuild.build({ ...legacyTarget, entryPoints: [entry("polyfill-script")], outfile: out("polyfill.global.js"), format: "iife", platform: "browser" }),
]);

// 6. Types and package metadata.
for (const file of readdirSync(join(root, "js")).filter((f) => f.endsWith(".d.ts"))) {
  cpSync(join(root, "js", file), join(pkg, file));
}
// The CommonJS copies of the types name each other's CommonJS copies.
for (const name of ["index", "polyfill", "whatwg-url", "urlpattern", "websocket", "psl", "display", "ecma"]) {
  const types = readFileSync(join(root, "js", `${name}.d.ts`), "utf8").replaceAll('.js";', '.cjs";');
  writeFileSync(join(pkg, `${name}.d.cts`), types);
}
const version = /^version = "(.*)"$/m.exec(readFileSync(join(root, "Cargo.toml"), "utf8"))[1];
const manifest = {
  name: "weburl",
  version,
  description: "The WHATWG URL Standard in Rust, as WebAssembly: URL and URLSearchParams exactly as browsers have them",
  license: "MIT OR Apache-2.0",
  type: "module",
  main: "./node.cjs",
  module: "./index.js",
  types: "./index.d.ts",
  exports: {
    ".": {
      types: { import: "./index.d.ts", require: "./index.d.cts" },
      node: { import: "./node.mjs", require: "./node.cjs" },
      browser: "./index.js",
      import: "./index.js",
      require: "./node.cjs",
      default: "./index.js",
    },
    "./inline": { types: "./index.d.ts", default: "./inline.js" },
    "./web": { types: "./web.d.ts", default: "./web.js" },
    "./legacy": {
      types: { import: "./index.d.ts", require: "./index.d.cts" },
      import: "./legacy.mjs",
      require: "./legacy.cjs",
      default: "./legacy.mjs",
    },
    "./nowasm": {
      types: { import: "./index.d.ts", require: "./index.d.cts" },
      import: "./nowasm.mjs",
      require: "./nowasm.cjs",
      default: "./nowasm.mjs",
    },
    "./polyfill": {
      types: { import: "./polyfill.d.ts", require: "./polyfill.d.cts" },
      import: "./polyfill.mjs",
      require: "./polyfill.cjs",
      default: "./polyfill.mjs",
    },
    // In Node the main entry has whatwg-url's API, URLPattern, parseWebSocketURL, renderURL and
    // the URI functions too (so an npm alias of whatwg-url works); elsewhere they come with the
    // full wasm.
    ...Object.fromEntries(["whatwg-url", "urlpattern", "websocket", "display", "ecma"].map((name) => [`./${name}`, {
      types: { import: `./${name}.d.ts`, require: `./${name}.d.cts` },
      node: { import: "./node.mjs", require: "./node.cjs" },
      import: "./full.js",
      require: "./node.cjs",
      default: "./full.js",
    }])),
    // The list is in psl.mjs, psl.cjs and psl.js only, which import the class from the entry
    // beside them: nothing of it reaches those who do not import weburl/psl.
    "./psl": {
      types: { import: "./psl.d.ts", require: "./psl.d.cts" },
      node: { import: "./psl.mjs", require: "./psl.cjs" },
      import: "./psl.js",
      require: "./psl.cjs",
      default: "./psl.js",
    },
    "./polyfill.global.js": "./polyfill.global.js",
    "./weburl_bg.wasm": "./weburl_bg.wasm",
    "./package.json": "./package.json",
  },
  files: ["*.js", "*.mjs", "*.cjs", "*.d.ts", "*.d.cts", "weburl_bg.wasm", "README.md"],
  // Loading the polyfill installs globals: bundlers must keep a bare `import "weburl/polyfill"`.
  sideEffects: ["./polyfill.mjs", "./polyfill.cjs", "./polyfill.global.js"],
  engines: { node: ">=12" },
  keywords: ["url", "whatwg", "URLSearchParams", "wasm", "polyfill", "idna"],
};
writeFileSync(join(pkg, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
cpSync(join(root, "js", "PACKAGE.md"), join(pkg, "README.md"));
console.log(`built ${pkg}`);
