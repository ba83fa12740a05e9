// The weburl live viewer: parses the input with weburl (WebAssembly) and with this browser's
// own URL on every keystroke, shows both side by side, and explains weburl's result with the
// standard's own terms: validation errors, valid URL string, host kind, where each component
// sits in the href, and the URL rendered for people (renderURL). A small panel runs weburl's
// URLPattern (the URL Pattern Standard) on a pattern and a URL. Plain ES modules, no
// dependencies.
//
// This file wires the panels together and keeps their state in the page's fragment. The panels:
// parse.js (the two parses side by side), explain.js (the explanation card, with validation.js
// and display.js), setters.js (the setter playground), urlpattern.js (the URLPattern panel) and
// examples.js; weburl.js loads weburl.

import { $ } from "./dom.js";
import { listExamples } from "./examples.js";
import { explain } from "./explain.js";
import { showParse, summary } from "./parse.js";
import {
  DEFAULT_SETTER_ATTR, DEFAULT_SETTER_VALUE, SETTABLE, setterAttr, setterValue, updateSetter,
} from "./setters.js";
import { renderText } from "./text.js";
import {
  DEFAULT_PATTERN, DEFAULT_PATTERN_URL, listPatternExamples, patternBase, patternIgnoreCase, patternString, patternURL,
  patternUseURL, updatePattern,
} from "./urlpattern.js";
import { BrowserURL, PACKAGE_ENTRIES, WebURL, construct, loadError, packageManifest } from "./weburl.js";

const DEFAULT_URL = "https://user:pass@faß.EXAMPLE:443/a/./b/../c d?q=1&x=é#frag";

const urlInput = $("#url-input");
const baseInput = $("#base-input");
const showInvisibles = $("#show-invisibles");

function update() {
  const input = urlInput.value;
  const base = baseInput.value;
  explain(input, base, showParse(input, base));
  updatePattern(input, base); // it may match the URL above; and the invisible-character markers apply to it too
  onSetterInput();
}

function onSetterInput() {
  updateSetter(urlInput.value, baseInput.value);
  saveState();
}

function onPatternInput() {
  updatePattern(urlInput.value, baseInput.value);
  saveState();
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

listExamples((example) => {
  urlInput.value = example.url;
  baseInput.value = example.base ?? "";
  update();
  urlInput.focus();
});
listPatternExamples(onPatternInput);

urlInput.addEventListener("input", update);
baseInput.addEventListener("input", update);
showInvisibles.addEventListener("change", () => {
  update();
  // The URL examples only: the URLPattern ones keep their text.
  for (const code of document.querySelectorAll("#examples .example-url")) renderText(code, code.parentElement.dataset.url);
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
  onSetterInput();
});
setterValue.addEventListener("input", onSetterInput);
$("#setter-form").addEventListener("submit", (event) => {
  event.preventDefault();
  onSetterInput();
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
