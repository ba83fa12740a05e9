// Compiles only if the package's declarations match how lib.dom's URL and URLSearchParams are
// used. Checked with `tsc -p tests/types` (no output is written).
import { URL, URLSearchParams } from "weburl";

const url: URL = new URL("https://example.org/a?b=c", "https://base.example/");
const parsed: URL | null = URL.parse("x", url);
const ok: boolean = URL.canParse("https://x/");
url.pathname = "/p";
url.search = "";
const origin: string = url.origin;
const json: string = url.toJSON();
const params: URLSearchParams = url.searchParams;
params.append("a", "1");
params.delete("a", "1");
const value: string | null = params.get("a");
const all: string[] = params.getAll("a");
const has: boolean = params.has("a", "1");
const size: number = params.size;
for (const [name, v] of params) console.log(name.length + v.length);
for (const key of params.keys()) console.log(key);
params.forEach((v, k, p) => console.log(v, k, p.size));
new URLSearchParams([["a", "b"]]);
new URLSearchParams({ a: "b" });
new URLSearchParams("?a=b");
new URLSearchParams(params);
new URLSearchParams(new Map([["a", "b"]]));
console.log(parsed, ok, origin, json, value, all, has, size);

import { init, initSync, URL as WebURL } from "weburl/web";
const loading: Promise<void> = init();
initSync(new Uint8Array(8));
console.log(loading, new WebURL("a:b").protocol);

import { engine, URL as LegacyURL } from "weburl/legacy";
const name: "wasm" | "js" | undefined = engine();
console.log(name, new LegacyURL("a:b").href);

import { install, report, type PolyfillReport } from "weburl/polyfill";
const forced: PolyfillReport = install({ force: true });
const failed: readonly string[] = report.failed;
const used: "wasm" | "js" = forced.engine;
console.log(forced.installed, report.forced, failed.length, used);

import * as patternPolyfill from "weburl/polyfill/urlpattern";
const patternReport: patternPolyfill.URLPatternPolyfillReport = patternPolyfill.install({ force: false });
console.log(patternReport.installed, patternPolyfill.report.native, new patternPolyfill.URLPattern({ pathname: "/a" }).pathname);

// weburl/whatwg-url: whatwg-url's low-level API, records as plain objects.
import * as whatwg from "weburl/whatwg-url";
const record: whatwg.URLRecord | null = whatwg.parseURL("../x", { baseURL: whatwg.parseURL("https://h/a/b") });
if (record !== null) {
  const errors: string[] = whatwg.parseURLWithValidationErrors("https://h/ x").validationErrors;
  const again: whatwg.URLRecord | null = whatwg.basicURLParse("8080", { url: record, stateOverride: "port" });
  const href: string = whatwg.serializeURL(record, true);
  const host: string = typeof record.host === "number" ? whatwg.serializeHost(record.host) : "";
  const opaque: boolean = whatwg.hasAnOpaquePath(record) || whatwg.cannotHaveAUsernamePasswordPort(record);
  whatwg.setTheUsername(record, "me");
  const bytes: Uint8Array = whatwg.percentDecodeString("%41");
  const valid: boolean = whatwg.isValidURLString(href, { baseURL: again });
  const url: URL = new whatwg.URL(href);
  console.log(errors, host, opaque, bytes, valid, url, whatwg.serializeInteger(1), whatwg.domainToUnicode("xn--fa-hia"));
}
// @ts-expect-error: not a state override
whatwg.basicURLParse("x", { url: whatwg.parseURL("https://h/")!, stateOverride: "authority" });

// weburl/urlpattern
import { URLPattern, type URLPatternResult } from "weburl/urlpattern";
const pattern = new URLPattern({ pathname: "/books/:id" }, { ignoreCase: true });
const matched: URLPatternResult | null = pattern.exec("https://example.com/books/1");
const id: string | undefined = matched?.pathname.groups.id;
console.log(pattern.test("/books/2", "https://example.com"), pattern.hasRegExpGroups, id, new URLPattern("https://*.example.com/*").hostname);

// weburl/websocket
import { parseWebSocketURL, type WebSocketURL } from "weburl/websocket";
const socket: WebSocketURL = parseWebSocketURL("/chat", new URL("https://example.com/"));
const target: string = `GET ${socket.resourceName} HTTP/1.1\r\nHost: ${socket.host}`;
const port: number = socket.port;
const secure: boolean = socket.secure;
console.log(target, port, secure, socket.href, socket.hostname, parseWebSocketURL(url).href);
// @ts-expect-error: the result is read-only
socket.port = 1;

// weburl/psl
import { PublicSuffixList, publicSuffix, registrableDomain, version as pslVersion } from "weburl/psl";
const suffix: string | null = publicSuffix("www.example.co.uk");
const site: string | null = registrableDomain(new URL("https://www.example.co.uk/"));
const ownList = new PublicSuffixList("example\n*.wild.example\n");
const listVersion: string | null = ownList.version;
console.log(suffix, site, ownList.registrableDomain({ protocol: "https:", hostname: "a.example" }), listVersion, pslVersion.length);
// @ts-expect-error: a host is a string or a URL object
publicSuffix(42);

// weburl/display
import { renderURL, URL as DisplayURL, type RenderURLOptions } from "weburl/display";
const renderOptions: RenderURLOptions = { elideScheme: true, elideTrailingSlash: true, hideCredentials: true };
const shown: string = renderURL(new DisplayURL("https://xn--mnchen-3ya.de/"), renderOptions);
console.log(shown, renderURL("https://example.org/%C3%A9"), renderURL({ toString: () => "https://a/" }, { unicodeHost: false }));
// @ts-expect-error: not an option
renderURL("https://a/", { elideHost: true });

// weburl/ecma
import * as ecma from "weburl/ecma";
const component: string = ecma.encodeURIComponent("a b/ü");
const uri: string = ecma.encodeURI("https://example.org/a b");
const decoded: string = ecma.decodeURIComponent(component) + ecma.decodeURI(uri);
console.log(ecma.encodeURIComponent(42), ecma.encodeURIComponent(true), decoded, new ecma.URL(uri).pathname);
// @ts-expect-error: decodeURI takes a string, as lib.es5's does
ecma.decodeURI(42);
