// A small static file server for the live viewer and the browser tests: maps URL prefixes to
// directories, with the MIME types browsers insist on (application/wasm for streaming).
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
};

/**
 * Serves `mounts` ({ "/": dir, "/pkg/": dir, … }, longest prefix first) on `port` (0: any free
 * port). A mount may also be { dir, headers }: response headers added to that mount's files,
 * over `options.headers`, which apply to every file served (a Content-Security-Policy, say).
 * `options.routes` ({ "/path": (request, response, headers) => … }) answers those paths itself,
 * before the mounts: a page generated per request, a result posted back. Resolves to the running
 * server and its base URL.
 */
export function startServer(mounts, port = 0, options = {}) {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const mountOf = (prefix) => (typeof mounts[prefix] === "string" ? { dir: mounts[prefix], headers: {} } : mounts[prefix]);
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new globalThis.URL(request.url, "http://localhost").pathname);
    const route = options.routes && Object.hasOwn(options.routes, path) ? options.routes[path] : null;
    if (route !== null) {
      route(request, response, { "cache-control": "no-store", ...options.headers });
      return;
    }
    const prefix = prefixes.find((p) => path.startsWith(p));
    const mount = prefix === undefined ? null : mountOf(prefix);
    let file = mount === null ? null : normalize(join(mount.dir, path.slice(prefix.length)));
    if (file !== null && !file.startsWith(normalize(mount.dir) + sep) && file !== normalize(mount.dir)) file = null;
    if (file !== null && existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (file === null || !existsSync(file)) {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
      return;
    }
    response.writeHead(200, {
      "content-type": TYPES[extname(file)] ?? "application/octet-stream",
      "cache-control": "no-store",
      ...options.headers,
      ...mount.headers,
    });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      resolve({ server, url: `http://127.0.0.1:${server.address().port}/` });
    });
  });
}

/** Resolves to the body of `request` (a result a page posts back), as text. */
export function requestBody(request) {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}
