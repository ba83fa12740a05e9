// WebIDL (https://webidl.spec.whatwg.org/) for the classes: argument conversions and the shapes
// of interface objects and their members.

// A surrogate pair, or a lone surrogate (no lookbehind: older engines lack it).
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;

/** `s` with each lone surrogate (not each of a pair) as `replacement`. */
export function replaceLoneSurrogates(s, replacement) {
  return s.replace(SURROGATES, (match) => (match.length === 2 ? match : replacement));
}

/**
 * WebIDL USVString: ToString (a Symbol throws a TypeError), lone surrogates to U+FFFD. The method
 * is called on the string itself, not through a function chosen at load, which Node 24 does not
 * inline: `new URLSearchParams(pairs)` of 100 pairs took 80,000 instructions that way, 59,000 so.
 */
export function usv(value) {
  const s = typeof value === "string" ? value : `${value}`;
  return s.toWellFormed ? s.toWellFormed() : replaceLoneSurrogates(s, "\uFFFD");
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
