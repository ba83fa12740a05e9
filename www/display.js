// The URL rendered for people by weburl's renderURL (the display entry): as an address bar
// shows it, and in full.

import { $ } from "./dom.js";
import { renderText } from "./text.js";
import { WebURL, engine } from "./weburl.js";

const renderedAddressBar = $("#rendered-address-bar");
const renderedFull = $("#rendered-full");
const renderedNote = $("#rendered-note");

/** The URL as weburl's renderURL shows it: as an address bar does, and in full (lossless). */
export function renderRendered(href) {
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
