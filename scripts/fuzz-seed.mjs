// Seeds the fuzz corpora (fuzz/corpus/<target>/) from the web-platform-tests inputs.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const wptDir = process.env.WEBURL_WPT_DIR ?? join(root, "..", "shared", "wpt");
const read = (name) => JSON.parse(readFileSync(join(wptDir, name), "utf8")).filter((x) => typeof x === "object" && x !== null);

const urls = read("urltestdata.json");
const setters = JSON.parse(readFileSync(join(wptDir, "setters_tests.json"), "utf8"));
const hosts = [...read("toascii.json"), ...read("IdnaTestV2.json")].map((t) => t.input);

const patternData = JSON.parse(readFileSync(join(wptDir, "urlpatterntestdata.json"), "utf8"));
const patterns = patternData.flatMap((t) => t.pattern ?? []);
const patternInputs = patternData.flatMap((t) => t.inputs ?? []).filter((i) => typeof i === "string").slice(0, 30);

const seeds = {
  parse: urls.map((t) => t.input),
  // Hrefs with encoded UTF-8 and IDN hosts to render, besides the WPT inputs.
  render: urls.map((t) => t.input).concat([
    "https://xn--mnchen-3ya.de/caf%C3%A9?q=%E2%9C%93#%F0%9F%8E%89",
    "https://u%C3%A9:p@xn--80ak6aa92e.com/%E2%80%AE%C2%A0e%CC%81/%CC%81",
    "foo://h%C3%A9/%E2%88%95?%c3%a9#%FF",
  ]),
  parse_with_base: urls.map((t) => `${t.base ?? "about:blank"}\n${t.input}`),
  setters: Object.entries(setters).flatMap(([name, list]) =>
    name === "comment" ? [] : list.map((t) => `${t.href}\n${t.new_value}`)),
  host: [...hosts, ...urls.map((t) => t.hostname).filter(Boolean)],
  urlencoded: urls.map((t) => t.search?.slice(1)).filter(Boolean).concat(["a=b&c=d", "%zz=%41+b&&=&x"]),
  urlpattern_constructor: patterns.filter((p) => typeof p === "string"),
  urlpattern_exec: patterns.filter((p) => typeof p === "string").flatMap((p) => patternInputs.map((i) => `${p}\n${i}`)),
  // A selector line (host kind 1, domain; port, query and fragment non-null; setter 6, pathname),
  // then the record's fields and a setter's value.
  records: urls.filter((t) => t.href).map((t) =>
    ["\u0001\u0001\u0000\u0001\u0001\u0006", t.protocol.slice(0, -1), t.username, t.password, t.hostname, t.port,
      t.pathname.slice(1), t.search.slice(1), t.hash.slice(1), "a/../b"].join("\n")),
};

for (const [target, inputs] of Object.entries(seeds)) {
  const dir = join(root, "fuzz", "corpus", target);
  mkdirSync(dir, { recursive: true });
  for (const input of inputs) {
    const bytes = Buffer.from(input.toWellFormed?.() ?? input, "utf8");
    writeFileSync(join(dir, createHash("sha1").update(bytes).digest("hex")), bytes);
  }
  console.log(`fuzz/corpus/${target}: ${inputs.length} seeds`);
}
