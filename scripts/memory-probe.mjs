// Memory probe (a program, not a test): makes 1,000,000 URLs and 1,000,000 URLSearchParams in
// synchronous loops and prints the wasm memory before and after. The classes keep their state
// in JavaScript, so wasm memory must stay flat.
//
//   node --expose-gc scripts/memory-probe.mjs [count]
const count = Number(process.argv[2] ?? 1_000_000);

// Catch the instance the package creates, to read its memory.
let memory = null;
const Instance = WebAssembly.Instance;
WebAssembly.Instance = new Proxy(Instance, {
  construct(target, args) {
    const instance = Reflect.construct(target, args);
    memory = instance.exports.memory;
    return instance;
  },
});
const { URL, URLSearchParams } = await import("../pkg/node.mjs");
WebAssembly.Instance = Instance;

const MB = 1024 * 1024;
const wasmMB = () => (memory.buffer.byteLength / MB).toFixed(2);
const heapMB = () => {
  globalThis.gc?.();
  return (process.memoryUsage().heapUsed / MB).toFixed(1);
};

const inputs = [
  "https://user:pass@example.com:8080/a/b/../c?x=1&y=2#frag",
  "http://faß.example/ä?ü=ö",
  "file:///C:/Program Files/x.txt",
  "mailto:someone@example.org",
  "https://[2001:db8::1]/path",
];

console.log(`wasm memory at start: ${wasmMB()} MB (JS heap ${heapMB()} MB)`);
let sink = 0;
for (let i = 0; i < count; i++) {
  const url = new URL(`${inputs[i % inputs.length]}${i}`);
  sink += url.href.length + url.pathname.length;
  if (i % 4 === 0) url.search = `?n=${i}`;
}
console.log(`after ${count} URLs: ${wasmMB()} MB (JS heap ${heapMB()} MB)`);
for (let i = 0; i < count; i++) {
  const params = new URLSearchParams(`a=${i}&b=%C3%A9&c=d+e`);
  params.append("n", String(i));
  sink += params.toString().length;
}
console.log(`after ${count} URLSearchParams: ${wasmMB()} MB (JS heap ${heapMB()} MB)`);
console.log(`(checksum ${sink})`);
