// App "url": weburl's classes imported by name.
import { URL, URLSearchParams } from "weburl";
import { exercise, report } from "./exercise.js";

// `weburl`: the class is weburl's, not the runtime's own under another name.
report(() => ({ ...exercise(URL, URLSearchParams), weburl: URL !== globalThis.URL }));
