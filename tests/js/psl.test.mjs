// weburl/psl and PublicSuffixList through the package: the URL Standard's §3.2 example table,
// the Public Suffix List's own test cases (data/test_psl.txt), URL objects and strings as hosts,
// errors, lists of one's own, one class and one wasm instance with the entry beside it, and
// recovery after a trap. The Rust tests (tests/psl.rs) cover the algorithm's corners.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, test } from "node:test";

import { pkg, root } from "./helpers.mjs";

const psl = await import(join(pkg, "psl.mjs"));
const node = await import(join(pkg, "node.mjs"));
const { publicSuffix, registrableDomain, PublicSuffixList, version } = psl;
const { URL } = node;

// https://url.spec.whatwg.org/#example-host-psl: host input, public suffix, registrable domain.
const TABLE = [
  ["com", "com", null],
  ["example.com", "com", "example.com"],
  ["www.example.com", "com", "example.com"],
  ["sub.www.example.com", "com", "example.com"],
  ["EXAMPLE.COM", "com", "example.com"],
  ["example.com.", "com.", "example.com."],
  ["github.io", "github.io", null],
  ["whatwg.github.io", "github.io", "whatwg.github.io"],
  ["إختبار", "xn--kgbechtv", null],
  ["example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"],
  ["sub.example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"],
  ["[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", null, null],
];

describe("weburl/psl", () => {
  test("the standard's example table", () => {
    for (const [host, suffix, registrable] of TABLE) {
      assert.equal(publicSuffix(host), suffix, host);
      assert.equal(registrableDomain(host), registrable, host);
    }
  });

  test("the Public Suffix List's own test cases", () => {
    const lines = readFileSync(join(root, "data", "test_psl.txt"), "utf8").split("\n");
    const cases = lines.filter((line) => line.startsWith("checkPublicSuffix("));
    assert.ok(cases.length > 70, `only ${cases.length} test cases`);
    const arg = (s) => (s === "null" ? null : /^'(.*)'$/.exec(s)[1]);
    for (const line of cases) {
      const [input, expected] = /^checkPublicSuffix\((.*), (.*)\);$/.exec(line).slice(1).map(arg);
      // Expected Unicode registrable domains ('食狮.com.cn') as the host parser gives them.
      const want = expected === null ? null : new URL(`http://${expected}/`).hostname;
      // A null input is a URL without a host; uppercase and Unicode inputs go through the host
      // parser; leading dots ('.com') make an empty label, which the list's algorithm does not
      // take: null.
      const host = input === null ? new URL("mailto:someone@example.com") : input;
      assert.equal(registrableDomain(host), want, line);
    }
  });

  test("the list's version", () => {
    const header = /^\/\/ VERSION: (.*)$/m.exec(readFileSync(join(root, "data", "public_suffix_list.dat"), "utf8"))[1];
    assert.equal(version, header);
    assert.equal(new PublicSuffixList("com").version, null);
  });

  test("URL objects: ours, Node's, and anything with protocol and hostname", () => {
    for (const Class of [URL, globalThis.URL]) {
      const url = new Class("https://user:pw@www.Example.co.uk:8080/a?b#c");
      assert.equal(publicSuffix(url), "co.uk");
      assert.equal(registrableDomain(url), "example.co.uk");
      assert.equal(registrableDomain(new Class("wss://a.b.c.kobe.jp./")), "b.c.kobe.jp.");
      assert.equal(registrableDomain(new Class("file://host.example.com/x")), "example.com");
      // Not domains: null.
      for (const input of ["http://127.0.0.1/", "http://[::1]/", "file:///x", "foo://www.example.com/", "mailto:a@b.com", "data:,x"]) {
        assert.equal(publicSuffix(new Class(input)), null, input);
        assert.equal(registrableDomain(new Class(input)), null, input);
      }
    }
    assert.equal(registrableDomain({ protocol: "https:", hostname: "a.github.io" }), "a.github.io");
    assert.throws(() => registrableDomain({ protocol: "https:", hostname: "a b" }), TypeError);
  });

  test("strings: the host parser, a TypeError when it fails", () => {
    assert.equal(registrableDomain("WWW.EXAMPLE.COM"), "example.com");
    assert.equal(registrableDomain("www.ex%41mple.com"), "example.com");
    assert.equal(registrableDomain("www.faß.de"), "xn--fa-hia.de");
    assert.equal(registrableDomain("0x7f.1"), null); // IPv4
    assert.equal(publicSuffix(""), null); // the empty host
    assert.equal(publicSuffix(".com"), null);
    assert.equal(registrableDomain({ toString: () => "a.b.example.com" }), "example.com");
    assert.equal(registrableDomain(42), null); // "42": IPv4
    for (const input of ["example.com:443", "https://example.com/", "exa mple.com", "[::1", "a%zz", "\uD800.com", "xn--a.xn--ls8h\uFFFD"]) {
      assert.throws(() => registrableDomain(input), (e) => e instanceof TypeError && e.message.includes("not a valid host"), input);
      assert.throws(() => publicSuffix(input), TypeError, input);
    }
    assert.throws(() => publicSuffix(Symbol("x")), TypeError);
    assert.throws(() => publicSuffix(), TypeError);
    assert.throws(() => new PublicSuffixList(), TypeError);
  });

  test("a list of one's own; errors leave every list usable", () => {
    const list = new PublicSuffixList("// VERSION: mine\nexample\n*.wild.example\n!tame.wild.example\nFAẞ.example\n");
    assert.equal(list.version, "mine");
    assert.equal(list.publicSuffix("a.b.wild.example"), "b.wild.example");
    assert.equal(list.registrableDomain("x.tame.wild.example"), "tame.wild.example");
    assert.equal(list.registrableDomain("x.y.faß.example"), "y.xn--fa-hia.example");
    assert.equal(list.registrableDomain("a.github.io"), "github.io"); // not in this list
    assert.throws(() => new PublicSuffixList("com\na..b\n"), (e) => e instanceof TypeError && /line 2\b.*a\.\.b/.test(e.message));
    assert.throws(() => list.publicSuffix("a b"), TypeError);
    assert.equal(list.publicSuffix("a.b.wild.example"), "b.wild.example");
    assert.equal(registrableDomain("a.github.io"), "a.github.io");
    // Many lists made and dropped: ids are reused, answers stay right.
    for (let i = 0; i < 50; i++) {
      const temporary = new PublicSuffixList(`n${i}.example`);
      assert.equal(temporary.publicSuffix(`x.n${i}.example`), `n${i}.example`);
    }
    assert.equal(list.publicSuffix("a.b.wild.example"), "b.wild.example");
  });

  test("WebIDL shape", () => {
    assert.equal(PublicSuffixList.name, "PublicSuffixList");
    assert.equal(Object.prototype.toString.call(new PublicSuffixList("")), "[object PublicSuffixList]");
    for (const member of ["version", "publicSuffix", "registrableDomain"]) {
      assert.equal(Object.getOwnPropertyDescriptor(PublicSuffixList.prototype, member).enumerable, true, member);
    }
    assert.throws(() => PublicSuffixList.prototype.publicSuffix.call({}, "a.com"), TypeError);
  });

  test("in Node, one class and one wasm instance with the entry beside it; in browsers, a wasm of its own; in React Native, the JavaScript engine beside it", async () => {
    assert.equal(PublicSuffixList, node.PublicSuffixList);
    const require = createRequire(import.meta.url);
    const cjs = require(join(pkg, "psl.cjs"));
    assert.equal(cjs.PublicSuffixList, require(join(pkg, "node.cjs")).PublicSuffixList);
    assert.equal(cjs.registrableDomain("a.b.example.co.uk"), "example.co.uk");
    assert.equal(cjs.version, version);
    const browser = await import(join(pkg, "psl.js"));
    assert.equal(browser.registrableDomain("a.b.example.co.uk"), "example.co.uk");
    assert.equal(new browser.PublicSuffixList("example\n").registrableDomain("a.b.example"), "b.example");
    const reactNative = await import(join(pkg, "psl-nowasm.mjs"));
    assert.equal(reactNative.PublicSuffixList, (await import(join(pkg, "nowasm.mjs"))).PublicSuffixList);
    assert.equal(reactNative.registrableDomain("a.b.example.co.uk"), "example.co.uk");
    assert.equal(require(join(pkg, "psl-nowasm.cjs")).PublicSuffixList, require(join(pkg, "nowasm.cjs")).PublicSuffixList);
    // Node's and React Native's import their entry instead of bundling it; each keeps the notice.
    const files = [["psl.mjs", "./node.mjs"], ["psl.cjs", "./node.cjs"], ["psl-nowasm.mjs", "./nowasm.mjs"], ["psl-nowasm.cjs", "./nowasm.cjs"], ["psl.js", null]];
    for (const [file, beside] of files) {
      const code = readFileSync(join(pkg, file), "utf8");
      if (beside !== null) assert.ok(code.includes(`"${beside}"`), `${file} imports ${beside}`);
      assert.ok(code.includes("/*! The Public Suffix List (https://publicsuffix.org/), VERSION"), `${file}: the list's notice`);
    }
    const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
    assert.deepEqual(manifest.exports["./psl"].node, { import: "./psl.mjs", require: "./psl.cjs" });
    assert.deepEqual(manifest.exports["./psl"]["react-native"], { import: "./psl-nowasm.mjs", require: "./psl-nowasm.cjs" });
    assert.equal(manifest.exports["./psl"].default, "./psl.js");
  });

  test("without WebAssembly, on the JavaScript engine", () => {
    const script = `import { registrableDomain, version } from ${JSON.stringify(join(pkg, "psl.mjs"))};
      import { engine } from ${JSON.stringify(join(pkg, "node.mjs"))};
      console.log(JSON.stringify([engine(), registrableDomain("sub.example.إختبار"), version]));`;
    const output = execFileSync(process.execPath, ["--import", join(root, "tests", "js", "fixtures", "no-webassembly.mjs"), "--input-type=module", "-e", script], { encoding: "utf8" });
    assert.deepEqual(JSON.parse(output), ["js", "example.xn--kgbechtv", version]);
  });

  test("after a trap, the fresh instance reads the lists again", async () => {
    const dir = join(root, "target", "pkg-test-panic");
    assert.ok(existsSync(join(dir, "psl.mjs")), "build it first: node scripts/build.mjs --test-panic");
    const panicky = await import(join(dir, "node.mjs"));
    const panickyPsl = await import(join(dir, "psl.mjs"));
    const mine = new panicky.PublicSuffixList("example\n*.wild.example\n");
    for (let i = 0; i < 5; i++) {
      assert.throws(() => new panicky.URL("weburl:panic"), TypeError);
      assert.equal(panickyPsl.registrableDomain("a.b.example.co.uk"), "example.co.uk");
      assert.equal(mine.registrableDomain("a.b.wild.example"), "a.b.wild.example");
    }
  });
});
