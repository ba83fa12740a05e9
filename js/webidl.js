// WebIDL (https://webidl.spec.whatwg.org/) for the classes: argument conversions and the shapes
// of interface objects and their members.

// A surrogate pair, or a lone surrogate (no lookbehind: older engines lack it).
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;

/** `s` with each lone surrogate (not each of a pair) as `replacement`. */
export function replaceLoneSurrogates(s, replacement) {
  return s.replace(SURROGATES, (match) => (match.length === 2 ? match : replacement));
}

const toWellFormed = String.prototype.toWellFormed
  ? (s) => s.toWellFormed()
  : (s) => replaceLoneSurrogates(s, "\uFFFD");

/** WebIDL USVString: ToString (a Symbol throws a TypeError), lone surrogates to U+FFFD. */
export function usv(value) {
  return toWellFormed(typeof value === "string" ? value : `${value}`);
}

/**
 * WebIDL DOMString conversion only: strings handed to the wasm module get their lone surrogates
 * replaced on the way in, which completes the USVString conversion.
 */
export function str(value) {
  return typeof value === "string" ? value : `${value}`;
}

export function requireArguments(count, required, method) {
  if (count < required) {
    throw new TypeError(
      `${method}: ${required} argument${required > 1 ? "s" : ""} required, but only ${count} present`,
    );
  }
}

/** Attributes and operations are enumerable; class syntax makes them non-enumerable. */
export function enumerable(target, names) {
  for (const name of names) {
    const descriptor = Object.getOwnPropertyDescriptor(target, name);
    descriptor.enumerable = true;
    Object.defineProperty(target, name, descriptor);
  }
}

export function toStringTag(target, tag) {
  Object.defineProperty(target, Symbol.toStringTag, { value: tag, configurable: true });
}

/** The interface objects' names, which minifiers would otherwise shorten. */
export function name(target, value) {
  Object.defineProperty(target, "name", { value, configurable: true });
}
