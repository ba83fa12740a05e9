// The Node built-in modules the Node entries use, as `process.getBuiltinModule` (Node 20.16+)
// hands them: importing "fs" as an ES module costs about 1 ms at start, most of a cold start.
// Older Node imports them. (The CommonJS builds use node-builtins-cjs.js, with require.)
const getBuiltin = typeof process.getBuiltinModule === "function" ? (name) => process.getBuiltinModule(name) : null;
const builtin = (name) => (getBuiltin === null ? import(name) : getBuiltin(name));

export const [fs, url] = await Promise.all(["fs", "url"].map(builtin));
// "module" serves only the fallback where WebAssembly is refused. Node's loader has not loaded
// it, and loading it cost a tenth of a start (1.8 of 17 million instructions in Node 24), so it
// is fetched when the fallback asks, where Node can hand it synchronously.
const preloaded = getBuiltin === null ? await builtin("module") : null;

/** Node's `module`. */
export const nodeModule = () => preloaded ?? getBuiltin("module");
