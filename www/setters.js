// The setter playground: one setter run on the URL above, by weburl and by this browser.

import { $ } from "./dom.js";
import { createTable, fillTable, snapshot } from "./table.js";
import { BrowserURL, WebURL, construct } from "./weburl.js";

/** The attributes with a setter (origin and searchParams are read-only). */
export const SETTABLE = [
  "href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash",
];

export const DEFAULT_SETTER_ATTR = "pathname";
export const DEFAULT_SETTER_VALUE = "/ä b/./c/../d";

export const setterAttr = $("#setter-attr");
export const setterValue = $("#setter-value");
const setterSummary = $("#setter-summary");
const setterRows = createTable($("#setter-results"), "set-");

for (const name of SETTABLE) {
  const option = document.createElement("option");
  option.value = name;
  option.textContent = name;
  setterAttr.append(option);
}
setterAttr.value = DEFAULT_SETTER_ATTR;
setterValue.value = DEFAULT_SETTER_VALUE;

function applySetter(Ctor, input, base, attribute, value) {
  const { url, error } = construct(Ctor, input, base);
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

/** Runs the chosen setter on the URL `input` (against `base` when not empty), on both sides. */
export function updateSetter(input, base) {
  const attribute = setterAttr.value;
  const value = setterValue.value;
  const outcomes = {
    weburl: applySetter(WebURL, input, base, attribute, value),
    browser: applySetter(BrowserURL, input, base, attribute, value),
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
