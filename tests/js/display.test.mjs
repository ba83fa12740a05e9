// renderURL (weburl/display, URL rendering) through the package: the table of cases shared with
// tests/display.rs, its arguments (a URL object or any value whose string is a URL; the options
// as a WebIDL dictionary), TypeErrors, the round trip on a sample of the datasets and every WPT
// href, and the same results on the legacy and JavaScript engines.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { datasetLines, pkg, root, wpt } from "./helpers.mjs";

const weburl = await import(join(pkg, "node.mjs"));
const { renderURL, URL } = weburl;
const table = JSON.parse(readFileSync(join(root, "tests", "display-cases.json"), "utf8")).filter((c) => typeof c === "object");
const ADDRESS_BAR = { elideScheme: true, elideTrailingSlash: true, hideCredentials: true };

/** Runs the table through `render` (a renderURL); returns the failures. */
function runTable(render, Parser) {
  const failures = [];
  for (const { input, rendered, addressBar } of table) {
    const got = render(input);
    if (got !== rendered) failures.push(`${input}: rendered ${got}, expected ${rendered}`);
    const bar = render(input, ADDRESS_BAR);
    if (bar !== addressBar) failures.push(`${input}: address bar ${bar}, expected ${addressBar}`);
    if (new Parser(got).href !== new Parser(input).href) failures.push(`${input}: ${got} parses to another URL`);
  }
  return failures;
}

test("the table of cases (tests/display-cases.json)", () => {
  assert.ok(table.length >= 40);
  assert.deepEqual(runTable(renderURL, URL), []);
});

test("the url argument: a URL object, anything whose string is a URL, or a string", () => {
  const href = "https://xn--mnchen-3ya.de/caf%C3%A9";
  assert.equal(renderURL(new URL(href)), "https://münchen.de/café");
  assert.equal(renderURL(new globalThis.URL(href)), "https://münchen.de/café");
  assert.equal(renderURL({ toString: () => href }), "https://münchen.de/café");
  assert.equal(renderURL("HTTPS://XN--MNCHEN-3YA.DE/caf%C3%A9?x#y"), "https://münchen.de/café?x#y");
  assert.equal(renderURL("https://example.com/\uD800"), "https://example.com/%EF%BF%BD", "a lone surrogate is U+FFFD, kept encoded");
});

test("TypeErrors: no argument, not a URL, a relative URL, options that are not an object", () => {
  assert.throws(() => renderURL(), TypeError);
  assert.throws(() => renderURL("https://ex ample.org/"), (e) => e instanceof TypeError && e.message === 'Invalid URL "https://ex ample.org/" (domain-to-ASCII)');
  assert.throws(() => renderURL("/relative"), (e) => e instanceof TypeError && /^Invalid URL "\/relative"/.test(e.message));
  assert.throws(() => renderURL(Symbol("x")), TypeError);
  assert.throws(() => renderURL("https://a/", 1), TypeError);
  assert.throws(() => renderURL("https://a/", "elideScheme"), TypeError);
  assert.equal(renderURL("https://a/", null), "https://a/");
});

test("options: a dictionary read in WebIDL order, values converted to booleans", () => {
  const read = [];
  const options = new Proxy({ elideScheme: 1, unicodeHost: 0, hideCredentials: "yes" }, {
    get(target, key) {
      if (typeof key === "string") read.push(key);
      return target[key];
    },
  });
  assert.equal(renderURL("https://u:p@xn--mnchen-3ya.de/%C3%A9", options), "xn--mnchen-3ya.de/é");
  assert.deepEqual(read, ["elideScheme", "elideTrailingSlash", "hideCredentials", "percentDecode", "unicodeHost"]);
  assert.equal(renderURL("https://xn--mnchen-3ya.de/%C3%A9", { percentDecode: false }), "https://münchen.de/%C3%A9");
  assert.equal(renderURL("https://example.com/", { elideTrailingSlash: true }), "https://example.com");
});

test("the round trip: every WPT href and every 10th line of the datasets", () => {
  const inputs = [];
  for (const entry of wpt("urltestdata.json")) if (typeof entry === "object" && entry.href) inputs.push(entry.href);
  for (const name of ["kasztp.txt", "node_files.txt"]) inputs.push(...datasetLines(name).filter((_, i) => i % 10 === 0));
  let checked = 0;
  let changed = 0;
  const failures = [];
  for (const input of inputs) {
    const url = URL.parse(input);
    if (url === null) continue;
    const rendered = renderURL(url);
    checked++;
    if (rendered !== url.href) changed++;
    if (URL.parse(rendered)?.href !== url.href) failures.push(`${url.href} → ${rendered}`);
  }
  assert.deepEqual(failures.slice(0, 20), []);
  assert.ok(checked > 9000 && changed > 20, `${checked} checked, ${changed} changed`);
});

test("the legacy and JavaScript engines render the same", async () => {
  for (const entry of ["legacy.mjs", "nowasm.mjs"]) {
    const other = await import(join(pkg, entry));
    assert.deepEqual(runTable(other.renderURL, other.URL), [], entry);
  }
});

test("the package maps weburl/display", () => {
  const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
  assert.equal(manifest.exports["./display"].node.import, "./node.mjs");
  assert.equal(manifest.exports["./display"].default, "./display.js");
  assert.equal(manifest.exports["./display"].types.require, "./display.d.cts");
});
