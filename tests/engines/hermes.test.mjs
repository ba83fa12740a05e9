// Hermes, React Native's engine (no WebAssembly, no TextDecoder), from the npm registry
// (hermes-engine-cli 0.12, the last Hermes with a command-line VM there: legacy Hermes, before
// Hermes V1): an app importing `weburl`, `weburl/whatwg-url`, `weburl/polyfill` and `weburl/psl`,
// bundled by Metro as React Native configures it (tests/bundlers/bundlers.mjs: the react-native
// condition takes the JavaScript engine), run by the hermes command line. Legacy Hermes has no class
// syntax: the Babel preset's transform profile for engines other than Hermes V1 ("default")
// lowers it, as it must for an app on legacy Hermes. React Native gives its apps a console; the
// command line has `print`, which the bundle's prelude makes one of.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { BUNDLERS } from "../bundlers/bundlers.mjs";
import { build } from "../bundlers/harness.mjs";
import { checkEngine, freshDir, installPackages, installWeburl, OWN_MODULE, printedResult, run, suiteModule } from "./harness.mjs";

const VERSION = "0.12.0";

const BABEL_CONFIG = `module.exports = {
  presets: [["module:@react-native/babel-preset", { unstable_transformProfile: "default" }]],
};
`;

const APP = `import { own } from "./own";
import * as weburl from "weburl";
import * as whatwgURL from "weburl/whatwg-url";
import "weburl/polyfill";
import { publicSuffix, registrableDomain } from "weburl/psl";
import { measure } from "./suite";

const psl = [publicSuffix("a.b.example.co.uk"), registrableDomain("a.b.example.co.uk")];
console.log(JSON.stringify({ ...measure({ own, weburl, whatwgURL, polyfill: true }), psl }));
`;

let result;
checkEngine("hermes", async () => {
  const hermes = join(await installPackages("hermes", { "hermes-engine-cli": VERSION }), "hermes-engine-cli", "linux64-bin", "hermes");
  const dir = freshDir("hermes", "app");
  await installWeburl(dir);
  writeFileSync(join(dir, "metro.config.js"), BUNDLERS.metro.files["metro.config.js"]);
  writeFileSync(join(dir, "babel.config.js"), BABEL_CONFIG);
  freshDir("hermes", "app/dist"); // Metro does not make it
  const src = freshDir("hermes", "app/src");
  await suiteModule(src);
  writeFileSync(join(src, "own.js"), OWN_MODULE);
  writeFileSync(join(src, "index.js"), APP);
  const built = await build("metro", dir);
  if (!built.ok) throw new Error(`Metro failed:\n${built.output.slice(-3000)}`);
  console.log(`Metro built the app in ${built.seconds.toFixed(1)} s`);
  const program = join(dir, "dist", "hermes.js");
  const prelude = "var console = { log: print, warn: print, error: print, info: print };\n";
  writeFileSync(program, prelude + readFileSync(join(dir, "dist", "index.bundle.js"), "utf8"));
  const { stdout } = await run(hermes, [program]);
  result = { ...printedResult(stdout), engine: `Hermes ${VERSION}`, entry: "weburl/nowasm, for weburl/whatwg-url too (Metro's react-native condition)" };
  return result;
}, { expectedEngine: "js" });

test("weburl/psl loads on the JavaScript engine (Metro's react-native condition)", () => {
  assert.deepEqual(result.psl, ["co.uk", "example.co.uk"]);
});
