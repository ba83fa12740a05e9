// parseWebSocketURL (weburl/websocket): the cases of the web-platform-tests `websockets/Create-*`
// tests that are about the URL, rebuilt from the WebSockets Standard with a test page's location as
// the base; the "SyntaxError" DOMException, and the Error named so where there is no DOMException;
// WebIDL conversion of the arguments; the same results on every engine, for every input of the WPT
// URL data; and the same URLs and errors as Node 24's own WebSocket (undici).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, test } from "node:test";

import { pkg, root, wpt } from "./helpers.mjs";

const { parseWebSocketURL, URL } = await import(join(pkg, "node.mjs"));

// The location of a WPT test page (`wpt serve`'s default host and ports).
const PAGE = "http://web-platform.test:8000/websockets/Create-valid-url.any.html";
const SECURE_PAGE = "https://web-platform.test:8443/websockets/Create-valid-url.any.html";

/** Asserts that `run` throws a "SyntaxError" DOMException (code 12, SYNTAX_ERR), as assert_throws_dom does. */
function assertSyntaxError(run, what) {
  assert.throws(run, (error) => {
    assert.ok(error instanceof DOMException, `${what}: ${error}`);
    assert.equal(error.name, "SyntaxError", what);
    assert.equal(error.code, DOMException.SYNTAX_ERR, what);
    return true;
  });
}

describe("the WPT websockets Create-* cases", () => {
  test("invalid URLs and hosts (Create-invalid-urls, Create-url-with-space)", () => {
    for (const input of [
      "ws://foo bar.com/", "wss://foo bar.com/", "ws://web platform.test:8000/echo", "wss://[", "ws://[::1/",
      "ws://javascript:a", "ws://example.com:65536/", "ws://", "ws://ex%00ample/",
    ]) {
      assertSyntaxError(() => parseWebSocketURL(input), input);
      assertSyntaxError(() => parseWebSocketURL(input, PAGE), `${input} against the page`);
    }
  });

  test("relative URLs without a base (Create-non-absolute-url)", () => {
    for (const input of ["web-platform.test", "/echo", "?test", "#test", "test", "", "//example.com/"]) {
      assertSyntaxError(() => parseWebSocketURL(input), input);
    }
  });

  test("other schemes (Create-wrong-scheme, Create-invalid-urls)", () => {
    for (const input of [
      "ftp://web-platform.test:8000/", "mailto:example@example.org", "about:blank", "data:text/plain,x",
      "file:///tmp/socket", "javascript:alert(1)", "invalid-scheme://web-platform.test:8000/echo",
      "blob:https://example.com/0b8f0e8e-42d7-4d74-9b0a-6d5bd8ae7c3e", "wsx://example.com/",
    ]) {
      assertSyntaxError(() => parseWebSocketURL(input), input);
      assertSyntaxError(() => parseWebSocketURL(input, PAGE), input);
    }
    assert.throws(() => parseWebSocketURL("x", "ftp://example.com/"), /the scheme must be ws, wss, http or https, not ftp/);
  });

  test("fragments, `#` alone included, with and without a base (Create-invalid-urls)", () => {
    for (const input of ["ws://web-platform.test:8000/#", "ws://web-platform.test:8000/#test", "http://example.com/#", "https://example.com/?#x"]) {
      assertSyntaxError(() => parseWebSocketURL(input), input);
    }
    for (const base of [PAGE, SECURE_PAGE, "ws://example.com/a"]) {
      for (const input of ["#", "#test", "?q#", "/echo#x"]) assertSyntaxError(() => parseWebSocketURL(input, base), `${input} ${base}`);
    }
    assert.throws(() => parseWebSocketURL("wss://example.com/#"), /a WebSocket URL cannot have a fragment/);
    assert.equal(parseWebSocketURL("ws://example.com/%23").href, "ws://example.com/%23");
  });

  test("relative URLs against the page (Create-valid-url-relative, Create-non-absolute-url)", () => {
    // As those tests compute the expected URL: the URL against the page, its protocol set to ws.
    for (const input of ["/echo", "test", "?", null, 123]) {
      const expected = new URL(input, PAGE);
      expected.protocol = "ws";
      assert.equal(parseWebSocketURL(input, PAGE).href, expected.href, String(input));
    }
    assert.equal(parseWebSocketURL("/echo", SECURE_PAGE).href, "wss://web-platform.test:8443/echo");
    assert.equal(parseWebSocketURL("?x", "http://h/p").href, "ws://h/p?x");
    assert.equal(parseWebSocketURL("/path", "https://h/").href, "wss://h/path");
    assert.equal(parseWebSocketURL("//other.example:81/x", SECURE_PAGE).href, "wss://other.example:81/x");
    assert.equal(parseWebSocketURL("", "http://h/p?q#frag").href, "ws://h/p?q");
    assert.equal(parseWebSocketURL("wss://example.com/", "mailto:x").href, "wss://example.com/");
    assertSyntaxError(() => parseWebSocketURL("/echo", "mailto:x"), "against a base that cannot be a base");
  });

  test("http and https become ws and wss, the port as the parser left it (Create-http-urls)", () => {
    // As Create-http-urls computes the expected URLs: the page's URL with each protocol set.
    const url = new URL("/", PAGE);
    const as = (protocol) => ((url.protocol = protocol), url.href);
    const [http, https, ws, wss] = ["http", "https", "ws", "wss"].map(as);
    assert.equal(parseWebSocketURL(http).href, ws);
    assert.equal(parseWebSocketURL(https).href, wss);
    const cases = [
      // input, href, port, Host header, secure
      ["HTTP://X/", "ws://x/", 80, "x", false],
      ["http://x:80/", "ws://x/", 80, "x", false],
      ["http://x:443/", "ws://x:443/", 443, "x:443", false],
      ["https://x:443/", "wss://x/", 443, "x", true],
      ["https://x:80/", "wss://x:80/", 80, "x:80", true],
      ["ws://x:80/", "ws://x/", 80, "x", false],
      ["ws://x:443/", "ws://x:443/", 443, "x:443", false],
      ["wss://x:443/", "wss://x/", 443, "x", true],
      ["wss://x:0", "wss://x:0/", 0, "x:0", true],
    ];
    for (const [input, href, port, host, secure] of cases) {
      const socket = parseWebSocketURL(input);
      assert.deepEqual([socket.href, socket.port, socket.host, socket.secure], [href, port, host, secure], input);
    }
  });
});

test("hosts: IPv6, IPv4, Punycode", () => {
  const cases = [
    ["ws://[::1]:8080/a?b", "[::1]", "[::1]:8080", 8080],
    ["wss://[0:0:0:0:0:0:0:1]/", "[::1]", "[::1]", 443],
    ["ws://0x7f.1/", "127.0.0.1", "127.0.0.1", 80],
    ["ws://bücher.example/", "xn--bcher-kva.example", "xn--bcher-kva.example", 80],
    ["wss://faß.EXAMPLE:8443/", "xn--fa-hia.example", "xn--fa-hia.example:8443", 8443],
    ["ws://例え.テスト/", "xn--r8jz45g.xn--zckzah", "xn--r8jz45g.xn--zckzah", 80],
    ["https://ｅｘａｍｐｌｅ．ｃｏｍ/", "example.com", "example.com", 443],
    ["ws://user:pass@example.com:9000/", "example.com", "example.com:9000", 9000],
  ];
  for (const [input, hostname, host, port] of cases) {
    const socket = parseWebSocketURL(input);
    assert.deepEqual([socket.hostname, socket.host, socket.port], [hostname, host, port], input);
  }
});

test("resource names: `/` for an empty path, the query only when it is non-empty", () => {
  const cases = [
    ["ws://example.com", "/"],
    ["ws://example.com/echo", "/echo"],
    ["ws://example.com//a", "//a"],
    ["ws://example.com/a b?c d", "/a%20b?c%20d"],
    ["ws://example.com?a=b", "/?a=b"],
    ["ws://example.com/p??", "/p??"],
    // The standard: "If url's query is non-empty, append U+003F (?), followed by url's query".
    ["ws://example.com/?", "/"],
    ["ws://example.com/p?", "/p"],
  ];
  for (const [input, resourceName] of cases) assert.equal(parseWebSocketURL(input).resourceName, resourceName, input);
  assert.equal(parseWebSocketURL("ws://example.com/?").href, "ws://example.com/?");
});

test("the result: a frozen plain object", () => {
  const socket = parseWebSocketURL("chat?room=1", "https://example.com/app/");
  assert.deepEqual(socket, {
    href: "wss://example.com/app/chat?room=1",
    host: "example.com",
    hostname: "example.com",
    port: 443,
    resourceName: "/app/chat?room=1",
    secure: true,
  });
  assert.deepEqual(Object.keys(socket), ["href", "host", "hostname", "port", "resourceName", "secure"]);
  assert.equal(Object.getPrototypeOf(socket), Object.prototype);
  assert.ok(Object.isFrozen(socket));
});

test("arguments: USVString conversion, a URL object by its href, the base optional", () => {
  assert.equal(parseWebSocketURL(new URL("https://example.com/a")).href, "wss://example.com/a");
  assert.equal(parseWebSocketURL(new globalThis.URL("https://example.com/a")).href, "wss://example.com/a");
  assert.equal(parseWebSocketURL("b", new URL("http://example.com/a")).href, "ws://example.com/b");
  assert.equal(parseWebSocketURL({ toString: () => "ws://example.com/" }).href, "ws://example.com/");
  // Lone surrogates become U+FFFD.
  assert.equal(parseWebSocketURL("ws://example.com/\uD800?\uDC00").resourceName, "/%EF%BF%BD?%EF%BF%BD");
  // undefined is no base; null is the string "null", which is not a URL.
  assert.equal(parseWebSocketURL("ws://example.com/", undefined).href, "ws://example.com/");
  assertSyntaxError(() => parseWebSocketURL("/echo", null), "base null");
  assert.throws(() => parseWebSocketURL("/echo", "not a base"), /The base "not a base" is not a URL: invalid URL/);
  assert.throws(() => parseWebSocketURL("ws://foo bar/"), /"ws:\/\/foo bar\/" is not a WebSocket URL: invalid URL/);
  // WebIDL: a missing argument and a Symbol are TypeErrors.
  assert.throws(() => parseWebSocketURL(), TypeError);
  assert.throws(() => parseWebSocketURL(Symbol("x")), TypeError);
  assert.throws(() => parseWebSocketURL("ws://example.com/", Symbol("x")), TypeError);
  // The url is converted before the base.
  const order = [];
  parseWebSocketURL({ toString: () => (order.push("url"), "x") }, { toString: () => (order.push("base"), "ws://h/") });
  assert.deepEqual(order, ["url", "base"]);
});

test("without DOMException: an Error named SyntaxError", () => {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, "DOMException");
  const SavedDOMException = globalThis.DOMException;
  delete globalThis.DOMException;
  try {
    assert.equal(typeof globalThis.DOMException, "undefined");
    for (const [input, base] of [["ftp://x/"], ["ws://x/#"], ["ws://foo bar/"], ["/echo", "not a base"]]) {
      assert.throws(() => parseWebSocketURL(input, base), (error) => {
        assert.equal(Object.getPrototypeOf(error), Error.prototype, input);
        assert.ok(!(error instanceof SavedDOMException), input);
        assert.equal(error.name, "SyntaxError", input);
        assert.match(String(error), /^SyntaxError: /);
        return true;
      });
    }
    assert.equal(parseWebSocketURL("http://x/").href, "ws://x/");
  } finally {
    Object.defineProperty(globalThis, "DOMException", descriptor);
  }
  assertSyntaxError(() => parseWebSocketURL("ftp://x/"), "DOMException back");
});

/** The URL cases of the WPT data, as [input, base]; bases that do not parse left out. */
function wptCases() {
  return wpt("urltestdata.json")
    .filter((entry) => typeof entry === "object" && (entry.base === null || URL.canParse(entry.base)))
    .map(({ input, base }) => [input, base ?? undefined]);
}

/** The outcome of parseWebSocketURL: the result, or the error's constructor, name and message. */
function outcome(parse, input, base) {
  try {
    return { ...parse(input, base) };
  } catch (error) {
    return { error: `${error.constructor.name} ${error.name}`, message: error.message };
  }
}

test("every input of the WPT URL data: the standard's steps written out on the URL class", () => {
  const counts = { parse: 0, scheme: 0, fragment: 0, accepted: 0 };
  for (const [input, base] of wptCases()) {
    const got = outcome(parseWebSocketURL, input, base);
    const url = URL.parse(input, base);
    if (url === null) {
      assert.equal(got.error, "DOMException SyntaxError", input);
      assert.match(got.message, /is not a WebSocket URL: invalid URL/, input);
      counts.parse++;
      continue;
    }
    const href = url.href.replace(/^https?:/, (scheme) => (scheme === "http:" ? "ws:" : "wss:"));
    const protocol = href.slice(0, href.indexOf(":") + 1);
    // The serialization holds a `#` exactly when the fragment is non-null.
    let reason;
    if (protocol !== "ws:" && protocol !== "wss:") {
      reason = `the scheme must be ws, wss, http or https, not ${protocol.slice(0, -1)}`;
      counts.scheme++;
    } else if (href.includes("#")) {
      reason = "a WebSocket URL cannot have a fragment";
      counts.fragment++;
    } else {
      const secure = protocol === "wss:";
      const expected = new URL(href);
      assert.deepEqual(got, {
        href,
        host: expected.host,
        hostname: expected.hostname,
        port: expected.port === "" ? (secure ? 443 : 80) : Number(expected.port),
        resourceName: expected.pathname + expected.search,
        secure,
      }, `${input} ${base}`);
      counts.accepted++;
      continue;
    }
    assert.equal(got.error, "DOMException SyntaxError", input);
    assert.ok(got.message.endsWith(`is not a WebSocket URL: ${reason}`), `${input}: ${got.message}`);
  }
  assert.ok(Object.values(counts).every((n) => n >= 10), JSON.stringify(counts));
});

test("every engine and entry: modern wasm, MVP wasm, JavaScript, CommonJS, websocket.js", async () => {
  const cases = [...wptCases(), ["ws://example.com/?"], ["/echo", PAGE], ["#", PAGE], ["ftp://x/"]];
  const expected = cases.map(([input, base]) => outcome(parseWebSocketURL, input, base));
  const entries = {
    "legacy.mjs": await import(join(pkg, "legacy.mjs")),
    "nowasm.mjs": await import(join(pkg, "nowasm.mjs")),
    "websocket.js": await import(join(pkg, "websocket.js")),
    "node.cjs": createRequire(import.meta.url)(join(pkg, "node.cjs")),
    "legacy.cjs": createRequire(import.meta.url)(join(pkg, "legacy.cjs")),
  };
  for (const [file, module] of Object.entries(entries)) {
    assert.deepEqual(cases.map(([input, base]) => outcome(module.parseWebSocketURL, input, base)), expected, file);
  }
  assert.equal(entries["nowasm.mjs"].engine(), "js");
});

test("the browser's wasm (weburl_bg.wasm) has no WebSocket export; Node's has", () => {
  const exports = (file) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(file))).map((e) => e.name);
  assert.ok(!exports(join(pkg, "weburl_bg.wasm")).includes("webSocket"));
  assert.ok(exports(join(pkg, "weburl_full.wasm")).includes("webSocket"));
});

// Node 24's WebSocket (undici) follows the same standard. Its constructor starts connecting: DNS
// is stubbed and the process exits as soon as it has written the results. Relative input is
// resolved against its base first (there is no base argument), by Node 24's URL.
test("the same URLs and errors as Node 24's own WebSocket", () => {
  const nodeBinary = execFileSync("bash", [join(root, "scripts", "node-binary.sh"), "24.21.0"], { encoding: "utf8" }).trim();
  const inputs = [...wptCases(), ["ws://example.com/?"], ["http://x:443/"], ["https://x:80/"], ["#", PAGE], ["wss://x/#"]];
  const script = `
    const dns = require("node:dns");
    dns.lookup = (host, options, callback) => (callback ?? options)(Object.assign(new Error("offline"), { code: "ENOTFOUND" }));
    const results = [];
    for (const [input, base] of JSON.parse(require("node:fs").readFileSync(0, "utf8"))) {
      const target = base === null ? input : URL.parse(input, base)?.href;
      if (target === undefined) continue;
      try {
        const socket = new WebSocket(target);
        socket.onerror = () => {};
        socket.close();
        results.push([target, socket.url]);
      } catch (error) {
        results.push([target, null, error.constructor.name + " " + error.name]);
      }
    }
    process.stdout.write(JSON.stringify(results), () => process.exit(0));`;
  const output = execFileSync(nodeBinary, ["-e", script], {
    input: JSON.stringify(inputs.map(([input, base]) => [input, base ?? null])),
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 64 << 20,
  });
  const results = JSON.parse(output);
  let accepted = 0;
  for (const [target, url, error] of results) {
    const ours = outcome(parseWebSocketURL, target);
    assert.deepEqual(ours.error ?? ours.href, error ?? url, target);
    if (url !== null) accepted++;
  }
  assert.ok(results.length > 700 && accepted > 200, `${results.length} inputs, ${accepted} accepted`);
});
