// weburl/nowasm: the classes on the JavaScript engine only, for runtimes that have no
// WebAssembly at all (React Native's Hermes, locked-down embeddings). ES2017.
import { jsEngine } from "../engine-js.js";
import { start } from "../runtime.js";

export * from "../full-api.js";

start(jsEngine);
