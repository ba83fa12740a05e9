// The inline wasm modules leave the UTS #46 tables out of their data (scripts/build.mjs); the
// tables are decoded when a host first needs them, and written into each instance that asks
// (js/idna-tables.js, src/wasm/mod.rs). Counted here: every LZMA stream begun (the decoder's first
// `decode_lzma` in an instance, js/inline-wasm.js; the calls after it resume the stream; its
// instances also join code sections, js/code-join.js).
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";

import { load, pkg, root } from "./helpers.mjs";

let decodes = 0;
WebAssembly.Instance = new Proxy(WebAssembly.Instance, {
  construct(target, args) {
    const instance = Reflect.construct(target, args);
    if (!("decode_lzma" in instance.exports)) return instance;
    const { decode_lzma } = instance.exports;
    let begun = false;
    return { exports: { ...instance.exports, decode_lzma: (...args) => (begun || (decodes++, (begun = true)), decode_lzma(...args)) } };
  },
});

await load(); // fails clearly when pkg/ is not built

test("index.js decodes the tables only when a host is not ASCII, once", async () => {
  const { URL } = await import(join(pkg, "index.js"));
  assert.equal(decodes, 1, "the url wasm's start module, at start");
  const url = new URL("https://example.org/");
  url.hostname = "WWW.Example.ORG";
  assert.equal(url.host, "www.example.org");
  assert.equal(decodes, 1, "the whole url wasm, once a setter (which no start runs) missed the start module: the same decoder, resumed");
  assert.equal(new URL("https://EXAMPLE.com/a").href, "https://example.com/a");
  assert.equal(new URL("http://xn--fa-hia.DE").host, "xn--fa-hia.de");
  assert.equal(URL.canParse("https://a b/"), false);
  assert.equal(decodes, 1, "no table decoded for ASCII hosts");
  // Mapped (full-width letters and stop), deviation (ß kept) and NFC: each needs the tables.
  assert.equal(new URL("https://ＥＸＡＭＰＬＥ．ｃｏｍ/").host, "example.com");
  assert.equal(decodes, 2, "the tables, when a host first needs them");
  assert.equal(new URL("http://Faß.de").host, "xn--fa-hia.de");
  assert.equal(new URL("http://a\u0308.example").host, new URL("http://\u00e4.example").host);
  url.hostname = "BÜCHER.example";
  assert.equal(url.host, "xn--bcher-kva.example");
  assert.equal(decodes, 2, "decoded once");
});

test("another entry's instance gets the kept tables, also where domain to Unicode needs them first (whatwg-url.js)", async () => {
  const before = decodes;
  const { domainToUnicode } = await import(join(pkg, "whatwg-url.js"));
  assert.equal(decodes, before + 1, "its wasm");
  // Punycode for mapped code points: not a valid label, so returned as it is.
  assert.equal(domainToUnicode("xn--8i7caa"), "xn--8i7caa");
  assert.equal(domainToUnicode("xn--fa-hia.example"), "faß.example");
  assert.equal(decodes, before + 1, "the tables kept, not decoded again");
});

test("a fresh instance after a trap gets the tables again (legacy.mjs, the test build)", async () => {
  const { URL, engine } = await import(join(root, "target", "pkg-test-panic", "legacy.mjs"));
  assert.equal(engine(), "wasm");
  assert.equal(new URL("https://A.example/").host, "a.example"); // started, its wasm decoded
  const before = decodes;
  assert.equal(new URL("https://ＥＸＡＭＰＬＥ．ｃｏｍ/").host, "example.com");
  assert.equal(decodes, before + 1);
  assert.throws(() => new URL("weburl:panic"), TypeError);
  assert.equal(new URL("https://ＷＷＷ．ｅｘａｍｐｌｅ/").host, "www.example");
  assert.equal(decodes, before + 1, "the bytes kept once decoded");
});
