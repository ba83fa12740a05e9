// Loaded (as a module, so after the classic scripts) by the polyfill pages: what the classic
// polyfill pkg/polyfill.global.js did to the global object, in window.weburlResult. Where it
// installed weburl's classes, urltestdata.json runs through the global URL, and blob: URLs go
// through the kept createObjectURL/revokeObjectURL.
import { Report, runUrlTestData } from "/runner/wpt-runner.mjs";

const describe = (name) => {
  const { enumerable, writable, configurable } = Object.getOwnPropertyDescriptor(globalThis, name);
  return { enumerable, writable, configurable };
};

async function blobCheck(before) {
  const URL = globalThis.URL;
  const out = {
    createObjectURL: typeof URL.createObjectURL,
    revokeObjectURL: typeof URL.revokeObjectURL,
    keptNative: before !== undefined && URL.createObjectURL === before.createObjectURL && URL.revokeObjectURL === before.revokeObjectURL,
  };
  if (out.createObjectURL !== "function") return out;
  const blobUrl = URL.createObjectURL(new Blob(["x"]));
  out.blobUrl = blobUrl;
  out.parsed = new URL(blobUrl).href;
  out.origin = new URL(blobUrl).origin;
  out.fetched = await (await fetch(blobUrl)).text();
  URL.revokeObjectURL(blobUrl);
  out.afterRevoke = await fetch(blobUrl).then(
    (r) => `fetched: ${r.status}`,
    (e) => e.name,
  );
  return out;
}

async function main() {
  const report = globalThis[Symbol.for("weburl.polyfill")];
  const before = window.nativeBefore; // set by the page before the polyfill ran, where it does
  const result = {
    report: report === undefined ? null : { ...report, native: undefined },
    nativeWas: report === undefined ? null : {
      URL: report.native.URL === undefined ? "undefined" : report.native.URL === before?.URL ? "the page's" : "other",
      URLSearchParams: report.native.URLSearchParams === undefined ? "undefined" : report.native.URLSearchParams === before?.URLSearchParams ? "the page's" : "other",
    },
    globalIsNative: before !== undefined && globalThis.URL === before.URL && globalThis.URLSearchParams === before.URLSearchParams,
    descriptors: { URL: describe("URL"), URLSearchParams: describe("URLSearchParams") },
    origin: location.origin,
    deletedBefore: window.deletedBefore, // deleted.html: both globals were gone before the polyfill
  };
  if (report?.installed) {
    const [data, expected] = await Promise.all(
      ["/wpt/urltestdata.json", "/expected/wpt-expected-failures.json"].map(async (path) => (await fetch(path)).json()),
    );
    const wpt = new Report("urltestdata.json", expected["urltestdata.json"]);
    runUrlTestData(globalThis.URL, data, wpt);
    result.wpt = wpt.result();
    result.searchParamsIsGlobal = new globalThis.URL("http://a/?b=c").searchParams instanceof globalThis.URLSearchParams;
  }
  if (typeof globalThis.URL === "function") result.blob = await blobCheck(before?.URL);
  return result;
}

window.weburlResult = main().catch((e) => ({ error: `${e?.name}: ${e?.message}\n${e?.stack}` }));
