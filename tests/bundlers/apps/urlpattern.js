// App "urlpattern": `weburl` and `weburl/urlpattern` in one page. In browsers the second is an
// add-on wasm over the first's URL wasm: one URL class, and the URL wasm in the bundle once.
import { URL, URLSearchParams } from "weburl";
import { URL as PatternURL, URLPattern } from "weburl/urlpattern";
import { exercise, report } from "./exercise.js";

report(() => ({
  ...exercise(URL, URLSearchParams),
  weburl: URL !== globalThis.URL,
  sharedURL: PatternURL === URL,
  book: new URLPattern({ hostname: "{*.}?example.com", pathname: "/books/:id(\\d+)" }).exec("https://www.example.com/books/7")?.pathname.groups.id,
}));
