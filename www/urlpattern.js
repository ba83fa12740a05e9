// The URLPattern panel: weburl's URLPattern on a pattern and a URL (the panel's own, or the URL
// above): the pattern's components, whether the URL matches, its groups, and which components
// keep it from matching.

import { $, addExample, plural } from "./dom.js";
import { rowWithHeader } from "./table.js";
import { renderText } from "./text.js";
import { PACKAGE_ENTRIES, WebURLPattern, engine } from "./weburl.js";

/** A URLPattern's components, in the order of the standard's IDL. */
const PATTERN_COMPONENTS = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
export const DEFAULT_PATTERN = "https://example.com/books/:id(\\d+)";
export const DEFAULT_PATTERN_URL = "https://example.com/books/42";

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

export const patternString = $("#pattern-string");
export const patternBase = $("#pattern-base");
export const patternURL = $("#pattern-url");
export const patternIgnoreCase = $("#pattern-icase");
export const patternUseURL = $("#pattern-use-url");
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

/** The arguments of exec/test: [url] or [url, base] (the URL above, `input`, with its `base`, or the panel's own field). */
function matchArguments(input, base) {
  if (!patternUseURL.checked) return [patternURL.value];
  return base === "" ? [input] : [input, base];
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

/** Runs the pattern on its URL, or on the URL above: `input` against `base` when not empty. */
export function updatePattern(input, base) {
  const useURL = patternUseURL.checked;
  patternURL.disabled = useURL;
  patternURLHint.textContent = useURL
    ? `Matching the URL above${base === "" ? "" : " against its base"}: ${callText("pattern.exec", matchArguments(input, base))}.`
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

  const target = matchArguments(input, base);
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

const patternExampleList = $("#pattern-examples");

/** Lists the example patterns; `edited()` runs after one is put in the fields. */
export function listPatternExamples(edited) {
  for (const example of PATTERN_EXAMPLES) {
    const code = addExample(patternExampleList, {
      className: "example pattern-example",
      data: { testid: "pattern-example", pattern: example.pattern },
      detail: `${example.base ? `base ${example.base} · ` : ""}matching ${example.url}`,
      note: example.note,
      pick: () => {
        patternString.value = example.pattern;
        patternBase.value = example.base ?? "";
        patternURL.value = example.url;
        patternIgnoreCase.checked = false;
        patternUseURL.checked = false;
        edited();
        patternString.focus();
      },
    });
    code.textContent = example.pattern;
  }
}
