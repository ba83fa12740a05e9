// An esbuild plugin for the legacy build: class private names (`#href`) become symbol-keyed
// members (`[__private_href]`) before esbuild lowers the code to ES2017, and private fields
// become assignments at the start of the constructor. esbuild's own lowering keeps each private
// field in a WeakMap, which made `new URL(s)` about 70 times slower (twelve ephemeron entries
// per URL), and lowers a field to a generic define helper, 4 times slower; a plain symbol-keyed
// property costs what a private field does. The price: the symbols show to
// Object.getOwnPropertySymbols on the legacy build's objects.
import { readFile } from "node:fs/promises";
import * as acorn from "acorn";

/** The private names of `code` rewritten as symbol-keyed members, with the symbols declared. */
export function privateAsSymbols(code) {
  if (!code.includes("#")) return code;
  const edits = [];
  const names = new Set();
  const visit = (node) => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    if (node.type === "PrivateIdentifier") throw new Error(`private name #${node.name} in an unexpected place`);
    if (node.type === "ClassBody") return classBody(node);
    if (node.type === "MethodDefinition" && node.key.type === "PrivateIdentifier") {
      names.add(node.key.name);
      edits.push([node.key.start, node.key.end, `[__private_${node.key.name}]`]);
      return visit(node.value);
    }
    if (node.type === "MemberExpression" && node.property.type === "PrivateIdentifier") {
      names.add(node.property.name);
      edits.push([code.lastIndexOf(".", node.property.start), node.property.end, `[__private_${node.property.name}]`]);
      return visit(node.object);
    }
    for (const key of Object.keys(node)) if (key !== "type") visit(node[key]);
  };
  const classBody = (body) => {
    const fields = body.body.filter((m) => m.type === "PropertyDefinition" && !m.static && m.key.type === "PrivateIdentifier");
    const constructor = body.body.find((m) => m.kind === "constructor");
    if (fields.length > 0 && constructor === undefined) throw new Error("a class with private fields needs a constructor");
    const assignments = fields.map((field) => {
      names.add(field.key.name);
      edits.push([field.start, field.end, ""]);
      const value = field.value === null ? "undefined" : code.slice(field.value.start, field.value.end);
      return `this[__private_${field.key.name}] = ${value};`;
    });
    if (fields.length > 0) edits.push([constructor.value.body.start + 1, constructor.value.body.start + 1, assignments.join(" ")]);
    // WebIDL's brand check, which private names make by themselves: a method, getter or setter
    // that reads this's private members throws a TypeError for an object the class did not make
    // (URL.prototype's href getter called on {}), where a symbol-keyed read would give undefined.
    if (fields.length > 0) {
      const brand = `__private_${fields[0].key.name}`;
      for (const member of body.body) {
        if (member.type !== "MethodDefinition" || member.static || member.kind === "constructor" || !readsThisPrivate(member.value.body)) continue;
        edits.push([member.value.body.start + 1, member.value.body.start + 1, ` if (!(${brand} in this)) throw new TypeError("Illegal invocation");`]);
      }
    }
    for (const member of body.body) if (!fields.includes(member)) visit(member);
    fields.forEach((field) => visit(field.value));
  };
  visit(acorn.parse(code, { ecmaVersion: "latest", sourceType: "module" }));
  if (names.size === 0) return code;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) code = code.slice(0, start) + text + code.slice(end);
  const declarations = [...names].map((name) => `const __private_${name} = Symbol("${name}");`).join("\n");
  return `${declarations}\n${code}`;
}

/** Whether `node` reads a private member of `this` (not inside a function with a `this` of its own). */
function readsThisPrivate(node) {
  if (node === null || typeof node !== "object") return false;
  if (Array.isArray(node)) return node.some(readsThisPrivate);
  if (node.type === "FunctionExpression" || node.type === "FunctionDeclaration") return false;
  if (node.type === "MemberExpression" && node.object.type === "ThisExpression" && node.property.type === "PrivateIdentifier") return true;
  return Object.keys(node).some((key) => key !== "type" && readsThisPrivate(node[key]));
}

export const privateAsSymbolsPlugin = {
  name: "private-as-symbols",
  setup(build) {
    build.onLoad({ filter: /\.js$/ }, async (args) => ({ contents: privateAsSymbols(await readFile(args.path, "utf8")), loader: "js" }));
  },
};
