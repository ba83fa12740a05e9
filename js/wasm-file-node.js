// Node's entries read their wasm from the files beside them: quicker to start than base64 inside
// the JavaScript, which Node would parse and decode on every start. (Not through the global URL,
// which the polyfill may be about to replace.)
import { fs, url } from "./node-builtins.js";

/** The bytes of the wasm `file` beside this module. */
export function wasmBytes(file) {
  const here = url.fileURLToPath(import.meta.url);
  const path = here.slice(0, Math.max(here.lastIndexOf("/"), here.lastIndexOf("\\")) + 1) + file;
  try {
    return fs.readFileSync(path);
  } catch (error) {
    throw new Error(
      `weburl: ${path} is missing: weburl's Node entry reads its .wasm files from beside it (bundled for Node? copy node_modules/weburl/*.wasm beside the bundle, or keep weburl external)`,
      { cause: error },
    );
  }
}
