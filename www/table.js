// The comparison tables (the parse result and the setter playground): one row per attribute,
// weburl's value beside this browser's, the rows that differ marked.

import { renderPairs, renderText } from "./text.js";

/** The URL attributes shown, in the order of the standard's IDL. */
const ATTRIBUTES = [
  "href", "origin", "protocol", "username", "password",
  "host", "hostname", "port", "pathname", "search", "hash",
];
/** Rows of a result table: the outcome, the attributes, the query's name-value pairs. */
const ROWS = ["result", ...ATTRIBUTES, "searchParams"];

/** Every shown attribute of `url`, as strings; searchParams as a list of pairs. */
export function snapshot(url) {
  const values = {};
  for (const name of ATTRIBUTES) values[name] = url[name];
  values.searchParams = Array.from(url.searchParams, ([name, value]) => [name, value]);
  return values;
}

function sameValue(name, a, b) {
  if (name === "searchParams") return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/**
 * A table row named `name` with its header cell: the name, a badge (`badgeClass`, `badgeText`,
 * `badgeTitle`) and `sr`, a screen-reader text (`srClass`) for the caller to fill.
 */
export function rowWithHeader(name, badgeClass, badgeText, badgeTitle, srClass) {
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
export function createTable(table, prefix) {
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
export function fillTable(rows, outcomes, prefix) {
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

export function describe(differing, outcomes) {
  const { weburl, browser } = outcomes;
  if (!weburl.values && !browser.values) return "Both reject this input.";
  if (!weburl.values) return "weburl rejects this input; this browser accepts it.";
  if (!browser.values) return "This browser rejects this input; weburl accepts it.";
  if (differing.length === 0) return "weburl and this browser agree on every attribute.";
  const count = differing.length === 1 ? "1 attribute differs" : `${differing.length} attributes differ`;
  return `${count}: ${differing.join(", ")}.`;
}
