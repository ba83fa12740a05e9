// App "polyfill": `import "weburl/polyfill"`, then the global classes, whichever the polyfill
// left there (it keeps the runtime's own where every probe passes).
import "weburl/polyfill";
import { exercise, report } from "./exercise.js";

report(() => {
  const polyfill = globalThis[Symbol.for("weburl.polyfill")];
  return {
    ...exercise(globalThis.URL, globalThis.URLSearchParams),
    polyfill: polyfill === undefined ? null : { installed: polyfill.installed, failed: polyfill.failed, engine: polyfill.engine },
  };
});
