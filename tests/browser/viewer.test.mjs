// The live viewer (www/) in headless Chromium: the page loads weburl from its browser entries,
// parses what is typed, reports invalid input, runs the setter playground, explains the parse
// (validation errors, valid URL string, host kind, component diagram, rendering for people), runs
// the URLPattern panel and keeps its state in the fragment, all without console errors.
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
  assert.ok(existsSync(join(root, "pkg", "urlpattern.js")), "pkg/urlpattern.js is missing: run `node scripts/build.mjs` first");
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
  assert.equal(await page.textContent("footer [data-entry-path]"), "/pkg/whatwg-url.js, /pkg/urlpattern.js, /pkg/display.js");
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

/** weburl's own answer, computed in the page with the package's low-level API. */
function engineErrors(input, base = "") {
  return page.evaluate(
    async ([input, base]) => {
      const { parseURL, parseURLWithValidationErrors } = await import("/pkg/whatwg-url.js");
      const options = base === "" ? {} : { baseURL: parseURL(base) };
      const { url, validationErrors } = parseURLWithValidationErrors(input, options);
      return { parsed: url !== null, validationErrors };
    },
    [input, base],
  );
}

/** The validation errors the page lists: name, link, explanation, whether marked as stopping the parser. */
function shownErrors() {
  return page.$$eval("#validation-errors li", (items) =>
    items.map((li) => ({
      name: li.querySelector(".verror-name").textContent,
      href: li.querySelector(".verror-name").href,
      text: li.querySelector(".verror-text").textContent,
      fatal: li.classList.contains("fatal"),
    })),
  );
}

/** The component diagram: [component or null for a delimiter, text, label]. */
function shownSegments() {
  return page.$$eval("#anatomy li", (items) =>
    items.map((li) => [li.dataset.component ?? null, li.querySelector(".seg-text").textContent, li.querySelector(".seg-label")?.textContent ?? null]),
  );
}

test("validation errors are listed in parser order, with repeats, explanations and links", async () => {
  // https:\\EXAMPLE.org\a b — the standard's parser meets, in order:
  //   special authority slashes state, c = "\": special-scheme-missing-following-solidus (pointer back);
  //   special authority ignore slashes state, "\" and "\" again: two more of them;
  //   host state ends at the third "\" (special URL); path start state, c = "\": invalid-reverse-solidus;
  //   path state, c = " ": invalid-URL-unit (then percent-encoded).
  const input = "https:\\\\EXAMPLE.org\\a b";
  const expected = [
    "special-scheme-missing-following-solidus",
    "special-scheme-missing-following-solidus",
    "special-scheme-missing-following-solidus",
    "invalid-reverse-solidus",
    "invalid-URL-unit",
  ];
  await typeInto("#url-input", input);
  assert.equal(await textWhen("#weburl-href", (t) => t === "https://example.org/a%20b"), "https://example.org/a%20b");
  const summaryText = await textWhen("#errors-summary", (t) => t.includes("5 validation errors"));
  assert.match(summaryText, /^The URL parses, with 5 validation errors/);
  const shown = await shownErrors();
  assert.deepEqual(shown.map((e) => e.name), expected);
  assert.deepEqual((await engineErrors(input)).validationErrors, expected, "the page lists what parseURLWithValidationErrors reports");
  for (const error of shown) {
    assert.equal(error.href, `https://url.spec.whatwg.org/#${error.name.toLowerCase()}`);
    assert.ok(error.text.length > 20, `${error.name} has an explanation`);
    assert.equal(error.fatal, false);
  }
  assert.equal(await page.getAttribute("#valid-url-string", "data-valid"), "false");

  // Credentials, then the IPv4 parser: too few parts before the hex part.
  const ipv4 = "https://user:pw@0x7f.1:8080/x";
  await typeInto("#url-input", ipv4);
  await textWhen("#weburl-href", (t) => t === "https://user:pw@127.0.0.1:8080/x");
  await textWhen("#errors-summary", (t) => t.includes("3 validation errors"));
  const ipv4Expected = ["invalid-credentials", "IPv4-too-few-parts", "IPv4-non-decimal-part"];
  assert.deepEqual((await shownErrors()).map((e) => e.name), ipv4Expected);
  assert.deepEqual((await engineErrors(ipv4)).validationErrors, ipv4Expected);
  assert.equal(await textWhen("#host-kind", (t) => t === "IPv4"), "IPv4");

  // A failure shows the error that stopped parsing.
  await typeInto("#url-input", "http://[1::2::3]/");
  const failed = await textWhen("#errors-summary", (t) => t.includes("does not parse"));
  assert.equal(failed, "The URL does not parse: IPv6-multiple-compression stopped the parser.");
  assert.deepEqual(await shownErrors().then((list) => list.map((e) => [e.name, e.fatal])), [["IPv6-multiple-compression", true]]);
  assert.match(await page.textContent("#validation-errors li.fatal"), /stopped parsing/);
  assert.equal(await page.locator("#anatomy li").count(), 0);

  // domain-to-ASCII's entry in the table has its own anchor.
  await typeInto("#url-input", "https://ex ample.org/");
  await textWhen("#errors-summary", (t) => t.includes("domain-to-ASCII"));
  assert.deepEqual(
    (await shownErrors()).map((e) => [e.name, e.href, e.fatal]),
    [["domain-to-ASCII", "https://url.spec.whatwg.org/#validation-error-domain-to-ascii", true]],
  );

  // A clean URL says so, and is a valid URL string.
  await typeInto("#url-input", "https://example.org/a?b#c");
  assert.equal(
    await textWhen("#errors-summary", (t) => t.includes("no validation errors")),
    "The URL parses with no validation errors.",
  );
  assert.equal(await page.locator("#validation-errors li").count(), 0);
  assert.equal(await page.getAttribute("#valid-url-string", "data-valid"), "true");
  assert.match(await page.textContent("#valid-url-string"), /valid URL string/);

  // An invalid base URL: its own errors are shown.
  await typeInto("#url-input", "/x");
  await typeInto("#base-input", "nope");
  assert.equal(
    await textWhen("#errors-summary", (t) => t.startsWith("The base URL")),
    "The base URL does not parse: missing-scheme-non-relative-URL stopped the parser.",
  );
  await page.fill("#base-input", "");
});

test("the host's kind, and a domain's Unicode form", async () => {
  await typeInto("#url-input", "https://xn--fa-hia.example/");
  assert.equal(await textWhen("#host-unicode", (t) => t === "faß.example"), "faß.example");
  assert.equal(await textWhen("#host-kind"), "domain");
  assert.equal(await page.getAttribute("#host-kind", "data-kind"), "domain");
  assert.ok(await page.isVisible("#host-unicode-row"), "the Unicode form is shown");
  assert.equal(await textWhen("#host-serialized"), "xn--fa-hia.example");

  await typeInto("#url-input", "http://[0:0::1]/");
  assert.equal(await textWhen("#host-kind", (t) => t === "IPv6"), "IPv6");
  assert.equal(await textWhen("#host-serialized"), "[::1]");
  assert.equal(await page.isVisible("#host-unicode-row"), false, "no Unicode form for an IP address");

  // An ASCII domain has no different Unicode form.
  await typeInto("#url-input", "https://Example.org/");
  assert.equal(await textWhen("#host-kind", (t) => t === "domain"), "domain");
  assert.equal(await page.isVisible("#host-unicode-row"), false);

  for (const [input, kind] of [["sc://Ex%41mple/", "opaque"], ["file:///etc", "empty"], ["sc:x", "null"], ["http://0x7f.1/", "IPv4"]]) {
    await typeInto("#url-input", input);
    assert.equal(await textWhen("#host-kind", (t) => t === kind), kind, input);
  }
});

test("the URL rendered for people: as an address bar shows it, and in full", async () => {
  await typeInto("#url-input", "https://user:pw@xn--mnchen-3ya.de/caf%C3%A9?q=%E2%9C%93%20%E2%80%AE");
  const bar = await textWhen("#rendered-address-bar", (t) => t.startsWith("münchen.de"));
  assert.equal(bar, "münchen.de/café?q=✓%20%E2%80%AE");
  assert.equal(await textWhen("#rendered-full"), "https://user:pw@münchen.de/café?q=✓%20%E2%80%AE");
  assert.equal(await textWhen("#rendered-note"), "(parses back to the same URL)");
  // A whole-script confusable stays in Punycode; a lone / is left out of the address bar.
  await typeInto("#url-input", "https://xn--80ak6aa92e.com/");
  assert.equal(await textWhen("#rendered-address-bar", (t) => t.startsWith("xn--")), "xn--80ak6aa92e.com");
  assert.equal(await textWhen("#rendered-full"), "https://xn--80ak6aa92e.com/");
  // Nothing to render for input that does not parse.
  await typeInto("#url-input", "https://ex ample.org/");
  assert.equal(await textWhen("#rendered-address-bar", (t) => t === ""), "");
});

test("the component diagram labels each part of the href exactly", async () => {
  const cases = [
    ["https://u:p@h:8/p?q#f", [
      ["scheme", "https", "scheme"], [null, ":", null], [null, "//", null],
      ["username", "u", "username"], [null, ":", null], ["password", "p", "password"], [null, "@", null],
      ["host", "h", "host"], [null, ":", null], ["port", "8", "port"],
      ["path", "/p", "path"], [null, "?", null], ["query", "q", "query"], [null, "#", null], ["fragment", "f", "fragment"],
    ]],
    // "/." keeps the path //x from reading as a host: it belongs to no component.
    ["web+demo:/.//x", [["scheme", "web+demo", "scheme"], [null, ":", null], [null, "/.", "no component"], ["path", "//x", "path"]]],
    // A file URL with an empty host.
    ["file:///C|/demo", [["scheme", "file", "scheme"], [null, ":", null], [null, "//", null], ["host", "", "host"], ["path", "/C:/demo", "path"]]],
    // An opaque path.
    ["sc:a b #x", [["scheme", "sc", "scheme"], [null, ":", null], ["path", "a b%20", "path"], [null, "#", null], ["fragment", "x", "fragment"]]],
    // Empty query and fragment are still components.
    ["https://h/?#", [
      ["scheme", "https", "scheme"], [null, ":", null], [null, "//", null], ["host", "h", "host"], ["path", "/", "path"],
      [null, "?", null], ["query", "", "query"], [null, "#", null], ["fragment", "", "fragment"],
    ]],
  ];
  for (const [input, expected] of cases) {
    await typeInto("#url-input", input);
    const href = expected.map(([, text]) => text).join("");
    assert.equal(await textWhen("#weburl-href", (t) => t === href), href, `href of ${input}`);
    let segments = await shownSegments();
    const deadline = Date.now() + TIMEOUT;
    while (segments.map(([, text]) => text).join("") !== href && Date.now() < deadline) segments = await shownSegments();
    assert.deepEqual(segments, expected, input);
  }
  // The empty host is marked as such.
  await typeInto("#url-input", "file:///x");
  await textWhen("#weburl-href", (t) => t === "file:///x");
  assert.equal(await page.locator('#anatomy li[data-component="host"]').getAttribute("class"), "seg seg-host seg-empty");
  assert.equal(await page.textContent("#anatomy-note"), "");
});

test("the state lives in the fragment: typing updates it, and a link reproduces the page", async () => {
  const input = "../x y?a=1&b=%C3%A9#z";
  const base = "https://example.org/a/b/c";
  await typeInto("#url-input", input);
  await typeInto("#base-input", base);
  await page.selectOption("#setter-attr", "hash");
  await page.fill("#setter-value", "new");
  const expectedHash = `#url=${encodeURIComponent(input)}&base=${encodeURIComponent(base)}&attr=hash&value=new`;
  const deadline = Date.now() + TIMEOUT;
  while (new URL(page.url()).hash !== expectedHash && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  assert.equal(new URL(page.url()).hash, expectedHash);
  assert.equal(new URL(page.url()).search, "");

  // A fresh load of a link with that fragment.
  await page.goto("about:blank");
  const link = `${baseUrl}#url=${encodeURIComponent("https://u:p@[::1]:8/p?q=%C3%A9&r#f")}&base=${encodeURIComponent("https://example.org/")}`;
  await page.goto(link);
  await page.waitForSelector("html[data-ready]");
  assert.equal(await page.getAttribute("html", "data-ready"), "true");
  assert.equal(await page.inputValue("#url-input"), "https://u:p@[::1]:8/p?q=%C3%A9&r#f");
  assert.equal(await page.inputValue("#base-input"), "https://example.org/");
  assert.equal(await textWhen("#weburl-href", (t) => t !== ""), "https://u:p@[::1]:8/p?q=%C3%A9&r#f");
  assert.equal(await textWhen("#host-kind"), "IPv6");
  assert.deepEqual((await shownErrors()).map((e) => e.name), ["invalid-credentials"]);
  assert.deepEqual(await page.$$eval("#weburl-searchParams li", (items) => items.map((li) => li.textContent)), ["q=é", "r="]);
  assert.match(await page.textContent("#query-note"), /^2 name–value pairs/);
  assert.deepEqual(
    (await shownSegments()).filter(([component]) => component !== null).map(([component, text]) => `${component}=${text}`),
    ["scheme=https", "username=u", "password=p", "host=[::1]", "port=8", "path=/p", "query=q=%C3%A9&r", "fragment=f"],
  );
  // The setter playground's fields are at their defaults: the link did not name them.
  assert.equal(await page.inputValue("#setter-attr"), "pathname");
  assert.equal(new URL(page.url()).hash, link.slice(link.indexOf("#")));

  // A link that changes only the fragment of the open page is followed too.
  await page.evaluate(() => {
    location.hash = `#url=${encodeURIComponent("sc://h/?#")}&attr=search&value=${encodeURIComponent("?x")}`;
  });
  assert.equal(await textWhen("#weburl-href", (t) => t === "sc://h/?#"), "sc://h/?#");
  assert.equal(await page.inputValue("#base-input"), "");
  assert.equal(await page.inputValue("#setter-attr"), "search");
  assert.equal(await textWhen("#set-weburl-href", (t) => t === "sc://h/?x#"), "sc://h/?x#");
  assert.equal(await textWhen("#host-kind"), "opaque");

  // The skip link moves focus without losing the state in the fragment.
  const before = page.url();
  await page.focus("#url-input");
  await page.evaluate(() => document.querySelector(".skip-link").click());
  assert.equal(page.url(), before);
  assert.equal(await page.evaluate(() => document.activeElement?.id), "results-heading");
});

/** The groups the URLPattern panel shows for `component`: [name, value, whether shown as undefined]. */
function shownGroups(component) {
  return page.$$eval(`#pattern-groups-${component} li`, (items) =>
    items.map((li) => [
      li.querySelector(".pair-name").textContent,
      li.querySelector(".pair-value").textContent,
      li.querySelector(".pair-value").classList.contains("undefined-value"),
    ]),
  );
}

/** The URLPattern panel's eight component patterns, by component. */
function shownComponentPatterns() {
  return page.$$eval("#pattern-components tbody tr", (trs) =>
    Object.fromEntries(trs.map((tr) => [tr.dataset.row, tr.querySelector(".pattern-pattern .text").textContent])),
  );
}

/** Components marked as not matching. */
function shownMismatches() {
  return page.$$eval("#pattern-components tbody tr.mismatch", (trs) => trs.map((tr) => tr.dataset.row));
}

test("the URLPattern panel shows a pattern's components, whether a URL matches, and its groups", async () => {
  // The prefilled pattern matches the prefilled URL.
  assert.equal(await page.inputValue("#pattern-string"), "https://example.com/books/:id(\\d+)");
  assert.equal(await page.getAttribute("#pattern-summary", "data-state"), "match");

  await typeInto("#pattern-string", "https://example.com/shelves/:shelf/books/:id(\\d+)");
  await typeInto("#pattern-url", "https://example.com/shelves/new/books/7");
  assert.match(await textWhen("#pattern-summary", (t) => t.startsWith("Matches")), /^Matches, with 2 named groups/);
  assert.deepEqual(await shownGroups("pathname"), [["shelf", "new", false], ["id", "7", false]]);

  await typeInto("#pattern-string", "https://example.com/books/:id(\\d+)");
  await typeInto("#pattern-url", "https://example.com/books/42");
  assert.equal(await textWhen("#pattern-pattern-pathname", (t) => t === "/books/:id(\\d+)"), "/books/:id(\\d+)");
  assert.deepEqual(await shownComponentPatterns(), {
    protocol: "https", username: "*", password: "*", hostname: "example.com",
    port: "", pathname: "/books/:id(\\d+)", search: "*", hash: "*",
  });
  assert.equal(await textWhen("#pattern-has-regexp", (t) => t === "yes"), "yes");
  assert.match(await textWhen("#pattern-summary", (t) => t.startsWith("Matches")), /^Matches, with 1 named group:/);
  assert.equal(await page.getAttribute("#pattern-summary", "data-state"), "match");
  assert.deepEqual(await shownGroups("pathname"), [["id", "42", false]]);
  assert.equal(await page.textContent("#pattern-value-pathname"), "/books/42");
  assert.equal(await page.textContent("#pattern-value-hostname"), "example.com");
  // Wildcard components capture group 0 (here, the empty search).
  assert.deepEqual(await shownGroups("search"), [["0", "", false]]);
  assert.deepEqual(await shownGroups("hostname"), []);
  // What the page shows is what the package's URLPattern returns.
  const direct = await page.evaluate(async () => {
    const { URLPattern } = await import("/pkg/urlpattern.js");
    const pattern = new URLPattern("https://example.com/books/:id(\\d+)");
    return { pathname: pattern.pathname, hasRegExpGroups: pattern.hasRegExpGroups, groups: pattern.exec("https://example.com/books/42").pathname.groups };
  });
  assert.deepEqual(direct, { pathname: "/books/:id(\\d+)", hasRegExpGroups: true, groups: { id: "42" } });

  // A URL that does not match: the pathname is marked.
  await typeInto("#pattern-url", "https://example.com/books/x");
  assert.match(await textWhen("#pattern-summary", (t) => /no match/i.test(t)), /^No match: the pathname component does not match/);
  assert.equal(await page.getAttribute("#pattern-summary", "data-state"), "no-match");
  assert.deepEqual(await shownMismatches(), ["pathname"]);
  assert.equal(await page.textContent("#pattern-value-pathname"), "/books/x");
  assert.equal(await page.getAttribute("#pattern-groups-pathname", "class"), "groups na");
  // A URL that does not parse at all.
  await typeInto("#pattern-url", "books/42");
  assert.match(await textWhen("#pattern-summary", (t) => t.includes("does not parse")), /^No match: the URL to match does not parse/);
  assert.deepEqual(await shownMismatches(), []);

  // An invalid pattern: the constructor's TypeError.
  await typeInto("#pattern-string", "/books/(");
  await typeInto("#pattern-base", "https://example.com");
  const expected = await page.evaluate(async () => {
    const { URLPattern } = await import("/pkg/urlpattern.js");
    try {
      new URLPattern("/books/(", "https://example.com");
      return null;
    } catch (error) {
      return `${error.name}: ${error.message}`;
    }
  });
  assert.match(expected ?? "", /^TypeError: Failed to construct 'URLPattern'/);
  const message = await textWhen("#pattern-error", (t) => expected.endsWith(t) && t.length > 0);
  assert.equal(`TypeError: ${message}`, expected);
  assert.equal(await page.getAttribute("#pattern-summary", "data-state"), "error");
  assert.equal(await page.textContent("#pattern-summary .error-name"), "TypeError");
  assert.equal(await page.textContent("#pattern-has-regexp"), "—");
  assert.equal(await page.getAttribute("#pattern-pattern-pathname", "class"), "text na");

  // An example: an optional group left out is undefined.
  await page.click('[data-testid="pattern-example"][data-pattern="/docs{/:lang}?/:page"]');
  assert.equal(await page.inputValue("#pattern-string"), "/docs{/:lang}?/:page");
  assert.equal(await page.inputValue("#pattern-base"), "https://example.com");
  // Normalized: {/:lang}? is written as /:lang? (a "/" prefix needs no braces).
  assert.equal(await textWhen("#pattern-pattern-pathname", (t) => t === "/docs/:lang?/:page"), "/docs/:lang?/:page");
  assert.equal(await page.getAttribute("#pattern-summary", "data-state"), "match");
  assert.deepEqual(await shownGroups("pathname"), [["lang", "undefined", true], ["page", "intro", false]]);
  assert.equal(await page.textContent("#pattern-has-regexp"), "no");

  // ignoreCase.
  await typeInto("#pattern-string", "/Books/:id");
  await typeInto("#pattern-url", "https://example.com/books/7");
  await textWhen("#pattern-summary", (t) => /no match/i.test(t));
  await page.check("#pattern-icase");
  assert.match(await textWhen("#pattern-summary", (t) => t.startsWith("Matches")), /^Matches/);
  assert.deepEqual(await shownGroups("pathname"), [["id", "7", false]]);

  // Matching the URL above (with its base) instead of the panel's own field.
  await page.click('[data-testid="pattern-example"][data-pattern="https://*.example.com/*"]');
  await typeInto("#url-input", "/a/b?c");
  await typeInto("#base-input", "https://Api.EXAMPLE.com/");
  await page.check("#pattern-use-url");
  assert.equal(await page.isDisabled("#pattern-url"), true);
  assert.match(await textWhen("#pattern-summary", (t) => t.startsWith("Matches")), /^Matches/);
  assert.deepEqual(await shownGroups("hostname"), [["0", "api", false]]);
  assert.deepEqual(await shownGroups("pathname"), [["0", "a/b", false]]);
  assert.deepEqual(await shownGroups("search"), [["0", "c", false]]);
  // It follows the URL above as it is typed.
  await typeInto("#url-input", "https://example.org/");
  assert.match(await textWhen("#pattern-summary", (t) => /no match/i.test(t)), /^No match: the hostname component does not match/);
  await page.uncheck("#pattern-use-url");
  assert.equal(await page.isDisabled("#pattern-url"), false);
  await page.fill("#base-input", "");
});

test("the URLPattern panel's state is in the fragment, and a link restores it", async () => {
  await typeInto("#pattern-string", "/books/:id(\\d+)");
  await typeInto("#pattern-base", "https://example.com");
  await page.check("#pattern-icase");
  await typeInto("#pattern-url", "https://example.com/BOOKS/7");
  const statePart = `pattern=${encodeURIComponent("/books/:id(\\d+)")}&pbase=${encodeURIComponent("https://example.com")}` +
    `&icase=1&pinput=${encodeURIComponent("https://example.com/BOOKS/7")}`;
  const deadline = Date.now() + TIMEOUT;
  while (!new URL(page.url()).hash.endsWith(statePart) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  assert.ok(new URL(page.url()).hash.endsWith(statePart), new URL(page.url()).hash);

  // A fresh load of a link with only the panel's state.
  await page.goto("about:blank");
  await page.goto(`${baseUrl}#${statePart}`);
  await page.waitForSelector("html[data-ready]");
  assert.equal(await page.inputValue("#pattern-string"), "/books/:id(\\d+)");
  assert.equal(await page.inputValue("#pattern-base"), "https://example.com");
  assert.equal(await page.isChecked("#pattern-icase"), true);
  assert.equal(await page.isChecked("#pattern-use-url"), false);
  assert.equal(await page.inputValue("#pattern-url"), "https://example.com/BOOKS/7");
  assert.match(await textWhen("#pattern-summary", (t) => t.startsWith("Matches")), /^Matches/);
  assert.deepEqual(await shownGroups("pathname"), [["id", "7", false]]);
  assert.equal(await page.textContent("#pattern-pattern-hostname"), "example.com");
  assert.equal(await page.textContent("#pattern-pattern-pathname"), "/books/:id(\\d+)");
  // The rest of the page is at its defaults, and the fragment is left as it was.
  assert.ok((await page.inputValue("#url-input")).startsWith("https://user:pass@"));
  assert.equal(new URL(page.url()).hash, `#${statePart}`);

  // A fragment-only change: match the URL above.
  await page.evaluate(() => {
    location.hash = `#url=${encodeURIComponent("https://shop.example.com/cart")}&pattern=${encodeURIComponent("https://*.example.com/*")}&puse=1`;
  });
  assert.equal(await textWhen("#pattern-pattern-hostname", (t) => t === "*.example.com"), "*.example.com");
  assert.equal(await page.isChecked("#pattern-use-url"), true);
  assert.equal(await page.isChecked("#pattern-icase"), false);
  assert.equal(await page.inputValue("#pattern-base"), "");
  assert.equal(await page.isDisabled("#pattern-url"), true);
  assert.match(await textWhen("#pattern-summary", (t) => t.startsWith("Matches")), /^Matches/);
  assert.deepEqual(await shownGroups("hostname"), [["0", "shop", false]]);
  assert.deepEqual(await shownGroups("pathname"), [["0", "cart", false]]);
});

test("no console errors, page errors or failed requests", () => {
  assert.deepEqual(problems, []);
});
