// Serves the live viewer (www/) and the built package (pkg/):
//   node scripts/serve.mjs        (PORT=8080 by default)
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./server.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.PORT ?? 8080);
const { url } = await startServer({ "/": join(root, "www"), "/pkg/": join(root, "pkg") }, port);
console.log(`weburl live viewer: ${url}  (Ctrl-C stops it)`);
