// QuickJS (no WebAssembly, no TextEncoder or TextDecoder), from the npm registry: quickjs-ng and
// Bellard's QuickJS, each compiled to wasm (@jitl/quickjs-*-wasmfile-release-sync) and driven by
// quickjs-emscripten-core from Node. The program loads `weburl/nowasm`, the entry for engines
// without WebAssembly (its classes and whatwg-url's API), bundled into one script; it gets nothing from the host but the time
// limit. (weburl/polyfill's JavaScript-engine build is React Native's: no polyfill runs here.)
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

import { bundle, checkEngine, ENGINE_TIMEOUT, freshDir, installPackages, installWeburl, suiteModule, weburlFiles } from "./harness.mjs";

const VERSION = "0.32.0";
const VARIANTS = {
  "quickjs-ng": "@jitl/quickjs-ng-wasmfile-release-sync",
  quickjs: "@jitl/quickjs-wasmfile-release-sync",
};

const PROGRAM = `import * as weburl from "weburl/nowasm";
import { measure } from "./suite.js";

const own = { URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams };
globalThis.result = JSON.stringify(measure({ own, weburl, whatwgURL: weburl, polyfill: false }));
`;

for (const [name, variant] of Object.entries(VARIANTS)) {
  checkEngine(name, async () => {
    const modules = await installPackages(name, { "quickjs-emscripten-core": VERSION, [variant]: VERSION });
    const dir = freshDir(name, "app");
    await installWeburl(dir);
    await suiteModule(dir);
    writeFileSync(join(dir, "program.mjs"), PROGRAM);
    const { metafile } = await bundle(join(dir, "program.mjs"), join(dir, "program.js"), { format: "iife", platform: "neutral", target: "es2020", metafile: true });
    const require = createRequire(join(modules, "x.js"));
    const { newQuickJSWASMModuleFromVariant, shouldInterruptAfterDeadline } = require("quickjs-emscripten-core");
    const quickjs = await newQuickJSWASMModuleFromVariant(require(variant));
    const context = quickjs.newContext();
    context.runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + ENGINE_TIMEOUT));
    try {
      context.unwrapResult(context.evalCode(readFileSync(join(dir, "program.js"), "utf8"), "program.js")).dispose();
      const result = context.getProp(context.global, "result");
      const text = context.getString(result);
      result.dispose();
      return { ...JSON.parse(text), engine: `${name} (${variant} ${VERSION})`, entry: weburlFiles(metafile) };
    } finally {
      context.dispose();
    }
  }, { expectedEngine: "js", polyfill: false });
}
