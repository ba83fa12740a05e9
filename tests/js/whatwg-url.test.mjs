// whatwg-url's low-level API (the npm package whatwg-url 17) over weburl's core, as every entry
// exports it (and `weburl/whatwg-url`, the same module).
// Checked against the WPT data, against whatwg-url itself (the reference: same inputs, same
// records, same validation errors), with records written by hand and handed back in, and with
// bad arguments (a TypeError or null, never a trap).
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, test } from "node:test";

import * as ref from "whatwg-url";

import { expectedFailures, pkg, wpt } from "./helpers.mjs";
import { Report, runRecordsSetters, runRecordsUrlTestData } from "./wpt-runner.mjs";

const w = await import(join(pkg, "node.mjs"));
const urltestdata = wpt("urltestdata.json").filter((entry) => typeof entry === "object");

/** The validation error table of the standard (https://url.spec.whatwg.org/#validation-error). */
const ERROR_NAMES = [
  "domain-to-ASCII", "domain-percent-encoded", "host-invalid-code-point", "IPv4-empty-part",
  "IPv4-too-few-parts", "IPv4-too-many-parts", "IPv4-non-numeric-part", "IPv4-non-decimal-part",
  "IPv4-out-of-range-part", "IPv4-non-ASCII-input", "IPv6-unclosed", "IPv6-invalid-compression",
  "IPv6-too-many-pieces", "IPv6-multiple-compression", "IPv6-invalid-code-point", "IPv6-too-few-pieces",
  "IPv6-piece-leading-zero", "IPv4-in-IPv6-too-many-pieces", "IPv4-in-IPv6-invalid-code-point",
  "IPv4-in-IPv6-out-of-range-part", "IPv4-in-IPv6-too-few-parts", "invalid-URL-unit",
  "special-scheme-missing-following-solidus", "missing-scheme-non-relative-URL", "invalid-reverse-solidus",
  "invalid-credentials", "host-missing", "port-out-of-range", "port-invalid",
  "file-invalid-Windows-drive-letter", "file-invalid-Windows-drive-letter-host",
];

const base = (entry) => (entry.base === null || entry.base === undefined ? undefined : w.parseURL(entry.base));
const refBase = (entry) => (entry.base === null || entry.base === undefined ? undefined : ref.parseURL(entry.base));

test("the exports are whatwg-url's, plus domainToUnicode, engine, URLPattern and the APIs beyond the URL class", () => {
  const ours = Object.keys(w).sort();
  const theirs = Object.keys(ref).filter((name) => name !== "default").sort();
  const more = [
    "domainToUnicode", "engine", "URLPattern", "parseWebSocketURL", "PublicSuffixList", "renderURL",
    "encodeURI", "encodeURIComponent", "decodeURI", "decodeURIComponent",
  ];
  assert.deepEqual(ours.filter((name) => !more.includes(name)), theirs);
  for (const name of theirs) assert.equal(typeof w[name], typeof ref[name], name);
  const cjs = createRequire(import.meta.url)(join(pkg, "node.cjs"));
  assert.deepEqual(Object.keys(cjs).sort(), ours);
  assert.deepEqual(cjs.parseURL("https://h/p"), w.parseURL("https://h/p"));
});

/** The WPT data through the face of `api`, as the engines of tests/engines/ run it (suite.mjs). */
function runRecords(api, file, runner) {
  const report = new Report(file, expectedFailures(file));
  runner(api, wpt(file), report);
  const { ok, summary } = report.result();
  assert.ok(ok, summary);
}

const builds = [["whatwg-url itself: the runner's steps are its", ref]];
for (const file of ["node.mjs", "legacy.mjs", "nowasm.mjs", "whatwg-url.js"]) builds.push([file, await import(join(pkg, file))]);
describe("the WPT data through whatwg-url's URL class steps over records (wpt-runner.mjs), in each build", () => {
  for (const [name, api] of builds) {
    for (const file of ["urltestdata.json", "urltestdata-javascript-only.json"]) test(`${name}: ${file}`, () => runRecords(api, file, runRecordsUrlTestData));
    test(`${name}: setters_tests.json`, () => runRecords(api, "setters_tests.json", runRecordsSetters));
  }
});

describe("parseURL on the WPT data", () => {
  test("gives whatwg-url's records, field by field", () => {
    for (const entry of urltestdata) {
      assert.deepEqual(w.parseURL(entry.input, { baseURL: base(entry) }), ref.parseURL(entry.input, { baseURL: refBase(entry) }), entry.input);
    }
  });

  test("records are plain, fresh objects in whatwg-url's shape", () => {
    const record = w.parseURL("http://[::1]:8080/a/b?q#f");
    assert.equal(Object.getPrototypeOf(record), Object.prototype);
    assert.deepEqual(Object.keys(record), ["scheme", "username", "password", "host", "port", "path", "query", "fragment"]);
    assert.deepEqual(record.host, [0, 0, 0, 0, 0, 0, 0, 1]);
    assert.equal(w.parseURL("http://0x7f.1/").host, 0x7f000001);
    assert.equal(w.parseURL("mailto:a@b").path, "a@b");
    assert.notEqual(w.parseURL("https://h/"), w.parseURL("https://h/"));
  });
});

describe("validation errors", () => {
  test("are whatwg-url's, in order and with repeats, on every WPT input", () => {
    for (const entry of urltestdata) {
      const ours = w.parseURLWithValidationErrors(entry.input, { baseURL: base(entry) });
      const theirs = ref.parseURLWithValidationErrors(entry.input, { baseURL: refBase(entry) });
      assert.deepEqual(ours, theirs, entry.input);
    }
  });

  test("each name of the standard's table, where the standard reports it", () => {
    const cases = [
      ["https://exa%23mple.org", null, ["domain-percent-encoded", "domain-to-ASCII"]],
      ["foo://exa[mple.org", null, ["host-invalid-code-point"]],
      ["https://127.0.0.1./", null, ["domain-to-ASCII", "IPv4-empty-part"]],
      ["https://127.0.0.1/x.", null, []],
      ["https://1.2.3.4.5/", null, ["IPv4-too-many-parts"]],
      ["https://test.42", null, ["IPv4-too-few-parts", "IPv4-non-numeric-part"]],
      ["https://127.0.0x0.1", null, ["IPv4-non-decimal-part"]],
      ["https://255.255.4000.1", null, ["IPv4-out-of-range-part"]],
      ["https://①.②.③.④", null, ["IPv4-non-ASCII-input"]],
      ["https://[::1", null, ["IPv6-unclosed"]],
      ["https://[:1]", null, ["IPv6-invalid-compression"]],
      ["https://[1:2:3:4:5:6:7:8:9]", null, ["IPv6-too-many-pieces"]],
      ["https://[1::1::1]", null, ["IPv6-multiple-compression"]],
      ["https://[1:2:3!:4]", null, ["IPv6-invalid-code-point"]],
      ["https://[1:2:3]", null, ["IPv6-too-few-pieces"]],
      ["https://[::01]", null, ["IPv6-piece-leading-zero"]],
      ["https://[1:1:1:1:1:1:1:127.0.0.1]", null, ["IPv4-in-IPv6-too-many-pieces"]],
      ["https://[ffff::127.00.0.1]", null, ["IPv4-in-IPv6-invalid-code-point"]],
      ["https://[ffff::127.0.0.4000]", null, ["IPv4-in-IPv6-out-of-range-part"]],
      ["https://[ffff::127.0.0]", null, ["IPv4-in-IPv6-too-few-parts"]],
      ["sc:a b?c<#d`%", null, ["invalid-URL-unit", "invalid-URL-unit", "invalid-URL-unit", "invalid-URL-unit"]],
      ["https:example.org", null, ["special-scheme-missing-following-solidus"]],
      ["💩", "mailto:user@example.org", ["missing-scheme-non-relative-URL"]],
      ["https://example.org\\path\\to\\file", null, ["invalid-reverse-solidus", "invalid-reverse-solidus", "invalid-reverse-solidus"]],
      ["https://a@b@example.org", null, ["invalid-credentials", "invalid-credentials"]],
      ["https://user:pass@", null, ["invalid-credentials", "host-missing"]],
      ["https://example.org:70000", null, ["port-out-of-range"]],
      ["https://example.org:7z", null, ["port-invalid"]],
      ["c|/path/to/file", "file:///c:/", ["file-invalid-Windows-drive-letter", "invalid-URL-unit"]],
      ["file://c:", null, ["file-invalid-Windows-drive-letter-host"]],
      [" https://-x.\texample/ ", null, ["invalid-URL-unit", "invalid-URL-unit", "domain-to-ASCII"]],
    ];
    const seen = new Set();
    for (const [input, baseString, expected] of cases) {
      const baseURL = baseString === null ? undefined : w.parseURL(baseString);
      const { validationErrors } = w.parseURLWithValidationErrors(input, { baseURL });
      assert.deepEqual(validationErrors, expected, input);
      validationErrors.forEach((name) => seen.add(name));
    }
    assert.deepEqual(ERROR_NAMES.filter((name) => !seen.has(name)), []);
  });

  test("a lone surrogate, in each component, is whatwg-url's invalid-URL-unit; the record holds U+FFFD", () => {
    const inputs = [];
    for (const unit of ["\uD800", "\uDFFF", "\uDC00\uD800"]) {
      inputs.push(
        `https://example.com/#${unit}`, `https://example.com/?${unit}`, `https://example.com/${unit}/x`,
        `https://us${unit}er:pa${unit}ss@example.com/`, `https://exa${unit}mple.com/`, `sc://h${unit}st/`,
        `mailto:a${unit}b`, `sc:${unit}`, `file:///C:/${unit}`, `${unit}https://example.com/`, `x${unit}`,
      );
    }
    inputs.push("https://example.com/\uD83D\uDE00\uD800#\uFDD0");
    const baseURL = w.parseURL("https://example.org/dir/");
    for (const input of inputs) {
      const ours = w.parseURLWithValidationErrors(input, { baseURL });
      assert.deepEqual(ours, ref.parseURLWithValidationErrors(input, { baseURL: ref.parseURL("https://example.org/dir/") }), input);
      assert.deepEqual(ours.url, w.parseURL(input.toWellFormed(), { baseURL }), input);
    }
    assert.deepEqual(w.parseURLWithValidationErrors("https://example.com/#\uD800").validationErrors, ["invalid-URL-unit"]);
  });

  test("a failure keeps the errors met before it", () => {
    const { url, validationErrors } = w.parseURLWithValidationErrors("https://user@:99999");
    assert.equal(url, null);
    assert.deepEqual(validationErrors, ["invalid-credentials", "host-missing"]);
  });
});

describe("isValidURLString", () => {
  test("the standard's writing rules, not 'parses without errors'", () => {
    const https = w.parseURL("https://example.com/");
    assert.equal(w.isValidURLString("https://example.com/././foo"), true);
    assert.equal(w.isValidURLString("hello:world", { baseURL: https }), true);
    assert.equal(w.isValidURLString("example", { baseURL: https }), true);
    assert.equal(w.isValidURLString("example"), false);
    assert.equal(w.isValidURLString("https:example.org"), false);
    assert.equal(w.isValidURLString("https://example.org/foo bar"), false);
    assert.equal(w.isValidURLString("https://example/%?%#%"), false);
    assert.equal(w.isValidURLString("https://example/%25?%25#%25"), true);
    assert.equal(w.isValidURLString("https://user:password@example.org/"), false);
    assert.equal(w.isValidURLString("https://example.org:0443/"), true);
    assert.equal(w.isValidURLString("https://example.org:99999/"), false);
    assert.equal(w.isValidURLString("https://example.org./"), false);
    assert.equal(w.isValidURLString("#f", { baseURL: w.parseURL("mailto:a") }), true);
    // A lone surrogate is not a URL unit (it is not even a scalar value); a pair is one.
    assert.equal(w.isValidURLString("https://h/\uD800"), false);
    assert.equal(w.isValidURLString("https://h/\uDC00x"), false);
    assert.equal(w.isValidURLString("https://h/\uD83D\uDE00"), true);
  });

  test("agrees with whatwg-url on every WPT input", () => {
    for (const entry of urltestdata) {
      assert.equal(
        w.isValidURLString(entry.input, { baseURL: base(entry) }),
        ref.isValidURLString(entry.input, { baseURL: refBase(entry) }),
        `${entry.input} against ${entry.base}`,
      );
    }
  });
});

describe("basicURLParse with a URL and a state override", () => {
  test("changes the given record in place, as whatwg-url does, and returns it or null", () => {
    for (const [state, value] of [
      ["scheme start", "wss:"], ["scheme start", "file:"], ["scheme start", "1x:"], ["host", "EXAMPLE.org:99"],
      ["host", "a:99999"], ["hostname", "[::1]"], ["hostname", "a b"], ["port", "8080x"], ["port", "99999"],
      ["path start", "a/./b/../c d"], ["query", "a b'"], ["fragment", "a b`"],
    ]) {
      const ours = w.parseURL("https://u@h:1/p?q#f");
      const theirs = ref.parseURL("https://u@h:1/p?q#f");
      const result = w.basicURLParse(value, { url: ours, stateOverride: state });
      const expected = ref.basicURLParse(value, { url: theirs, stateOverride: state });
      assert.equal(result === null, expected === null, `${state}: ${value}`);
      if (result !== null) assert.equal(result, ours);
      assert.deepEqual(ours, theirs, `${state}: ${value}`);
    }
  });

  test("keeps the path array it was given", () => {
    const url = w.parseURL("https://h/a");
    const path = url.path;
    w.basicURLParse("b", { url, stateOverride: "path start" });
    assert.equal(url.path, path);
    assert.deepEqual(path, ["a", "b"]);
  });

  test("a state that is not an override, or a half-given override, is a TypeError", () => {
    const url = w.parseURL("https://h/");
    assert.throws(() => w.basicURLParse("x", { url, stateOverride: "authority" }), TypeError);
    assert.throws(() => w.basicURLParse("x", { url }), TypeError);
    assert.throws(() => w.basicURLParse("x", { stateOverride: "host" }), TypeError);
    assert.deepEqual(url, w.parseURL("https://h/"));
  });
});

describe("records written by hand", () => {
  const records = [
    { scheme: "https", username: "", password: "", host: "example.org", port: null, path: ["a", ""], query: null, fragment: null },
    { scheme: "http", username: "u", password: "", host: 0x7f000001, port: 8080, path: [""], query: "", fragment: "" },
    { scheme: "http", username: "", password: "p w", host: [0x2001, 0xdb8, 0, 0, 0, 0, 0, 1], port: 0, path: [], query: "q", fragment: "f" },
    { scheme: "web+demo", username: "", password: "", host: null, port: null, path: ["", "x"], query: null, fragment: null },
    { scheme: "mailto", username: "", password: "", host: null, port: null, path: "a@b", query: "subject=hi", fragment: null },
    { scheme: "file", username: "", password: "", host: "", port: null, path: ["C:", "x"], query: null, fragment: null },
    { scheme: "sc", username: "é", password: "", host: "ÿ", port: null, path: ["ü"], query: "ä", fragment: "🏳️‍🌈" },
  ];

  test("serialize as whatwg-url serializes them", () => {
    for (const record of records) {
      const copy = structuredClone(record);
      for (const exclude of [false, true]) {
        assert.equal(w.serializeURL(record, exclude), ref.serializeURL(record, exclude), JSON.stringify(record));
      }
      assert.equal(w.serializePath(record), ref.serializePath(record));
      assert.equal(w.serializeURLOrigin(record), ref.serializeURLOrigin(record));
      assert.equal(w.serializeHost(record.host), ref.serializeHost(record.host));
      assert.equal(w.cannotHaveAUsernamePasswordPort(record), ref.cannotHaveAUsernamePasswordPort(record));
      assert.equal(w.hasAnOpaquePath(record), ref.hasAnOpaquePath(record));
      assert.deepEqual(record, copy, "left as it was");
    }
  });

  test("serve as base URLs and take state overrides", () => {
    for (const record of records) {
      for (const input of ["x", "../y?z", "//h2/", "#f2"]) {
        assert.deepEqual(w.parseURL(input, { baseURL: record }), ref.parseURL(input, { baseURL: record }), `${input} against ${JSON.stringify(record)}`);
      }
      // The standard's callers make the fragment non-null first (whatwg-url would write "null").
      const ours = { ...structuredClone(record), fragment: record.fragment ?? "" };
      const theirs = structuredClone(ours);
      assert.equal(w.basicURLParse("#frag", { url: ours, stateOverride: "fragment" }) === null, ref.basicURLParse("#frag", { url: theirs, stateOverride: "fragment" }) === null);
      assert.deepEqual(ours, theirs);
    }
  });

  test("what is not a record is a TypeError that names the field; the module keeps working", () => {
    const good = records[0];
    for (const [field, value] of [
      ["scheme", 1], ["username", null], ["host", -1], ["host", 2 ** 32], ["host", [1, 2, 3]], ["host", [0, 0, 0, 0, 0, 0, 0, 65536]],
      ["host", {}], ["port", 65536], ["port", 1.5], ["port", "80"], ["path", [1]], ["path", null], ["query", undefined], ["fragment", 0],
    ]) {
      const bad = { ...good, [field]: value };
      assert.throws(() => w.serializeURL(bad), (e) => e instanceof TypeError && e.message.includes(field), `${field}: ${value}`);
      assert.throws(() => w.parseURL("x", { baseURL: bad }), TypeError);
    }
    for (const bad of [null, undefined, "https://h/", 1]) assert.throws(() => w.serializeURL(bad), TypeError);
    assert.equal(w.serializeURL(good), "https://example.org/a/");
  });
});

describe("the rest of the API", () => {
  test("setTheUsername and setThePassword percent-encode as whatwg-url", () => {
    for (const value of ["", "a b", "@:/?#[]", "é", "\uD800", "%41"]) {
      const ours = w.parseURL("https://h/");
      const theirs = ref.parseURL("https://h/");
      w.setTheUsername(ours, value);
      ref.setTheUsername(theirs, value);
      w.setThePassword(ours, value);
      ref.setThePassword(theirs, value);
      assert.deepEqual(ours, theirs, value);
    }
  });

  test("percent-decoding strings and bytes", () => {
    for (const input of ["", "%41%zz%C3%A9", "%", "%4", "%%41", "é%E9", "\uD800%41"]) {
      assert.deepEqual(w.percentDecodeString(input), ref.percentDecodeString(input), input);
      const bytes = new TextEncoder().encode(input);
      assert.deepEqual(w.percentDecodeBytes(bytes), ref.percentDecodeBytes(bytes), input);
    }
    assert.ok(w.percentDecodeBytes(new Uint8Array([37, 52, 49])) instanceof Uint8Array);
    assert.deepEqual(w.percentDecodeBytes(new Uint8Array(100_000).fill(0x25)), new Uint8Array(100_000).fill(0x25));
    assert.throws(() => w.percentDecodeBytes("%41"), TypeError);
  });

  test("serializeInteger, serializeHost, domainToUnicode", () => {
    assert.equal(w.serializeInteger(8080), "8080");
    assert.equal(w.serializeHost(null), ref.serializeHost(null));
    assert.equal(w.serializeHost(0), "0.0.0.0");
    assert.equal(w.serializeHost([1, 0, 0, 0, 0, 0, 0, 0]), "[1::]");
    assert.equal(w.domainToUnicode("xn--fa-hia.example"), "faß.example");
  });

  test("only UTF-8: another encoding is a RangeError", () => {
    assert.deepEqual(w.parseURL("https://h/?é", { encoding: "UTF-8" }), ref.parseURL("https://h/?é"));
    assert.throws(() => w.parseURL("https://h/?é", { encoding: "windows-1252" }), RangeError);
  });

  test("the other builds export it too: the legacy ones all of Node's, the browser's whatwg-url.js the classes and it", async () => {
    for (const file of ["legacy.mjs", "nowasm.mjs", "whatwg-url.js"]) {
      const other = await import(join(pkg, file));
      const names = Object.keys(w).filter((name) => file !== "whatwg-url.js" || name in other);
      assert.deepEqual(Object.keys(other).sort(), names.sort(), file);
      assert.deepEqual(other.parseURLWithValidationErrors("https://a@b@h"), w.parseURLWithValidationErrors("https://a@b@h"), file);
    }
    const browser = await import(join(pkg, "whatwg-url.js"));
    for (const name of ["URL", "URLSearchParams", "parseURL", "basicURLParse", "serializeURL", "percentDecodeBytes", "engine"]) {
      assert.equal(typeof browser[name], "function", name);
    }
    assert.equal(browser.URLPattern, undefined);
  });
});
