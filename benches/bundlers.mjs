// What a browser page fetches (or a React Native app carries) when it uses weburl through each
// bundler: the apps of tests/bundlers/ built as the tests build them, then one table of the
// bytes (raw, gzip -9, brotli 11) per bundler and app, with the files. The tests say whether
// each app runs right; this only prints figures, and whether it ran.
//   node benches/bundlers.mjs              (WEBURL_PKG=dir for another package folder)
import { launchChromium } from "../tests/browser/chromium.mjs";
import { APPS, BUNDLERS } from "../tests/bundlers/bundlers.mjs";
import { buildAndRun, packageDir, total } from "../tests/bundlers/harness.mjs";

const CONCURRENCY = Number(process.env.BUNDLER_CONCURRENCY ?? 3);
const started = performance.now();
const browser = await launchChromium();
const jobs = Object.entries(BUNDLERS).flatMap(([bundler, { apps = APPS }]) => apps.map((app) => ({ bundler, app })));
const outcomes = [];
try {
  // A few builds at a time: each bundler keeps the machine's cores busy on its own.
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < jobs.length; i = next++) outcomes[i] = await buildAndRun(jobs[i].bundler, jobs[i].app, browser);
    }),
  );
} finally {
  await browser.close();
}

const kB = (n) => (n / 1000).toFixed(1);
console.log(`weburl through bundlers (package: ${packageDir}); kB = 1000 bytes, everything the page fetched\n`);
console.log("| bundler | app | ran | raw kB | gzip kB | brotli kB | files (raw kB) |");
console.log("|---|---|---|---:|---:|---:|---|");
for (const [i, { bundler, app }] of jobs.entries()) {
  const { built, result, problems, files } = outcomes[i];
  const ran = !built.ok ? "build failed" : problems.length > 0 ? problems[0] : result?.error ?? "yes";
  const sum = total(files);
  const list = files.map(({ path, status, sizes }) => `${path}${status === undefined || status === 200 ? "" : ` (${status})`} ${kB(sizes.raw)}`);
  console.log(`| ${bundler} | ${app} | ${ran} | ${kB(sum.raw)} | ${kB(sum.gzip)} | ${kB(sum.brotli)} | ${list.join(", ")} |`);
}
console.log(`\nwarnings:`);
for (const [i, { bundler, app }] of jobs.entries()) {
  for (const warning of outcomes[i].built.warnings) console.log(`- ${bundler} ${app}: ${warning.split("\n")[0]}`);
}
console.log(`\n${jobs.length} builds and runs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
