// The live viewer (www/) in headless Chromium: the page loads weburl from /pkg/, parses what is
// typed, reports invalid input, and runs the setter playground, all without console errors.
//   node --test tests/browser/viewer.test.mjs
// Needs pkg/ (node scripts/build.mjs) and Chromium (/usr/bin/chromium, or $CHROMIUM). A missing
// Chromium fails the test; it never skips.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { startServer } from "../../scripts/server.mjs";
import { launchChromium } from "./chromium.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TIMEOUT = 15_000;

let server = null;
let baseUrl = null;
let browser = null;
let page = null;
const problems = []; // console errors, page errors, failed requests

before(async () => {
  assert.ok(existsSync(join(root, "pkg", "index.js")), "pkg/index.js is missing: run `node scripts/build.mjs` first");
  ({ server, url: baseUrl } = await startServer({ "/": join(root, "www"), "/pkg/": join(root, "pkg") }, 0));
  browser = await launchChromium(); // throws (and fails every test) when Chromium cannot start
  page = await browser.newPage();
  page.setDefaultTimeout(TIMEOUT);
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(baseUrl);
  await page.waitForSelector("html[data-ready]");
});

after(async () => {
  try {
    await browser?.close();
  } finally {
    if (server !== null) {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
    }
  }
});

/** The text of `selector` once `predicate(text)` holds (or the last text, after the timeout). */
async function textWhen(selector, predicate = () => true) {
  const deadline = Date.now() + TIMEOUT;
  let text = null;
  for (;;) {
    text = await page.locator(selector).textContent({ timeout: TIMEOUT }).catch(() => null);
    if (text !== null && predicate(text)) return text;
    if (Date.now() > deadline) return text;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Types `value` into `selector` key by key, as a user would. */
async function typeInto(selector, value) {
  const field = page.locator(selector);
  await field.fill("");
  await field.pressSequentially(value);
}

test("the page loads weburl and parses the prefilled URL", async () => {
  assert.equal(await page.getAttribute("html", "data-ready"), "true", "weburl did not load");
  const input = await page.inputValue("#url-input");
  assert.ok(input.length > 0, "the URL field is prefilled");
  const href = await textWhen("#weburl-href", (t) => t !== "");
  assert.ok(href.startsWith("https://user:pass@xn--fa-hia.example/"), `weburl href: ${href}`);
  assert.match(await page.title(), /weburl/);
  const specLinks = await page.locator('header a[href="https://url.spec.whatwg.org/"]').count();
  assert.ok(specLinks >= 1, "the header links to the URL Standard");
});

test("typing a URL shows weburl's parse, live", async () => {
  await typeInto("#url-input", "http://FAẞ.de/x");
  const href = await textWhen("#weburl-href", (t) => t === "http://xn--fa-hia.de/x");
  assert.equal(href, "http://xn--fa-hia.de/x");
  assert.equal(await textWhen("#weburl-hostname"), "xn--fa-hia.de");
  assert.equal(await textWhen("#weburl-pathname"), "/x");
  assert.equal(await textWhen("#weburl-origin"), "http://xn--fa-hia.de");
  // The browser column is filled too.
  assert.notEqual(await textWhen("#browser-href"), "");
  // Rows are marked exactly when the two columns differ.
  const rows = await page.$$eval("#results tbody tr", (trs) =>
    trs.map((tr) => ({
      row: tr.dataset.row,
      diff: tr.classList.contains("diff"),
      weburl: tr.querySelector("td.weburl").textContent,
      browser: tr.querySelector("td.browser").textContent,
    })),
  );
  for (const { row, diff, weburl, browser } of rows) {
    if (row === "result") continue;
    assert.equal(diff, weburl !== browser, `row ${row}: diff=${diff}, "${weburl}" vs "${browser}"`);
  }
});

test("a base URL is used when given", async () => {
  await typeInto("#url-input", "../x?y=1#z");
  await typeInto("#base-input", "https://example.org/a/b/c");
  assert.equal(await textWhen("#weburl-href", (t) => t === "https://example.org/a/x?y=1#z"), "https://example.org/a/x?y=1#z");
  const pairs = await page.$$eval("#weburl-searchParams li", (items) => items.map((li) => li.textContent));
  assert.deepEqual(pairs, ["y=1"]);
  await page.fill("#base-input", "");
});

test("an invalid URL shows the TypeError message naming the input", async () => {
  await typeInto("#url-input", "https://ex ample.org/");
  const message = await textWhen("#weburl-error", (t) => t.includes("ex ample"));
  assert.equal(message, 'Invalid URL "https://ex ample.org/" (domain-to-ASCII)');
  assert.match(await textWhen("#weburl-result"), /^✗?\s*TypeError/);
  assert.equal(await page.locator("#weburl-href").textContent(), "");
  // Chromium accepts this one (as ex%20ample.org): the outcome row is marked as a difference.
  const browserParsed = (await page.locator("#browser-error").count()) === 0;
  const resultDiff = await page.$eval('#results tr[data-row="result"]', (tr) => tr.classList.contains("diff"));
  assert.equal(resultDiff, browserParsed);
  // An invalid base URL is reported as such.
  await typeInto("#url-input", "/x");
  await typeInto("#base-input", "nope");
  assert.equal(
    await textWhen("#weburl-error", (t) => t.includes("nope")),
    'Invalid base URL "nope" (missing-scheme-non-relative-URL)',
  );
  assert.ok((await textWhen("#browser-error", (t) => t !== "")).length > 0, "this browser rejects the base too");
  await page.fill("#base-input", "");
});

test("the setter playground applies a setter to both URLs", async () => {
  await typeInto("#url-input", "http://FAẞ.de/x");
  await textWhen("#weburl-href", (t) => t === "http://xn--fa-hia.de/x");

  await page.selectOption("#setter-attr", "pathname");
  await page.fill("#setter-value", "/ä b/./c");
  await page.click("#setter-apply");
  assert.equal(
    await textWhen("#set-weburl-href", (t) => t === "http://xn--fa-hia.de/%C3%A4%20b/c"),
    "http://xn--fa-hia.de/%C3%A4%20b/c",
  );
  assert.equal(await textWhen("#set-weburl-pathname"), "/%C3%A4%20b/c");
  // The parse above is untouched.
  assert.equal(await textWhen("#weburl-href"), "http://xn--fa-hia.de/x");

  await page.selectOption("#setter-attr", "hostname");
  await page.fill("#setter-value", "EXAMPLE.org");
  await page.click("#setter-apply");
  assert.equal(await textWhen("#set-weburl-href", (t) => t === "http://example.org/x"), "http://example.org/x");

  // A port that is not a number is ignored by the setter.
  await page.selectOption("#setter-attr", "port");
  await page.fill("#setter-value", "abc");
  await page.click("#setter-apply");
  assert.equal(await textWhen("#set-weburl-href", (t) => t === "http://xn--fa-hia.de/x"), "http://xn--fa-hia.de/x");

  // The href setter throws on an invalid URL: the playground shows the TypeError.
  await page.selectOption("#setter-attr", "href");
  await page.fill("#setter-value", "nope");
  await page.click("#setter-apply");
  assert.equal(await textWhen("#set-weburl-error", (t) => t.includes("nope")), 'Invalid URL "nope" (missing-scheme-non-relative-URL)');
});

test("an example button parses its input", async () => {
  await page.click('[data-testid="example"][data-url="sc:a b #x"]');
  assert.equal(await page.inputValue("#url-input"), "sc:a b #x");
  assert.equal(await textWhen("#weburl-href", (t) => t === "sc:a b%20#x"), "sc:a b%20#x");
  assert.equal(await textWhen("#weburl-pathname"), "a b%20");
});

test("no console errors, page errors or failed requests", () => {
  assert.deepEqual(problems, []);
});
