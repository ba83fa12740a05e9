// Running a call on one side of a differential: its outcome, what it threw (named), what a getter
// gives; and the class of a URL input by its scheme, for the report's groups.

/** `{ok: true, value}` or `{ok: false, error}`: the outcome of fn(). */
export function attempt(fn) {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The class of a thrown value, with weburl's TypeError for a trapped wasm call told apart. */
export function errorKind(error) {
  if (error instanceof TypeError) {
    return /could not process/.test(error.message) ? "TypeError (wasm trap)" : "TypeError";
  }
  return error?.constructor?.name ?? typeof error;
}

/** " (special)", " (file)", " (non-special)", " (relative)" or " (no scheme, no base)": the kind of an input. */
export function schemeClass(input, base) {
  const m = /^[\s\u0000-\u001f]*([a-zA-Z][a-zA-Z0-9+.\-\t\n\r]*):/.exec(input);
  const name = m ? m[1].replace(/[\t\n\r]/g, "").toLowerCase() : "";
  return !m ? (base === undefined ? " (no scheme, no base)" : " (relative)")
    : ["http", "https", "ws", "wss", "ftp"].includes(name) ? " (special)"
    : name === "file" ? " (file)" : " (non-special)";
}

/** `object[key]`, or what its getter threw, in words. */
export function read(object, key) {
  try {
    return object[key];
  } catch (error) {
    return `<getter threw ${errorKind(error)}: ${error.message}>`;
  }
}
