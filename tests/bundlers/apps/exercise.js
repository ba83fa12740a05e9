// What both apps do with the classes they get, and where they leave their findings: a global the
// test reads (in the page, or in the VM that runs a React Native bundle), and the page's title
// for a person looking at it.

/** Parses an IDN URL, then runs the hostname setter and appends a query parameter. */
export function exercise(URL, URLSearchParams) {
  const url = new URL("https://Bücher.example/ä?x=1");
  const parsed = url.href;
  url.hostname = "faß.de";
  url.searchParams.append("y", "z w");
  return { parsed, host: new URL(parsed).host, href: url.href, size: new URLSearchParams(url.search).size };
}

/** Leaves what `run` returns, or the error it threw, in globalThis.weburlResult. */
export function report(run) {
  let result;
  try {
    result = run();
  } catch (e) {
    result = { error: `${e?.name}: ${e?.message}` };
  }
  globalThis.weburlResult = result;
  if (typeof document === "object") document.title = JSON.stringify(result);
}
