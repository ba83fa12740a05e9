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

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const testPanic = process.argv.includes("--test-panic");
const variant = testPanic ? "-test-panic" : "";
const pkg = testPanic ? join(root, "target", "pkg-test-panic") : join(root, "pkg");
const stage = join(root, "target", `js${variant}`);
const bindgen = join(root, "target", `bindgen${variant}`);

function run(command, args) {
  console.log(`> ${command} ${args.join(" ")}`);
  execFileSync(command, args, { cwd: root, stdio: "inherit" });
}

// 1. The core, compiled for wasm without the legacy encodings (the JS API only uses UTF-8).
run("cargo", [
  "build", "--lib", "--release", "--target", "wasm32-unknown-unknown", "--no-default-features",
  ...(testPanic ? ["--features", "test-panic", "--target-dir", join(root, "target", "test-panic")] : []),
]);
rmSync(bindgen, { recursive: true, force: true });
run("wasm-bindgen", [
  "--target", "web", "--out-dir", bindgen, "--out-name", "weburl",
  join(root, "target", ...(testPanic ? ["test-panic"] : []), "wasm32-unknown-unknown", "release", "weburl.wasm"),
]);

// 2. wasm-opt from the binaryen npm package, for size.
rmSync(pkg, { recursive: true, force: true });
mkdirSync(pkg, { recursive: true });
const wasmFile = join(pkg, "weburl_bg.wasm");
run(join(root, "node_modules", ".bin", "wasm-opt"), [
  "-Oz", "--strip-debug", "--strip-producers",
  "--enable-bulk-memory", "--enable-reference-types", "--enable-multivalue",
  "--enable-nontrapping-float-to-int", "--enable-sign-ext", "--enable-mutable-globals",
  join(bindgen, "weburl_bg.wasm"), "-o", wasmFile,
]);

// 3. Stage the JavaScript: our sources, the glue as a factory, the wasm inlined.
rmSync(stage, { recursive: true, force: true });
cpSync(join(root, "js"), stage, { recursive: true });
writeFileSync(join(stage, "glue.js"), glueFactory(readFileSync(join(bindgen, "weburl.js"), "utf8")));
const base64 = readFileSync(wasmFile).toString("base64");
writeFileSync(
  join(stage, "wasm-inline.js"),
  `// The optimized wasm module, base64.\nconst base64 = "${base64}";\n` +
    "export function wasmBytes() {\n" +
    '  if (typeof Buffer === "function") return Buffer.from(base64, "base64");\n' +
    "  const binary = atob(base64);\n" +
    "  const bytes = new Uint8Array(binary.length);\n" +
    "  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);\n" +
    "  return bytes;\n}\n",
);

/**
 * wasm-bindgen's glue keeps one instance in module-level variables. Wrapped in a function, each
 * call makes a fresh set of bindings, which the runtime needs to replace a trapped instance.
 */
function glueFactory(glue) {
  const replacements = [
    [/^export function /gm, "function "],
    ["export { initSync, __wbg_init as default };", ""],
    [
      "module_or_path = new URL('weburl_bg.wasm', import.meta.url);",
      'throw new TypeError("weburl: no wasm module given");',
    ],
  ];
  for (const [pattern, replacement] of replacements) {
    const next = glue.replace(pattern, replacement);
    if (next === glue) throw new Error(`the wasm-bindgen glue changed: ${pattern} not found`);
    glue = next;
  }
  const exported = [...glue.matchAll(/^function (\w+)\(/gm)]
    .map((m) => m[1])
    .filter((name) => !name.startsWith("__wbg") && name !== "initSync" && !/^(get|pass|decode|is)[A-Z]/.test(name));
  return (
    "// Generated from wasm-bindgen's glue by scripts/build.mjs.\n" +
    "export function createBindings() {\n" +
    glue +
    `\nreturn { ${exported.join(", ")}, initSync, init: __wbg_init,\n` +
    "  memory: () => wasm.memory, module: () => wasmModule };\n}\n"
  );
}

// 4. The entries, bundled.
const common = { bundle: true, minify: true, legalComments: "none", logLevel: "warning" };
const entry = (name) => join(stage, `entry-${name}.js`);
await esbuild.build({ ...common, entryPoints: [entry("node")], outfile: join(pkg, "node.mjs"), format: "esm", platform: "node", target: "node18" });
await esbuild.build({ ...common, entryPoints: [entry("node")], outfile: join(pkg, "node.cjs"), format: "cjs", platform: "node", target: "node18" });
for (const name of ["browser", "inline", "web"]) {
  const outfile = join(pkg, name === "browser" ? "index.js" : `${name}.js`);
  await esbuild.build({ ...common, entryPoints: [entry(name)], outfile, format: "esm", platform: "neutral", target: "es2022" });
}

// 5. Types and package metadata.
for (const file of readdirSync(join(root, "js")).filter((f) => f.endsWith(".d.ts"))) {
  cpSync(join(root, "js", file), join(pkg, file));
}
cpSync(join(root, "js", "index.d.ts"), join(pkg, "index.d.cts"));
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
    "./weburl_bg.wasm": "./weburl_bg.wasm",
    "./package.json": "./package.json",
  },
  files: ["*.js", "*.mjs", "*.cjs", "*.d.ts", "*.d.cts", "weburl_bg.wasm", "README.md"],
  sideEffects: false,
  engines: { node: ">=18" },
  keywords: ["url", "whatwg", "URLSearchParams", "wasm", "polyfill", "idna"],
};
writeFileSync(join(pkg, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
cpSync(join(root, "js", "PACKAGE.md"), join(pkg, "README.md"));
console.log(`built ${pkg}`);
