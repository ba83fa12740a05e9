// The weburl live viewer: parses the input with weburl (WebAssembly) and with this browser's
// own URL on every keystroke, shows both side by side, and explains weburl's result with the
// standard's own terms: validation errors, valid URL string, host kind, where each component
// sits in the href, and the URL rendered for people (renderURL). A small panel runs weburl's
// URLPattern (the URL Pattern Standard) on a pattern and a URL. Plain ES module, no dependencies.

import { describeError, specLink } from "./validation-errors.js";

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
const DEFAULT_SETTER_ATTR = "pathname";
const DEFAULT_SETTER_VALUE = "/ä b/./c/../d";

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
  { url: "https:\\\\EXAMPLE.org\\a b", note: "Backslashes and a space: parsed, with five validation errors." },
  { url: "https://user:pw@0x7f.1:8080/x", note: "Credentials and a short hex IPv4 address: parsed, but not valid." },
  { url: "https://ex ample.org/", note: "Invalid: a space in a domain (domain-to-ASCII)." },
  { url: "http://256.256.256.256/", note: "Invalid: an IPv4 part out of range." },
  { url: "http://[1::2::3]/", note: "Invalid: two :: compressions in an IPv6 address." },
  { url: "https://xn--mnchen-3ya.de/caf%C3%A9?q=%E2%9C%93", note: "Rendered for people: münchen.de/café?q=✓." },
  { url: "https://xn--80ak6aa92e.com/%E2%80%AEtxt.exe", note: "Rendering keeps an all-Cyrillic look-alike of apple.com in Punycode and a bidi override encoded." },
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

// weburl's browser entries for what the page shows: `weburl/whatwg-url` (the classes and the
// low-level API: parseURLWithValidationErrors, isValidURLString, serializeHost, ...),
// `weburl/urlpattern` and `weburl/display`. They share the classes and the runtime, and each
// brings a wasm with its own operations.
const PACKAGE_ENTRIES = ["/pkg/whatwg-url.js", "/pkg/urlpattern.js", "/pkg/display.js"];
const packageManifest = await fetch("/pkg/package.json")
  .then((response) => (response.ok ? response.json() : null))
  .catch(() => null);
let WebURL = null;
let WebParams = null;
/** weburl's URLPattern, or null when it did not load (or this build has none). */
let WebURLPattern = null;
/** What the entries export, together, or null when they did not load. */
let engine = null;
let loadError = null;
try {
  engine = Object.assign({}, ...(await Promise.all(PACKAGE_ENTRIES.map((entry) => import(entry)))));
  if (typeof engine.parseURLWithValidationErrors !== "function") {
    throw new TypeError(`${PACKAGE_ENTRIES[0]} has no parseURLWithValidationErrors: is it weburl's?`);
  }
  ({ URL: WebURL, URLSearchParams: WebParams } = engine);
  WebURLPattern = typeof engine.URLPattern === "function" ? engine.URLPattern : null;
  // For experiments in the developer console.
  Object.assign(globalThis, { WebURL, WebParams, WebURLPattern, whatwgURL: engine });
} catch (error) {
  engine = null;
  WebURL = null;
  WebParams = null;
  WebURLPattern = null;
  loadError = error;
  console.warn(`weburl could not be loaded from ${PACKAGE_ENTRIES.join(", ")}; build it with \`node scripts/build.mjs\`.`, error);
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
 * A table row named `name` with its header cell: the name, a badge (`badgeClass`, `badgeText`,
 * `badgeTitle`) and `sr`, a screen-reader text (`srClass`) for the caller to fill.
 */
function rowWithHeader(name, badgeClass, badgeText, badgeTitle, srClass) {
  const tr = document.createElement("tr");
  tr.dataset.row = name;
  const th = document.createElement("th");
  th.scope = "row";
  th.className = "attr";
  const label = document.createElement("span");
  label.className = "attr-name";
  label.textContent = name;
  const badge = document.createElement("span");
  badge.className = badgeClass;
  badge.textContent = badgeText;
  badge.title = badgeTitle;
  const sr = document.createElement("span");
  sr.className = srClass;
  th.append(label, " ", badge, sr);
  tr.append(th);
  return { tr, sr };
}

/**
 * Builds the rows of a result table. Cells get ids `${prefix}${engine}-${row}` (engine: weburl
 * or browser), e.g. `weburl-href`, `set-browser-pathname`, and the error text `weburl-error`.
 */
function createTable(table, prefix) {
  const tbody = table.tBodies[0];
  const rows = new Map();
  for (const name of ROWS) {
    const { tr, sr } = rowWithHeader(name, "badge diff-badge", "≠", "weburl and this browser differ", "visually-hidden diff-text");
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
  explain(input, base, outcomes.weburl);
  updatePattern(); // it may match the URL above; and the invisible-character markers apply to it too
  updateSetter();
}

// ----- The explanation: weburl's URL record in the standard's terms -----

const SPECIAL_SCHEMES = new Set(["ftp", "file", "http", "https", "ws", "wss"]);

const errorsSummary = $("#errors-summary");
const errorsList = $("#validation-errors");
const baseErrorsNote = $("#base-errors-note");
const validity = $("#valid-url-string");
const hostKind = $("#host-kind");
const hostKindNote = $("#host-kind-note");
const hostSerialized = $("#host-serialized");
const hostUnicodeRow = $("#host-unicode-row");
const hostUnicode = $("#host-unicode");
const queryNote = $("#query-note");
const renderedAddressBar = $("#rendered-address-bar");
const renderedFull = $("#rendered-full");
const renderedNote = $("#rendered-note");
const anatomy = $("#anatomy");
const anatomyNote = $("#anatomy-note");

const plural = (count, one, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The standard's "Failure" column, in words. */
const FAILS = {
  yes: "always stops the parser",
  no: "never stops the parser",
  sometimes: "can stop the parser",
};

/** One list item per validation error, in parser order; with `failed`, the last one stopped the parser. */
function renderErrorList(list, names, failed) {
  list.replaceChildren();
  names.forEach((name, index) => {
    const entry = describeError(name);
    const fatal = failed && index === names.length - 1;
    const item = document.createElement("li");
    item.className = fatal ? "verror fatal" : "verror";
    item.dataset.name = name;
    const head = document.createElement("div");
    head.className = "verror-head";
    const link = document.createElement("a");
    link.className = "verror-name";
    link.href = specLink(name);
    link.textContent = name;
    link.title = `${name} in the URL Standard's table of validation errors`;
    head.append(link);
    if (fatal) {
      const badge = document.createElement("span");
      badge.className = "fatal-badge";
      badge.textContent = "stopped parsing";
      head.append(" ", badge);
    }
    const text = document.createElement("p");
    text.className = "verror-text";
    text.textContent = entry.explanation;
    item.append(head, text);
    const more = document.createElement("p");
    more.className = "verror-example";
    if (entry.example) {
      const code = document.createElement("code");
      renderText(code, entry.example);
      more.append("e.g. ", code);
      if (entry.exampleBase) {
        const base = document.createElement("code");
        base.textContent = entry.exampleBase;
        more.append(" against ", base);
      }
      more.append(" · ");
    }
    more.append(FAILS[entry.fails] ?? FAILS.sometimes);
    item.append(more);
    list.append(item);
  });
}

function renderErrors(names, failed, subject) {
  renderErrorList(errorsList, names, failed);
  let text;
  if (failed) {
    const fatal = names.at(-1);
    const others = names.length - 1;
    text = fatal === undefined
      ? `${subject} does not parse.`
      : `${subject} does not parse: ${fatal} stopped the parser` +
        (others === 0 ? "." : `, after ${plural(others, "other validation error")}.`);
  } else if (names.length === 0) {
    text = `${subject} parses with no validation errors.`;
  } else {
    text = `${subject} parses, with ${plural(names.length, "validation error")} (in the order the parser met them, repeats kept).`;
  }
  errorsSummary.textContent = text;
  errorsSummary.dataset.state = failed ? "failed" : names.length === 0 ? "clean" : "errors";
}

function renderValidity(valid) {
  validity.replaceChildren();
  if (valid === null) {
    validity.textContent = "—";
    delete validity.dataset.valid;
    return;
  }
  validity.dataset.valid = String(valid);
  const mark = document.createElement("span");
  mark.className = valid ? "ok" : "not-valid";
  mark.textContent = valid ? "Yes: a valid URL string" : "No: not a valid URL string";
  validity.append(mark);
}

/** The kind of the record's host, as the standard names hosts. */
function hostKindOf(record) {
  const { host } = record;
  if (host === null) return "null";
  if (typeof host === "number") return "IPv4";
  if (Array.isArray(host)) return "IPv6";
  if (host === "") return "empty";
  return SPECIAL_SCHEMES.has(record.scheme) ? "domain" : "opaque";
}

const HOST_NOTES = {
  domain: "a domain: the host of a special URL, run through IDNA (lowercased, Punycode for non-ASCII)",
  IPv4: "an IPv4 address: a 32-bit number",
  IPv6: "an IPv6 address: eight 16-bit pieces",
  opaque: "an opaque host: a non-special URL's host, percent-encoded but otherwise kept as written",
  empty: "the empty host: the URL has // but nothing between it and the path",
  null: "no host at all: nothing follows the scheme's colon as an authority",
};

function renderHost(record) {
  hostUnicodeRow.hidden = true;
  hostUnicode.replaceChildren();
  if (record === null) {
    hostKind.textContent = "—";
    delete hostKind.dataset.kind;
    hostKindNote.textContent = "";
    hostSerialized.replaceChildren();
    hostSerialized.classList.add("na");
    return;
  }
  const kind = hostKindOf(record);
  hostKind.textContent = kind;
  hostKind.dataset.kind = kind;
  let note = HOST_NOTES[kind];
  if (kind === "IPv4") {
    note += ` (${record.host}, 0x${record.host.toString(16).padStart(8, "0")})`;
  } else if (kind === "IPv6") {
    note += ` (${record.host.map((piece) => piece.toString(16)).join(" ")})`;
  }
  hostKindNote.textContent = note;
  hostSerialized.classList.toggle("na", kind === "null");
  renderText(hostSerialized, kind === "null" ? "" : engine.serializeHost(record.host));
  if (kind === "domain") {
    const unicode = engine.domainToUnicode(record.host);
    if (unicode !== record.host) {
      hostUnicodeRow.hidden = false;
      renderText(hostUnicode, unicode);
    }
  }
}

/** The URL as weburl's renderURL shows it: as an address bar does, and in full (lossless). */
function renderRendered(href) {
  renderedNote.textContent = "";
  if (href === undefined || typeof engine?.renderURL !== "function") {
    renderedAddressBar.replaceChildren();
    renderedFull.replaceChildren();
    return;
  }
  renderText(renderedAddressBar, engine.renderURL(href, { elideScheme: true, elideTrailingSlash: true, hideCredentials: true }));
  const full = engine.renderURL(href);
  renderText(renderedFull, full);
  const again = WebURL.parse(full)?.href;
  renderedNote.textContent = again === href
    ? full === href ? "(the href itself)" : "(parses back to the same URL)"
    : `(parses to ${again === undefined ? "nothing" : JSON.stringify(again)}: a weburl bug)`;
}

function renderQuery(record, values) {
  if (record === null) {
    queryNote.textContent = "—";
  } else if (record.query === null) {
    queryNote.textContent = "No query (the URL has no ?).";
  } else {
    const count = values ? values.searchParams.length : 0;
    queryNote.textContent = record.query === ""
      ? "An empty query (just ?): no name–value pairs."
      : `${plural(count, "name–value pair")}, decoded, in the searchParams row of the table above.`;
  }
}

/**
 * The href split as the URL serializer writes it: components ({ component, text }) and the
 * delimiters between them ({ text, note }). Joined, the texts are the href.
 */
function segmentsOf(record) {
  const segments = [];
  const component = (name, text) => segments.push({ component: name, text });
  const delimiter = (text, note = null) => segments.push({ text, note });
  component("scheme", record.scheme);
  delimiter(":");
  if (record.host !== null) {
    delimiter("//");
    if (record.username !== "" || record.password !== "") {
      component("username", record.username);
      if (record.password !== "") {
        delimiter(":");
        component("password", record.password);
      }
      delimiter("@");
    }
    component("host", engine.serializeHost(record.host));
    if (record.port !== null) {
      delimiter(":");
      component("port", String(record.port));
    }
  } else if (Array.isArray(record.path) && record.path.length > 1 && record.path[0] === "") {
    delimiter("/.", "no component: the serializer adds “/.” so that a path starting with // is not read back as a host");
  }
  const path = typeof record.path === "string" ? record.path : record.path.map((segment) => `/${segment}`).join("");
  component("path", path);
  if (record.query !== null) {
    delimiter("?");
    component("query", record.query);
  }
  if (record.fragment !== null) {
    delimiter("#");
    component("fragment", record.fragment);
  }
  return segments;
}

function renderAnatomy(record, href) {
  anatomy.replaceChildren();
  anatomyNote.textContent = "";
  if (record === null) {
    anatomyNote.textContent = "No URL record: there is nothing to take apart.";
    return;
  }
  const segments = segmentsOf(record);
  for (const segment of segments) {
    const item = document.createElement("li");
    const text = document.createElement("code");
    text.className = "seg-text";
    renderText(text, segment.text);
    item.append(text);
    if (segment.component) {
      item.className = `seg seg-${segment.component}`;
      item.dataset.component = segment.component;
      if (segment.text === "") item.classList.add("seg-empty");
      const label = document.createElement("span");
      label.className = "seg-label";
      label.textContent = segment.component;
      item.append(label);
      if (segment.text === "") {
        const empty = document.createElement("span");
        empty.className = "visually-hidden";
        empty.textContent = " (empty)";
        item.append(empty);
      }
    } else {
      item.className = segment.note ? "seg delim delim-extra" : "seg delim";
      if (segment.note) {
        item.title = segment.note;
        const label = document.createElement("span");
        label.className = "seg-label";
        label.textContent = "no component";
        item.append(label);
      }
    }
    anatomy.append(item);
  }
  const joined = segments.map((segment) => segment.text).join("");
  if (href !== undefined && joined !== href) {
    anatomyNote.textContent = `These pieces spell ${JSON.stringify(joined)}, not the href ${JSON.stringify(href)}.`;
    console.warn("weburl viewer: the component diagram does not match href", { joined, href });
  } else if (segments.some((segment) => segment.note)) {
    anatomyNote.textContent = segments.find((segment) => segment.note).note.replace(/^no component: /, "“/.” belongs to no component: ");
  }
}

function clearExplanation(message) {
  renderErrorList(errorsList, [], false);
  errorsSummary.textContent = message;
  errorsSummary.dataset.state = "failed";
  baseErrorsNote.textContent = "";
  renderValidity(null);
  renderHost(null);
  renderQuery(null);
  renderAnatomy(null);
  renderRendered(undefined);
}

/** Fills the explanation card for `input` (against `base` when not empty). */
function explain(input, base, outcome) {
  if (engine === null) {
    clearExplanation("weburl is not loaded.");
    return;
  }
  try {
    baseErrorsNote.textContent = "";
    let baseURL = null;
    if (base !== "") {
      const parsedBase = engine.parseURLWithValidationErrors(base);
      if (parsedBase.url === null) {
        clearExplanation("");
        renderErrors(parsedBase.validationErrors, true, "The base URL");
        return;
      }
      baseURL = parsedBase.url;
      if (parsedBase.validationErrors.length > 0) {
        baseErrorsNote.textContent = `The base URL has validation errors of its own: ${parsedBase.validationErrors.join(", ")}.`;
      }
    }
    const options = baseURL === null ? {} : { baseURL };
    const { url: record, validationErrors } = engine.parseURLWithValidationErrors(input, options);
    renderErrors(validationErrors, record === null, "The URL");
    renderValidity(engine.isValidURLString(input, options));
    renderHost(record);
    renderQuery(record, outcome.values);
    renderAnatomy(record, outcome.values?.href);
    renderRendered(outcome.values?.href);
  } catch (error) {
    console.warn("weburl viewer: the explanation failed", error);
    clearExplanation(`The explanation could not be computed: ${error?.message ?? error}`);
  }
}

// ----- The setter playground -----

for (const name of SETTABLE) {
  const option = document.createElement("option");
  option.value = name;
  option.textContent = name;
  setterAttr.append(option);
}
setterAttr.value = DEFAULT_SETTER_ATTR;
setterValue.value = DEFAULT_SETTER_VALUE;

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
  saveState();
}

// ----- The URLPattern panel -----

/** A URLPattern's components, in the order of the standard's IDL. */
const PATTERN_COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
const DEFAULT_PATTERN = "https://example.com/books/:id(\\d+)";
const DEFAULT_PATTERN_URL = "https://example.com/books/42";

const PATTERN_EXAMPLES = [
  {
    pattern: "https://example.com/books/:id(\\d+)",
    url: "https://example.com/books/42",
    note: "A named group with a regular expression: id must be digits.",
  },
  {
    pattern: "https://*.example.com/*",
    url: "https://api.eu.example.com/v1/users?page=2",
    note: "Wildcards: any subdomain, any path. Unnamed groups are numbered 0, 1, …",
  },
  {
    pattern: "/docs{/:lang}?/:page",
    base: "https://example.com",
    url: "https://example.com/docs/intro",
    note: "An optional group: lang is undefined when the URL leaves it out.",
  },
];

const patternString = $("#pattern-string");
const patternBase = $("#pattern-base");
const patternURL = $("#pattern-url");
const patternIgnoreCase = $("#pattern-icase");
const patternUseURL = $("#pattern-use-url");
const patternURLHint = $("#pattern-url-hint");
const patternSummary = $("#pattern-summary");
const patternHasRegExp = $("#pattern-has-regexp");

/** One row per component: its pattern, the URL's component, the groups; ids `pattern-${column}-${component}`. */
const patternRows = new Map();
for (const component of PATTERN_COMPONENTS) {
  const { tr, sr } = rowWithHeader(component, "badge badge-mismatch mismatch-badge", "✗", "this component does not match", "visually-hidden");
  const cells = {};
  for (const [column, kind, label] of [["pattern", "text", "pattern"], ["value", "text", "URL"], ["groups", "groups", "groups"]]) {
    const td = document.createElement("td");
    td.className = `value pattern-${column}`;
    td.dataset.label = label;
    const content = document.createElement("div");
    content.className = kind;
    content.id = `pattern-${column}-${component}`;
    content.dataset.testid = content.id;
    td.append(content);
    tr.append(td);
    cells[column] = content;
  }
  $("#pattern-components").tBodies[0].append(tr);
  patternRows.set(component, { tr, sr, cells });
}

/** The arguments of the constructor: [input, baseURL?, options]. */
function patternArguments() {
  const options = { ignoreCase: patternIgnoreCase.checked };
  return patternBase.value === "" ? [patternString.value, options] : [patternString.value, patternBase.value, options];
}

/** The arguments of exec/test: [url] or [url, base] (the URL above with its base, or the panel's own field). */
function matchArguments() {
  if (!patternUseURL.checked) return [patternURL.value];
  return baseInput.value === "" ? [urlInput.value] : [urlInput.value, baseInput.value];
}

/** JavaScript for a call, e.g. new URLPattern("/x", "https://example.com", { ignoreCase: true }). */
function callText(callee, args) {
  return `${callee}(${args.map((arg) => (typeof arg === "string" ? JSON.stringify(arg) : `{ ignoreCase: ${arg.ignoreCase} }`)).join(", ")})`;
}

/**
 * The components that keep `url` from matching: each component's pattern on its own (with the
 * pattern's protocol, which decides how the others are compiled), every other component a wildcard.
 */
function mismatchedComponents(pattern, args, ignoreCase) {
  const options = { ignoreCase };
  const matches = (init) => {
    try {
      return new WebURLPattern(init, options).test(...args);
    } catch {
      return null; // cannot tell
    }
  };
  if (matches({ protocol: pattern.protocol }) === false) return ["protocol"];
  return PATTERN_COMPONENTS.filter(
    (component) => component !== "protocol" && matches({ protocol: pattern.protocol, [component]: pattern[component] }) === false,
  );
}

function renderGroups(element, groups) {
  element.replaceChildren();
  element.classList.remove("na");
  const names = Object.keys(groups);
  if (names.length === 0) return; // shown as "no groups" by CSS
  const list = document.createElement("ol");
  list.className = "pairs";
  for (const name of names) {
    const item = document.createElement("li");
    item.dataset.name = name;
    const n = document.createElement("span");
    n.className = "pair-name";
    n.textContent = name;
    const eq = document.createElement("span");
    eq.className = "pair-eq";
    eq.textContent = "=";
    eq.setAttribute("aria-hidden", "true");
    const v = document.createElement("span");
    if (groups[name] === undefined) {
      v.className = "pair-value undefined-value";
      v.textContent = "undefined";
    } else {
      v.className = "pair-value";
      renderText(v, groups[name]);
    }
    item.append(n, eq, v);
    list.append(item);
  }
  element.append(list);
}

function setNA(element) {
  element.replaceChildren();
  element.classList.add("na");
}

/** Shows the summary line: a state (match, no-match, error, none) and its text or an error. */
function setPatternSummary(state, text, error = null) {
  patternSummary.dataset.state = state;
  patternSummary.replaceChildren();
  if (error !== null) {
    const kind = document.createElement("span");
    kind.className = "error-name";
    kind.textContent = error?.name || "Error";
    const message = document.createElement("span");
    message.className = "error-message";
    message.id = "pattern-error";
    message.dataset.testid = "pattern-error";
    message.textContent = error?.message ?? String(error);
    patternSummary.append(kind, " ", message);
  } else {
    patternSummary.textContent = text;
  }
}

function updatePattern() {
  const useURL = patternUseURL.checked;
  patternURL.disabled = useURL;
  patternURLHint.textContent = useURL
    ? `Matching the URL above${baseInput.value === "" ? "" : " against its base"}: ${callText("pattern.exec", matchArguments())}.`
    : "Matched with pattern.exec(url).";

  for (const { tr, sr, cells } of patternRows.values()) {
    tr.classList.remove("mismatch");
    sr.textContent = "";
    for (const cell of Object.values(cells)) setNA(cell);
  }
  patternHasRegExp.textContent = "—";
  delete patternHasRegExp.dataset.value;

  if (WebURLPattern === null) {
    setPatternSummary("error", "", {
      name: "",
      message: engine === null ? "weburl is not loaded." : `${PACKAGE_ENTRIES[1]} has no URLPattern: rebuild it with \`node scripts/build.mjs\`.`,
    });
    return;
  }

  const args = patternArguments();
  let pattern;
  try {
    pattern = new WebURLPattern(...args);
  } catch (error) {
    setPatternSummary("error", "", error);
    return;
  }
  for (const [component, { cells }] of patternRows) {
    cells.pattern.classList.remove("na");
    renderText(cells.pattern, pattern[component]);
  }
  patternHasRegExp.textContent = pattern.hasRegExpGroups ? "yes" : "no";
  patternHasRegExp.dataset.value = String(pattern.hasRegExpGroups);

  const target = matchArguments();
  let result;
  let components; // the URL's components, as exec sees them
  try {
    result = pattern.exec(...target);
    components = result ?? new WebURLPattern({}).exec(...target);
  } catch (error) {
    setPatternSummary("error", "", error);
    return;
  }
  if (components !== null) {
    for (const [component, { cells }] of patternRows) {
      cells.value.classList.remove("na");
      renderText(cells.value, components[component].input);
    }
  }
  if (result !== null) {
    for (const [component, { cells }] of patternRows) renderGroups(cells.groups, result[component].groups);
    const named = PATTERN_COMPONENTS.flatMap((component) => Object.keys(result[component].groups).filter((name) => !/^\d+$/.test(name)));
    setPatternSummary("match", `Matches${named.length === 0 ? "" : `, with ${plural(named.length, "named group")}`}: exec returns the groups below.`);
    return;
  }
  if (components === null) {
    setPatternSummary("no-match", `No match: the URL to match does not parse${target.length > 1 ? " against its base" : ""}, so exec returns null.`);
    return;
  }
  const mismatched = mismatchedComponents(pattern, target, patternIgnoreCase.checked);
  for (const component of mismatched) {
    const { tr, sr } = patternRows.get(component);
    tr.classList.add("mismatch");
    sr.textContent = "(does not match)";
  }
  setPatternSummary(
    "no-match",
    mismatched.length === 0
      ? "No match: exec returns null."
      : `No match: the ${mismatched.join(", ")} ${mismatched.length === 1 ? "component does" : "components do"} not match, so exec returns null.`,
  );
}

function onPatternInput() {
  updatePattern();
  saveState();
}

const patternExampleList = $("#pattern-examples");
for (const example of PATTERN_EXAMPLES) {
  const item = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "example pattern-example";
  button.dataset.testid = "pattern-example";
  button.dataset.pattern = example.pattern;
  const code = document.createElement("code");
  code.className = "example-url";
  code.textContent = example.pattern;
  button.append(code);
  const detail = document.createElement("code");
  detail.className = "example-base";
  detail.textContent = `${example.base ? `base ${example.base} · ` : ""}matching ${example.url}`;
  button.append(detail);
  const note = document.createElement("span");
  note.className = "example-note";
  note.textContent = example.note;
  button.append(note);
  button.addEventListener("click", () => {
    patternString.value = example.pattern;
    patternBase.value = example.base ?? "";
    patternURL.value = example.url;
    patternIgnoreCase.checked = false;
    patternUseURL.checked = false;
    onPatternInput();
    patternString.focus();
  });
  item.append(button);
  patternExampleList.append(item);
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

// The state lives in the fragment, e.g. #url=...&base=...&attr=...&value=..., each value
// URI-encoded: nothing is sent to the server, and a copied link shows the same thing. The
// URLPattern panel adds pattern=...&pbase=...&icase=1&pinput=...&puse=1 (puse: match the URL
// above instead of pinput). Keys at their default are left out.
const STATE_KEYS = ["url", "base", "attr", "value", "pattern", "pbase", "icase", "pinput", "puse"];

function decodeComponent(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text; // a lone % typed into the address bar: keep it as it is
  }
}

/** The state in `hash` as a Map, or null when the fragment is not viewer state (e.g. "#results-heading"). */
function stateFromHash(hash) {
  const text = hash.startsWith("#") ? hash.slice(1) : hash;
  if (text === "") return null;
  const state = new Map();
  for (const part of text.split("&")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const key = decodeComponent(part.slice(0, eq));
    if (STATE_KEYS.includes(key)) state.set(key, decodeComponent(part.slice(eq + 1)));
  }
  return state.size === 0 ? null : state;
}

function loadState() {
  let state = stateFromHash(location.hash);
  if (state === null) {
    // Links from before the state moved to the fragment: ?url=...&base=...
    const params = new BrowserURL(location.href).searchParams;
    state = new Map(STATE_KEYS.filter((key) => params.has(key)).map((key) => [key, params.get(key)]));
  }
  urlInput.value = state.get("url") ?? DEFAULT_URL;
  baseInput.value = state.get("base") ?? "";
  const attr = state.get("attr");
  setterAttr.value = SETTABLE.includes(attr) ? attr : DEFAULT_SETTER_ATTR;
  setterValue.value = state.get("value") ?? DEFAULT_SETTER_VALUE;
  patternString.value = state.get("pattern") ?? DEFAULT_PATTERN;
  patternBase.value = state.get("pbase") ?? "";
  patternIgnoreCase.checked = state.get("icase") === "1";
  patternURL.value = state.get("pinput") ?? DEFAULT_PATTERN_URL;
  patternUseURL.checked = state.get("puse") === "1";
}

function stateHash() {
  const parts = [];
  const add = (key, value, fallback) => {
    if (value !== fallback) parts.push(`${key}=${encodeURIComponent(value)}`);
  };
  add("url", urlInput.value, DEFAULT_URL);
  add("base", baseInput.value, "");
  add("attr", setterAttr.value, DEFAULT_SETTER_ATTR);
  add("value", setterValue.value, DEFAULT_SETTER_VALUE);
  add("pattern", patternString.value, DEFAULT_PATTERN);
  add("pbase", patternBase.value, "");
  add("icase", patternIgnoreCase.checked ? "1" : "", "");
  add("pinput", patternURL.value, DEFAULT_PATTERN_URL);
  add("puse", patternUseURL.checked ? "1" : "", "");
  return parts.length === 0 ? "" : `#${parts.join("&")}`;
}

function saveState() {
  const hash = stateHash();
  // Old-style ?url=/?base= parameters are dropped once the state is in the fragment.
  const params = new BrowserURL(location.href).searchParams;
  for (const key of STATE_KEYS) params.delete(key);
  const query = params.toString();
  const target = `${location.pathname}${query === "" ? "" : `?${query}`}${hash}`;
  if (target !== `${location.pathname}${location.search}${location.hash}`) history.replaceState(null, "", target);
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
for (const element of document.querySelectorAll("[data-entry-path]")) element.textContent = PACKAGE_ENTRIES.join(", ");
if (WebURL && packageManifest?.version) {
  for (const element of document.querySelectorAll("[data-weburl-version]")) {
    element.textContent = `${packageManifest.version} · WebAssembly`;
  }
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

for (const field of [patternString, patternBase, patternURL]) field.addEventListener("input", onPatternInput);
for (const box of [patternIgnoreCase, patternUseURL]) box.addEventListener("change", onPatternInput);
$("#pattern-form").addEventListener("submit", (event) => event.preventDefault());

// A link or a hand edit that changes only the fragment loads that state without a reload.
window.addEventListener("hashchange", () => {
  if (stateFromHash(location.hash) === null) return;
  loadState();
  update();
});
// In-page links (the skip link) move focus without touching the fragment, which holds the state.
document.addEventListener("click", (event) => {
  const link = event.target.closest?.('a[href^="#"]');
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const target = document.getElementById(decodeComponent(link.getAttribute("href").slice(1)));
  if (!target) return;
  event.preventDefault();
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
  target.scrollIntoView({ block: "start" });
});

loadState();
update();
document.documentElement.dataset.ready = loadError ? "error" : "true";
if (loadError) {
  summary.textContent = `weburl could not be loaded from ${PACKAGE_ENTRIES.join(", ")}: build it with \`node scripts/build.mjs\`.`;
  summary.classList.add("has-diff");
}
