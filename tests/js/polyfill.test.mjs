// weburl/polyfill in Node 20, each case in a fresh process (globals are the point): it notices
// what the runtime's own URL gets wrong and installs, leaves a conforming pair alone, replaces a
// broken one, installs when forced, never twice, and installs globals shaped like built-ins.
// And the files of the legacy build parse as ES2017.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import * as acorn from "acorn";

import { pkg, root } from "./helpers.mjs";

/** Runs CommonJS `code` in a fresh Node; it prints JSON, which is returned. */
function inChild(code) {
  const output = execFileSync(process.execPath, ["-e", code], { cwd: root, encoding: "utf8" });
  return JSON.parse(output);
}

const polyfill = JSON.stringify(join(pkg, "polyfill.cjs"));
const summary = `const { URL: W, URLSearchParams: WP, report } = require(${polyfill});
  const shape = (name) => { const d = Object.getOwnPropertyDescriptor(globalThis, name); return [d.writable, d.enumerable, d.configurable]; };
  console.log(JSON.stringify({ installed: report.installed, forced: report.forced, failed: report.failed, engine: report.engine,
    ours: globalThis.URL === W && globalThis.URLSearchParams === WP, shape: [shape("URL"), shape("URLSearchParams")] }));`;
// whatwg-url 17 conforms to the standard the probes check.
const standIn = 'const whatwg = require("whatwg-url"); globalThis.URL = whatwg.URL; globalThis.URLSearchParams = whatwg.URLSearchParams;';

describe("probes and installing", () => {
  test("Node's own URL: the IDNA gap is noticed and weburl installed", () => {
    const result = inChild(summary);
    console.log(`Node ${process.version} fails: ${result.failed.join(", ")}`);
    assert.ok(result.failed.includes("IDNA: http://FAẞ.de"));
    assert.equal(result.installed, true);
    assert.equal(result.forced, false);
    assert.equal(result.engine, "wasm");
    assert.equal(result.ours, true);
    assert.deepEqual(result.shape, [[true, false, true], [true, false, true]], "writable, not enumerable, configurable");
  });

  test("a conforming stand-in is left alone, and weburl's wasm compiled only once its classes are used", () => {
    const result = inChild(`${standIn}
      let compiled = 0;
      const Module = WebAssembly.Module;
      WebAssembly.Module = function (bytes) { compiled++; return new Module(bytes); };
      const { report, URL: W, engine } = require(${polyfill});
      const loaded = { compiled, reported: String(report.engine) };
      const href = new W("http://FAẞ.de/").href;
      console.log(JSON.stringify({ installed: report.installed, failed: report.failed, kept: globalThis.URL === whatwg.URL && globalThis.URLSearchParams === whatwg.URLSearchParams,
        loaded, used: { compiled, engine: engine(), href } }));`);
    assert.deepEqual(result, {
      installed: false, failed: [], kept: true,
      loaded: { compiled: 0, reported: "undefined" },
      used: { compiled: 1, engine: "wasm", href: "http://xn--fa-hia.de/" },
    });
  });

  test("a broken stand-in is replaced, the failed probes named", () => {
    const result = inChild(`${standIn}
      globalThis.URL = class extends whatwg.URL {
        get host() { return super.host.replace("xn--fa-hia", "fass"); }
      };
      globalThis.URL.parse = undefined;
      ${summary}`);
    assert.deepEqual(result.failed, ["URL.parse", "IDNA: http://FAẞ.de"]);
    assert.equal(result.installed, true);
    assert.equal(result.ours, true);
  });

  test("a missing pair is installed", () => {
    const result = inChild(`delete globalThis.URL; delete globalThis.URLSearchParams; ${summary}`);
    assert.ok(result.failed.includes("URL") && result.failed.includes("URLSearchParams"));
    assert.equal(result.ours, true);
  });

  test("{ force: true } installs over a conforming stand-in", () => {
    const result = inChild(`${standIn}
      const { install, URL: W } = require(${polyfill});
      const report = install({ force: true });
      console.log(JSON.stringify({ installed: report.installed, forced: report.forced, failed: report.failed, ours: globalThis.URL === W }));`);
    assert.deepEqual(result, { installed: true, forced: true, failed: [], ours: true });
  });

  test("two copies (CommonJS and ESM) install once", () => {
    const result = inChild(`const cjs = require(${polyfill});
      import(${JSON.stringify(join(pkg, "polyfill.mjs"))}).then((esm) => {
        const forced = esm.install({ force: true });
        console.log(JSON.stringify({ same: esm.report === cjs.report && forced === cjs.report,
          cjsClasses: globalThis.URL === cjs.URL && globalThis.URLSearchParams === cjs.URLSearchParams,
          differentCopies: esm.URL !== cjs.URL }));
      });`);
    assert.deepEqual(result, { same: true, cjsClasses: true, differentCopies: true });
  });

  test("Node's import takes polyfill-node.mjs: the MVP wasm as plain base64, no LZMA to decode", () => {
    const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
    assert.deepEqual(manifest.exports["./polyfill"].node, { import: "./polyfill-node.mjs", require: "./polyfill.cjs" });
    const code = readFileSync(join(pkg, "polyfill-node.mjs"), "utf8");
    assert.ok(!code.includes("decode_lzma") && readFileSync(join(pkg, "polyfill.mjs"), "utf8").includes("decode_lzma"));
    const result = inChild(`const cjs = require(${polyfill});
      import(${JSON.stringify(join(pkg, "polyfill-node.mjs"))}).then(({ report, URL: W, engine }) => {
        console.log(JSON.stringify({ same: report === cjs.report, installed: report.installed, engine: engine(), href: new W("http://FAẞ.de/").href }));
      });`);
    assert.deepEqual(result, { same: true, installed: true, engine: "wasm", href: "http://xn--fa-hia.de/" });
  });

  // The browsers' polyfill decodes its LZMA only as far as the start module's end, as index.js
  // does (scripts/start-module.mjs); a call that reaches a function it left out (a setter parsing
  // a host that is not ASCII) runs again on the whole module, compiled then, synchronously.
  test("polyfill.mjs starts on its wasm's start module, and a miss runs on the whole module", () => {
    const result = inChild(`const compiled = []; const Module = WebAssembly.Module;
      WebAssembly.Module = function (bytes) { compiled.push(bytes.length); return new Module(bytes); };
      import(${JSON.stringify(join(pkg, "polyfill.mjs"))}).then(({ URL: W }) => {
        const href = new W("https://example.org/a?b#c").href;
        const atStart = compiled.slice();
        const url = new W("https://example.org/");
        url.hostname = "münchen.de";
        console.log(JSON.stringify({ href, atStart, after: compiled.slice(atStart.length), set: url.href }));
      });`);
    assert.equal(result.href, "https://example.org/a?b#c");
    assert.equal(result.set, "https://xn--mnchen-3ya.de/");
    // The LZMA decoder, with the join of the code sections (js/code-join.js), then the start module.
    assert.equal(result.atStart.length, 2);
    const [decoder, start] = result.atStart;
    assert.ok(start > decoder);
    const whole = Math.max(...result.after);
    assert.ok(whole > start * 1.5, `the whole module (${whole} bytes) after the start module (${start})`);
  });

  test("Node's blob URL functions stay", () => {
    const result = inChild(`const native = globalThis.URL; const { report } = require(${polyfill});
      const { resolveObjectURL } = require("node:buffer");
      const url = URL.createObjectURL(new Blob(["abc"]));
      resolveObjectURL(url).text().then((text) => {
        URL.revokeObjectURL(url);
        console.log(JSON.stringify({ installed: report.installed, same: URL.createObjectURL === native.createObjectURL,
          parsed: new URL(url).protocol, text, revoked: resolveObjectURL(url) === undefined }));
      });`);
    assert.deepEqual(result, { installed: true, same: true, parsed: "blob:", text: "abc", revoked: true });
  });
});

describe("the legacy build is ES2017", () => {
  const files = [
    ["legacy.mjs", "module"], ["legacy.cjs", "script"], ["nowasm.mjs", "module"], ["nowasm.cjs", "script"],
    ["polyfill.mjs", "module"], ["polyfill-node.mjs", "module"], ["polyfill.cjs", "script"], ["polyfill.global.js", "script"],
    ["engine-js.js", "module"], ["engine-js.cjs", "script"],
  ];
  for (const [file, sourceType] of files) {
    test(file, () => {
      // Throws a SyntaxError naming the place of anything newer (regular expressions included).
      acorn.parse(readFileSync(join(pkg, file), "utf8"), { ecmaVersion: 2017, sourceType });
    });
  }

  // Its private fields are symbol-keyed properties (scripts/private-as-symbols.mjs): the members
  // still make WebIDL's brand check, as the WPT idlharness tests through the polyfill's globals.
  for (const file of ["legacy.mjs", "nowasm.mjs", "polyfill.mjs", "polyfill-node.mjs"]) {
    test(`${file}: a member called on another object is a TypeError`, async () => {
      const { URL, URLSearchParams } = await import(join(pkg, file));
      const url = new URL("http://a/?q=1");
      const params = new URLSearchParams("a=1");
      const checks = [[URL.prototype, [{}, Object.create(URL.prototype), params]], [URLSearchParams.prototype, [{}, Object.create(URLSearchParams.prototype), url]]];
      let count = 0;
      for (const [prototype, others] of checks) {
        for (const name of Object.getOwnPropertyNames(prototype).filter((n) => n !== "constructor")) {
          const { get, set, value } = Object.getOwnPropertyDescriptor(prototype, name);
          for (const other of others) {
            for (const member of [get, set, value]) {
              if (typeof member !== "function") continue;
              assert.throws(() => Reflect.apply(member, other, ["a", "b"]), TypeError, `${name} on ${Object.prototype.toString.call(other)}`);
              count++;
            }
          }
        }
      }
      assert.ok(count > 70, `${count} checks`);
      assert.equal(url.href, "http://a/?q=1");
      assert.equal(params.get("a"), "1");
    });
  }

  test("a newer construct is refused (the check can fail)", () => {
    assert.throws(() => acorn.parse("a?.b", { ecmaVersion: 2017 }), SyntaxError);
    assert.throws(() => acorn.parse("/(?<=a)b/", { ecmaVersion: 2017 }), SyntaxError);
  });
});
