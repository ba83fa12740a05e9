// The start module of the url wasm (scripts/start-module.mjs): index.js compiles the url wasm with
// only the functions a start runs, and a call that reaches another traps there and runs again on
// the whole module (js/runtime.js, `again`). Checked here: the start workload the build profiles
// runs every function kasztp's URLs run (scripts/start-profile.mjs), and each operation missing
// first gives the whole module's answer, with the URL objects and the instance usable after it.
// Each case runs on a fresh copy of the staged modules (target/js: a runtime of its own) over a
// start module made from pkg/weburl_bg.wasm, which is the url wasm of that glue, keeping what the
// case's setup runs.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";

import { GETTERS, profile, readAll, stagedClasses, startWorkload } from "../../scripts/start-profile.mjs";
import { startModule } from "../../scripts/start-module.mjs";
import { datasetLines, load, pkg, root } from "./helpers.mjs";

const stage = join(root, "target", "js");
assert.ok(existsSync(join(stage, "glue-url.js")), "build first: node scripts/build.mjs");
const wasm = readFileSync(join(pkg, "weburl_bg.wasm"));
const reference = await load(); // the whole module, as Node's entry runs it

const copies = mkdtempSync(join(tmpdir(), "weburl-start-"));
after(() => rmSync(copies, { recursive: true, force: true }));

test("the start workload runs every function kasztp's URLs and their getters run", async () => {
  const lines = datasetLines("kasztp.txt");
  const kasztp = ({ URL }) => {
    for (const line of lines) {
      try {
        readAll(new URL(line));
      } catch {
        // A URL that fails to parse runs the parser too.
      }
    }
  };
  const [start, real] = await profile(stage, copies, wasm, [startWorkload, kasztp]);
  const missing = [...real].filter((f) => !start.has(f));
  assert.deepEqual(missing, [], "functions kasztp runs that scripts/start-profile.mjs's workload does not: add a URL of kasztp that runs them");
});

/**
 * Classes over a start module that keeps what instantiating and `before` run (on a profile of its
 * own): each `whole()` the runtime asks for counted in `misses()`.
 */
async function startedAfter(before) {
  const [kept] = await profile(stage, copies, wasm, [before]);
  const { createBindings, engines, runtime, classes } = await stagedClasses(stage, copies);
  const engine = await engines.startEngine(createBindings, () => startModule(wasm, kept), () => wasm);
  const whole = engine.whole;
  let misses = 0;
  engine.whole = () => {
    misses++;
    return whole();
  };
  runtime.start(engine);
  return { ...classes, misses: () => misses };
}

/** `steps(classes)` on the start module (after `setup`, which must not miss) and on the whole module alike. */
async function sameAsWhole(setup, steps) {
  const started = await startedAfter(setup);
  setup(started);
  assert.equal(started.misses(), 0, "the setup runs on the start module");
  const got = steps(started);
  assert.equal(started.misses(), 1, "the steps missed once");
  assert.deepEqual(got, steps(reference));
  return started;
}

const fields = (url) => GETTERS.map((getter) => url[getter]);

describe("each operation missing first gives the whole module's answer", () => {
  const ascii = ({ URL }) => new URL("https://example.org/a?b#c").href;

  test("a parse (a host that is not ASCII)", async () => {
    const started = await sameAsWhole(ascii, ({ URL }) => fields(new URL("https://EXAMPLE.org/ä ö/?q=ü#ß")).concat(fields(new URL("https://münchen.de/"))));
    assert.equal(new started.URL("https://b.example/").href, "https://b.example/", "the instance works after it");
  });

  test("a parse against a base", async () => {
    await sameAsWhole(ascii, ({ URL }) => fields(new URL("../c?d", "http://user:pw@[::1]:8080/a/b")));
  });

  test("a failing parse and its validation error", async () => {
    await sameAsWhole(ascii, ({ URL }) => {
      try {
        new URL("https://ex ample/");
        return "parsed";
      } catch (error) {
        return [error.constructor.name, error.message];
      }
    });
  });

  test("a validation error named first", async () => {
    const parseFails = ({ URL }) => URL.parse("https://ex ample/");
    await sameAsWhole(parseFails, ({ URL }) => {
      try {
        new URL("https://ex ample/");
        return "parsed";
      } catch (error) {
        return error.message;
      }
    });
  });

  test("canParse", async () => {
    await sameAsWhole(ascii, ({ URL }) => [URL.canParse("a b"), URL.canParse("//x", "file:///y"), URL.canParse("https://[::1]/")]);
  });

  test("a setter on a URL a setter left pending", async () => {
    let url = null;
    const pending = ({ URL }) => {
      url = new URL("https://pending.example/a?b");
      url.pathname = "/c%20d"; // "%": the module's setter (a plain path is spliced in JavaScript)
    };
    const started = await startedAfter(pending);
    pending(started);
    const mine = url;
    assert.equal(started.misses(), 0);
    mine.host = "münchen.example:81";
    assert.equal(started.misses(), 1, "the host setter missed");
    pending(reference);
    url.host = "münchen.example:81";
    assert.deepEqual(fields(mine), fields(url), "applied once, over the pending serialization");
    mine.pathname = "/e";
    mine.hash = "f";
    assert.equal(mine.href, "https://xn--mnchen-3ya.example:81/e?b#f");
  });

  test("a setter on a URL the module does not hold", async () => {
    let urls = null;
    const two = ({ URL }) => {
      // Offsets unlike each other's: each setter must lend its own URL's.
      urls = [new URL("https://u:p@one.example:8443/a/b?c#d"), new URL("https://two.example/b")];
      urls[1].pathname = "x";
    };
    const started = await startedAfter(two);
    two(started);
    const mine = urls;
    mine[0].port = "8080";
    assert.equal(started.misses(), 1);
    two(reference);
    urls[0].port = "8080";
    assert.deepEqual(mine.map(fields), urls.map(fields));
  });

  test("the update steps (serializeQuery)", async () => {
    let url = null;
    const parsed = ({ URL }) => {
      url = new URL("https://q.example/?a=1&b=2");
    };
    const started = await startedAfter(parsed);
    parsed(started);
    const mine = url;
    mine.searchParams.append("c d", "é");
    mine.searchParams.delete("a");
    assert.equal(started.misses(), 1);
    parsed(reference);
    url.searchParams.append("c d", "é");
    url.searchParams.delete("a");
    assert.deepEqual(fields(mine), fields(url));
    assert.deepEqual([...mine.searchParams], [...url.searchParams]);
  });

  test("parseQuery", async () => {
    await sameAsWhole(ascii, ({ URLSearchParams }) => [...new URLSearchParams("a=1&b=%20c+d&&=e&f")]);
  });

  test("serializeQuery", async () => {
    await sameAsWhole(ascii, ({ URLSearchParams }) => new URLSearchParams([["a b", "c&d"], ["é", "="]]).toString());
  });

  test("a blob URL's origin", async () => {
    const blobs = ({ URL }) => [new URL("blob:https://a.example:443/uuid"), new URL("blob:ftp://x/y")];
    await sameAsWhole(blobs, (classes) => blobs(classes).map((url) => url.origin));
  });
});

test("index.js decodes its stream as far as the start module's end, and a miss decodes only the rest, resuming", () => {
  // In a process of its own: index.js fresh, its decoder's calls (with where the output starts
  // and the length asked for) and join's (where its streams start, and its output) and the
  // modules compiled seen.
  const code = `const compiled = []; const calls = [];
    const { Module, Instance } = WebAssembly;
    WebAssembly.Module = function (bytes) { compiled.push(bytes.length); return new Module(bytes); };
    WebAssembly.Instance = function (module, imports) {
      const { exports } = new Instance(module, imports);
      const counted = { ...exports };
      if ("decode_lzma" in exports) counted.decode_lzma = (...args) => { calls.push(["decode_lzma", args[2], args[3]]); return exports.decode_lzma(...args); };
      if ("join" in exports) counted.join = (input, output) => { calls.push(["join", input, output]); return exports.join(input, output); };
      return { exports: counted };
    };
    import(${JSON.stringify(join(pkg, "index.js"))}).then(({ URL }) => {
      const seen = () => ({ compiled: compiled.splice(0), calls: calls.splice(0) });
      const steps = [new URL("../c d?e#f", "https://example.org/a/b").href, seen()];
      const url = new URL("https://example.org/");
      url.hostname = "WWW.Example.COM";
      url.searchParams.append("é", "1");
      steps.push(url.href, seen());
      console.log(JSON.stringify(steps));
    });`;
  const [relative, atStart, set, miss] = JSON.parse(execFileSync(process.execPath, ["-e", code], { cwd: root, encoding: "utf8" }));
  assert.equal(relative, new reference.URL("../c d?e#f", "https://example.org/a/b").href);
  // The decoder, with the join of the code sections, then the start module, its part of the
  // stream decoded from the start: its code streams (scripts/code-streams.mjs), then joined.
  assert.equal(atStart.compiled.length, 2);
  assert.deepEqual(atStart.calls.map(([name]) => name), ["decode_lzma", "join"]);
  const [[, output, startEnd], [, startStreams, room]] = atStart.calls;
  assert.equal(startStreams, output, "the start module's streams, at the stream's start");
  assert.ok(room > output + startEnd, "joined after the stream, not after the start module's streams only");
  // A setter misses it: the whole module, the rest of the stream decoded on from where it stopped.
  const expected = new reference.URL("https://example.org/");
  expected.hostname = "WWW.Example.COM";
  expected.searchParams.append("é", "1");
  assert.equal(set, expected.href);
  assert.deepEqual(miss.calls.map(([name]) => name), ["decode_lzma", "join"]);
  assert.equal(miss.compiled.length, 1);
  assert.ok(miss.compiled[0] > atStart.compiled[1], "the whole module");
  const [[, resumed, end], [, streams, joinedAt]] = miss.calls;
  assert.equal(resumed, output);
  assert.ok(end > startEnd, "decoded on to the stream's end");
  assert.equal(streams, output + startEnd, "the whole module's streams after the start module's");
  assert.equal(joinedAt, room, "joined in the same room, in the same instance");
  assert.ok(room >= output + end, "the room after the stream, and after the streams of its add-on (weburl/urlpattern's), whose LZMA continues it");
});

test("URLPattern when another entry's engine runs the classes: its calls back miss on the url wasm's start module and run again", async () => {
  // As the viewer loads them: whatwg-url's wasm (no start module) runs the classes, the url wasm
  // of weburl/urlpattern is kept aside and reached, on its start module, by a call back.
  const entries = await Promise.all(["whatwg-url.js", "urlpattern.js", "display.js"].map((file) => import(join(pkg, file))));
  const { URLPattern } = Object.assign({}, ...entries);
  const match = (Pattern) => new Pattern("/books/:id(\\d+)", "https://example.com", { ignoreCase: true }).exec("https://example.com/BOOKS/7");
  const mine = match(URLPattern);
  assert.deepEqual(mine.pathname, { input: "/BOOKS/7", groups: { id: "7" } });
  assert.deepEqual(mine, match(reference.URLPattern));
});
