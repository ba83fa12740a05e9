// The validation errors the parser met, in its order, each explained and linked to the
// standard's table (./validation-errors.js), and whether the input is a valid URL string.

import { $, plural } from "./dom.js";
import { renderText } from "./text.js";
import { describeError, specLink } from "./validation-errors.js";

const errorsSummary = $("#errors-summary");
const errorsList = $("#validation-errors");
const validity = $("#valid-url-string");

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

export function renderErrors(names, failed, subject) {
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

export function renderValidity(valid) {
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

/** Empties the list, with `message` in place of the summary. */
export function clearErrors(message) {
  renderErrorList(errorsList, [], false);
  errorsSummary.textContent = message;
  errorsSummary.dataset.state = "failed";
}
