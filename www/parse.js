// The parse panel: the input parsed by weburl and by this browser, side by side, and a sentence
// saying where they differ.

import { $ } from "./dom.js";
import { createTable, describe, fillTable, snapshot } from "./table.js";
import { BrowserURL, WebURL, construct } from "./weburl.js";

export const summary = $("#summary");
const resultRows = createTable($("#results"), "");

function outcomeOf(Ctor, input, base) {
  const { url, error } = construct(Ctor, input, base);
  return url ? { url, values: snapshot(url) } : { error };
}

/** Shows both parses of `input` (against `base` when not empty); returns weburl's outcome. */
export function showParse(input, base) {
  const outcomes = {
    weburl: outcomeOf(WebURL, input, base),
    browser: outcomeOf(BrowserURL, input, base),
  };
  const differing = fillTable(resultRows, outcomes, "");
  summary.textContent = describe(differing, outcomes);
  summary.classList.toggle("has-diff", differing.length > 0);
  return outcomes.weburl;
}
