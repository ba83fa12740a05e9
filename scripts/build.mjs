// Builds the npm package in pkg/: the Rust core compiled to wasm (release, LTO, UTF-8 only),
// wasm-bindgen's glue, wasm-opt for size, and the JavaScript entries bundled by esbuild.
//
//   node scripts/build.mjs
//   node scripts/build.mjs --test-panic    (into target/pkg-test-panic: the wasm panics on the
//                                          input or setter value "weburl:panic", and on a
//                                          URL pattern of it, for the recovery tests, and has
//                                          the `protocol` export, for the protocol test; Node's,
//                                          the legacy files, index.js and the URL Pattern
//                                          add-on over it only)
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";

import { FILES, SUBPATHS, WASM_FILES, WASMS, packageExports, requirable, twin } from "./layout.mjs";
import { eagerStart, startCalledByFile } from "./eager-start.mjs";
import { privateAsSymbolsPlugin } from "./private-as-symbols.mjs";
import { dataSegments, memoryImage, withImportNames } from "./wasm-binary.mjs";
import { KINDS, split } from "./code-streams.mjs";
import { namedForOrder, startModule as startModuleOf } from "./start-module.mjs";
import { profile, runsOnStart, startWorkload } from "./start-profile.mjs";
import { MODERN_FEATURES, SIZE_PASSES } from "./wasm-features.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const testPanic = process.argv.includes("--test-panic");
const variant = testPanic ? "-test-panic" : "";
const pkg = testPanic ? join(root, "target", "pkg-test-panic") : join(root, "pkg");
const stage = join(root, "target", `js${variant}`);

/** Runs `command`, echoing it; what it prints goes to ours, or is returned when `capture`. */
function run(command, args, env = process.env, capture = false) {
  console.log(`> ${command} ${args.join(" ")}`);
  const stdio = capture ? ["inherit", "pipe", "inherit"] : "inherit";
  return execFileSync(command, args, { cwd: root, stdio, env, maxBuffer: 1 << 28 })?.toString();
}

const wasmOpt = join(root, "node_modules", ".bin", "wasm-opt");

// For size (node scripts/wasm-size.mjs shows where the bytes go): panics without their source
// locations, and `{:?}` formats nothing (no Debug output reaches JavaScript): 1.5 KB gzip. And std
// compiled with the crate (rust-src, scripts/setup.sh) with panics as immediate traps: no panic
// handler and none of the formatting of its messages, 3.6 KB of LZMA on the main wasm. A panic
// reaches JavaScript as a trap (a RuntimeError) as before, after which the runtime makes a fresh
// instance. std's `optimize_for_size` picks its small sorts and number formatting: the stable sort
// the `idna` crate's Punycode decoder calls is 5.9 KB of wasm otherwise, and neither is on a URL's
// hot path (numbers in URLs are written by our own code). These are unstable flags, so the stable
// toolchain is told to accept them (RUSTC_BOOTSTRAP).
const SIZE_FLAGS = "-Zlocation-detail=none -Zfmt-debug=none -Zunstable-options -Cpanic=immediate-abort";
const BUILD_STD = ["-Z", "build-std=std,panic_abort", "-Z", "build-std-features=optimize_for_size"];

/** Whether the test build's wasm of `features` has the `protocol` export: not the add-on, which has no URL operations. */
const reportsProtocol = (features) => !features.includes("urlpattern-addon");

/**
 * Compiles the core for wasm without the legacy encodings (the JS API only uses UTF-8), with the
 * wasm-release profile (Cargo.toml), the talc allocator and `features`.
 */
function cargoBuild(targetDir, rustflags = "", features = [], config = []) {
  const all = ["talc", ...features, ...(testPanic ? ["test-panic", ...(reportsProtocol(features) ? ["protocol"] : [])] : [])];
  const args = [
    "build", "--lib", "--profile", "wasm-release", "--target", "wasm32-unknown-unknown", "--no-default-features", ...config,
    "--target-dir", targetDir, "--features", all.join(","), ...BUILD_STD, "--message-format=json-render-diagnostics",
  ];
  const env = { ...process.env, RUSTC_BOOTSTRAP: "1", RUSTFLAGS: `${rustflags} ${SIZE_FLAGS}`.trim() };
  const messages = run("cargo", args, env, true).split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));
  // The bytes of idna-adapter's tables as they are in memory (its build.rs): where they are in the
  // wasm's data.
  const adapter = messages.find(({ reason, package_id }) => reason === "build-script-executed" && /[#/]idna_adapter@/.test(package_id));
  if (adapter === undefined) throw new Error("cargo did not say where idna-adapter's tables are");
  const tables = readFileSync(join(adapter.out_dir, "tables.bin"));
  idnaTables ??= tables;
  idnaArrays ??= JSON.parse(readFileSync(join(adapter.out_dir, "tables.json"), "utf8"));
  if (!idnaTables.equals(tables)) throw new Error("idna-adapter's tables differ between builds");
  return join(targetDir, "wasm32-unknown-unknown", "wasm-release", "weburl.wasm");
}
let idnaTables; // a Buffer, once a wasm is built
let idnaArrays; // the arrays of its bytes in their order, [[element size, length], …]

function bindgen(wasm, outDir) {
  rmSync(outDir, { recursive: true, force: true });
  run("wasm-bindgen", ["--target", "web", "--out-dir", outDir, "--out-name", "weburl", wasm]);
  return { wasm: join(outDir, "weburl_bg.wasm"), glue: readFileSync(join(outDir, "weburl.js"), "utf8") };
}

// 1. The wasm modules of scripts/layout.mjs. A modern one targets current engines (reference
// types, bulk memory, …). A legacy one targets WebAssembly 1.0 (MVP) plus mutable globals, which
// Node 12+, Safari 14 and Chromium 8x instantiate: our code is compiled for the MVP; the
// precompiled std still brings sign-extension, bulk-memory and non-trapping conversions, which
// binaryen lowers. Its target_features section is dropped first, or wasm-bindgen would use
// reference types; the final wasm-opt loads it with MVP features only, so anything left over
// fails the build. The test build makes only what its tests load: Node's and the legacy entries,
// index.js and the URL Pattern add-on over it.
// A module marked `lessInlining` (the URL Pattern add-on) is built with LLVM's inline threshold at
// 75 (below) instead of opt-level 3's 250, in a target directory of its own (other RUSTFLAGS would rebuild
// the others), and wasm-opt does not inline a function into its one caller: its LZMA over the url
// wasm 13,211 → 12,848 bytes, constructing a pattern about 2% slower. (At 50: 33 bytes less;
// without loop unrolling too, 209 less but about 3% slower again.) Unless that function has 5
// instructions or fewer (alloc's `grow_one` of a `Vec`, `__rust_alloc`: a call with constants):
// 8,666 → 8,643 (the same from 5 to 30; at 50 8,687; any size 8,822). And weburl at opt-level 2, the
// whole program's under LTO: 9,339 → 9,208 bytes of LZMA over the url wasm's streams, the same
// instructions to construct a pattern (at "s" 10,051, "z" 10,182; at 2 with an inline threshold
// of 150 9,249, of 70 9,343). The threshold at 75 since the add-on's arena allocator
// (src/wasm/arena.rs): 8,348 → 8,216 bytes (50 to 80 give 8,216 to 8,242, 90 8,400; with talc,
// 80 gave 8,809 against 100's 8,613).
const LESS_INLINING = {
  rustflags: "-Cllvm-args=-inline-threshold=75",
  config: ["--config", "profile.wasm-release.package.weburl.opt-level=2"],
  passes: ["--one-caller-inline-max-function-size=5"],
};
const wasms = Object.entries(WASMS).filter(([name]) => !testPanic || ["url", "urlpattern-addon", "full", "full-mvp"].includes(name));
const built = {}; // name → { bytes, glue }
for (const [name, { features, mvp, lessInlining }] of wasms) {
  const dir = join(root, "target", `wasm${variant}`, name);
  mkdirSync(dir, { recursive: true });
  let wasm;
  let glue;
  if (!mvp) {
    const [targetDir, rustflags, config, passes] = lessInlining
      ? [`modern-less-inlining${variant}`, LESS_INLINING.rustflags, LESS_INLINING.config, LESS_INLINING.passes]
      : [`modern${variant}`, "", [], []];
    ({ wasm, glue } = bindgen(cargoBuild(join(root, "target", targetDir), rustflags, features, config), join(dir, "bindgen")));
    run(wasmOpt, [...SIZE_PASSES, ...passes, "--strip-debug", "--strip-producers", ...MODERN_FEATURES, wasm, "-o", join(dir, "final.wasm")]);
  } else {
    const cargo = cargoBuild(join(root, "target", `legacy${variant}`), "-Ctarget-cpu=mvp -Ctarget-feature=+mutable-globals", features);
    run(wasmOpt, [...MODERN_FEATURES, "--strip-target-features", cargo, "-o", join(dir, "stripped.wasm")]);
    ({ wasm, glue } = bindgen(join(dir, "stripped.wasm"), join(dir, "bindgen")));
    lowerToMvp(wasm, dir);
  }
  let bytes;
  ({ bytes, glue } = withoutImportHashes(readFileSync(join(dir, "final.wasm")), glue));
  writeFileSync(join(dir, "final.wasm"), bytes);
  if (features.includes("psl")) withoutPinnedList(name, bytes);
  // What the inline module carries: the UTS #46 tables left out (js/idna-tables.js), if it has them.
  const inline = withoutSpan(bytes, idnaTables);
  writeFileSync(join(dir, "inline.wasm"), inline ?? bytes);
  built[name] = { bytes, inline: inline ?? bytes, leavesOutTables: inline !== undefined, glue, features };
}

/**
 * `wasm` and its `glue` with the hash that wasm-bindgen puts after the name of each import it
 * makes (`__wbg_regExpTest_0311685c0c4f5d4e`) taken off: 16 hex digits an import, in both, that
 * neither LZMA nor gzip can pack (weburl/urlpattern 0.1 KB). The names must stay distinct.
 */
function withoutImportHashes(wasm, glue) {
  const hashed = /^(__wbg_\w+?)_[0-9a-f]{16}$/;
  const renames = new Map(); // each import's name, to its name without the hash
  const renamed = withImportNames(wasm, (name) => {
    renames.set(name, name.replace(hashed, "$1"));
    return renames.get(name);
  });
  if (new Set(renames.values()).size !== renames.size) throw new Error("two of a wasm's imports differ only by their wasm-bindgen hash");
  for (const [name, short] of renames) if (name !== short) glue = glue.replaceAll(name, short);
  return { bytes: renamed, glue };
}

/**
 * `wasm` without the bytes of `span` in its data (memory starts zeroed there), if its data has
 * them: the active segments cut around them. Undefined where they are not found.
 */
function withoutSpan(wasm, span) {
  const { segments, rewrite } = dataSegments(wasm);
  if (segments.length === 0) return undefined;
  const image = memoryImage(segments);
  const at = image.bytes.indexOf(span);
  if (at < 0) return undefined;
  if (image.bytes.indexOf(span, at + 1) >= 0) throw new Error("the UTS #46 tables are twice in a wasm's data");
  const [start, end] = [image.start + at, image.start + at + span.length];
  const cut = segments.flatMap(({ offset, bytes }) => [
    { offset, bytes: bytes.subarray(0, Math.max(0, Math.min(bytes.length, start - offset))) },
    { offset: Math.max(offset, end), bytes: bytes.subarray(Math.max(0, Math.min(bytes.length, end - offset))) },
  ]).filter(({ bytes }) => bytes.length > 0);
  const stripped = rewrite(cut);
  // Checked: the memory it starts with, once the tables are written in, is the original's.
  const after = memoryImage(dataSegments(stripped).segments);
  const filled = Buffer.alloc(image.bytes.length);
  after.bytes.copy(filled, after.start - image.start);
  span.copy(filled, at);
  if (!filled.equals(image.bytes)) throw new Error("leaving the UTS #46 tables out changed a wasm's other data");
  return stripped;
}

/**
 * Lowers `wasm` to WebAssembly 1.0 plus mutable globals (what the precompiled std brings beyond
 * it) and optimizes it (`-Oz`: for size, unless `level` says otherwise), into `dir`/final.wasm:
 * loaded with those features only, so anything left over fails the build.
 */
function lowerToMvp(wasm, dir, level = "-Oz") {
  run(wasmOpt, [
    ...MODERN_FEATURES, "--llvm-memory-copy-fill-lowering", "--llvm-nontrapping-fptoint-lowering",
    "--signext-lowering", "--strip-target-features", wasm, "-o", join(dir, "lowered.wasm"),
  ]);
  run(wasmOpt, ["--mvp-features", "--enable-mutable-globals", level, "--strip-debug", "--strip-producers", join(dir, "lowered.wasm"), "-o", join(dir, "final.wasm")]);
  return join(dir, "final.wasm");
}

/**
 * Checks that a wasm does not hold the Public Suffix List pinned in the crate: JavaScript passes
 * the list in (weburl/psl carries it), and `PublicSuffixList::builtin` is never referenced.
 */
function withoutPinnedList(name, bytes) {
  if (bytes.includes("// ===BEGIN ICANN DOMAINS===")) throw new Error(`the ${name} wasm holds the pinned Public Suffix List`);
}

// The decoder of the inlined wasm modules (lzma-decoder/, js/inline-wasm.js): WebAssembly 1.0, as
// the legacy modules, so that it runs wherever they do. Its last pass at `-O4`, not `-Oz`: its one
// call at start runs in V8's baseline code (Liftoff), where that decodes the url wasm's start
// module in 9.99 M instructions, not 10.03 M, and in 3,421 bytes, not 3,443 (callgrind, Node 24
// `--liftoff-only`; Cargo.toml's opt-level 2).
const decoderDir = join(root, "target", "lzma-decoder");
run("cargo", [
  "build", "-p", "lzma_decoder", "--lib", "--profile", "wasm-release", "--target", "wasm32-unknown-unknown", "--target-dir", decoderDir,
], { ...process.env, RUSTFLAGS: "-Ctarget-cpu=mvp" });
const lzmaDecoder = lowerToMvp(join(decoderDir, "wasm32-unknown-unknown", "wasm-release", "lzma_decoder.wasm"), decoderDir, "-O4");
// The join of the code sections (lzma-decoder/join.wat, js/code-join.js's `joined`), with the
// opcodes' kinds of scripts/code-streams.mjs as its data, merged into the decoder's module: one
// module to compile at start, not two (README "Cold start", nineteenth round (Chromium)). Each part
// optimized on its own, the decoder's code left as measured; the merged data packed (its memory,
// the decoder's, starts zeroed).
const joinDir = join(root, "target", "code-join");
mkdirSync(joinDir, { recursive: true });
const kinds = Array.from(KINDS, (kind) => `\\${kind.toString(16).padStart(2, "0")}`).join("");
writeFileSync(join(joinDir, "join.wat"), readFileSync(join(root, "lzma-decoder", "join.wat"), "utf8").replace('"KINDS"', `"${kinds}"`));
run(join(root, "node_modules", ".bin", "wasm-as"), ["--mvp-features", join(joinDir, "join.wat"), "-o", join(joinDir, "join.wasm")]);
run(wasmOpt, ["--mvp-features", "-Oz", join(joinDir, "join.wasm"), "-o", join(joinDir, "optimized.wasm")]);
run(join(root, "node_modules", ".bin", "wasm-merge"), ["--mvp-features", lzmaDecoder, "decoder", join(joinDir, "optimized.wasm"), "join", "-o", join(joinDir, "merged.wasm")]);
run(wasmOpt, ["--mvp-features", "--memory-packing", join(joinDir, "merged.wasm"), "-o", join(joinDir, "final.wasm")]);
const decoder = readFileSync(join(joinDir, "final.wasm"));
// The add-on wasm modules, each packed in one LZMA stream with the wasm it is an add-on to (its
// file's `over`), after it: the add-on's part continues that wasm's stream (`inlineModule`), its
// matches reaching back into that wasm's bytes and its coder adapted to them. Add-on → that wasm.
const coreOf = Object.fromEntries(
  Object.values(FILES)
    .filter(({ core, wasm }) => core?.over !== undefined && built[wasm[0]] !== undefined)
    .map(({ core, wasm }) => [wasm[0], FILES[core.over].wasm[0]]),
);
// 2. The legacy module with every feature as plain JavaScript (binaryen's wasm2js): the engine of
// weburl/nowasm, for engines without WebAssembly or where compiling it is refused (a
// Content-Security-Policy without 'wasm-unsafe-eval').
const wasm2jsFile = join(root, "target", `wasm${variant}`, "full-mvp", "wasm2js.js");
run(join(root, "node_modules", ".bin", "wasm2js"), [
  "-O", "--mvp-features", "--enable-mutable-globals", join(root, "target", `wasm${variant}`, "full-mvp", "final.wasm"), "-o", wasm2jsFile,
]);

// 3. Stage the JavaScript: our sources; each wasm's glue as a factory and the wasm inlined; the
// cores of scripts/layout.mjs's files, which differ only in their wasm and what they export.
rmSync(stage, { recursive: true, force: true });
cpSync(join(root, "js"), stage, { recursive: true });
const unpadded = (bytes) => bytes.toString("base64").replace(/=+$/, "");
writeFileSync(join(stage, "lzma-decoder-wasm.js"), base64Module("lzma-decoder/ as wasm", unpadded(decoder)));
const { lzmaStream, unpack } = await import(pathToFileURL(join(stage, "inline-wasm.js")));
const { joined } = await import(pathToFileURL(join(stage, "code-join.js")));
const { fromColumns } = await import(pathToFileURL(join(stage, "idna-tables.js")));
for (const [name, { glue }] of Object.entries(built)) writeFileSync(join(stage, `glue-${name}.js`), glueFactory(glue));
// The start module of each wasm that has one (the url wasm's, and the polyfills' legacy one): the
// functions the start workload runs on the staged classes (scripts/start-profile.mjs), measured at
// each build on the wasm with its data whole (their numbers are those of the module carried
// inline, which differs only in its data). That module gets them first
// (scripts/start-module.mjs, `namedForOrder`; wasm-opt writes no names unless asked), so its LZMA
// after the start module costs fewer bytes; the add-ons are packed over it as it is then.
// Checked: the workload runs on the start module alone.
for (const name of Object.keys(built).filter((name) => WASMS[name].startModule)) {
  const dir = join(root, "target", `wasm${variant}`, name);
  const stages = join(dir, "profile");
  rmSync(stages, { recursive: true, force: true });
  mkdirSync(stages);
  const [kept] = await profile(stage, stages, built[name].bytes, [startWorkload], name);
  writeFileSync(join(dir, "named.wasm"), namedForOrder(built[name].inline, kept));
  run(wasmOpt, [...MODERN_FEATURES, "--reorder-functions-by-name", join(dir, "named.wasm"), "-o", join(dir, "inline.wasm")]);
  const reordered = readFileSync(join(dir, "inline.wasm"));
  if (!memoryImage(dataSegments(reordered).segments).bytes.equals(memoryImage(dataSegments(built[name].inline).segments).bytes)) {
    throw new Error(`reordering the ${name} wasm's functions changed its data`);
  }
  built[name].inline = reordered;
  built[name].start = startModuleOf(reordered, new Set(Array.from(kept, (_, i) => i)));
  await runsOnStart(stage, stages, built[name].start, name);
  console.log(`the ${name} wasm's start module: ${kept.size} functions, ${built[name].start.length} bytes of ${reordered.length}`);
}

// An add-on's LZMA is its core's stream continued: packed with the core's (`inlineModule`), so after it.
for (const [name, { bytes, inline, leavesOutTables, features, start }] of Object.entries(built).sort(([a], [b]) => (a in coreOf) - (b in coreOf))) {
  const what = `The ${name} wasm module (Cargo features: ${["talc", ...features].join(", ")})`;
  const { module, base64 } = inlineModule(name, inline, leavesOutTables, what, start);
  writeFileSync(join(stage, `wasm-${name}.js`), module);
  writeFileSync(join(stage, `wasm-${name}-base64.js`), base64Module(`The ${name} wasm module, LZMA`, base64));
  if (WASMS[name].mvp) writeFileSync(join(stage, `wasm-${name}-node.js`), nodeInlineModule(bytes, what, start !== undefined));
}
if (Object.values(built).some(({ leavesOutTables }) => leavesOutTables)) {
  const { module, base64 } = idnaTablesModule();
  writeFileSync(join(stage, "idna-tables-lzma.js"), module);
  writeFileSync(join(stage, "idna-tables-base64.js"), base64Module("The UTS #46 tables of the core, LZMA", base64));
}
writeFileSync(join(stage, "wasm2js.js"), wasm2jsFactory(readFileSync(wasm2jsFile, "utf8")));
writeFileSync(join(stage, "psl-list.js"), pslModule(readFileSync(join(root, "data", "public_suffix_list.dat"), "utf8")));
// The test build: Node's and the legacy files, index.js, which starts on a start module, and the
// add-on over it, urlpattern.js.
const files = Object.keys(FILES).filter((file) => !testPanic || ["node", "legacy"].includes(FILES[file].build) || ["index.js", "urlpattern.js"].includes(file));
const coreModule = (file) => join(stage, `core-${file.replace(/\.m?js$/, "")}.js`);
for (const file of files) {
  const { build, core, wasm } = FILES[file];
  if (core !== undefined && core.over !== undefined) {
    writeFileSync(coreModule(file), addOnModule(wasm[0], `./${core.api}`, `./${basename(coreModule(core.over))}`));
  } else if (core !== undefined && core.file === undefined && core.entry === undefined) {
    writeFileSync(coreModule(file), startModule(wasm[0], core.api === undefined ? null : `./${core.api}`, build !== "browser"));
  }
}
/**
 * An entry over the wasm `wasm`: it exports the classes, the engine's name and what `api`
 * exports, and starts the wasm: with top-level await, or, when `sync` (the polyfills, which must
 * be ready once their file has run and mostly keep the runtime's own classes), decoded and
 * compiled synchronously when weburl's classes are first used. Without WebAssembly it fails,
 * saying which entry has the JavaScript engine.
 */
function startModule(wasm, api, sync) {
  // A wasm with a start module starts on it (js/engines.js).
  const withStart = WASMS[wasm].startModule === true;
  // Asynchronously, with the decoder's compile where a synchronous one is refused (js/engines.js).
  const engine = withStart
    ? (sync ? "startEngineSync(createBindings, startBytes, wasmBytes)" : "await startEngine(createBindings, startBytes, wasmBytes, compileDecoder)")
    : (sync ? "wasmEngine(createBindings, compileSync(wasmBytes()))" : "wasmEngine(createBindings, await compile(wasmBytes, compileDecoder))");
  return [
    `// Generated by scripts/build.mjs: the ${wasm} wasm under ${api ?? "the URL classes"}. Its inline module first (base64Module).`,
    `import { ${withStart ? "startBytes, " : ""}wasmBytes } from "./wasm-${wasm}.js";`,
    `import { createBindings } from "./glue-${wasm}.js";`,
    ...(sync ? [] : ['import { compileDecoder } from "./inline-wasm.js";']),
    withStart
      ? `import { ${sync ? "chooseSync" : "choose"}, noWasm, ${sync ? "startEngineSync" : "startEngine"} } from "./engines.js";`
      : `import { ${sync ? "chooseSync, compileSync" : "choose, compile"}, noWasm, wasmEngine } from "./engines.js";`,
    `import { ${sync ? "startWhenUsed" : "start"} } from "./runtime.js";`,
    'export { URL, URLSearchParams } from "./url.js";',
    'export { engineName as engine } from "./runtime.js";',
    ...(api === null ? [] : [`export * from "${api}";`]),
    sync ? `startWhenUsed(() => chooseSync(() => ${engine}, noWasm));` : `start(await choose(async () => ${engine}, noWasm));`,
    "",
  ].join("\n");
}

/**
 * An entry over the add-on wasm `wasm` (its operations only, src/wasm/url_core.rs) and the core
 * `over` of another browser file, which it exports and whose wasm runs the classes and answers
 * the add-on's calls back (js/runtime.js): what `api` exports, the add-on compiled with top-level
 * await and given the URL class's `componentsInSlots` for the URLs it asks for. A page importing
 * both files has that core once.
 */
function addOnModule(wasm, api, over) {
  return [
    `// Generated by scripts/build.mjs: the ${wasm} wasm under ${api}, over ${over}. Its inline module first (base64Module).`,
    `import { wasmBytes } from "./wasm-${wasm}.js";`,
    `import { createBindings } from "./glue-${wasm}.js";`,
    'import { choose, compile, noWasm, wasmEngine } from "./engines.js";',
    'import { compileDecoder } from "./inline-wasm.js";',
    'import { startAddOn } from "./runtime.js";',
    'import { componentsInSlots } from "./url.js";',
    `export * from "${over}";`,
    `export * from "${api}";`,
    "startAddOn(await choose(async () => wasmEngine(createBindings, await compile(wasmBytes, compileDecoder)), noWasm), componentsInSlots);",
    "",
  ].join("\n");
}

/**
 * The test build's probe of the protocol of the wasm `name` (tests/js/protocol.test.mjs): what
 * its `protocol` export reports, and js/protocol-check.js's `verify`, with every module that
 * declares operation ids imported (js/full-api.js).
 */
function protocolProbe(name) {
  return [
    `// Generated by scripts/build.mjs: the protocol of the ${name} wasm, for the test that checks it.`,
    `import { createBindings } from "./glue-${name}.js";`,
    `import { wasmBytes } from "./wasm-${name}.js";`,
    'import { compileSync, wasmEngine } from "./engines.js";',
    'import "./full-api.js";',
    'export { verify } from "./protocol-check.js";',
    "export function reported() {",
    "  const engine = wasmEngine(createBindings, compileSync(wasmBytes()));",
    "  const bindings = engine.createBindings();",
    "  bindings.initWith(engine.instantiate);",
    "  return JSON.parse(bindings.protocol());",
    "}",
    "",
  ].join("\n");
}

/**
 * weburl/psl's list: a module exporting the text of public_suffix_list.dat with its `// VERSION: `
 * line and its rules only (the other comments and the blank lines are more than half of it), the
 * rules written as a tree of labels from the right (`trieOfRules`), which `expandRules` turns back
 * into a rule per line when the module loads: 34 KB gzip instead of 44.
 */
function pslModule(text) {
  const rules = text.split("\n").filter((line) => !line.startsWith("//")).map((line) => line.trim().split(/\s/)[0]).filter((rule) => rule !== "");
  const version = /^\/\/ VERSION: (.*)$/m.exec(text)?.[1];
  if (version === undefined || rules.length < 5000) throw new Error("data/public_suffix_list.dat is not the Public Suffix List");
  const trie = trieOfRules(rules);
  const sorted = (list) => [...list].sort().join("\n");
  if (sorted(expandRules(trie).split("\n")) !== sorted(rules)) throw new Error("the Public Suffix List's tree does not expand to its rules");
  const notice = `The Public Suffix List (https://publicsuffix.org/), VERSION ${version}: MPL-2.0, https://mozilla.org/MPL/2.0/`;
  return `/*! ${notice} */\n${expandRules}\nexport default ${JSON.stringify(`// VERSION: ${version}\n`)} + expandRules(${JSON.stringify(trie)});\n`;
}

/**
 * The rules as a tree of labels from the right: `item,item,…`, each item a label (marked `!` for
 * an exception, `?` where no rule ends) and its children as `{item,…}`, in the list's order.
 * `jp,…,kawasaki{*,!city}` is `jp`, `*.kawasaki.jp` and `!city.kawasaki.jp`.
 */
function trieOfRules(rules) {
  const root = new Map(); // label → { kind: "" | "!" | "?", children }
  for (const rule of rules) {
    const exception = rule.startsWith("!");
    let children = root;
    let node;
    for (const label of rule.slice(exception ? 1 : 0).split(".").reverse()) {
      if (label === "" || /[,{}!?]/.test(label)) throw new Error(`the Public Suffix List's rule ${rule} has a label the tree cannot hold`);
      node = children.get(label) ?? { kind: "?", children: new Map() };
      children.set(label, node);
      children = node.children;
    }
    if (node.kind !== "" && node.kind !== "?") throw new Error(`the Public Suffix List has ${rule} twice`);
    node.kind = exception ? "!" : "";
  }
  const write = (children) => [...children].map(([label, { kind, children: below }]) => `${kind}${label}${below.size > 0 ? `{${write(below)}}` : ""}`).join(",");
  return write(root);
}

/** The rules of a tree that `trieOfRules` wrote, a rule per line (this runs in weburl/psl too). */
function expandRules(trie) {
  const rules = [];
  const outer = []; // the suffixes of the enclosing items
  let suffix = ""; // `.label…` of the items around this one
  let label = "";
  for (let i = 0, start = 0; i <= trie.length; i++) {
    const c = trie[i];
    if (i < trie.length && c !== "," && c !== "{" && c !== "}") continue;
    const item = trie.slice(start, i);
    start = i + 1;
    if (item !== "") {
      label = item[0] === "!" || item[0] === "?" ? item.slice(1) : item;
      if (item[0] !== "?") rules.push(`${item[0] === "!" ? "!" : ""}${label}${suffix}`);
    }
    if (c === "{") {
      outer.push(suffix);
      suffix = `.${label}${suffix}`;
    } else if (c === "}") {
      suffix = outer.pop();
    }
  }
  return rules.join("\n");
}

/**
 * Raw LZMA, as lzma-decoder/ decodes it (`lp=0 pb=0`, the best of them for wasm), by xz, with the
 * literal context bits (`lc`, 1 to 3: the decoder reads how many fewer than 3 in the stream's
 * first byte, which the range encoder writes as 0), the longest match the encoder settles for
 * (`nice`) and the match finder (`mf`) that pack these bytes smallest: 0.2% apart for `nice` and
 * `mf`, up to 0.7% for `lc` (the UTS #46 tables 14,800 bytes at 3, 14,693 at 2).
 */
function packLzma(bytes) {
  const packs = [3, 2, 1].flatMap((lc) =>
    [64, 128, 273].flatMap((nice) =>
      ["bt4", "bt3"].map((mf) => {
        const pack = execFileSync("xz", ["--format=raw", `--lzma1=preset=9e,lc=${lc},lp=0,pb=0,nice=${nice},mf=${mf}`, "--stdout"], { input: bytes });
        pack[0] = 3 - lc;
        return pack;
      }),
    ),
  );
  return packs.reduce((smallest, pack) => (pack.length < smallest.length ? pack : smallest));
}

/**
 * A module exporting `wasmBytes()`, the bytes of the wasm `name`, `wasm`, carried as LZMA in
 * base64 (js/inline-wasm.js) with its code section as streams (scripts/code-streams.mjs, `split`),
 * once the decoder and the join are checked to give them back. A wasm that `leavesOutTables` (the
 * UTS #46 tables) tells js/idna-tables.js where they are. With a `start` module
 * (scripts/start-module.mjs), one stream of it then the whole module, and `startBytes()` too,
 * which decodes the stream (and its base64) only as far as the start module's end; `wasmBytes()`
 * then decodes the rest, from where it stopped (`lzmaStream`): the whole module after it costs
 * about a byte per 273 (LZMA's longest match) of what they share. A wasm with an add-on (`coreOf`)
 * packs the add-on's streams in the same stream, after its own, and cuts the base64 where its own
 * decoding stops reading: the add-on's base64 is the rest (its module, written after this one's,
 * takes it from `built`), which `addOnStreams(base64)` decodes on, the coder adapted to this
 * wasm's bytes and its matches reaching back into them (8,613 → 8,488 bytes of LZMA for
 * weburl/urlpattern's, which was packed over the url wasm's streams as a preset dictionary; the
 * url wasm's 29,756 → 29,751).
 */
function inlineModule(name, wasm, leavesOutTables, what, start) {
  const core = coreOf[name];
  if (core !== undefined) {
    if (start !== undefined) throw new Error(`the ${name} wasm: start modules of an add-on are not made`);
    return { module: addOnInlineModule(name, core, wasm, what), base64: built[name].base64 };
  }
  const [addOn, ...others] = Object.keys(coreOf).filter((addOn) => coreOf[addOn] === name);
  if (others.length > 0) throw new Error(`the ${name} wasm: one add-on continues its stream, not ${others.length + 1}`);
  const streams = split(wasm);
  const startStreams = start === undefined ? undefined : split(start);
  const packed = start === undefined ? streams : Buffer.concat([startStreams, streams]);
  const addOnWasm = built[addOn]?.inline;
  const addOnStreams = addOn === undefined ? Buffer.alloc(0) : split(addOnWasm);
  const both = Buffer.concat([packed, addOnStreams]);
  const whole = unpadded(packLzma(both));
  // The room after the stream (and its add-on's), where each module is joined (js/code-join.js):
  // the largest's, and the 7 bytes its moves may write past it.
  const room = Math.max(wasm.length, start?.length ?? 0, addOnWasm?.length ?? 0) + 7;
  // Whether the first `length` characters of `base64` (whole groups of four) hold the LZMA of the
  // stream's first `size` bytes, `expected`.
  const decodes = (base64, length, size, expected) => {
    try {
      return Buffer.from(unpack(base64.slice(0, length), size)).equals(expected);
    } catch {
      return false; // read past the end: the stream is corrupt there
    }
  };
  // The least whole groups of four characters of `base64` that decode the stream's first `size`
  // bytes, `expected` (the least base64 its LZMA reads).
  const readTo = (base64, size, expected) => {
    if (!decodes(base64, base64.length, size, expected)) throw new Error(`js/inline-wasm.js does not unpack ${what}`);
    let read = base64.length;
    for (let [low, high] = [0, Math.ceil(base64.length / 4)]; low < high; ) {
      const middle = (low + high) >> 1;
      if (decodes(base64, 4 * middle, size, expected)) [high, read] = [middle, Math.min(4 * middle, base64.length)];
      else low = middle + 1;
    }
    return read;
  };
  // This wasm's base64: with an add-on, as far as its decoding reads; the rest is the add-on's.
  const base64 = addOn === undefined ? whole : whole.slice(0, readTo(whole, packed.length, packed));
  if (addOn !== undefined) built[addOn].base64 = whole.slice(base64.length);
  const unpacked = unpack(base64, packed.length, room);
  if (!Buffer.from(unpacked).equals(packed)) throw new Error(`js/inline-wasm.js does not unpack ${what}`);
  if (!Buffer.from(joined(unpacked.subarray(packed.length - streams.length), wasm.length)).equals(wasm)) throw new Error(`lzma-decoder/join.wat does not join ${what}`);
  // The start decodes only the base64 its LZMA reads: about half, which JavaScript decodes where
  // the engine has no Uint8Array.fromBase64.
  const startBase64 = start === undefined ? undefined : readTo(base64, startStreams.length, startStreams);
  // Decoded in turn, resuming, and joined, as the runtime asks for them: the same bytes. The
  // add-on's part after the whole module, or right after the start module (its call decoding the
  // rest of this wasm's part first).
  const streamed = start !== undefined || addOn !== undefined;
  for (const steps of !streamed ? [] : start === undefined ? [["whole", "add-on"]] : [["start", "whole", "add-on"], ["start", "add-on"]]) {
    const stream = lzmaStream(base64, both.length, room, whole.length);
    for (const step of steps) {
      if (step === "start" && !Buffer.from(joined(stream(startStreams.length, base64, startBase64), start.length)).equals(start)) throw new Error(`lzma-decoder/join.wat does not join the start module of ${what}`);
      if (step === "whole" && !Buffer.from(joined(stream(packed.length).subarray(packed.length - streams.length), wasm.length)).equals(wasm)) throw new Error(`js/inline-wasm.js does not resume ${what}`);
      if (step === "add-on" && addOn !== undefined) {
        const continued = stream(both.length, whole);
        if (!Buffer.from(continued).equals(both)) throw new Error(`js/inline-wasm.js does not continue ${what} with the ${addOn} wasm`);
        if (!Buffer.from(joined(continued.subarray(packed.length), addOnWasm.length)).equals(addOnWasm)) throw new Error(`lzma-decoder/join.wat does not join the ${addOn} wasm`);
      }
    }
  }
  const tables = (unpacking) => (leavesOutTables ? `leftOutIdnaTables(${unpacking}, unpackIdnaTables)` : unpacking);
  const unpacking = streamed ? `stream(${packed.length})${start === undefined ? "" : `.subarray(${startStreams.length})`}` : `unpack(PACKED, ${packed.length}, ${room})`;
  const module = [
    `// ${what}: its code section as streams, LZMA, base64${leavesOutTables ? "; its UTS #46 tables left out" : ""}${start === undefined ? "" : `; after its start module (${start.length} bytes)`}.`,
    "// The base64 it needs, first, in one run (base64Module).",
    `import PACKED from "./wasm-${name}-base64.js";`,
    ...base64Modules(name).slice(1).map((module) => `import "${module}";`),
    `import { ${streamed ? "lzmaStream" : "unpack"} } from "./inline-wasm.js";`,
    'import { joined } from "./code-join.js";',
    ...(leavesOutTables ? ['import { leftOutIdnaTables } from "./idna-tables.js";', 'import { unpackIdnaTables } from "./idna-tables-lzma.js";'] : []),
    ...(streamed
      ? [
          "",
          addOn === undefined
            ? `const stream = lzmaStream(PACKED, ${packed.length}, ${room});`
            : `const stream = lzmaStream(PACKED, ${both.length}, ${room}, ${whole.length}); // with room for the ${addOn} wasm's part`,
        ]
      : []),
    ...(start === undefined ? [] : [`export const startBytes = () => ${tables(`joined(stream(${startStreams.length}, PACKED, ${startBase64}), ${start.length})`)};`]),
    "",
    `export const wasmBytes = () => ${tables(`joined(${unpacking}, ${wasm.length})`)};`,
    ...(addOn === undefined
      ? []
      : [
          `// The ${addOn} wasm's code streams (${addOnStreams.length} bytes): its LZMA continues this stream, its base64`,
          "// after PACKED; decoded after this wasm's part, whose bytes its matches reach back into.",
          `export const addOnStreams = (base64) => stream(${both.length}, PACKED + base64).subarray(${packed.length});`,
        ]),
    "",
  ].join("\n");
  return { module, base64 };
}

/**
 * The module of the add-on wasm `name` (`wasm`) whose LZMA continues the stream of the wasm `core`
 * (`inlineModule`, which packed it and checked it): `wasmBytes()` as other inline modules have it.
 */
function addOnInlineModule(name, core, wasm, what) {
  return [
    `// ${what}: its code section as streams, LZMA, base64, continuing the ${core} wasm's stream.`,
    "// The base64 it needs, first, in one run (base64Module).",
    `import PACKED from "./wasm-${name}-base64.js";`,
    ...base64Modules(name).slice(1).map((module) => `import "${module}";`),
    'import { joined } from "./code-join.js";',
    `import { addOnStreams } from "./wasm-${core}.js";`,
    "",
    `export const wasmBytes = () => joined(addOnStreams(PACKED), ${wasm.length});`,
    "",
  ].join("\n");
}

/**
 * The base64 modules (`base64Module`) the inline module of the wasm `name` needs, in the order it
 * imports them: its own, those of the wasm it is an add-on to, the UTS #46 tables' where it leaves
 * them out, the decoder's (with the join). The decoder's last: its base64 is of a plain wasm,
 * which gzip codes well; between the LZMA ones it spoiled their codes.
 */
function base64Modules(name) {
  const core = coreOf[name];
  return [...new Set([
    `./wasm-${name}-base64.js`,
    ...(core === undefined ? [] : base64Modules(core)),
    ...(built[name].leavesOutTables ? ["./idna-tables-base64.js"] : []),
    "./lzma-decoder-wasm.js",
  ])];
}

/**
 * The UTS #46 tables that the inline modules leave out of their wasm, as LZMA in base64: a module
 * of their own, which a page's entries share, unpacked when a host first needs them
 * (js/idna-tables.js). A copy, not a view on the decoder's memory.
 */
function idnaTablesModule() {
  const { bytes, columns } = inColumns(idnaTables, idnaArrays);
  const base64 = unpadded(packLzma(bytes));
  if (!Buffer.from(fromColumns(unpack(base64, bytes.length), columns)).equals(idnaTables)) {
    throw new Error("js/inline-wasm.js and js/idna-tables.js do not unpack the UTS #46 tables");
  }
  const module = [
    `// The UTS #46 tables of the core (idna-adapter/'s, ${idnaTables.length} bytes): LZMA of their arrays in columns, base64.`,
    'import { fromColumns } from "./idna-tables.js";',
    'import { unpack } from "./inline-wasm.js";',
    'import PACKED from "./idna-tables-base64.js";',
    "",
    `export const unpackIdnaTables = () => fromColumns(unpack(PACKED, ${bytes.length}), ${JSON.stringify(columns)});`,
    "",
  ].join("\n");
  return { module, base64 };
}

/**
 * A module of the base64 `base64` alone. The entries import the inline module of their wasm first,
 * and it imports every such module it needs first (`base64Modules`): bundlers lay modules out in
 * the order they run, so an entry's base64 is one run, before its code. gzip codes a run of
 * base64 at about six bits a character, and code with codes of its own; base64 between pieces of
 * code shares their codes: weburl 1.2 KB larger with esbuild.
 */
function base64Module(what, base64) {
  return `// ${what}: base64.\nexport default "${base64}";\n`;
}

/**
 * The tables `bytes` (of the arrays `arrays`, [[element size, length], …]) as js/idna-tables.js's
 * `fromColumns` takes them: each array of numbers wider than a byte as its columns of bytes (every
 * number's first byte, then every second byte, …), after the differences of its numbers where
 * they never decrease (the blocks, offsets and indexes of the range tables). Their high bytes
 * are then runs of zeros and the rest small numbers: 16,101 → 14,818 bytes of LZMA. `columns`
 * says which arrays these are: [[length, element size, differences (1) or not (0)], …] from the
 * start, the byte arrays after them left out (idna-adapter lays the arrays out widest first).
 */
function inColumns(bytes, arrays) {
  const packed = Buffer.from(bytes);
  const columns = [];
  let at = 0;
  for (const [size, length] of arrays) {
    if (size === 1) break;
    const read = (i) => bytes.readUIntLE(at + i * size, size);
    const differences = Array.from({ length }, (_, i) => i).every((i) => i === 0 || read(i) >= read(i - 1));
    for (let i = 0; i < length; i++) {
      const number = read(i) - (differences && i > 0 ? read(i - 1) : 0);
      for (let byte = 0; byte < size; byte++) packed[at + byte * length + i] = (number >>> (8 * byte)) & 0xff;
    }
    columns.push([length, size, differences ? 1 : 0]);
    at += size * length;
  }
  if (arrays.slice(columns.length).some(([size]) => size !== 1)) throw new Error("idna-adapter's arrays are not laid out widest first");
  return { bytes: packed, columns };
}

/**
 * inlineModule for the CommonJS builds, which run in Node: plain base64, which Buffer decodes. For
 * a wasm with a start module, `startBytes` is `wasmBytes`: there is no LZMA to decode less of, so
 * they start on the whole module (js/engines.js, `startEngineSync`).
 */
function nodeInlineModule(wasm, what, withStart) {
  return (
    `// ${what}: base64.\nimport { base64Bytes } from "./inline-wasm.js";\n\n` +
    `export const wasmBytes = () => base64Bytes("${wasm.toString("base64")}");\n` +
    (withStart ? "export const startBytes = wasmBytes;\n" : "")
  );
}

/**
 * wasm-bindgen's glue keeps one instance in module-level variables. Wrapped in a function, each
 * call makes a fresh set of bindings, which the runtime needs to replace a trapped instance.
 * Its loaders are cut off: `initWith(instantiate)` takes the exports of an instance that the
 * engine makes from the glue's imports (js/engines.js), whether wasm or wasm2js. It decodes
 * strings with the runtime's decoder (js/decoder.js), not a TextDecoder of its own: one for the
 * package, not one more for each wasm a page loads (weburl 0.1 KB gzip, weburl/urlpattern's
 * add-on as much again). Its imports of our modules (the add-on's of js/runtime.js,
 * src/wasm/url_core.rs) stay the module's. The bindings' prototype is the instance's exports
 * (`wrappersOut`).
 */
function glueFactory(glue) {
  const loaders = glue.indexOf("async function __wbg_load(");
  if (loaders < 0 || !glue.includes("function __wbg_finalize_init(instance, module)")) {
    throw new Error("the wasm-bindgen glue changed: its loaders were not found");
  }
  // An import of the crate's js/ (`module = "/js/…"`) is a snippet copy for wasm-bindgen; here,
  // the staged module itself.
  const imports = (glue.match(/^import .*;$/gm) ?? []).map((line) => line.replace(/'\.\/snippets\/[^']+\/js\/([\w-]+\.js)'/, "'./$1'"));
  glue = glue.slice(0, loaders).replace(/^import .*;$/gm, "").replace(/^export function /gm, "function ");
  glue = ownDecoderOut(externrefsOut(glue));
  const { rest, arrows } = wrappersOut(glue);
  const { body, start } = finalizeOut(rest);
  // The import objects' prototype is never read: the wasm imports only their own members.
  glue = importsAsArrows(body.replace(/^ {8}__proto__: null,\n/gm, ""));
  const exported = [...glue.matchAll(/^function (\w+)\(/gm)]
    .map((m) => m[1])
    .filter((name) => !name.startsWith("__wbg") && !/^(get|pass|decode|is)[A-Z]/.test(name));
  return (
    "// Generated from wasm-bindgen's glue by scripts/build.mjs.\n" +
    'import { decoder } from "./decoder.js";\n' +
    imports.map((line) => `${line}\n`).join("") +
    "\n" +
    "export function createBindings() {\n" +
    glue +
    "\nfunction initWith(instantiate) {\n" +
    "  wasm = instantiate(__wbg_get_imports());\n" +
    (start ? "  wasm.__wbindgen_start();\n" : "") +
    "  Object.setPrototypeOf(this, wasm);\n" +
    "}\n" +
    `return { ${[...exported, ...arrows, "initWith", "memory: () => wasm.memory"].join(", ")} };\n}\n`
  );
}

/**
 * wasm-bindgen's glue without its wrappers of the exports that return a number (`const ret =
 * wasm.f(…); return ret >>> 0;`) or a bool (`ret !== 0`): the bindings reach the instance's
 * exports themselves (their prototype, `initWith`), a number as the wasm gives it (an i32: 2 GB
 * and over reads as negative), a bool by an arrow over `wasm` (`arrows`). Statuses are compared
 * with small constants; the callers that use an address or a length convert it (js/runtime.js:
 * `>>> 2` of the slots' and the lengths' addresses, `>>> 0` of the input buffer's and of
 * percentDecode's length). The exports as the prototype, not copied onto the bindings
 * (`Object.assign`), which left V8 a dictionary-mode object: `new URL(s).href` +2.4% instructions.
 */
function wrappersOut(glue) {
  const arrows = [];
  const wrapper = /^(?:\/\*\*\n(?: \*.*\n)*? \*\/\n)?function (\w+)\(([\w, ]*)\) \{\n {4}const ret = wasm\.\1\(\2\);\n {4}return ret (>>> 0|!== 0);\n\}\n/gm;
  const rest = glue.replace(wrapper, (_wrapper, name, params, conversion) => {
    if (conversion === "!== 0") arrows.push(`${name}: (${params}) => wasm.${name}(${params}) !== 0`);
    return "";
  });
  if (/\bret >>> 0;/.test(rest)) throw new Error("the wasm-bindgen glue changed: a wrapper of a number was not recognized");
  return { rest, arrows };
}

/**
 * wasm-bindgen's imports of one statement (`function(arg0) { const ret = f(arg0); return ret; }`,
 * `function(arg0) { f(arg0); }`, or none) as arrows (`(arg0) => f(arg0)`): none reads `this` or
 * `arguments`, and a wasm import without results ignores what it returns.
 */
function importsAsArrows(glue) {
  return glue
    .replace(/^( {8}\w+: )function\(([\w, ]*)\) \{\n {12}const ret = (.*);\n {12}return ret;\n {8}\},$/gm, "$1($2) => $3,")
    .replace(/^( {8}\w+: )function\(([\w, ]*)\) \{\n {12}(?!return |throw |const |let |if )(.*);\n {8}\},$/gm, "$1($2) => $3,")
    .replace(/^( {8}\w+: )function\(\) \{\n {8}\},$/gm, "$1() => {},");
}

/**
 * wasm-bindgen's glue without `__wbg_finalize_init` and the variables it sets beside `wasm`
 * (`initWith` sets that one): the module and instance are never read, and the memory views it
 * forgets are those of a fresh `createBindings`, made for one instance. Gives whether it ran the
 * wasm's start (`start`).
 */
function finalizeOut(glue) {
  const finalize = /^let wasmModule, wasmInstance, wasm;\nfunction __wbg_finalize_init\(instance, module\) \{\n((?: {4}.*\n)*?)\}\n/m;
  const lines = glue.match(finalize)?.[1].trim().split(/\n\s*/);
  const known = /^(wasmInstance = instance|wasm = instance\.exports|wasmModule = module|cached\w+Memory0 = null|wasm\.__wbindgen_start\(\)|return wasm);$/;
  if (lines === undefined || !lines.every((line) => known.test(line)) || /wasmModule|wasmInstance/.test(glue.replace(finalize, ""))) {
    throw new Error("the wasm-bindgen glue changed: its __wbg_finalize_init was not recognized");
  }
  return { body: glue.replace(finalize, "let wasm;\n"), start: lines.includes("wasm.__wbindgen_start();") };
}

/**
 * wasm-bindgen's glue without the values its start puts in the externref table (undefined, null,
 * true, false): no JavaScript value crosses our wasms' boundary (numbers and strings only), so no
 * one reads them. The import stays, empty: the wasm's start calls it.
 */
function externrefsOut(glue) {
  const init = /^( {8}__wbindgen_init_externref_table: function\(\) \{\n)[^]*?\n( {8}\},\n)/m;
  glue = glue.replace(init, "$1$2"); // none in an MVP build's glue (no reference types)
  if (/externref/i.test(glue.replace("__wbindgen_init_externref_table", ""))) throw new Error("the wasm-bindgen glue changed: it uses its externref table");
  return glue;
}

/** wasm-bindgen's glue with its strings decoded by js/decoder.js's decoder (`glueFactory`). */
function ownDecoderOut(glue) {
  const pieces = [
    /^function getStringFromWasm0\(ptr, len\) \{\n[^]*?\n\}\n/m,
    /^let cachedUint8ArrayMemory0 = null;\nfunction getUint8ArrayMemory0\(\) \{\n[^]*?\n\}\n/m,
    /^let cachedTextDecoder = [^]*?\nfunction decodeText\(bytes\) \{\n[^]*?\n\}\n/m,
    /^ {4}cachedUint8ArrayMemory0 = null;\n/m,
  ];
  for (const piece of pieces) {
    if (!piece.test(glue)) throw new Error(`the wasm-bindgen glue changed: ${piece} was not found`);
    glue = glue.replace(piece, "");
  }
  if (/Uint8ArrayMemory0|TextDecoder|TextEncoder|decodeText/.test(glue)) throw new Error("the wasm-bindgen glue decodes or encodes beyond its strings");
  return `${glue}\nfunction getStringFromWasm0(ptr, len) {\n  return decoder.decode(new Uint8Array(wasm.memory.buffer, ptr >>> 0, len));\n}\n`;
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

// 4. The files of scripts/layout.mjs, bundled by esbuild as their `build` says. Browsers: one
// build, split, so a page importing two loads what they share once. Node: the wasm files read
// from beside the entry, the one with every feature only when first needed. The legacy builds
// (ES2017) carry the JavaScript engine inline (in the CommonJS build: required from beside it
// only when needed); the polyfills carry the legacy wasm of what they install, or the JavaScript
// engine. `require` is there only in the CommonJS builds (js/node-compat.js looks for Node's url
// module).
rmSync(pkg, { recursive: true, force: true });
mkdirSync(pkg, { recursive: true });
const common = { bundle: true, minify: true, legalComments: "none", logLevel: "warning", define: { require: "undefined" } };
const out = (file) => join(pkg, file);
/** Resolves every import of the staged module `name` (e.g. "fallback.js") to `path`, or keeps it external as `path`. */
const replace = (name, path, external = false) => ({
  name: `replace ${name}`,
  setup(build) {
    const filter = new RegExp(`(^|/)${basename(name).replace(/[.]/g, "\\.")}$`);
    build.onResolve({ filter }, (args) =>
      args.kind !== "entry-point" && resolve(args.resolveDir, args.path) === join(stage, name) ? { path, external } : undefined);
  },
});
const engineBeside = replace("engine-js.js", "./engine-js.js", true);
// Builds that run only on engines with WebAssembly, which all have TextEncoder and TextDecoder,
// carry no stand-ins for them (js/encoding.js): only those with the JavaScript engine do, for
// Hermes and QuickJS.
const nativeEncoding = replace("encoding.js", join(stage, "encoding-native.js"));
const noNodeCompat = replace("node-compat.js", join(stage, "node-compat-none.js"));
const legacyTarget = { ...common, target: "es2017" };
// In CommonJS, import.meta.url is the file's URL, from __filename.
const nodeCjs = { format: "cjs", platform: "node", define: { "import.meta.url": "__weburl_url" }, banner: { js: 'var __weburl_url = require("url").pathToFileURL(__filename).href;' } };
// The CommonJS legacy builds run in Node: they require the JavaScript engine only when needed.
// The CommonJS builds get Node's modules with require.
const fallbackBeside = replace("fallback.js", join(stage, "fallback-node.js"));
const builtinsCjs = replace("node-builtins.js", join(stage, "node-builtins-cjs.js"));
const wasmForNode = {
  name: "wasm-for-node",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/wasm-[\w-]+-mvp\.js$/ }, (args) => ({ path: join(stage, basename(args.path).replace(/\.js$/, "-node.js")) }));
  },
};
const legacy = (plugins) => ({ ...legacyTarget, plugins: [privateAsSymbolsPlugin, ...plugins] });
const legacyCjs = (plugins) => ({ ...legacy([fallbackBeside, builtinsCjs, wasmForNode, ...plugins]), ...nodeCjs });
// weburl/psl's list (psl-list.js, imported by js/entries/psl.js) stays UTF-8 and keeps its
// license notice (a legal comment).
const pslBuild = { charset: "utf8", legalComments: "inline" };
// workerd: the .wasm files beside it, imported as modules.
const workerd = {
  ...common, format: "esm", platform: "neutral", target: "es2022",
  plugins: [...Object.keys(WASM_FILES).map((wasm) => replace(wasm, `./${wasm}`, true)), noNodeCompat, nativeEncoding],
};
/** The module `file` is bundled from: its entry, or the core the build wrote. */
const entryOf = (file) => (FILES[file].entry === undefined ? coreModule(file) : join(stage, FILES[file].entry));
/** What `./core.js` is for the entry of `names` (one build) that imports it; in the CommonJS twin when `cjs`. */
function corePlugin(names, cjs = false) {
  const over = names.filter((file) => FILES[file].entry !== undefined && FILES[file].core !== undefined);
  if (over.length > 1) throw new Error(`one build of ${over.join(", ")}, each over a core of its own`);
  if (over.length === 0) return [];
  const { core } = FILES[over[0]];
  if (core.file !== undefined) return [replace("entries/core.js", `./${cjs ? twin(core.file) : core.file}`, true)];
  return [replace("entries/core.js", core.entry === undefined ? coreModule(over[0]) : join(stage, core.entry))];
}
/** An ES module and its CommonJS twin. */
const esmAndCjs = (file, esm, cjs) => [
  esbuild.build({ ...esm, entryPoints: [entryOf(file)], outfile: out(file) }),
  esbuild.build({ ...cjs, entryPoints: [entryOf(file)], outfile: out(twin(file)) }),
];
const builds = files.filter((file) => FILES[file].build !== "browser").flatMap((file) => {
  const { build, wasm } = FILES[file];
  const core = corePlugin([file]);
  const coreCjs = corePlugin([file], true);
  switch (build) {
    case "node": {
      const node = { ...common, ...(FILES[file].entry === "entries/psl.js" ? pslBuild : {}), target: "node18" };
      return esmAndCjs(
        file,
        { ...node, plugins: [engineBeside, nativeEncoding, ...core], format: "esm", platform: "node" },
        { ...node, ...nodeCjs, plugins: [engineBeside, builtinsCjs, nativeEncoding, ...coreCjs] },
      );
    }
    case "legacy":
    case "polyfill": {
      const encoding = build === "polyfill" && wasm.length > 0 ? [nativeEncoding] : [];
      const list = FILES[file].entry === "entries/psl.js" ? pslBuild : {};
      return esmAndCjs(
        file,
        { ...legacy([...core, ...encoding]), ...list, format: "esm", platform: "neutral" },
        { ...legacyCjs([...coreCjs, ...encoding]), ...list },
      );
    }
    // The polyfill's ES module for Node: its wasm plain base64, as in the CommonJS twins.
    case "polyfill-node":
      return [esbuild.build({ ...legacy([...core, wasmForNode, nativeEncoding]), entryPoints: [entryOf(file)], outfile: out(file), format: "esm", platform: "neutral" })];
    case "script":
      return [esbuild.build({ ...legacy([...core, nativeEncoding]), entryPoints: [entryOf(file)], outfile: out(file), format: "iife", platform: "browser" })];
    // Over another file beside it (weburl/psl, the polyfills); the others are split below.
    case "workerd":
      if (FILES[file].core?.file === undefined) return [];
      return [esbuild.build({
        ...workerd, ...(FILES[file].entry === "entries/psl.js" ? pslBuild : {}), plugins: [...core, ...workerd.plugins], entryPoints: [entryOf(file)], outfile: out(file),
      })];
    default:
      throw new Error(`${file}: no build ${build}`);
  }
});
// workerd's files with a wasm, which they import as a module (js/entries/workerd.js), split like
// the browser files so that a worker importing two has one copy of the classes.
const workerdSplit = files.filter((file) => FILES[file].build === "workerd" && FILES[file].core?.file === undefined);
if (workerdSplit.length > 0) {
  builds.push(esbuild.build({
    ...workerd, entryPoints: Object.fromEntries(workerdSplit.map((file) => [file.replace(/\.js$/, ""), entryOf(file)])),
    outdir: pkg, splitting: true, chunkNames: "workerd-chunk-[hash]",
  }));
}
const browser = files.filter((file) => FILES[file].build === "browser");
// One more entry, which imports every base64 module (base64Module) and is not kept: the entries
// of a module decide its chunk, so the browser files' base64 modules are chunks of their own, with
// no imports (the others, which only this entry reaches, are in its file and go with it).
// The inline modules import them first, so a bundler that lays modules out in the order they run
// puts them first, in one run; webpack and Rspack lay a package's files out by name, so these
// chunks are named to come first (`base64-…`, before `chunk-…`).
const base64Entry = join(stage, "base64-entry.js");
writeFileSync(base64Entry, readdirSync(stage).filter((file) => file.endsWith("-base64.js") || file === "lzma-decoder-wasm.js").map((file) => `import "./${file}";\n`).join(""));
if (browser.length > 0) {
  builds.push(esbuild.build({
    ...common, ...pslBuild,
    entryPoints: { ...Object.fromEntries(browser.map((file) => [file.replace(/\.js$/, ""), entryOf(file)])), "base64-entry": base64Entry },
    plugins: [...corePlugin(browser), noNodeCompat, nativeEncoding],
    outdir: pkg, splitting: true, chunkNames: "chunk-[hash]", format: "esm", platform: "neutral", target: "es2022",
  }).then(() => {
    rmSync(join(pkg, "base64-entry.js"));
    const chunks = readdirSync(pkg).filter((file) => file.startsWith("chunk-"));
    const base64Only = /^((var )?\w+="[A-Za-z0-9+/]*"[;,])+export\{[^}]*\};\s*$/;
    const renamed = chunks.filter((file) => base64Only.test(readFileSync(out(file), "utf8")));
    if (renamed.length === 0) throw new Error("the browser build made no chunk of base64 alone");
    for (const file of renamed) renameSync(out(file), out(file.replace(/^chunk-/, "base64-")));
    for (const file of readdirSync(pkg).filter((file) => /\.js$/.test(file))) {
      const text = readFileSync(out(file), "utf8");
      const renaming = renamed.reduce((text, chunk) => text.replaceAll(`"./${chunk}"`, `"./${chunk.replace(/^chunk-/, "base64-")}"`), text);
      if (renaming !== text) writeFileSync(out(file), renaming);
    }
  }));
}
// The test build's protocol probes (tests/js/protocol.test.mjs), one per wasm.
if (testPanic) {
  for (const name of Object.keys(built).filter((name) => reportsProtocol(WASMS[name].features))) {
    const probe = join(stage, `protocol-${name}.js`);
    writeFileSync(probe, protocolProbe(name));
    builds.push(esbuild.build({ ...common, plugins: [nativeEncoding], entryPoints: [probe], outfile: out(`protocol-${name}.mjs`), format: "esm", platform: "node" }));
  }
}
for (const [file, wasm] of Object.entries(WASM_FILES)) writeFileSync(out(file), built[wasm].bytes);
await Promise.all(builds);
// The functions the start calls compiled with the script (scripts/eager-start.mjs), from a run in
// Node of each entry as built: Node's entry and its twin; `weburl` as browsers load it (index.js
// and the chunks it imports, which the other browser entries share); `weburl/polyfill` (as
// browsers and Node load it, and as a classic `<script src>`). A bundler keeps the parentheses
// (esbuild since 0.25.9), and Chromium compiles those functions with the script, on the thread
// that streamed it, not on the main thread at their first call (README "Cold start", fifteenth
// round, Twenty-third and Twenty-fourth rounds (Chromium)). Every file's ranges are taken before
// any is rewritten: the runs share chunks.
const nodeEntries = files.filter((file) => FILES[file].build === "node" && FILES[file].wasm.length > 0).flatMap((file) => [file, twin(file)]);
const browserEntries = ["index.js", "polyfill.mjs", "polyfill-node.mjs", "polyfill.global.js"].filter((file) => files.includes(file)).flatMap((file) => (FILES[file].build === "polyfill" ? [file, twin(file)] : [file]));
const classic = (file) => FILES[file]?.build === "script";
const eagerRanges = new Map();
for (const file of [...nodeEntries, ...browserEntries]) {
  for (const [path, ranges] of startCalledByFile(out(file), { classic: classic(file) })) eagerRanges.set(path, [...(eagerRanges.get(path) ?? []), ...ranges]);
}
for (const file of nodeEntries) if (!eagerRanges.has(out(file))) throw new Error(`V8's coverage has nothing of ${file} (scripts/eager-start.mjs)`);
for (const [path, ranges] of eagerRanges) {
  const { code, moved } = eagerStart(readFileSync(path, "utf8"), ranges, path.endsWith(".cjs") || classic(basename(path)) ? "script" : "module");
  if (moved === 0 && nodeEntries.some((file) => out(file) === path)) throw new Error(`${basename(path)}: no function its start calls made eager (scripts/eager-start.mjs)`);
  if (moved > 0) writeFileSync(path, code);
}

// 5. Types and package metadata: package.json's `exports` from scripts/layout.mjs, each file it
// names checked to be there; the CommonJS copies of the types name each other's CommonJS copies.
const types = join(root, "js", "types");
for (const file of readdirSync(types).filter((f) => f.endsWith(".d.ts"))) cpSync(join(types, file), out(file));
const subpaths = Object.values(SUBPATHS).filter((subpath) => typeof subpath === "object");
for (const name of new Set(subpaths.filter(requirable).map((subpath) => subpath.types))) {
  writeFileSync(out(name.replace(/\.d\.ts$/, ".d.cts")), readFileSync(join(types, name), "utf8").replaceAll('.js";', '.cjs";'));
}
const exports = packageExports();
if (!testPanic) {
  const paths = (target) => (typeof target === "string" ? [target] : Object.values(target).flatMap(paths));
  const missing = paths(exports).map((path) => path.slice(2)).filter((file) => file !== "package.json" && !existsSync(out(file)));
  if (missing.length > 0) throw new Error(`package.json's exports name files the build did not make: ${missing.join(", ")}`);
}
const main = SUBPATHS["."];
const version = /^version = "(.*)"$/m.exec(readFileSync(join(root, "Cargo.toml"), "utf8"))[1];
const manifest = {
  name: "weburl",
  version,
  description: "The WHATWG URL Standard in Rust, as WebAssembly: URL and URLSearchParams exactly as browsers have them",
  license: "MIT OR Apache-2.0",
  type: "module",
  main: `./${main.conditions.require}`,
  module: `./${main.conditions.import}`,
  types: `./${main.types}`,
  exports,
  files: ["*.js", "*.mjs", "*.cjs", "*.d.ts", "*.d.cts", "*.wasm", "README.md"],
  // Every entry starts its engine when it loads (and the polyfills install globals): bundlers
  // must keep each entry's code, even where only a class it re-exports is used.
  sideEffects: true,
  engines: { node: ">=12" },
  keywords: ["url", "whatwg", "URLSearchParams", "wasm", "polyfill", "idna"],
};
writeFileSync(join(pkg, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
cpSync(join(root, "js", "PACKAGE.md"), join(pkg, "README.md"));
console.log(`built ${pkg}`);
