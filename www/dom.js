// What the viewer's panels share: finding an element, an example button, counting in words.

export const $ = (selector) => document.querySelector(selector);

/**
 * Appends to `list` an example: a button with a code element (class `example-url`, returned for
 * the caller to fill), the `detail` under it if any, and the `note`; `pick` runs on a click.
 * `className` and `data` (data attributes) tell the lists apart.
 */
export function addExample(list, { className, data, detail, note, pick }) {
  const item = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = className;
  Object.assign(button.dataset, data);
  const code = document.createElement("code");
  code.className = "example-url";
  button.append(code);
  if (detail) {
    const more = document.createElement("code");
    more.className = "example-base";
    more.textContent = detail;
    button.append(more);
  }
  const text = document.createElement("span");
  text.className = "example-note";
  text.textContent = note;
  button.append(text);
  button.addEventListener("click", pick);
  item.append(button);
  list.append(item);
  return code;
}

export const plural = (count, one, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
