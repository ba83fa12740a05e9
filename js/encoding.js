// The Encoding Standard's TextEncoder and TextDecoder, UTF-8 only, as weburl uses them: the
// engine's own, or where it has none (Hermes, QuickJS) a small UTF-8 encoder and decoder that
// does the same for weburl's calls. Only the ES2017 builds, which run there, carry this file;
// the others get ./encoding-native.js (scripts/build.mjs).
import { globalObject } from "./global.js";

/** UTF-8 encode, as TextEncoder does it: a lone surrogate becomes U+FFFD. */
class UTF8Encoder {
  encode(input) {
    const bytes = new Uint8Array(3 * input.length);
    return bytes.slice(0, this.encodeInto(input, bytes).written);
  }

  /** Writes what fits of `input` into `bytes`. */
  encodeInto(input, bytes) {
    let read = 0;
    let written = 0;
    while (read < input.length) {
      let c = input.codePointAt(read);
      const units = c > 0xffff ? 2 : 1;
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
      if (written + size > bytes.length) break;
      if (size === 1) {
        bytes[written++] = c;
      } else {
        // The lead byte: 110xxxxx, 1110xxxx or 11110xxx; then 10xxxxxx for each further 6 bits.
        let shift = 6 * (size - 1);
        bytes[written++] = ((0xf00 >> size) & 0xff) | (c >> shift);
        while ((shift -= 6) >= 0) bytes[written++] = 0x80 | ((c >> shift) & 0x3f);
      }
      read += units;
    }
    return { read, written };
  }
}

/** UTF-8 decode of well-formed UTF-8, which is all the Rust core writes. */
class UTF8Decoder {
  decode(bytes = new Uint8Array(0)) {
    let text = "";
    for (let i = 0; i < bytes.length; ) {
      const lead = bytes[i++];
      const more = lead < 0x80 ? 0 : lead < 0xe0 ? 1 : lead < 0xf0 ? 2 : 3;
      let c = more === 0 ? lead : lead & (0x3f >> more);
      for (let k = 0; k < more; k++) c = (c << 6) | (bytes[i++] & 0x3f);
      text += String.fromCodePoint(c);
    }
    return text;
  }
}

const global = globalObject();

export const TextEncoder = typeof global.TextEncoder === "function" ? global.TextEncoder : UTF8Encoder;
export const TextDecoder = typeof global.TextDecoder === "function" ? global.TextDecoder : UTF8Decoder;
