// The weburl live viewer: parses the input with weburl (WebAssembly) and with this browser's
// own URL on every keystroke, and shows both side by side. Plain ES module, no dependencies.

const BrowserURL = globalThis.URL;
const BrowserParams = globalThis.URLSearchParams;

/** The URL attributes shown, in the order of the standard's IDL. */
const ATTRIBUTES = [
  "href", "origin", "protocol", "username", "password",
  "host", "hostname", "port", "pathname", "search", "hash",
];
/** The attributes with a setter (origin and searchParams are read-only). */
const SETTABLE = [
  "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash",
];
/** Rows of a result table: the outcome, the attributes, the query's name-value pairs. */
const ROWS = ["result", ...ATTRIBUTES, "searchParams"];

const DEFAULT_URL = "https://user:pass@faß.EXAMPLE:443/a/./b/../c d?q=1&x=é#frag";

const EXAMPLES = [
  { url: "http://FAẞ.de/", note: "IDNA maps ẞ to ß and Punycode-encodes it: xn--fa-hia.de." },
  { url: "https://xn--8i7caa.famitei.net/", note: "An ASCII xn-- domain is kept as it is under the current standard." },
  { url: "sc:a b #x", note: "Opaque path: the space before # becomes %20." },
  { url: "file:///C|/demo", note: "Windows drive letter: “C|” is normalized to “C:”." },
  { url: "http://[::ffff:1.2.3.4]/", note: "IPv4-mapped IPv6 address, serialized in hex." },
  { url: "http://0x7f.1/", note: "Hex and shortened IPv4: this is 127.0.0.1." },
  { url: "https://a@b@c/", note: "The last @ ends the credentials; the first one is percent-encoded." },
  { url: "web+demo:/.//not-a-host/", note: "“/.” keeps a path that starts with // from reading as a host." },
  { url: "https://example.org/?q=🏳️‍🌈", note: "A ZWJ emoji sequence, percent-encoded in the query." },
  { url: "HTTPS://EXAMPLE.org:443/%7e/", note: "Scheme and host lowercased, default port dropped, %7e kept." },
  { url: "https://Ｅｘａｍｐｌｅ．ｃｏｍ/", note: "Full-width letters and dot are mapped by IDNA." },
  { url: "blob:https://example.org/uuid", note: "A blob: URL has the origin of the URL inside it." },
  { url: "../x?y#z", base: "https://example.org/a/b/c", note: "A relative reference resolved against a base." },
  { url: "https://ex ample.org/", note: "Invalid: a space in a domain (domain-to-ASCII)." },
  { url: "http://256.256.256.256/", note: "Invalid: an IPv4 part out of range." },
  { url: "http://[1::2::3]/", note: "Invalid: two :: compressions in an IPv6 address." },
];

const $ = (selector) => document.querySelector(selector);
const urlInput = $("#url-input");
const baseInput = $("#base-input");
const showInvisibles = $("#show-invisibles");
const summary = $("#summary");
const setterAttr = $("#setter-attr");
const setterValue = $("#setter-value");
const setterSummary = $("#setter-summary");

// ----- Loading weburl -----

let WebURL = null;
let WebParams = null;
let loadError = null;
try {
  ({ URL: WebURL, URLSearchParams: WebParams } = await import("/pkg/index.js"));
  // For experiments in the developer console.
  Object.assign(globalThis, { WebURL, WebParams });
} catch (error) {
  loadError = error;
  console.warn("weburl could not be loaded from /pkg/index.js; build it with `node scripts/build.mjs`.", error);
}

// ----- Parsing -----

/** `new Ctor(input)` or `new Ctor(input, base)`: { url } or { error }. */
function construct(Ctor, input, base) {
  if (Ctor === null) return { error: loadError ?? new Error("weburl is not loaded") };
  try {
    return { url: base === "" ? new Ctor(input) : new Ctor(input, base) };
  } catch (error) {
    return { error };
  }
}

/** Every shown attribute of `url`, as strings; searchParams as a list of pairs. */
function snapshot(url) {
  const values = {};
  for (const name of ATTRIBUTES) values[name] = url[name];
  values.searchParams = Array.from(url.searchParams, ([name, value]) => [name, value]);
  return values;
}

function sameValue(name, a, b) {
  if (name === "searchParams") return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

// ----- Rendering values: visible whitespace and invisible characters -----

const NAMED = new Map([
  [0x09, "TAB"], [0x0a, "LF"], [0x0d, "CR"], [0x00, "NUL"], [0x7f, "DEL"], [0xa0, "NBSP"],
  [0xad, "SHY"], [0x200b, "ZWSP"], [0x200c, "ZWNJ"], [0x200d, "ZWJ"], [0x200e, "LRM"],
  [0x200f, "RLM"], [0x2028, "LS"], [0x2029, "PS"], [0x2060, "WJ"], [0xfeff, "BOM"], [0xfe0f, "VS16"],
  [0xfe0e, "VS15"], [0x3000, "IDSP"],
]);
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\p{Cs}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}\u115F\u1160\u3164\uFFA0]/u;

function markFor(codePoint) {
  return NAMED.get(codePoint) ?? `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Puts `text` in `element`. With markers on, spaces get a visible dot and invisible characters
 * a small label; the text itself (what is copied, and the element's textContent) is unchanged.
 */
function renderText(element, text) {
  element.replaceChildren();
  if (!showInvisibles.checked) {
    element.textContent = text;
    return;
  }
  let plain = "";
  const flush = () => {
    if (plain !== "") element.append(plain);
    plain = "";
  };
  for (const ch of text) {
    if (ch === " ") {
      flush();
      const span = document.createElement("span");
      span.className = "ch space";
      span.textContent = ch;
      element.append(span);
    } else if (INVISIBLE.test(ch)) {
      flush();
      const span = document.createElement("span");
      const mark = markFor(ch.codePointAt(0));
      span.className = "ch invisible";
      span.dataset.mark = mark;
      span.title = `U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
      span.textContent = ch;
      element.append(span);
    } else {
      plain += ch;
    }
  }
  flush();
}

function renderPairs(element, pairs) {
  element.replaceChildren();
  if (pairs.length === 0) return; // shown as "no pairs" by CSS
  const list = document.createElement("ol");
  list.className = "pairs";
  for (const [name, value] of pairs) {
    const item = document.createElement("li");
    const n = document.createElement("span");
    n.className = "pair-name";
    renderText(n, name);
    const eq = document.createElement("span");
    eq.className = "pair-eq";
    eq.textContent = "=";
    eq.setAttribute("aria-hidden", "true");
    const v = document.createElement("span");
    v.className = "pair-value";
    renderText(v, value);
    item.append(n, eq, v);
    list.append(item);
  }
  element.append(list);
}

// ----- Result tables -----

/**
 * Builds the rows of a result table. Cells get ids `${prefix}${engine}-${row}` (engine: weburl
 * or browser), e.g. `weburl-href`, `set-browser-pathname`, and the error text `weburl-error`.
 */
function createTable(table, prefix) {
  const tbody = table.tBodies[0];
  const rows = new Map();
  for (const name of ROWS) {
    const tr = document.createElement("tr");
    tr.dataset.row = name;
    const th = document.createElement("th");
    th.scope = "row";
    th.className = "attr";
    const label = document.createElement("span");
    label.className = "attr-name";
    label.textContent = name;
    const badge = document.createElement("span");
    badge.className = "badge diff-badge";
    badge.textContent = "≠";
    badge.title = "weburl and this browser differ";
    const sr = document.createElement("span");
    sr.className = "visually-hidden diff-text";
    th.append(label, " ", badge, sr);
    tr.append(th);
    const cells = {};
    for (const engine of ["weburl", "browser"]) {
      const td = document.createElement("td");
      td.className = `value ${engine}`;
      td.dataset.label = engine === "weburl" ? "weburl" : "this browser";
      const content = document.createElement("div");
      content.className = name === "result" ? "result" : name === "searchParams" ? "params" : "text";
      content.id = `${prefix}${engine}-${name}`;
      content.dataset.testid = content.id;
      td.append(content);
      if (name !== "result" && name !== "searchParams") {
        const changed = document.createElement("span");
        changed.className = "badge badge-changed changed-badge";
        changed.textContent = "•";
        changed.title = "changed by the setter";
        const changedText = document.createElement("span");
        changedText.className = "visually-hidden";
        changedText.textContent = " (changed)";
        changed.append(changedText);
        td.append(changed);
      }
      tr.append(td);
      cells[engine] = { td, content };
    }
    tbody.append(tr);
    rows.set(name, { tr, sr, cells });
  }
  return rows;
}

/**
 * Shows one outcome per engine in `rows`. An outcome is { url, values } or { error }, plus an
 * optional `note` for the result row and `before` (values before a setter ran).
 * Returns the names of the rows that differ.
 */
function fillTable(rows, outcomes, prefix) {
  const differing = [];
  const bothParsed = outcomes.weburl.values && outcomes.browser.values;
  for (const [name, row] of rows) {
    for (const engine of ["weburl", "browser"]) {
      const outcome = outcomes[engine];
      const { td, content } = row.cells[engine];
      td.classList.toggle("failed", !outcome.values);
      td.classList.remove("changed");
      if (name === "result") {
        content.replaceChildren();
        if (outcome.values) {
          const ok = document.createElement("span");
          ok.className = "ok";
          ok.textContent = outcome.note ?? "parsed";
          content.append(ok);
        } else {
          const error = outcome.error;
          if (error?.name !== "") {
            const kind = document.createElement("span");
            kind.className = "error-name";
            kind.textContent = error?.name ?? "Error";
            content.append(kind, " ");
          }
          const message = document.createElement("span");
          message.className = "error-message";
          message.id = `${prefix}${engine}-error`;
          message.dataset.testid = message.id;
          message.textContent = error?.message ?? String(error);
          content.append(message);
        }
        continue;
      }
      if (!outcome.values) {
        content.replaceChildren();
        content.classList.add("na");
        continue;
      }
      content.classList.remove("na");
      const value = outcome.values[name];
      if (name === "searchParams") renderPairs(content, value);
      else renderText(content, value);
      if (outcome.before && !sameValue(name, outcome.before[name], value)) td.classList.add("changed");
    }
    let differs;
    if (name === "result") differs = !outcomes.weburl.values !== !outcomes.browser.values;
    else differs = Boolean(bothParsed) && !sameValue(name, outcomes.weburl.values[name], outcomes.browser.values[name]);
    row.tr.classList.toggle("diff", differs);
    row.sr.textContent = differs ? "(differs)" : "";
    if (differs) differing.push(name);
  }
  return differing;
}

function describe(differing, outcomes) {
  const { weburl, browser } = outcomes;
  if (!weburl.values && !browser.values) return "Both reject this input.";
  if (!weburl.values) return "weburl rejects this input; this browser accepts it.";
  if (!browser.values) return "This browser rejects this input; weburl accepts it.";
  if (differing.length === 0) return "weburl and this browser agree on every attribute.";
  const count = differing.length === 1 ? "1 attribute differs" : `${differing.length} attributes differ`;
  return `${count}: ${differing.join(", ")}.`;
}

// ----- The parse view -----

const resultRows = createTable($("#results"), "");
const setterRows = createTable($("#setter-results"), "set-");

function outcomeOf(Ctor, input, base) {
  const { url, error } = construct(Ctor, input, base);
  return url ? { url, values: snapshot(url) } : { error };
}

function update() {
  const input = urlInput.value;
  const base = baseInput.value;
  const outcomes = {
    weburl: outcomeOf(WebURL, input, base),
    browser: outcomeOf(BrowserURL, input, base),
  };
  const differing = fillTable(resultRows, outcomes, "");
  summary.textContent = describe(differing, outcomes);
  summary.classList.toggle("has-diff", differing.length > 0);
  updateSetter();
  saveState();
}

// ----- The setter playground -----

for (const name of SETTABLE) {
  const option = document.createElement("option");
  option.value = name;
  option.textContent = name;
  setterAttr.append(option);
}
setterAttr.value = "pathname";
setterValue.value = "/ä b/./c/../d";

function applySetter(Ctor, attribute, value) {
  const { url, error } = construct(Ctor, urlInput.value, baseInput.value);
  if (!url) return { error, note: null, unparsed: true };
  const before = snapshot(url);
  try {
    url[attribute] = value;
  } catch (setError) {
    return { error: setError };
  }
  const values = snapshot(url);
  const note = values.href === before.href
    ? `${attribute} setter: no change`
    : `${attribute} setter: changed`;
  return { url, values, before, note };
}

function updateSetter() {
  const attribute = setterAttr.value;
  const value = setterValue.value;
  const outcomes = {
    weburl: applySetter(WebURL, attribute, value),
    browser: applySetter(BrowserURL, attribute, value),
  };
  for (const outcome of Object.values(outcomes)) {
    if (outcome.unparsed && outcome.error && !/^weburl is not loaded/.test(outcome.error.message)) {
      outcome.error = { name: "", message: "The URL above does not parse, so there is nothing to set." };
    }
  }
  const differing = fillTable(setterRows, outcomes, "set-");
  const code = `url.${attribute} = ${JSON.stringify(value)}`;
  let text;
  if (!outcomes.weburl.values && !outcomes.browser.values) text = `${code}: neither engine has a URL after this.`;
  else if (differing.length === 0) text = `${code}: weburl and this browser agree.`;
  else text = `${code}: ${differing.length === 1 ? "1 row differs" : `${differing.length} rows differ`} (${differing.join(", ")}).`;
  setterSummary.textContent = text;
  setterSummary.classList.toggle("has-diff", differing.length > 0);
}

// ----- Examples -----

const exampleList = $("#examples");
for (const example of EXAMPLES) {
  const item = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "example";
  button.dataset.testid = "example";
  button.dataset.url = example.url;
  const code = document.createElement("code");
  code.className = "example-url";
  renderText(code, example.url);
  button.append(code);
  if (example.base) {
    const base = document.createElement("code");
    base.className = "example-base";
    base.textContent = `base ${example.base}`;
    button.append(base);
  }
  const note = document.createElement("span");
  note.className = "example-note";
  note.textContent = example.note;
  button.append(note);
  button.addEventListener("click", () => {
    urlInput.value = example.url;
    baseInput.value = example.base ?? "";
    update();
    urlInput.focus();
  });
  item.append(button);
  exampleList.append(item);
}

// ----- State in the page's own URL (shareable links) -----

function loadState() {
  const params = new BrowserURL(location.href).searchParams;
  urlInput.value = params.get("url") ?? DEFAULT_URL;
  baseInput.value = params.get("base") ?? "";
}

function saveState() {
  const params = new BrowserParams();
  if (urlInput.value !== DEFAULT_URL) params.set("url", urlInput.value);
  if (baseInput.value !== "") params.set("base", baseInput.value);
  const query = params.toString();
  const target = `${location.pathname}${query === "" ? "" : `?${query}`}`;
  if (target !== `${location.pathname}${location.search}`) history.replaceState(null, "", target);
}

// ----- Header details -----

function browserName() {
  const brands = navigator.userAgentData?.brands?.filter((b) => !/not.?a.?brand/i.test(b.brand)) ?? [];
  const brand = brands.find((b) => b.brand !== "Chromium") ?? brands[0];
  if (brand) return `${brand.brand} ${brand.version}`;
  const ua = navigator.userAgent;
  const m = ua.match(/(Firefox|Edg|OPR|HeadlessChrome|Chrome)\/(\d+)/);
  if (m) return `${{ Edg: "Edge", OPR: "Opera", HeadlessChrome: "Chrome" }[m[1]] ?? m[1]} ${m[2]}`;
  const safari = ua.match(/Version\/(\d+).*Safari/);
  return safari ? `Safari ${safari[1]}` : "globalThis.URL";
}

for (const element of document.querySelectorAll("[data-browser-name]")) element.textContent = browserName();
if (WebURL) {
  fetch("/pkg/package.json")
    .then((response) => (response.ok ? response.json() : null))
    .then((json) => {
      if (!json?.version) return;
      for (const element of document.querySelectorAll("[data-weburl-version]")) {
        element.textContent = `${json.version} · WebAssembly`;
      }
    })
    .catch(() => {});
}

// ----- Wiring -----

urlInput.addEventListener("input", update);
baseInput.addEventListener("input", update);
showInvisibles.addEventListener("change", () => {
  update();
  for (const code of document.querySelectorAll(".example-url")) renderText(code, code.parentElement.dataset.url);
});
$("#clear-button").addEventListener("click", () => {
  urlInput.value = "";
  baseInput.value = "";
  update();
  urlInput.focus();
});
$("#parse-form").addEventListener("submit", (event) => event.preventDefault());

setterAttr.addEventListener("change", () => {
  // Start from the attribute's current value, which is usually what one wants to edit.
  const { url } = construct(WebURL, urlInput.value, baseInput.value);
  if (url) setterValue.value = url[setterAttr.value];
  updateSetter();
});
setterValue.addEventListener("input", updateSetter);
$("#setter-form").addEventListener("submit", (event) => {
  event.preventDefault();
  updateSetter();
});

loadState();
update();
document.documentElement.dataset.ready = loadError ? "error" : "true";
if (loadError) {
  summary.textContent = "weburl could not be loaded from /pkg/index.js: build it with `node scripts/build.mjs`.";
  summary.classList.add("has-diff");
}
