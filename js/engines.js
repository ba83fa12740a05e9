// The engines the classes run on. An engine pairs wasm-bindgen's glue (`createBindings`) with a
// way to make a fresh instance of the Rust core from the glue's imports: the compiled wasm
// module, or the same module turned into plain JavaScript by binaryen's wasm2js (js/engine-js.js)
// where WebAssembly is missing or compiling it is refused. The runtime starts the one it is
// given and makes another instance of it after a trap.

const hasWebAssembly = () => typeof WebAssembly === "object" && WebAssembly !== null;

/**
 * The engine over a compiled `WebAssembly.Module`, or over a function that compiles it when the
 * first instance is made.
 */
export function wasmEngine(createBindings, module) {
  let compiled = typeof module === "function" ? null : module;
  return {
    name: "wasm",
    createBindings,
    instantiate: (imports) => new WebAssembly.Instance((compiled ??= module()), imports).exports,
    // Growing wasm memory detaches the old ArrayBuffer, so a view of length 0 means "grown".
    growDetaches: true,
    isTrap: (error) => error instanceof WebAssembly.RuntimeError || error instanceof RangeError,
  };
}

/**
 * The error of not finding the wasm module, say with no URL to resolve its name against (workerd
 * has no import.meta.url): the fallback takes over, as where WebAssembly is refused.
 */
export class WasmNotFound extends Error {}

/** What `find()` gives; its error, if it throws, as a WasmNotFound. */
export function locate(find) {
  try {
    return find();
  } catch (error) {
    throw error instanceof WasmNotFound ? error : new WasmNotFound(`not found: ${error.message}`, { cause: error });
  }
}

/**
 * Whether `error`, thrown while finding or compiling the wasm, means this engine has no
 * WebAssembly to give: the global is missing, compiling was refused (a Content-Security-Policy
 * without 'wasm-unsafe-eval' gives a CompileError; a size limit on synchronous compiling a
 * RangeError), or the module was not found.
 */
function refused(error) {
  return !hasWebAssembly() || error instanceof WebAssembly.CompileError || error instanceof RangeError || error instanceof WasmNotFound;
}

/** Throws where this engine has no WebAssembly. */
export function requireWebAssembly() {
  if (!hasWebAssembly()) throw new TypeError("weburl: this engine has no WebAssembly");
}

/** Compiles wasm bytes (or takes a compiled module) synchronously. */
export function compileSync(source) {
  requireWebAssembly();
  return source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);
}

/**
 * Compiles the wasm bytes that `source()` gives (or takes a compiled module) for an entry that
 * awaits it: synchronously where the engine allows it, else without blocking. Engines compile a
 * function when it is first called, so compiling here only validates (1.9 ms for the url wasm in
 * headless Chromium, where the compile on another thread and the task that reports it took 9.1,
 * the machine loaded alike). Chromium refused synchronous compiles of over 4 KB on the main thread
 * with a RangeError until version 114 raised the limit to 8 MB; there, `ready()` first compiles
 * what `source()` needs (js/inline-wasm.js's decoder) without blocking too.
 */
export async function compile(source, ready) {
  try {
    return compileSync(source());
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    await ready?.();
    return WebAssembly.compile(source());
  }
}

/**
 * The engine of a wasm with a start module (scripts/start-module.mjs), compiled synchronously:
 * over the start module, whose `whole()` is the engine of the whole module, compiled when the
 * runtime first asks (a call reached a function the start module left out: js/runtime.js runs it
 * again there). The polyfills start so, and where their wasm is plain base64 (Node's CommonJS
 * builds), `startBytes` is `wholeBytes`: the whole module, with nothing to ask for.
 */
export function startEngineSync(createBindings, startBytes, wholeBytes) {
  const engine = wasmEngine(createBindings, compileSync(startBytes()));
  if (startBytes === wholeBytes) return engine;
  let whole;
  engine.whole = () => (whole ??= wasmEngine(createBindings, compileSync(wholeBytes())));
  return engine;
}

/**
 * `startEngineSync` for an entry that awaits its engine. Where the engine refuses to compile
 * synchronously (Chromium before 114, over 4 KB on the main thread), a miss could not compile the
 * whole module when it happens: the whole module from the start, once `ready()` has compiled the
 * decoder (js/inline-wasm.js) as `compile` does.
 */
export async function startEngine(createBindings, startBytes, wholeBytes, ready) {
  try {
    return startEngineSync(createBindings, startBytes, wholeBytes);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    await ready();
    return wasmEngine(createBindings, await WebAssembly.compile(wholeBytes()));
  }
}

/**
 * The engine `wasm()` makes; where WebAssembly is refused, the one `fallback(error)` gives. Any
 * other error (a broken module, a network failure) is thrown.
 */
export function chooseSync(wasm, fallback) {
  try {
    return wasm();
  } catch (error) {
    if (refused(error)) return fallback(error);
    throw error;
  }
}

/** `chooseSync` for engines that load asynchronously. */
export async function choose(wasm, fallback) {
  try {
    return await wasm();
  } catch (error) {
    if (refused(error)) return fallback(error);
    throw error;
  }
}

/**
 * The fallback of the entries that carry no JavaScript engine: the JavaScript engine is an entry
 * of its own, which only those who need it download.
 */
export function noWasm(error) {
  throw new TypeError(
    `weburl: this runtime has no WebAssembly or refused to compile it, or the wasm module was not found (${error.message}): import "weburl/nowasm" (or "weburl/legacy", which falls back to it)`,
    { cause: error },
  );
}
