// node-compat.js for the browser entries (scripts/build.mjs): no browser's URL carries Node's
// internal symbols, so there is nothing to adapt and nothing to download for it.
export const nodeContext = undefined;

export function adaptForNode() {}

/** A browser cannot tell a Proxy: every object may be one (see node-compat.js). */
export const ordinaryKeys = () => null;
