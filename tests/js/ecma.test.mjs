// ECMAScript's URI functions through the package (weburl/ecma): the standard's sets and the
// malformed escapes, every code unit against the engine's own functions, URIError, argument
// conversion, the function shapes, each build, and the module after errors.
// scripts/differential/ecma.mjs compares with the engine on generated strings.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, test } from "node:test";

import { pkg } from "./helpers.mjs";

const weburl = await import(join(pkg, "node.mjs"));
const NAMES = ["encodeURI", "encodeURIComponent", "decodeURI", "decodeURIComponent"];
const { encodeURI, encodeURIComponent, decodeURI, decodeURIComponent } = weburl;

/** The outcome of `f(input)`: its result, or the name of the error it threw. */
function outcome(f, input) {
  try {
    return { value: f(input) };
  } catch (error) {
    return { error: error.constructor.name };
  }
}

const hex = (b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
const ascii = [...Array(128).keys()].map((b) => String.fromCharCode(b));

describe("the standard's sets (ECMA-262 5.1 §15.1.3)", () => {
  test("encodeURIComponent leaves uriUnescaped alone, escapes the rest", () => {
    const kept = ascii.filter((c) => encodeURIComponent(c) === c).join("");
    assert.equal(kept, "!'()*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
    for (const c of ascii) if (!kept.includes(c)) assert.equal(encodeURIComponent(c), hex(c.charCodeAt(0)));
  });

  test("encodeURI also leaves uriReserved and # alone", () => {
    const kept = ascii.filter((c) => encodeURI(c) === c).join("");
    assert.equal(kept, "!#$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
  });

  test("decodeURI keeps the escapes of uriReserved and # as written; decodeURIComponent decodes all", () => {
    const kept = ascii.filter((c) => decodeURI(hex(c.charCodeAt(0))) !== c).join("");
    assert.equal(kept, "#$&+,/:;=?@");
    for (const c of ascii) {
      assert.equal(decodeURIComponent(hex(c.charCodeAt(0))), c);
      assert.equal(decodeURIComponent(hex(c.charCodeAt(0)).toLowerCase()), c);
    }
    assert.equal(decodeURI("%23%2f%2F%3B"), "%23%2f%2F%3B");
    assert.equal(decodeURI("a%20b%25c%2523"), "a b%c%23");
    assert.equal(decodeURIComponent("%23%2f%2F%3B"), "#//;");
  });

  test("UTF-8 of every length, the BMP edges and astral characters", () => {
    const table = [
      ["\u0000", "%00"], ["\u007f", "%7F"], ["\u0080", "%C2%80"], ["\u07ff", "%DF%BF"], ["\u0800", "%E0%A0%80"],
      ["\ud7ff", "%ED%9F%BF"], ["\ue000", "%EE%80%80"], ["\uffff", "%EF%BF%BF"], ["\u{10000}", "%F0%90%80%80"],
      ["😀", "%F0%9F%98%80"], ["\u{10ffff}", "%F4%8F%BF%BF"],
    ];
    for (const [text, escaped] of table) {
      assert.equal(encodeURI(text), escaped);
      assert.equal(encodeURIComponent(text), escaped);
      assert.equal(decodeURI(escaped), text);
      assert.equal(decodeURIComponent(escaped.toLowerCase()), text);
    }
    assert.equal(encodeURI("https://example.org/a b?q=ß#top"), "https://example.org/a%20b?q=%C3%9F#top");
    assert.equal(decodeURIComponent("x%F0%9F%98%80yé"), "x😀yé");
  });
});

describe("URIError", () => {
  const malformed = [
    "%", "%4", "a%", "%G0", "%0G", "%%41", "%80", "%BF", "%F8%80%80%80%80", "%FF", "%C3", "%C3x", "%E0%A4",
    "%F0%9F%98", "%C3%A", "%C3%G9", "%C3%41", "%C0%80", "%C1%BF", "%E0%80%80", "%F0%8F%BF%BF", "%ED%A0%80",
    "%ED%BF%BF", "%F4%90%80%80", "%F7%BF%BF%BF", "%\ud800", "ok%41%",
  ];

  test("for every malformed escape, as the engine throws", () => {
    for (const input of malformed) {
      for (const name of ["decodeURI", "decodeURIComponent"]) {
        assert.throws(() => weburl[name](input), URIError, `${name}(${JSON.stringify(input)})`);
        assert.throws(() => globalThis[name](input), URIError, `the engine's ${name}(${JSON.stringify(input)})`);
      }
    }
  });

  test("for a lone surrogate when encoding; one outside an escape decodes as itself", () => {
    for (const input of ["\ud800", "a\udc00", "\udc00\ud800", "😀\ud83d", "\ud800a"]) {
      assert.throws(() => encodeURI(input), URIError);
      assert.throws(() => encodeURIComponent(input), URIError);
      assert.equal(decodeURI(input), input);
      assert.equal(decodeURIComponent(`${input}%20`), `${input} `);
    }
    assert.equal(encodeURIComponent("\ud83d\ude00"), "%F0%9F%98%80");
  });

  test("is the global URIError, with a message saying what and where", () => {
    const error = outcome(() => decodeURIComponent("ab%E0%A4"), undefined);
    assert.equal(error.error, "URIError");
    try {
      decodeURIComponent("ab%E0%A4");
      assert.fail("no error");
    } catch (e) {
      assert.ok(e instanceof URIError && e instanceof Error);
      assert.equal(Object.getPrototypeOf(e), URIError.prototype);
      assert.equal(e.name, "URIError");
      assert.equal(e.message, "URI malformed: the escaped UTF-8 sequence is cut short at index 8");
    }
    assert.throws(() => encodeURI("x\udfff"), { name: "URIError", message: "URI malformed: a lone surrogate cannot be encoded at index 1" });
  });
});

/** Checks that weburl's function `name` gives what the engine's gives on `input`. */
function same(name, input) {
  const ours = outcome(weburl[name], input);
  const engine = outcome(globalThis[name], input);
  if (ours.value !== engine.value || ours.error !== engine.error) {
    assert.deepEqual(ours, engine, `${name}(${JSON.stringify(input)})`);
  }
}

test("every code unit alone, and escaped, as the engine's functions give it", () => {
  for (let unit = 0; unit <= 0xffff; unit++) {
    const c = String.fromCharCode(unit);
    for (const input of [c, `%${c}0`, `a${c}%41`]) for (const name of NAMES) same(name, input);
  }
  // Every lead byte before two continuation bytes, and every byte after each kind of lead.
  for (let b = 0; b < 256; b++) {
    for (const input of [`${hex(b)}%BF%80%80`, `%C2${hex(b)}`, `%E0%A0${hex(b)}`, `%F0%90%80${hex(b)}`, `%F4${hex(b)}%80%80`]) {
      same("decodeURI", input);
      same("decodeURIComponent", input);
    }
  }
});

test("arguments are converted as the engine converts them (ToString; a Symbol is a TypeError)", () => {
  const values = [undefined, null, true, 0, -0, 1.5e300, 12n, NaN, {}, [1, "a b"], { toString: () => "%41 b" }];
  for (const name of NAMES) {
    for (const value of values) assert.equal(weburl[name](value), globalThis[name](value), `${name}(${String(value)})`);
    assert.equal(weburl[name](), globalThis[name](), `${name}()`);
    assert.throws(() => weburl[name](Symbol("s")), TypeError);
    assert.throws(() => weburl[name]({ toString: () => Symbol("s") }), TypeError);
    const thrown = new Error("from toString");
    assert.throws(() => weburl[name]({ toString: () => { throw thrown; } }), (e) => e === thrown);
    let calls = 0;
    const counted = { [Symbol.toPrimitive]: (hint) => (calls++, assert.equal(hint, "string"), "%7e") };
    weburl[name](counted, "ignored");
    assert.equal(calls, 1);
  }
});

test("the functions have the built-ins' shape: name, length, not constructors", () => {
  for (const name of NAMES) {
    const f = weburl[name];
    assert.equal(typeof f, "function");
    assert.equal(f.name, name);
    assert.equal(f.length, globalThis[name].length);
    assert.equal(Object.hasOwn(f, "prototype"), false);
    assert.throws(() => new f("a"), TypeError);
  }
});

test("long strings: results crossing the read chunks, memory growing, lone surrogates kept", () => {
  // (Compared with ===: a failing assert.equal would print megabytes.)
  const text = "añ😀 \ud800/?#".repeat(30000);
  const encoded = "a%C3%B1%F0%9F%98%80%20\ud800%2F%3F%23".repeat(30000);
  assert.ok(decodeURIComponent(encoded) === text);
  assert.ok(decodeURI(encoded) === globalThis.decodeURI(encoded));
  assert.ok(decodeURI(encoded) === "añ😀 \ud800%2F%3F%23".repeat(30000));
  const wellFormed = text.replaceAll("\ud800", "");
  assert.ok(encodeURIComponent(wellFormed) === globalThis.encodeURIComponent(wellFormed));
  assert.ok(encodeURI(wellFormed) === globalThis.encodeURI(wellFormed));
  const plain = "abc".repeat(100000);
  assert.ok(encodeURIComponent(plain) === plain); // nothing escaped: the input comes back
  assert.ok(decodeURI("%2F".repeat(50000)) === "%2F".repeat(50000));
});

test("the module keeps working after URIErrors and alongside the URL classes", () => {
  for (let i = 0; i < 1000; i++) {
    assert.throws(() => decodeURIComponent(`%E0%A4${i}`), URIError);
    assert.throws(() => encodeURIComponent(`${i}\udc00`), URIError);
  }
  assert.equal(decodeURIComponent("%41%C3%A9"), "Aé");
  assert.equal(new weburl.URL(`https://h/${encodeURIComponent("a b")}`).pathname, "/a%20b");
  assert.equal(encodeURI("é"), "%C3%A9");
});

test("every build has them: Node's CommonJS and ESM, ecma.js, legacy (MVP wasm), nowasm (wasm2js)", async () => {
  const cjs = createRequire(import.meta.url)(join(pkg, "node.cjs"));
  const builds = [["node.cjs", cjs]];
  for (const file of ["ecma.js", "legacy.mjs", "nowasm.mjs"]) builds.push([file, await import(join(pkg, file))]);
  builds.push(["legacy.cjs", createRequire(import.meta.url)(join(pkg, "legacy.cjs"))]);
  const inputs = ["a b/ü?#", "%C3%A9%2f%23", "%E0%A4", "\ud800%20", "\ud800", "😀".repeat(5000)];
  for (const [file, build] of builds) {
    for (const name of NAMES) {
      for (const input of inputs) {
        assert.deepEqual(outcome(build[name], input), outcome(globalThis[name], input), `${file} ${name}(${input.slice(0, 20)})`);
      }
    }
  }
  assert.equal((await import(join(pkg, "nowasm.mjs"))).engine(), "js");
});

test("without Node's Buffer (as in browsers), code units cross by charCodeAt and fromCharCode", () => {
  // A fresh process, its Buffer deleted before the package loads (after Node's fetch, which
  // needs it, has loaded).
  const script = `
    void globalThis.Response;
    delete globalThis.Buffer;
    const m = await import(${JSON.stringify(join(pkg, "ecma.js"))});
    const inputs = ["a b/ü?#", "%C3%A9%2f%23", "%E0%A4", "\\ud800%20", "\\ud800", "😀\\udc00".repeat(9000)];
    const outcome = (f, input) => { try { return f(input); } catch (e) { return e.constructor.name; } };
    const differences = [];
    for (const name of ${JSON.stringify(NAMES)}) {
      for (const input of inputs) if (outcome(m[name], input) !== outcome(globalThis[name], input)) differences.push(name);
    }
    console.log(JSON.stringify({ buffer: typeof Buffer, differences, long: m.decodeURI("%25\\ud800".repeat(9000)).length }));
  `;
  const result = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
  assert.deepEqual(result, { buffer: "undefined", differences: [], long: 18000 });
});

test("weburl/ecma is in the package's exports; the browser wasm has no URI functions", () => {
  const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  const entry = manifest.exports["./ecma"];
  assert.deepEqual(entry.node, { import: "./node.mjs", require: "./node.cjs" });
  assert.equal(entry.default, "./ecma.js");
  assert.equal(entry.types.import, "./ecma.d.ts");
  const exported = (file) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(file))).map((e) => e.name);
  assert.ok(!exported(join(pkg, "weburl_bg.wasm")).includes("uri"));
});
