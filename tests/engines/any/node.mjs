// One WPT url .any.js file in this Node process, as frame.js runs one in a browser's frame (argv:
// the app folder with weburl installed and its entries.mjs, WPT's root, the data folder, the
// entry, the file): the entry's globals, testharness.js, the file's META scripts, the file, with
// `fetch` reading the files; prints the result as one JSON line.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import vm from "node:vm";

const [app, root, data, entry, file] = process.argv.slice(2);
const native = globalThis.URL;
const entries = await import(pathToFileURL(join(app, "entries.mjs")).href);

// weburl's classes as the polyfill installs them: writable, configurable, not enumerable.
if (entry === "weburl") {
  const weburl = await entries.weburl();
  for (const name of ["URL", "URLSearchParams"]) {
    Object.defineProperty(globalThis, name, { value: weburl[name], writable: true, configurable: true, enumerable: false });
  }
} else {
  (await entries.polyfill()).install({ force: true });
}

/** A path of WPT's root ("/resources/…"), or one relative to url/, as a file. */
function fileOf(path) {
  const absolute = path.startsWith("/") ? path : `/url/${path}`;
  return absolute.startsWith("/url/resources/") ? join(data, absolute.slice("/url/resources/".length)) : join(root, absolute);
}
const load = (path) => vm.runInThisContext(readFileSync(fileOf(path), "utf8"), { filename: fileOf(path) });
globalThis.fetch = async (path) => new Response(readFileSync(fileOf(path)));
globalThis.self = globalThis;
// What WPT's wrappers of a .any.js file define: the kind of global object it runs in.
globalThis.GLOBAL = { isWindow: () => false, isWorker: () => false, isShadowRealm: () => false };
// subset-tests-by-key.js reads location.search as it loads; no test sees it (historical.any.js
// tests `self.location` where there is one).
globalThis.location = { search: "" };

load("/resources/testharness.js");
setup({ explicit_done: true });
add_completion_callback((tests, status) => {
  console.log(JSON.stringify({
    entry, file, replaced: globalThis.URL !== native, tests: tests.length,
    failures: tests.filter((t) => t.status !== t.PASS).map((t) => [t.name, t.message]),
    harness: { status: status.status, message: status.message },
  }));
});
const source = readFileSync(fileOf(file), "utf8");
for (const [, meta] of source.matchAll(/^\/\/ META: script=(.*)$/gm)) load(meta);
delete globalThis.location;
load(file);
done();
