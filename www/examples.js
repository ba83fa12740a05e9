// The example URLs under the parse panel: a button each, which puts its URL (and base) in the
// fields above.

import { $, addExample } from "./dom.js";
import { renderText } from "./text.js";

const EXAMPLES = [
  { url: "http://FAẞ.de/", note: "IDNA maps ẞ to ß and Punycode-encodes it: xn--fa-hia.de." },
  { url: "https://xn--8i7caa.famitei.net/", note: "An ASCII xn-- domain is kept as it is under the current standard." },
  { url: "sc:a b #x", note: "Opaque path: the space before # becomes %20." },
  { url: "file:///C|/demo", note: "Windows drive letter: “C|” is normalized to “C:”." },
  { url: "http://[::ffff:1.2.3.4]/", note: "IPv4-mapped IPv6 address, serialized in hex." },
  { url: "http://0x7f.1/", note: "Hex and shortened IPv4: this is 127.0.0.1." },
  { url: "https://a@b@c/", note: "The last @ ends the credentials; the first one is percent-encoded." },
  { url: "web+demo:/.//not-a-host/", note: "“/.” keeps a path that starts with // from reading as a host." },
  { url: "https://example.org/?q=🏳️‍🌈", note: "A ZWJ emoji sequence, percent-encoded in the query." },
  { url: "HTTPS://EXAMPLE.org:443/%7e/", note: "Scheme and host lowercased, default port dropped, %7e kept." },
  { url: "https://Ｅｘａｍｐｌｅ．ｃｏｍ/", note: "Full-width letters and dot are mapped by IDNA." },
  { url: "blob:https://example.org/uuid", note: "A blob: URL has the origin of the URL inside it." },
  { url: "../x?y#z", base: "https://example.org/a/b/c", note: "A relative reference resolved against a base." },
  { url: "https:\\\\EXAMPLE.org\\a b", note: "Backslashes and a space: parsed, with five validation errors." },
  { url: "https://user:pw@0x7f.1:8080/x", note: "Credentials and a short hex IPv4 address: parsed, but not valid." },
  { url: "https://ex ample.org/", note: "Invalid: a space in a domain (domain-to-ASCII)." },
  { url: "http://256.256.256.256/", note: "Invalid: an IPv4 part out of range." },
  { url: "http://[1::2::3]/", note: "Invalid: two :: compressions in an IPv6 address." },
  { url: "https://xn--mnchen-3ya.de/caf%C3%A9?q=%E2%9C%93", note: "Rendered for people: münchen.de/café?q=✓." },
  { url: "https://xn--80ak6aa92e.com/%E2%80%AEtxt.exe", note: "Rendering keeps an all-Cyrillic look-alike of apple.com in Punycode and a bidi override encoded." },
];

const exampleList = $("#examples");

/** Lists the examples; `pick(example)` runs when one is clicked. */
export function listExamples(pick) {
  for (const example of EXAMPLES) {
    const code = addExample(exampleList, {
      className: "example",
      data: { testid: "example", url: example.url },
      detail: example.base && `base ${example.base}`,
      note: example.note,
      pick: () => pick(example),
    });
    renderText(code, example.url);
  }
}
