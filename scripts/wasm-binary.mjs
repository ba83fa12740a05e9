// Reading and rewriting a wasm module's binary form (https://webassembly.github.io/spec/core/binary/)
// as far as the build and the size report need it: its sections, its imports (and their names) and
// function bodies, and its active data segments and the memory image they make.

/** A cursor over `wasm` from byte `pos`: LEB128 integers and names. */
export class Reader {
  constructor(wasm, pos = 8) {
    this.wasm = wasm;
    this.pos = pos;
  }

  byte() {
    return this.wasm[this.pos++];
  }

  /** An unsigned LEB128 integer (to 2^53). */
  uleb() {
    let [value, shift, byte] = [0, 0, 0];
    do {
      byte = this.byte();
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value;
  }

  /** A signed LEB128 integer of 32 bits. */
  sleb() {
    let [value, shift, byte] = [0, 0, 0];
    do {
      byte = this.byte();
      value |= (byte & 0x7f) << shift;
      shift += 7;
    } while (byte & 0x80);
    return shift < 32 && byte & 0x40 ? value | (-1 << shift) : value;
  }

  /** A name: its length, then UTF-8. */
  name() {
    const length = this.uleb();
    this.pos += length;
    return this.wasm.toString("utf8", this.pos - length, this.pos);
  }
}

/** Unsigned LEB128 bytes of `value`. */
export function ulebBytes(value) {
  const bytes = [];
  do {
    bytes.push((value > 0x7f ? 0x80 : 0) | (value & 0x7f));
    value = Math.floor(value / 128);
  } while (value > 0);
  return Buffer.from(bytes);
}

/** Signed LEB128 bytes of the 32-bit `value`. */
function slebBytes(value) {
  const bytes = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    const done = (value === 0 && !(byte & 0x40)) || (value === -1 && byte & 0x40);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return Buffer.from(bytes);
  }
}

const SECTION_NAMES = ["custom", "type", "import", "function", "table", "memory", "global", "export", "start", "element", "code", "data", "datacount"];

/**
 * The sections of `wasm`, in order: `{ id, name, header, start, end }` (a custom section named by
 * its own name; `header` where the section begins, `start` to `end` its content).
 */
export function sections(wasm) {
  const found = [];
  for (const at = new Reader(wasm); at.pos < wasm.length; ) {
    const header = at.pos;
    const id = at.byte();
    const size = at.uleb();
    const start = at.pos;
    const name = id === 0 ? at.name() : SECTION_NAMES[id];
    found.push({ id, name, header, start, end: start + size });
    at.pos = start + size;
  }
  return found;
}

/** A section of id `id` with `content`, header included. */
export function section(id, content) {
  return Buffer.concat([Buffer.from([id]), ulebBytes(content.length), content]);
}

/**
 * `wasm`, whose sections are `all` (`sections(wasm)`), with each section whose id is a key of
 * `replace` written as that key's bytes (a whole section, from `section`) instead.
 */
export function withSections(wasm, all, replace) {
  return Buffer.concat([wasm.subarray(0, 8), ...all.map(({ id, header, end }) => (id in replace ? replace[id] : wasm.subarray(header, end)))]);
}

/**
 * The functions of `wasm`: how many functions and globals it imports (its own functions are
 * numbered after the imported ones), and each body's bytes in the code section (`{ start, end }`,
 * its locals and expression), with `all`, its sections.
 */
export function functions(wasm) {
  const all = sections(wasm);
  const kinds = imports(wasm, all).map(({ kind }) => kind);
  const importedFunctions = kinds.filter((kind) => kind === 0).length;
  const importedGlobals = kinds.filter((kind) => kind === 3).length;
  const bodies = [];
  const code = all.find(({ id }) => id === 10);
  if (code !== undefined) {
    const at = new Reader(wasm, code.start);
    for (let count = at.uleb(); count > 0; count--) {
      const size = at.uleb();
      bodies.push({ start: at.pos, end: at.pos + size });
      at.pos += size;
    }
  }
  return { all, importedFunctions, importedGlobals, bodies };
}

/**
 * The imports of `wasm` (whose sections are `all`), in order: `{ module, name, kind }`, with where
 * its description after the names begins (`description`) and where the entry ends (`end`).
 */
function imports(wasm, all) {
  const section = all.find(({ id }) => id === 2);
  if (section === undefined) return [];
  const found = [];
  const at = new Reader(wasm, section.start);
  for (let count = at.uleb(); count > 0; count--) {
    const module = at.name();
    const name = at.name();
    const description = at.pos;
    const kind = at.byte();
    if (kind === 0) {
      at.uleb();
    } else if (kind === 1) {
      at.byte();
      limits(at);
    } else if (kind === 2) {
      limits(at);
    } else if (kind === 3) {
      valueType(at);
      at.byte();
    } else {
      throw new Error(`a wasm import of kind ${kind}, which scripts/wasm-binary.mjs does not know`);
    }
    found.push({ module, name, kind, description, end: at.pos });
  }
  return found;
}

/** `wasm` with each import's name `rename(name)`. */
export function withImportNames(wasm, rename) {
  const all = sections(wasm);
  const utf8 = (text) => Buffer.concat([ulebBytes(Buffer.byteLength(text)), Buffer.from(text)]);
  const entries = imports(wasm, all).map(({ module, name, description, end }) => Buffer.concat([utf8(module), utf8(rename(name)), wasm.subarray(description, end)]));
  return withSections(wasm, all, { 2: section(2, Buffer.concat([ulebBytes(entries.length), ...entries])) });
}

function limits(at) {
  const flags = at.byte();
  at.uleb();
  if (flags & 1) at.uleb();
}

/** Skips a value type: one byte, or a reference type with its heap type. */
export function valueType(at) {
  const type = at.byte();
  if (type === 0x63 || type === 0x64) at.sleb();
}

/**
 * The active data segments of `wasm` (`{ offset, bytes }`, each at an `i32.const` offset in memory
 * 0), and `rewrite(segments)`: the wasm with those segments instead.
 */
export function dataSegments(wasm) {
  const all = sections(wasm);
  const data = all.find(({ id }) => id === 11);
  const segments = [];
  if (data !== undefined) {
    const at = new Reader(wasm, data.start);
    for (let count = at.uleb(); count > 0; count--) {
      const flags = at.uleb();
      if (flags === 1 || (flags === 2 && at.uleb() !== 0) || at.byte() !== 0x41) throw new Error("a wasm's data segment is not an active one at an i32.const");
      const offset = at.sleb();
      if (at.byte() !== 0x0b) throw new Error("a wasm's data segment's offset is not an i32.const");
      const size = at.uleb();
      segments.push({ offset, bytes: wasm.subarray(at.pos, at.pos + size) });
      at.pos += size;
    }
  }
  const rewrite = (newSegments) => {
    const content = Buffer.concat([
      ulebBytes(newSegments.length),
      ...newSegments.flatMap(({ offset, bytes }) => [Buffer.from([0, 0x41]), slebBytes(offset), Buffer.from([0x0b]), ulebBytes(bytes.length), bytes]),
    ]);
    return withSections(wasm, all, { 11: section(11, content), 12: section(12, ulebBytes(newSegments.length)) });
  };
  return { segments, rewrite };
}

/**
 * The bytes `segments` write into memory, from the lowest address they write (`start`), and
 * `stored`: 1 where a segment writes the byte, 0 in the gaps between them.
 */
export function memoryImage(segments) {
  const start = Math.min(...segments.map(({ offset }) => offset));
  const bytes = Buffer.alloc(Math.max(...segments.map(({ offset, bytes }) => offset + bytes.length)) - start);
  const stored = new Uint8Array(bytes.length);
  for (const { offset, bytes: segment } of segments) {
    segment.copy(bytes, offset - start);
    stored.fill(1, offset - start, offset - start + segment.length);
  }
  return { start, bytes, stored };
}
