// Node's entries read their wasm from the file beside them: quicker to start than base64 inside
// the JavaScript, which Node would parse and decode on every start. (Not through the global URL,
// which the polyfill may be about to replace.)
import { readFileSync } from "fs";
import { dirname, join } from "path";
import { fileURLToPath } from "url";

const FILE = "weburl_full.wasm";

export function wasmBytes() {
  const path = join(dirname(fileURLToPath(import.meta.url)), FILE);
  try {
    return readFileSync(path);
  } catch (error) {
    throw new Error(
      `weburl: ${path} is missing: weburl's Node entry reads its ${FILE} from beside it (bundled for Node? copy the file beside the bundle, or keep weburl external)`,
      { cause: error },
    );
  }
}
