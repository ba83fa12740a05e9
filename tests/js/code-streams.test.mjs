// The inlined wasm modules carry their code section as streams (scripts/code-streams.mjs, `split`),
// which the staged js/code-join.js's `joined` (lzma-decoder/join.wat) gives back after the LZMA
// decode, in the room after the stream (js/inline-wasm.js, `lzmaStream`). The build checks the join
// on every module it inlines; checked here on pkg/weburl_bg.wasm (the url wasm of the .wasm file,
// with the modern features the inlined modules have too), packed by xz as raw LZMA as the build
// packs (a lower preset: the same decoder, a faster test), and on corrupt streams: a TypeError, or
// bytes that are not the module, never a hang or another error.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";

import { split } from "../../scripts/code-streams.mjs";
import { pkg, root } from "./helpers.mjs";

const stage = join(root, "target", "js");
assert.ok(existsSync(join(stage, "lzma-decoder-wasm.js")), "build first: node scripts/build.mjs");
const { joined } = await import(pathToFileURL(join(stage, "code-join.js")));
const { lzmaStream } = await import(pathToFileURL(join(stage, "inline-wasm.js")));
const wasm = readFileSync(join(pkg, "weburl_bg.wasm"));
const streams = split(wasm);
const lzma = execFileSync("xz", ["--format=raw", "--lzma1=preset=6,lc=3,lp=0,pb=0", "--stdout"], { input: streams });
// The streams decoded, a view on the decoder's memory with the room after them.
const decoded = lzmaStream(lzma.toString("base64").replace(/=+$/, ""), streams.length, wasm.length + 7)(streams.length);

test("the join gives back the module that was split, byte for byte", () => {
  assert.ok(streams.length < wasm.length, "the bodies' sizes are left out");
  assert.deepEqual(Buffer.from(decoded), streams);
  assert.deepEqual(Buffer.from(joined(decoded, wasm.length)), wasm);
  // Twice, from the same streams: the join leaves them as they were.
  assert.deepEqual(Buffer.from(joined(decoded, wasm.length)), wasm);
  assert.ok(new WebAssembly.Module(joined(decoded, wasm.length)));
});

test("corrupt streams give a TypeError or other bytes", () => {
  // `bytes` in the decoder's memory where the streams were, zeros after them (the streams are
  // then written back).
  const corrupt = (bytes, size = wasm.length) => {
    decoded.set(bytes);
    decoded.fill(0, bytes.length);
    try {
      return !Buffer.from(joined(decoded.subarray(0, bytes.length), size)).equals(wasm);
    } catch (error) {
      assert.ok(error instanceof TypeError, error);
      assert.match(error.message, /corrupt/);
      return true;
    } finally {
      decoded.set(streams);
    }
  };
  assert.ok(corrupt(streams, wasm.length + 1), "the size expected");
  assert.ok(corrupt(streams.subarray(0, streams.length >> 1)), "cut in the middle");
  assert.ok(corrupt(streams.subarray(0, 3)), "the header cut");
  assert.ok(corrupt(new Uint8Array(0)), "empty");
  // Lengths past any memory, counts of 2^32 − 1 (functions, locals, a br_table's depths).
  assert.ok(corrupt(Uint8Array.from([...Array(6)].flatMap(() => [0xff, 0xff, 0xff, 0xff, 0x0f]))), "lengths");
  assert.ok(corrupt(Uint8Array.from([0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x0f])), "functions");
  assert.ok(corrupt(Uint8Array.from([0, 0, 0, 2, 0, 0, 1, 0xff, 0xff, 0xff, 0xff, 0x0f])), "locals");
  assert.ok(corrupt(Uint8Array.from([0, 0, 0, 2, 0, 0, 1, 0, 0x0e, 0xff, 0xff, 0xff, 0xff, 0x0f])), "depths");
  // Every byte of the header and of each stream's start changed, then bytes throughout.
  let seed = 19;
  const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) % streams.length;
  const positions = [...Array(64).keys(), ...Array.from({ length: 200 }, random)];
  for (const at of positions) {
    for (const byte of [0x00, 0x0b, 0x80, 0xff, streams[at] ^ 1]) {
      if (byte === streams[at]) continue;
      const bytes = Uint8Array.from(streams);
      bytes[at] = byte;
      assert.ok(corrupt(bytes), `0x${byte.toString(16)} at ${at}`);
    }
  }
});
