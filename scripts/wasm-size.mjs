// Where the bytes of the wasm go (a maintainer's report): code by crate, data by ICU4X data
// struct, raw and gzip -9. It reads the wasm cargo writes (which keeps the `name` section),
// optimizes it as scripts/build.mjs does but keeping the names (SIZE_PASSES with `-g`), and then:
//
// - code: each function body, grouped by the crate (and for core/alloc/std, the module) of its
//   symbol name;
// - data: the memory image the data segments make, in which it looks for the byte strings of
//   ICU4X's baked data (the `*.rs.data` files of icu_*_data, exactly as they are compiled in),
//   the tables of our UTS 46 back end (idna-adapter/build.rs writes them into its OUT_DIR),
//   and for the source paths of panic locations. The rest is "other" (string constants, core's
//   Unicode tables, our own tables).
//
// gzip figures are each group compressed alone, so they add up to more than the whole.
//
//   node scripts/wasm-size.mjs [weburl.wasm]   (default: the wasm of `node scripts/build.mjs`)
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

import { Reader, dataSegments, functions, memoryImage } from "./wasm-binary.mjs";
import { MODERN_FEATURES, SIZE_PASSES } from "./wasm-features.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const input = process.argv[2] ?? join(root, "target", "wasm32-unknown-unknown", "wasm-release", "weburl.wasm");

if (!existsSync(input)) throw new Error(`${input} is missing: run node scripts/build.mjs, or name a wasm`);
const tmp = mkdtempSync(join(tmpdir(), "wasm-size-"));
const optimized = join(tmp, "opt.wasm");
execFileSync(join(root, "node_modules", ".bin", "wasm-opt"), [...SIZE_PASSES, "-g", ...MODERN_FEATURES, input, "-o", optimized]);
const wasm = readFileSync(optimized);
rmSync(tmp, { recursive: true });

// --- The module: function bodies, their names, the data segments.
const { all: sectionList, importedFunctions, bodies } = functions(wasm);
const names = new Map();
const { segments } = dataSegments(wasm);
for (const { name, start, end } of sectionList) {
  if (name !== "name") continue;
  const at = new Reader(wasm, start);
  at.name(); // the custom section's own name
  while (at.pos < end) {
    const sub = at.byte(), subSize = at.uleb(), subEnd = at.pos + subSize;
    if (sub === 1) for (let n = at.uleb(); n > 0; n--) { const index = at.uleb(); names.set(index, at.name()); }
    at.pos = subEnd;
  }
}

// --- Code, by crate.
/** The crate of a symbol (legacy `_ZN…` or v0 `_R…` mangling), with the module for the std crates. */
function group(symbol) {
  let path;
  if (symbol.startsWith("_ZN")) {
    // `<T as Trait>::f` is `_$LT$…$GT$`: take the first path inside, e.g. core..fmt..Display.
    const inner = /\$LT\$.*?([a-z_][a-z0-9_]*(?:\.\.[A-Za-z_][A-Za-z0-9_]*)+)/.exec(symbol);
    const parts = [];
    for (let p = 3; /\d/.test(symbol[p]); ) {
      const len = parseInt(symbol.slice(p), 10);
      p += String(len).length;
      parts.push(symbol.slice(p, p + len));
      p += len;
    }
    path = parts[0]?.startsWith("_$LT$") ? (inner ? inner[1].split("..") : ["?"]) : parts;
  } else if (symbol.startsWith("_R")) {
    const m = /C(?:s[0-9A-Za-z]*_)?(\d+)/.exec(symbol);
    if (m) {
      path = [];
      for (let p = m.index + m[0].length - m[1].length; /\d/.test(symbol[p]); ) {
        const len = parseInt(symbol.slice(p), 10);
        p += String(len).length;
        if (symbol[p] === "_") p++;
        path.push(symbol.slice(p, p + len));
        p += len;
      }
    }
  }
  if (!path) {
    if (/^(memcpy|memmove|memset|memcmp|bcmp)$/.test(symbol)) return "compiler_builtins (mem*)";
    if (/^__(rust|rdl|rg)_|^__rustc/.test(symbol)) return "alloc";
    if (/^(__wbindgen|__wbg|__externref)/.test(symbol)) return "wasm_bindgen";
    return "weburl (wasm-bindgen exports)";
  }
  const [crate, module, sub] = path;
  if (crate === "rust_begin_unwind" || crate === "__rustc") return "panic machinery";
  if (!["core", "alloc", "std"].includes(crate)) return crate.startsWith("wasm_bindgen") ? "wasm_bindgen" : crate;
  if (/^(panicking|panic|rt|backtrace|sys)$/.test(module) || (module === "option" && /expect_failed|unwrap_failed/.test(symbol)) || (module === "result" && /unwrap_failed/.test(symbol))) return "panic machinery";
  if (module === "fmt" || /fmt..(Debug|Display)|fmt(Debug|Display)/.test(symbol)) return "core::fmt";
  if (module === "slice" && sub === "sort") return "core::slice::sort";
  return `${crate}::${module ?? "?"}`;
}

const code = new Map(); // group → { count: functions, parts: their bodies }
bodies.forEach(({ start, end }, i) => {
  const key = group(names.get(importedFunctions + i) ?? "?");
  const entry = code.get(key) ?? { count: 0, parts: [] };
  entry.count++;
  entry.parts.push(wasm.subarray(start, end));
  code.set(key, entry);
});

// --- Data: the memory image, searched for ICU4X's baked byte strings.
const { bytes: image, stored } = memoryImage(segments);
const owner = new Array(image.length).fill(null);

/** The byte strings `b"…"` of a Rust source file, decoded. */
function byteStrings(source) {
  const out = [];
  for (const m of source.matchAll(/\bb"((?:[^"\\]|\\.)*)"/gs)) {
    const bytes = [];
    const text = Buffer.from(m[1], "utf8");
    for (let i = 0; i < text.length; i++) {
      if (text[i] !== 0x5c) { bytes.push(text[i]); continue; }
      const c = String.fromCharCode(text[++i]);
      if (c === "x") { bytes.push(parseInt(text.toString("latin1", i + 1, i + 3), 16)); i += 2; }
      else if (c === "\n") { while (/\s/.test(String.fromCharCode(text[i + 1]))) i++; }
      else bytes.push({ 0: 0, n: 10, r: 13, t: 9 }[c] ?? c.charCodeAt(0));
    }
    out.push(Buffer.from(bytes));
  }
  return out;
}

function claim(label, needle) {
  let found = 0;
  for (let at = image.indexOf(needle); at >= 0; at = image.indexOf(needle, at + 1)) {
    for (let i = at; i < at + needle.length; i++) if (owner[i] === null) { owner[i] = label; found++; }
  }
  return found;
}

const registry = join(process.env.CARGO_HOME ?? join(homedir(), ".cargo"), "registry", "src");
const lock = readFileSync(join(root, "Cargo.lock"), "utf8");
for (const crate of ["icu_normalizer_data", "icu_properties_data"]) {
  const version = new RegExp(`name = "${crate}"\\nversion = "([^"]+)"`).exec(lock)?.[1];
  const dir = existsSync(registry) && readdirSync(registry).map((r) => join(registry, r, `${crate}-${version}`, "data")).find(existsSync);
  if (!dir) { console.warn(`(${crate} ${version} not found under ${registry}: its data is counted as other)`); continue; }
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".rs.data"))) {
    const label = `${crate.replace("_data", "")}: ${file.replace(".rs.data", "")}`;
    // Short strings would match by chance; the tables are long.
    for (const bytes of byteStrings(readFileSync(join(dir, file), "utf8"))) if (bytes.length >= 32) claim(label, bytes);
  }
}
// Our UTS 46 back end's tables (idna-adapter/build.rs writes them into its OUT_DIR as Rust
// statics: integer arrays, stored little-endian, and one string): from the newest build of the
// wasm's profile directory, or of scripts/build.mjs's.
const widths = { u8: 1, u16: 2, u32: 4, i32: 4, u64: 8 };
const tables = [dirname(input), join(root, "target", "wasm32-unknown-unknown", "wasm-release")]
  .map((dir) => join(dir, "build"))
  .filter(existsSync)
  .flatMap((dir) => readdirSync(dir).filter((d) => d.startsWith("idna_adapter-")).map((d) => join(dir, d, "out", "tables.rs")))
  .filter(existsSync)
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
if (!tables) console.warn("(idna-adapter's tables.rs not found: its tables are counted as other)");
else {
  const source = readFileSync(tables, "utf8");
  for (const [, name, type, values] of source.matchAll(/static (\w+): \[(\w+); \d+\] = \[([^\]]*)\];/g)) {
    const list = values.split(",");
    const bytes = Buffer.alloc(list.length * widths[type]);
    const word = Buffer.alloc(8);
    list.forEach((v, i) => {
      word.writeBigUInt64LE(BigInt.asUintN(64, BigInt(v)));
      word.copy(bytes, i * widths[type], 0, widths[type]);
    });
    claim(`idna_adapter: ${name}`, bytes);
  }
  for (const [, name, literal] of source.matchAll(/static (\w+): &str = "((?:[^"\\]|\\.)*)";/gs)) {
    const text = literal.replace(/\\(u\{([0-9a-f]+)\}|.)/g, (_, e, hex) => hex ? String.fromCodePoint(parseInt(hex, 16)) : { 0: "\0", n: "\n", r: "\r", t: "\t" }[e] ?? e);
    claim(`idna_adapter: ${name}`, Buffer.from(text, "utf8"));
  }
}
// Panic locations: source paths, `…/src/….rs`.
for (const m of image.toString("latin1").matchAll(/[\x21-\x7e]*\/[\x21-\x7e]*\.rs/g)) {
  for (let i = m.index; i < m.index + m[0].length; i++) if (owner[i] === null) owner[i] = "panic locations (source paths)";
}
const data = new Map();
for (let i = 0; i < image.length; i++) {
  if (!stored[i]) continue;
  const key = owner[i] ?? "other (strings, core's Unicode tables, our tables)";
  if (!data.has(key)) data.set(key, []);
  data.get(key).push(image[i]);
}

// --- Report.
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const row = (name, raw, gz, extra = "") => console.log(`${name.padEnd(58)} ${String(raw).padStart(8)} ${String(gz).padStart(8)}  ${extra}`);
console.log(`${input}\nafter wasm-opt ${SIZE_PASSES.join(" ")} -g: ${wasm.length} bytes; sections: ${sectionList.map(({ name, start, end }) => `${name} ${end - start}`).join(", ")}\n`);
row("code, by crate (functions)", "raw", "gzip");
const codeRows = [...code].map(([k, v]) => [k, Buffer.concat(v.parts), v.count]).sort((a, b) => b[1].length - a[1].length);
for (const [k, bytes, count] of codeRows) row(`  ${k}`, bytes.length, gzip(bytes), `(${count})`);
const allCode = Buffer.concat(bodies.map(({ start, end }) => wasm.subarray(start, end)));
row("  all code", allCode.length, gzip(allCode));
console.log();
row("data (stored bytes of the data segments)", "raw", "gzip");
const dataRows = [...data].map(([k, bytes]) => [k, Buffer.from(bytes)]).sort((a, b) => b[1].length - a[1].length);
for (const [k, bytes] of dataRows) row(`  ${k}`, bytes.length, gzip(bytes));
const icu = Buffer.concat(dataRows.filter(([k]) => k.startsWith("icu_")).map(([, b]) => b));
row("  ICU4X baked data, together", icu.length, gzip(icu));
const ours = Buffer.concat(dataRows.filter(([k]) => k.startsWith("idna_adapter:")).map(([, b]) => b));
row("  idna_adapter tables, together", ours.length, gzip(ours));
const allData = Buffer.concat(segments.map((s) => s.bytes));
row("  all data", allData.length, gzip(allData));
