// A wasm module's code section as streams, which LZMA packs about a tenth smaller than the
// instructions with their immediates between them (README "Download size", twentieth and
// twenty-first rounds): the instructions with the immediates that stay with them (block types, call
// targets, constants, a memarg's alignment, global indices), the local indices, a memarg's offsets,
// the branch depths. The function bodies' sizes are left out: the walk finds each body's end.
// `split` makes them at build time (scripts/build.mjs); lzma-decoder/join.wat gives the module back
// at start, after the LZMA decode (js/code-join.js). Both walk the instructions by `KINDS`.
import { Reader, sections, ulebBytes as uleb } from "./wasm-binary.mjs";

/** What follows an instruction's opcode, by opcode: lzma-decoder/join.wat's cases, in its order. */
export const KIND = {
  none: 0,
  index: 1, // an immediate in the instructions' stream (0)
  local: 2, // a local index (stream 1)
  branch: 3, // a branch depth (stream 3)
  memarg: 4, // an alignment (stream 0), then an offset (stream 2)
  block: 5, // a block type (stream 0); one level deeper
  end: 6, // one level up; the body's end at its first level
  callIndirect: 7, // a type index and a table index (stream 0)
  brTable: 8, // a count of depths, then that many and one more (stream 3)
  prefix: 9, // 0xfc: a sub-opcode (stream 0), then 0, 1 or 2 indices (stream 0)
};

/** Each opcode's kind: 256 bytes, which join.wat's data holds too. Opcodes not named take none. */
export const KINDS = new Uint8Array(256);
const kinds = [
  [KIND.block, 0x02, 0x04],
  [KIND.end, 0x0b, 0x0b],
  [KIND.branch, 0x0c, 0x0d],
  [KIND.brTable, 0x0e, 0x0e],
  [KIND.index, 0x10, 0x10], // call
  [KIND.callIndirect, 0x11, 0x11],
  [KIND.local, 0x20, 0x22],
  [KIND.index, 0x23, 0x26], // global.get/set, table.get/set
  [KIND.memarg, 0x28, 0x3e],
  [KIND.index, 0x3f, 0x42], // memory.size/grow, i32/i64.const
  [KIND.index, 0xd0, 0xd0], // ref.null
  [KIND.index, 0xd2, 0xd2], // ref.func
  [KIND.prefix, 0xfc, 0xfc],
];
for (const [kind, first, last] of kinds) KINDS.fill(kind, first, last + 1);
// Opcodes whose immediates the walk does not know (f32/f64.const, typed select, 0xfd…): `split`
// fails on them rather than mistake their immediates for instructions.
const UNKNOWN = new Set([0x1c, 0x43, 0x44, 0xfd, 0xfe]);

/** How many indices follow the sub-opcode `sub` of 0xfc: memory.init, memory.copy, table.init and table.copy 2. */
export const prefixIndices = (sub) => (sub < 8 ? 0 : sub === 8 || sub === 10 || sub === 12 || sub === 14 ? 2 : 1);

/**
 * `wasm` with its code section as streams: LEB128 numbers, the module's length without the
 * section, where the section was in it, the section's size, and the lengths of the streams 0, 1
 * and 2; then the module without the section; then the streams 0 to 3.
 */
export function split(wasm) {
  const code = sections(wasm).find(({ id }) => id === 10);
  const at = new Reader(wasm, code.start);
  const streams = [[], [], [], []];
  const copy = (stream) => {
    const start = at.pos;
    const value = at.uleb();
    streams[stream].push(...wasm.subarray(start, at.pos));
    return value;
  };
  for (let functions = copy(0); functions > 0; functions--) {
    const end = at.uleb() + at.pos;
    for (let groups = copy(0); groups > 0; groups--) copy(0), copy(0);
    for (let depth = 0; ; ) {
      const op = at.byte();
      if (UNKNOWN.has(op)) throw new Error(`scripts/code-streams.mjs: the opcode 0x${op.toString(16)}, whose immediates it does not know`);
      streams[0].push(op);
      const kind = KINDS[op];
      if (kind === KIND.index) copy(0);
      else if (kind === KIND.local) copy(1);
      else if (kind === KIND.branch) copy(3);
      else if (kind === KIND.memarg) copy(0), copy(2);
      else if (kind === KIND.block) copy(0), depth++;
      else if (kind === KIND.end && depth-- === 0) break;
      else if (kind === KIND.callIndirect) copy(0), copy(0);
      else if (kind === KIND.brTable) for (let n = copy(3) + 1; n > 0; n--) copy(3);
      else if (kind === KIND.prefix) for (let n = prefixIndices(copy(0)); n > 0; n--) copy(0);
    }
    if (at.pos !== end) throw new Error("scripts/code-streams.mjs: a function body's instructions end elsewhere than its size says");
  }
  const rest = Buffer.concat([wasm.subarray(0, code.header), wasm.subarray(code.end)]);
  const lengths = [rest.length, code.header, code.end - code.start, ...streams.slice(0, 3).map((stream) => stream.length)];
  return Buffer.concat([...lengths.map(uleb), rest, ...streams.map((stream) => Buffer.from(stream))]);
}
