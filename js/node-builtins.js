// The Node built-in modules the Node entries use, as `process.getBuiltinModule` (Node 20.16+)
// hands them: importing "fs" as an ES module costs about 1 ms at start, most of a cold start.
// Older Node imports them. (The CommonJS builds use node-builtins-cjs.js, with require.)
const builtin = (name) => (typeof process.getBuiltinModule === "function" ? process.getBuiltinModule(name) : import(name));

export const [fs, url, module] = await Promise.all(["fs", "url", "module"].map(builtin));
