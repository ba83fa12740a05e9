// Values as text: spaces made visible and invisible characters labelled (when the page's
// "Show spaces and invisible characters" box is checked), and name-value pairs.

import { $ } from "./dom.js";

const showInvisibles = $("#show-invisibles");

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
export function renderText(element, text) {
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

export function renderPairs(element, pairs) {
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
