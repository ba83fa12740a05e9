// Loaded by module.html: checks whether this page may compile WebAssembly, imports an ESM entry
// of the package (?entry=nowasm.mjs; by default the browser entry /pkg/index.js), and runs
// urltestdata.json through its URL class. Everything runs here, in the page, under whatever
// Content-Security-Policy the page was served with.
import { Report, runUrlTestData } from "/runner/wpt-runner.mjs";

// The smallest valid module: the magic number and version 1.
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

const violations = [];
document.addEventListener("securitypolicyviolation", (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`));

async function outcome(f) {
  try {
    await f();
    return "allowed";
  } catch (e) {
    return `${e.name}: ${e.message}`;
  }
}

async function main() {
  const result = { violations };
  result.wasmCompile = await outcome(() => WebAssembly.compile(EMPTY_MODULE));
  result.wasmModule = await outcome(() => new WebAssembly.Module(EMPTY_MODULE));
  result.eval = await outcome(() => (0, eval)("1"));
  const entry = new URLSearchParams(location.search).get("entry") ?? "index.js";
  let pkg;
  try {
    pkg = await import(`/pkg/${entry}`);
  } catch (e) {
    result.importError = `${e.name}: ${e.message}`;
    return result;
  }
  result.engine = pkg.engine();
  result.native = pkg.URL === globalThis.URL;
  const [data, expected] = await Promise.all(
    ["/wpt/urltestdata.json", "/expected/wpt-expected-failures.json"].map(async (path) => (await fetch(path)).json()),
  );
  const report = new Report("urltestdata.json", expected["urltestdata.json"]);
  runUrlTestData(pkg.URL, data, report);
  result.wpt = report.result();
  return result;
}

window.weburlResult = main().catch((e) => ({ error: `${e?.name}: ${e?.message}\n${e?.stack}` }));
