// js/encoding.js for the builds that run only on engines with WebAssembly, which all have
// TextEncoder and TextDecoder: the engine's own, and no code for the others.
export const { TextEncoder, TextDecoder } = globalThis;
