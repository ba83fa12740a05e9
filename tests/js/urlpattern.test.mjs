// URLPattern through the package: its WebIDL shape (overloads, dictionary conversion, property
// shapes, brand checks), errors, and the polyfill installing it. The WPT data runs in
// wpt.test.mjs, on every engine.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { test } from "node:test";

import { pkg } from "./helpers.mjs";

const { URLPattern } = await import(join(pkg, "node.mjs"));

test("WebIDL shape: enumerable members, toStringTag, name, brand checks", () => {
  assert.equal(URLPattern.name, "URLPattern");
  assert.equal(Object.prototype.toString.call(new URLPattern()), "[object URLPattern]");
  for (const member of ["test", "exec", "protocol", "hostname", "pathname", "hasRegExpGroups"]) {
    assert.equal(Object.getOwnPropertyDescriptor(URLPattern.prototype, member).enumerable, true, member);
  }
  const getter = Object.getOwnPropertyDescriptor(URLPattern.prototype, "pathname").get;
  assert.throws(() => getter.call({}), TypeError);
  assert.throws(() => URLPattern.prototype.test.call({}, "https://a/"), TypeError);
});

test("overloads: (input, baseURL, options) and (input, options)", () => {
  assert.equal(new URLPattern("/a/:b", "https://example.com").hostname, "example.com");
  assert.equal(new URLPattern({ pathname: "/A" }, { ignoreCase: true }).test({ pathname: "/a" }), true);
  assert.equal(new URLPattern({ pathname: "/A" }).test({ pathname: "/a" }), false);
  assert.equal(new URLPattern("/A", "https://h", { ignoreCase: true }).test("https://h/a"), true);
  assert.equal(new URLPattern(undefined, null).pathname, "*");
  // Three arguments pick the first overload: the second becomes a string, and a dictionary input
  // with a base URL is a TypeError.
  assert.throws(() => new URLPattern({ pathname: "/a" }, "https://h", {}), TypeError);
  assert.throws(() => new URLPattern("/a"), TypeError); // relative, without a base URL
  assert.throws(() => new URLPattern({}, 1), TypeError); // options must be a dictionary
  // A custom group the engine's RegExp rejects, in the protocol (compiled by the core) and in the
  // other components (compiled here): a TypeError that shows the source, never a SyntaxError.
  for (const init of [{ protocol: "(a[)" }, { hostname: "(a[)" }, { hash: "(\\m)" }]) {
    assert.throws(() => new URLPattern(init), (e) => e.constructor === TypeError && /invalid regular expression/.test(e.message));
  }
  assert.equal(new URLPattern({ hash: "(\\d+)" }).test({ hash: "12" }), true);
});

test("the URLPatternInit dictionary: members read in WebIDL order, converted to strings", () => {
  const read = [];
  const init = new Proxy({ pathname: "/x", port: 8080 }, {
    get(target, key) {
      if (typeof key === "string") read.push(key);
      return target[key];
    },
  });
  const pattern = new URLPattern(init);
  assert.deepEqual(read, ["baseURL", "hash", "hostname", "password", "pathname", "port", "protocol", "search", "username"]);
  assert.equal(pattern.port, "8080");
  const result = pattern.exec({ pathname: "/x", port: "8080" });
  assert.deepEqual(result.inputs, [{ pathname: "/x", port: "8080" }]);
});

test("exec: groups, unmatched optional groups as undefined, inputs", () => {
  const pattern = new URLPattern({ pathname: "/books/:id(\\d+){/:format}?" });
  const result = pattern.exec("https://example.com/books/7", "https://ignored.example");
  assert.deepEqual(result.inputs, ["https://example.com/books/7", "https://ignored.example"]);
  assert.deepEqual(result.pathname, { input: "/books/7", groups: { id: "7", format: undefined } });
  assert.ok(Object.hasOwn(result.pathname.groups, "format"));
  assert.equal(pattern.exec("https://example.com/books/x"), null);
  assert.equal(pattern.exec("not a url"), null);
  assert.equal(pattern.hasRegExpGroups, true);
  assert.throws(() => pattern.exec({ pathname: "/books/1" }, "https://base"), TypeError);
  // WebIDL makes a dictionary's members in lexicographic order.
  assert.deepEqual(Object.keys(result), ["hash", "hostname", "inputs", "password", "pathname", "port", "protocol", "search", "username"]);
  assert.deepEqual(Object.keys(result.pathname), ["groups", "input"]);
});

test("one URL against many patterns, then another base: no stale values", () => {
  const books = new URLPattern({ pathname: "/books/*" });
  const users = new URLPattern({ hostname: "users.example" });
  assert.equal(books.test("/books/1", "https://shop.example"), true);
  assert.equal(users.test("/books/1", "https://shop.example"), false);
  assert.equal(users.test("/books/1", "https://users.example"), true);
  assert.equal(books.exec("/x", "https://users.example"), null);
  assert.equal(users.exec("/x", "https://users.example").pathname.input, "/x");
  assert.equal(users.test("not a url"), false);
});

test("invalid patterns are TypeErrors that say why; the module keeps working", () => {
  for (const bad of [{ pathname: "/(" }, { pathname: "/:a/:a" }, { hostname: "a(b" }, { pathname: "/([a-z]" }]) {
    assert.throws(() => new URLPattern(bad), (e) => e instanceof TypeError && e.message.length > 30, JSON.stringify(bad));
  }
  assert.equal(new URLPattern({ pathname: "/ok" }).test({ pathname: "/ok" }), true);
});

test("error messages name what was wrong, with its value", () => {
  const message = (...args) => {
    try {
      new URLPattern(...args);
    } catch (error) {
      return error.message;
    }
    assert.fail(`no error for ${JSON.stringify(args)}`);
  };
  assert.match(message({ protocol: "a b" }), /invalid protocol "a b"/);
  assert.match(message({ hostname: "a b" }), /invalid hostname "a b"/);
  assert.match(message({ pathname: "/:a/:a" }), /duplicate group name "a"/);
  assert.match(message("/books/:id"), /relative constructor string "\/books\/:id" without a base URL/);
  assert.match(message("/x", "not a URL"), /invalid base URL "not a URL"/);
  // Token types by the standard's names.
  assert.match(message({ pathname: "/{a" }), /unexpected end at code point 3, expected close/);
  assert.match(message({ pathname: "/{a}}" }), /unexpected close at code point 4, expected end/);
});

test("browsers' weburl/urlpattern: an add-on wasm over index.js's URL wasm, one URL class for both; the classes' state survives its calls back", async () => {
  const main = await import(join(pkg, "index.js"));
  const { URL, URLPattern } = await import(join(pkg, "urlpattern.js"));
  assert.equal(URL, main.URL);
  // A URL the module keeps (setters come in runs), and a base it keeps (`new URL(path, base)`),
  // while URLPattern canonicalizes and parses other URLs on that module in between.
  const url = new URL("https://example.com/a?x#y");
  url.pathname = "/b";
  const pattern = new URLPattern({ hostname: "{*.}?EXAMPLE.com", pathname: "/:p", search: "*" });
  assert.equal(pattern.hostname, "{*.}?example.com");
  url.search = "?z";
  assert.equal(url.href, "https://example.com/b?z#y");
  assert.equal(new URL("/c", "https://sub.example.com").href, "https://sub.example.com/c");
  assert.deepEqual(pattern.exec("/d?q", "https://www.example.com/").pathname.groups, { p: "d" });
  assert.equal(new URL("/e", "https://sub.example.com").href, "https://sub.example.com/e");
  assert.equal(pattern.exec({ hostname: "example.com", pathname: "/f", baseURL: "https://x.example/" }).pathname.groups.p, "f");
  url.hash = "h";
  assert.equal(url.href, "https://example.com/b?z#h");
  assert.equal(pattern.test(url.href), true);
  assert.equal(pattern.test("not a URL"), false);
  // The add-on's TypeErrors, and both keep working after them.
  assert.throws(() => new URLPattern({ hostname: "a b" }), (e) => e instanceof TypeError && /invalid hostname "a b"/.test(e.message));
  assert.throws(() => new URLPattern({ port: "x" }), (e) => e instanceof TypeError && /invalid port "x"/.test(e.message));
  assert.throws(() => new URLPattern("/x", "not a URL"), (e) => e instanceof TypeError && /invalid base URL "not a URL"/.test(e.message));
  assert.throws(() => pattern.exec({ pathname: "/a" }, "https://base"), TypeError);
  assert.throws(() => new URL("not a URL"), TypeError);
  assert.equal(new URLPattern({ port: "443", protocol: "https" }).port, "");
  assert.equal(pattern.test("https://example.com/g"), true);
  url.port = "8080";
  assert.equal(url.href, "https://example.com:8080/b?z#h");
});

test("weburl/polyfill/urlpattern installs URLPattern where the runtime has none, and only there; weburl/polyfill never does", () => {
  const script = (setup) => `
    ${setup}
    const before = globalThis.URLPattern;
    Promise.all([import(${JSON.stringify(join(pkg, "polyfill.mjs"))}), import(${JSON.stringify(join(pkg, "polyfill-urlpattern.mjs"))})]).then(([url, { report, URLPattern }]) => {
      console.log(JSON.stringify({ installed: report.installed, engine: report.engine, ours: globalThis.URLPattern === URLPattern,
        kept: globalThis.URLPattern === before, urlReport: Object.keys(url.report).includes("urlPattern"),
        matches: new globalThis.URLPattern({ pathname: "/a/:b" }).exec({ pathname: "/a/c" }).pathname.groups.b }));
    });`;
  const run = (setup) => JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script(setup)], { encoding: "utf8" }));
  assert.deepEqual(run("delete globalThis.URLPattern;"), { installed: true, engine: "wasm", ours: true, kept: false, urlReport: false, matches: "c" });
  const native = "globalThis.URLPattern = class { exec() { return { pathname: { groups: { b: 'native' } } }; } };";
  // Kept: weburl's classes have not run, so no engine started (the report's engine is undefined).
  assert.deepEqual(run(native), { installed: false, ours: false, kept: true, urlReport: false, matches: "native" });
});
