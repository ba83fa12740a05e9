// The web-platform-tests url `.any.js` files (idlharness.any.js included), run by WPT's own
// testharness.js through the global URL and URLSearchParams that each entry leaves: weburl's
// classes put there by hand, and the polyfill's (forced, so that they are weburl's whatever the
// engine's own score). Every file runs in a fresh realm (an iframe in browsers, a process in
// Node), with the data files of WEBURL_WPT_DIR. weburl's classes must fail only the tests listed
// below, and the polyfill no test that they pass.
//
// The test files come from a package registry: the Node.js source package of Debian (trixie)
// carries them in test/fixtures/wpt/ (url/, resources/, common/, interfaces/, with WPT's commits in
// versions.json); apt fetches its signed index into target/engines/wpt-any/ (not the system's
// lists and caches), and apt-helper the orig tarball, checked against that index.
import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { wptDir } from "../js/helpers.mjs";
import { enginesDir, run } from "./harness.mjs";

const SOURCES = "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main\n";
const FIXTURES = "test/fixtures/wpt";
const PARTS = ["url", "resources", "common", "interfaces/url.idl", "versions.json", "LICENSE.md"];

/** The entries whose globals the files run through, in browsers and in Node. */
export const BROWSER_ENTRIES = ["weburl", "polyfill.global.js", "polyfill.mjs"];
export const NODE_ENTRIES = ["weburl", "polyfill"];

let installed = null;
/**
 * Fetches and unpacks the files (once); resolves to { dir, files, source }: the folder laid out as
 * WPT's root, the `.any.js` files of url/, and the source package's tarball they came from. The
 * engines' test files run side by side, so each fetches into a folder of its own and the first to
 * finish renames it into place.
 */
export function installWptAny() {
  installed ??= (async () => {
    const base = join(enginesDir, "wpt-any");
    if (!existsSync(join(base, "source.txt"))) {
      const work = `${base}.${process.pid}`;
      rmSync(work, { recursive: true, force: true });
      mkdirSync(join(work, "lists", "partial"), { recursive: true });
      mkdirSync(join(work, "cache", "archives", "partial"), { recursive: true });
      mkdirSync(join(work, "wpt"), { recursive: true });
      writeFileSync(join(work, "sources.list"), SOURCES);
      const apt = Object.entries({
        "Dir::Etc::SourceList": join(work, "sources.list"), "Dir::Etc::SourceParts": "/dev/null",
        "Dir::State::Lists": join(work, "lists"), "Dir::Cache": join(work, "cache"),
      }).flatMap(([option, value]) => ["-o", `${option}=${value}`]);
      await run("apt-get", [...apt, "update"]);
      // "'URI' file size SHA256:hash" for each file of the source package.
      const { stdout } = await run("apt-get", [...apt, "source", "--print-uris", "nodejs"], { cwd: work });
      const line = stdout.split("\n").find((l) => /\.orig\.tar\.xz' /.test(l));
      if (line === undefined) throw new Error(`no orig tarball in the nodejs source package:\n${stdout}`);
      const [, uri, file, hash] = /^'([^']+)' (\S+) \d+ (\S+)$/.exec(line);
      await run("/usr/lib/apt/apt-helper", ["download-file", uri, join(work, file), hash]);
      const top = file.replace(/^nodejs_(.*?)(\+dfsg)?\.orig\.tar\.xz$/, "node-v$1");
      await run("tar", ["-xJf", join(work, file), "-C", join(work, "wpt"), "--strip-components=4", ...PARTS.map((p) => `${top}/${FIXTURES}/${p}`)]);
      rmSync(join(work, file));
      // WPT's resources/WebIDLParser.js is a link to webidl2's build, which the fixtures keep.
      copyFileSync(join(work, "wpt", "resources", "webidl2", "lib", "webidl2.js"), join(work, "wpt", "resources", "WebIDLParser.js"));
      writeFileSync(join(work, "source.txt"), file);
      try {
        renameSync(work, base);
      } catch {
        rmSync(work, { recursive: true, force: true }); // another process finished first
      }
    }
    const dir = join(base, "wpt");
    const files = readdirSync(join(dir, "url")).filter((f) => f.endsWith(".any.js")).sort();
    return { dir, files, source: readFileSync(join(base, "source.txt"), "utf8") };
  })();
  return installed;
}

// weburl's own failures of these files, "file: test" → why; checked both ways (`window`: only
// where the global object is a Window).
const CLONE = "platform objects are not serializable, so structuredClone must throw; weburl's classes are JavaScript objects, which it copies";
const OPAQUE = "the files predate the standard's change to opaque paths (trailing spaces kept, percent-encoded), which weburl follows";
const EXPECTED_FAILURES = {
  "historical.any.js: URL: no structured serialize/deserialize support": { why: CLONE },
  "historical.any.js: URLSearchParams: no structured serialize/deserialize support": { why: CLONE },
  "urlsearchparams-delete.any.js: Changing the query of a URL with an opaque path can impact the path": { why: OPAQUE },
  "urlsearchparams-delete.any.js: Changing the query of a URL with an opaque path can impact the path if the URL has no fragment": { why: OPAQUE },
  "idlharness.any.js: URL interface: legacy window alias": { why: "url.idl's [LegacyWindowAlias=webkitURL]: self.webkitURL stays the browser's own (the polyfill sets it)", window: true },
};
const ALIAS = "idlharness.any.js: URL interface: legacy window alias";

/** The server mounts that lay the files out as WPT's root, with the data of WEBURL_WPT_DIR. */
export function wptAnyMounts(dir) {
  return {
    "/url/": join(dir, "url"),
    "/url/resources/": wptDir,
    "/resources/": join(dir, "resources"),
    "/common/": join(dir, "common"),
    "/interfaces/": join(dir, "interfaces"),
    "/any/": join(import.meta.dirname, "any"),
  };
}

/**
 * The runs ({ entry, file, replaced, tests, failures: [[name, message]], harness, error }, one
 * per entry and file) summed per entry: { entry: { passed, failed, failures: Set } }, a failure
 * named "file: test" (a harness error, or an entry that did not load, is one too).
 */
export function summarize(runs) {
  const entries = {};
  for (const r of runs) {
    const entry = (entries[r.entry] ??= { passed: 0, failed: 0, failures: new Set(), replaced: true, files: 0 });
    const failures = r.error !== undefined ? [[`(did not run) ${r.error}`]] : [...r.failures];
    if (r.harness !== undefined && r.harness.status !== 0) failures.push([`(harness) ${r.harness.message}`]);
    for (const [name] of failures) entry.failures.add(`${r.file}: ${name}`);
    entry.failed += failures.length;
    entry.passed += (r.tests ?? 0) - (r.failures?.length ?? 0);
    entry.replaced &&= r.replaced === true;
    if ((r.tests ?? 0) > 0) entry.files++;
  }
  return entries;
}

/** "weburl 2871/3, polyfill.mjs 2871/3": passed/failed per entry. */
export function anyCounts(entries) {
  return Object.entries(entries).map(([entry, { passed, failed }]) => `${entry} ${passed}/${failed}`).join(", ");
}

/**
 * The tests of the runs `get()` resolves to (with the files' count `fileCount`, whether they ran
 * in a Window, and the `source` package of the files): each entry replaced the globals and ran tests from every file, weburl fails what
 * it is expected to and nothing else, and no entry fails a test that weburl passes.
 */
export function checkAny(get, label) {
  test(`the WPT url .any.js suites through weburl's classes: the expected failures, both ways (${label})`, async () => {
    const { runs, window } = await get();
    const expected = Object.keys(EXPECTED_FAILURES).filter((name) => window || !EXPECTED_FAILURES[name].window);
    assert.deepEqual([...summarize(runs).weburl.failures].sort(), expected.sort());
  });

  test(`the WPT url .any.js suites (idlharness included) through the globals: the polyfill fails nothing weburl passes (${label})`, async (t) => {
    const { runs, fileCount, source, window } = await get();
    const entries = summarize(runs);
    t.diagnostic(`${anyCounts(entries)} (the files of ${source})`);
    const weburl = entries.weburl;
    assert.ok(weburl !== undefined, "weburl's classes did not run");
    for (const [entry, summary] of Object.entries(entries)) {
      assert.ok(summary.replaced, `${entry}: the globals are not weburl's`);
      assert.equal(summary.files, fileCount, `${entry}: some file ran no test`);
      const beyond = [...summary.failures].filter((f) => !weburl.failures.has(f));
      assert.deepEqual(beyond, [], `${entry} fails what weburl passes`);
      if (window && entry !== "weburl") assert.ok(!summary.failures.has(ALIAS), `${entry}: self.webkitURL is not the URL it installed`);
    }
  });
}
