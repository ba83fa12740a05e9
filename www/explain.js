// The explanation card: weburl's URL record in the standard's terms. The validation errors and
// whether the input is valid (./validation.js), the host's kind and Unicode form, the query,
// where each component sits in the href, and the URL rendered for people (./display.js).

import { $, plural } from "./dom.js";
import { renderRendered } from "./display.js";
import { renderText } from "./text.js";
import { clearErrors, renderErrors, renderValidity } from "./validation.js";
import { engine } from "./weburl.js";

const SPECIAL_SCHEMES = new Set(["ftp", "file", "http", "https", "ws", "wss"]);

const baseErrorsNote = $("#base-errors-note");
const hostKind = $("#host-kind");
const hostKindNote = $("#host-kind-note");
const hostSerialized = $("#host-serialized");
const hostUnicodeRow = $("#host-unicode-row");
const hostUnicode = $("#host-unicode");
const queryNote = $("#query-note");
const anatomy = $("#anatomy");
const anatomyNote = $("#anatomy-note");

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
  clearErrors(message);
  baseErrorsNote.textContent = "";
  renderValidity(null);
  renderHost(null);
  renderQuery(null);
  renderAnatomy(null);
  renderRendered(undefined);
}

/** Fills the explanation card for `input` (against `base` when not empty). */
export function explain(input, base, outcome) {
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

