// Bad and hostile input through the JavaScript classes: every failure is a TypeError naming the
// input; hostile shapes give whatwg-url's result (the reference) at 100 KB and parse to
// themselves at 10 MB; a panic inside the wasm module surfaces as a TypeError and the module
// keeps working (with the test build whose parse and set exports panic on "weburl:panic", and
// URL Pattern's operations on a pattern of it).
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { URL as RefURL } from "whatwg-url";

import { load, pkg, root } from "./helpers.mjs";
import { build, shapes } from "./shapes.mjs";

const { URL, URLSearchParams } = await load();

function outcome(Class, input) {
  try {
    return new Class(input).href;
  } catch (e) {
    assert.ok(e instanceof TypeError, `${e?.constructor?.name}: ${e?.message}`);
    return null;
  }
}

describe("hostile input shapes", () => {
  for (const shape of shapes) {
    test(shape.name, () => {
      const small = build(shape, 100_000);
      assert.equal(outcome(URL, small), outcome(RefURL, small), "same as whatwg-url at 100 KB");
      const huge = build(shape, 10_000_000);
      const href = outcome(URL, huge);
      assert.equal(href === null, outcome(URL, small) === null, "fails at 10 MB as at 100 KB");
      if (href !== null) assert.equal(new URL(href).href, href, "the serialization parses to itself");
      assert.equal(new URL("https://example.org/").href, "https://example.org/", "the module keeps working");
    });
  }

  // Memory grows here: the JavaScript engine's does not detach its old buffer, unlike wasm's.
  for (const [file, engine] of [["node.mjs", "wasm"], ["nowasm.mjs", "js"]]) {
    test(`setters and URLSearchParams with huge values (${engine} engine)`, async () => {
      const { URL, URLSearchParams } = await import(join(pkg, file));
      const url = new URL("https://example.org/");
      url.pathname = "../".repeat(100_000);
      assert.equal(url.pathname, "/");
      url.hash = "\0".repeat(1_000_000);
      assert.equal(url.hash.length, 1 + 3 * 1_000_000);
      url.search = "%".repeat(1_000_000);
      assert.equal(url.searchParams.get("%".repeat(1_000_000)), "");
      const params = new URLSearchParams("a=%F0%9F%92%A9&".repeat(100_000));
      assert.equal(params.size, 100_000);
      assert.equal(params.toString().length, "a=%F0%9F%92%A9&".length * 100_000 - 1);
      const long = `https://h/${"x".repeat(10_000_000)}`;
      assert.equal(new URL(long).href, long);
    });
  }

  test("lone surrogates and NULs everywhere are USVString-converted, never a crash", () => {
    for (const bad of ["\uD800", "\uDC00", "\0", "\uFFFF", "\uD83D\uDE00", "a\uD800b"]) {
      for (const template of ["https://h/{}", "https://h/?{}", "https://h/#{}", "sc:{}", "https://{}@h/", "sc://{}/"]) {
        const input = template.replace("{}", bad);
        const href = outcome(URL, input);
        assert.equal(href, outcome(RefURL, input), input);
      }
      const usv = bad.toWellFormed();
      const params = new URLSearchParams([[bad, bad]]);
      assert.deepEqual([...params], [[usv, usv]]);
    }
  });
});

describe("errors", () => {
  test("every failure is a TypeError whose message names the input", () => {
    for (const input of ["", "nope", "https://ex ample/", "http://[::1", "https://h:99999/", "\uD800"]) {
      assert.throws(() => new URL(input), (e) => e instanceof TypeError && e.message.includes(JSON.stringify(input).slice(1, -1)));
    }
    assert.throws(() => new URL("x", "bad base"), (e) => e instanceof TypeError && e.message.includes("bad base"));
    const long = "x".repeat(10_000);
    assert.throws(() => new URL(long), (e) => e instanceof TypeError && e.message.length < 400);
  });

  // The modern wasm, the legacy (MVP) wasm and the JavaScript engine each recover; and index.js,
  // which starts on the url wasm's start module: the panic traps there first, which is taken for a
  // miss (js/runtime.js), then in the whole module, which is the TypeError.
  for (const [file, engine] of [["node.mjs", "wasm"], ["index.js", "wasm"], ["legacy.mjs", "wasm"], ["nowasm.mjs", "js"]]) {
    test(`a panic in the module is a TypeError, and the next call works (${file}, ${engine})`, async () => {
      const entry = join(root, "target", "pkg-test-panic", file);
      assert.ok(existsSync(entry), "build it first: node scripts/build.mjs --test-panic");
      const panicky = await import(entry);
      assert.equal(panicky.engine(), engine);
      const { URL: PanickyURL, URLSearchParams: PanickyParams } = panicky;
      const before = new PanickyURL("https://before.example/a?b=c");
      for (let i = 0; i < 50; i++) {
        assert.throws(() => new PanickyURL("weburl:panic"), (e) => e instanceof TypeError && e.message.includes("weburl:panic"));
        assert.equal(new PanickyURL("https://after.example/x").href, "https://after.example/x");
      }
      before.pathname = "/still%20works"; // "%": the module's setter, not the splice in JavaScript
      assert.equal(before.href, "https://before.example/still%20works?b=c");
      // A panic in a setter on a URL whose serialization the last setter left in the module,
      // not yet decoded: the URL keeps that serialization, and its next setter works. (Not the
      // search or hash setter: a value such as "weburl:panic" they splice in without the module;
      // the pathnames below hold "%" or a dot segment, which the module's setter takes, so that
      // its serialization is pending.)
      const pending = new PanickyURL("https://pending.example/a?b");
      pending.pathname = "/c%20d";
      assert.throws(() => (pending.username = "weburl:panic"), (e) => e instanceof TypeError && e.message.includes("weburl:panic"));
      assert.equal(pending.href, "https://pending.example/c%20d?b");
      pending.pathname = "/./e";
      assert.throws(() => (pending.port = "weburl:panic"), TypeError);
      pending.hash = "f";
      assert.equal(pending.href, "https://pending.example/e?b#f");
      assert.equal(pending.pathname, "/e");
      before.searchParams.append("d", "e f");
      assert.equal(before.search, "?b=c&d=e+f");
      assert.equal(new PanickyParams({ a: "1" }).toString(), "a=1");
      // URL Pattern's operations, in the same module here (index.js has none: the add-on, below).
      if (file === "index.js") return;
      assert.throws(() => new panicky.URLPattern({ pathname: "weburl:panic" }), (e) => e instanceof TypeError && e.message.includes("weburl:panic"));
      assert.equal(new panicky.URLPattern({ pathname: "/:id" }).exec({ pathname: "/7" }).pathname.groups.id, "7");
      assert.equal(new PanickyURL("?q", before).href, "https://before.example/still%20works?q");
    });
  }

  // weburl/urlpattern in browsers: the add-on wasm runs URLPattern's operations over index.js's
  // url wasm, which it calls back into, the add-on's instance never the current one (js/runtime.js).
  // The test build's add-on panics on a pattern "weburl:panic" (src/wasm/urlpattern.rs); a baseURL
  // "weburl:panic" goes on to the url wasm's parse, which panics under the add-on's call.
  test("a panic in the URL Pattern add-on, or in the url wasm it calls, is a TypeError, and both keep working (urlpattern.js)", async (t) => {
    const entry = join(root, "target", "pkg-test-panic", "urlpattern.js");
    assert.ok(existsSync(entry), "build it first: node scripts/build.mjs --test-panic");
    const { URL: PanickyURL, URLPattern, engine } = await import(entry);
    assert.equal(engine(), "wasm");
    const before = new PanickyURL("https://before.example/a?b=c");
    const books = new URLPattern({ pathname: "/books/:id" });
    // Each with the instances it must make, counted until the next pattern works: a trapped
    // add-on is replaced once (not kept, not made twice); a trap in the url wasm replaces it and
    // the add-on its call was cut short in.
    const panics = [
      // In the add-on: its constructor and its processing of an init to match.
      [1, () => new URLPattern("weburl:panic")],
      [1, () => new URLPattern({ pathname: "weburl:panic" })],
      [1, () => books.exec({ pathname: "weburl:panic" })],
      // In the url wasm, under the add-on's call.
      [2, () => new URLPattern({ pathname: "/x", baseURL: "weburl:panic" })],
      [2, () => new URLPattern("/x", "weburl:panic")],
      [2, () => books.test({ pathname: "/books/1", baseURL: "weburl:panic" })],
    ];
    const { Instance } = WebAssembly;
    let made = 0;
    WebAssembly.Instance = function (...args) {
      made++;
      return new Instance(...args);
    };
    t.after(() => (WebAssembly.Instance = Instance));
    for (let i = 0; i < 20; i++) {
      for (const [instances, panic] of panics) {
        made = 0;
        assert.throws(panic, (e) => e instanceof TypeError && e.message.includes("weburl:panic"));
        const shop = new URLPattern("https://:shop.example/books/:id");
        assert.deepEqual(shop.exec("https://kids.example/books/12?x").pathname.groups, { id: "12" });
        assert.equal(made, instances);
        assert.equal(shop.test({ protocol: "https", hostname: "kids.example", pathname: "/books/1" }), true);
        assert.equal(shop.test({ pathname: "/books/1", baseURL: "https://kids.example/" }), true);
        assert.equal(shop.test("https://kids.example/films/1"), false);
        assert.equal(books.exec({ pathname: "/books/7" }).pathname.groups.id, "7");
        assert.equal(new PanickyURL("c d", "https://base.example/a/b").href, "https://base.example/a/c%20d");
      }
    }
    before.pathname = "/still%20works"; // "%": the module's setter, not the splice in JavaScript
    assert.equal(before.href, "https://before.example/still%20works?b=c");
    before.searchParams.append("d", "e f");
    assert.equal(before.search, "?b=c&d=e+f");
  });
});
