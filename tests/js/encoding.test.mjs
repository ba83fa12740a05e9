// js/encoding.js: where the engine has no TextEncoder or TextDecoder (Hermes, QuickJS), weburl's
// own UTF-8 encoder and decoder must do what the Encoding Standard's do for weburl's calls. Here
// they are taken with Node's hidden and compared with Node's on strings with lone surrogates,
// every UTF-8 length and buffers too small to hold the whole string.
import assert from "node:assert/strict";
import { test } from "node:test";

const native = { TextEncoder: globalThis.TextEncoder, TextDecoder: globalThis.TextDecoder };
delete globalThis.TextEncoder;
delete globalThis.TextDecoder;
const own = await import("../../js/encoding.js");
Object.assign(globalThis, native);

/** A seeded generator of strings of code units: ASCII, lone surrogates, pairs and the rest of the BMP. */
function* strings(count) {
  let seed = 1;
  const next = (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let i = 0; i < count; i++) {
    let s = "";
    for (let length = next(12); length > 0; length--) {
      const kind = next(5);
      if (kind === 0) s += String.fromCharCode(next(0x80));
      else if (kind === 1) s += String.fromCharCode(0xd800 + next(0x800));
      else if (kind === 2) s += String.fromCodePoint(0x10000 + next(0x100000));
      else if (kind === 3) s += String.fromCharCode(0x80 + next(0x780));
      else s += String.fromCharCode(next(0x10000));
    }
    yield s;
  }
}

test("the stand-ins are used where the engine has none, and only there", async () => {
  assert.notEqual(own.TextEncoder, native.TextEncoder);
  assert.notEqual(own.TextDecoder, native.TextDecoder);
  const again = await import(`../../js/encoding.js?with-native`);
  assert.equal(again.TextEncoder, native.TextEncoder);
  assert.equal(again.TextDecoder, native.TextDecoder);
});

test("encode, encodeInto and decode as the Encoding Standard's UTF-8", () => {
  const [encoder, decoder] = [new own.TextEncoder(), new own.TextDecoder()];
  const [reference, referenceDecoder] = [new native.TextEncoder(), new native.TextDecoder()];
  for (const s of strings(20_000)) {
    const bytes = reference.encode(s);
    assert.deepEqual(encoder.encode(s), bytes, JSON.stringify(s));
    for (const size of [0, 1, 2, 3, 5, bytes.length - 1, 3 * s.length]) {
      if (size < 0) continue;
      const [ours, theirs] = [new Uint8Array(size), new Uint8Array(size)];
      assert.deepEqual(encoder.encodeInto(s, ours), reference.encodeInto(s, theirs), `${JSON.stringify(s)} into ${size} bytes`);
      assert.deepEqual(ours, theirs);
    }
    assert.equal(decoder.decode(bytes), referenceDecoder.decode(bytes));
  }
  assert.equal(decoder.decode(), "");
});
