// Updates the pinned Public Suffix List (data/public_suffix_list.dat) and its test cases
// (data/test_psl.txt) from their sources. A maintainer runs it, then the tests, and commits
// the result with the list's VERSION in the message:
//
//   node scripts/update-psl.mjs
//   cargo test --features psl --test psl && node scripts/build.mjs && node --test tests/js/psl.test.mjs
//
// The list is pulled from publicsuffix.org only, as its header asks; the test cases live in the
// list's repository. Each download is checked before anything is written, and written whole
// (a temporary file renamed over the old one), so a failed run leaves the pinned files as they were.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = [
  {
    file: join(root, "data", "public_suffix_list.dat"),
    url: "https://publicsuffix.org/list/public_suffix_list.dat",
    check(text) {
      for (const marker of ["// VERSION: ", "// ===BEGIN ICANN DOMAINS===", "// ===END PRIVATE DOMAINS==="]) {
        if (!text.includes(marker)) throw new Error(`the list has no "${marker}" line`);
      }
      const rules = text.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("//")).length;
      if (rules < 5000) throw new Error(`the list has only ${rules} rules`);
      return `${version(text)}, ${rules} rules`;
    },
  },
  {
    file: join(root, "data", "test_psl.txt"),
    url: "https://raw.githubusercontent.com/publicsuffix/list/main/tests/test_psl.txt",
    check(text) {
      const cases = text.split("\n").filter((line) => line.startsWith("checkPublicSuffix(")).length;
      if (cases < 50) throw new Error(`the test file has only ${cases} checkPublicSuffix lines`);
      return `${cases} test cases`;
    },
  },
];

function version(text) {
  return /^\/\/ VERSION: (.+)$/m.exec(text)?.[1] ?? "no VERSION line";
}

const downloads = [];
for (const source of SOURCES) {
  const response = await fetch(source.url);
  if (!response.ok) throw new Error(`${source.url}: HTTP ${response.status}`);
  const text = await response.text();
  downloads.push({ ...source, text, summary: source.check(text) });
}
for (const { file, text, url, summary } of downloads) {
  let old = "";
  try {
    old = readFileSync(file, "utf8");
  } catch {}
  if (old === text) {
    console.log(`${file}: unchanged (${summary})`);
    continue;
  }
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
  const was = file.endsWith(".dat") ? ` (was ${version(old)})` : "";
  console.log(`${file}: updated from ${url}: ${summary}${was}`);
}
