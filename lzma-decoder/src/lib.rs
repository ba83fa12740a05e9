//! LZMA decoding for the npm package's inlined wasm modules (js/inline-wasm.js): they are carried
//! as raw LZMA streams, a fifth smaller than DEFLATE ones, which this crate, compiled to a 3.4 KB wasm
//! module that JavaScript instantiates first, turns back into the module's bytes.
//!
//! The streams are what `xz --format=raw --lzma1=preset=9e,lc=…,lp=0,pb=0,nice=…` writes
//! (scripts/build.mjs), with the range encoder's first byte, always 0, replaced by how many
//! literal context bits fewer than 3 the stream has: the literal context is the previous byte's
//! top 3 bits (`lc=3`, 0 there) or fewer, whichever packs the stream smallest, and there is no
//! position context (`lp = pb = 0`), which for wasm compresses best. The decoded size is known,
//! so the output is the dictionary and decoding stops when it is full; an end marker, if any, is
//! not read. A stream is decoded as far as asked, and on from there when given more input and a
//! longer output: a start module first, then the rest of its module; weburl/urlpattern's add-on
//! after the url wasm, whose stream it continues (scripts/build.mjs packs the two as one and cuts
//! it where the url wasm's decoding stops reading). The algorithm is the one of the LZMA
//! specification (`lzma-specification.txt` of the LZMA SDK): a range decoder over adaptive bit
//! probabilities, literals, matches and repeated matches, a 12-state machine.
#![cfg_attr(target_arch = "wasm32", no_std)]

/// The most literal context bits (`lc`) a stream may have: the probabilities have room for them.
const LC: u32 = 3;

// Offsets of each group of probabilities in `Decoder::probs`.
const IS_MATCH: usize = 0x300 << LC;
const IS_REP: usize = IS_MATCH + 12;
const IS_REP_G0: usize = IS_REP + 12;
const IS_REP_G1: usize = IS_REP_G0 + 12;
const IS_REP_G2: usize = IS_REP_G1 + 12;
const IS_REP0_LONG: usize = IS_REP_G2 + 12;
const POS_SLOT: usize = IS_REP0_LONG + 12;
const POS_SPECIAL: usize = POS_SLOT + 4 * 64;
const ALIGN: usize = POS_SPECIAL + 115;
const LEN: usize = ALIGN + 16;
const REP_LEN: usize = LEN + LENGTH_PROBS;
/// The table's size: a power of two above what the groups use, so that masking an index proves it
/// in bounds, and no bounds check (with the panic formatting it brings) is compiled in.
const PROBS: usize = (REP_LEN + LENGTH_PROBS).next_power_of_two();
/// A length decoder's probabilities: two choices, then trees of 3, 3 and 8 bits (`pb = 0`: one
/// position state).
const LENGTH_PROBS: usize = 2 + 8 + 8 + 256;

/// The range decoder and the probabilities it adapts.
struct Decoder<'a> {
    input: &'a [u8],
    next: usize,
    range: u32,
    code: u32,
    probs: &'a mut [u16; PROBS],
}

impl Decoder<'_> {
    /// Past the end, the input reads as zeros; `decode` then fails.
    #[inline(always)]
    fn normalize(&mut self) {
        if self.range < 1 << 24 {
            self.range <<= 8;
            self.code =
                (self.code << 8) | u32::from(self.input.get(self.next).copied().unwrap_or(0));
            self.next += 1;
        }
    }

    // Inlined where it is called, as every method is (at opt-level "z" LLVM would call it): the
    // one call at start runs in the engine's baseline code (V8's Liftoff), which keeps a value in
    // a register only within a function, and pays a call with a frame whose locals it zeroes.
    // Normalized before the bit, not after, as the LZMA SDK does (callgrind, Node 24
    // `--liftoff-only`, decoding the url wasm's start module: 10.50 M instructions after, 10.20 M
    // before, and 117 bytes less).
    #[inline(always)]
    fn bit(&mut self, i: usize) -> usize {
        self.normalize();
        let i = i & (PROBS - 1);
        let prob = u32::from(self.probs[i]);
        let bound = (self.range >> 11) * prob;
        // In u32, not u16: no masking of the sum to 16 bits (10.30 M instructions in u16).
        if self.code < bound {
            self.range = bound;
            self.probs[i] = (prob + ((2048 - prob) >> 5)) as u16;
            0
        } else {
            self.range -= bound;
            self.code -= bound;
            self.probs[i] = (prob - (prob >> 5)) as u16;
            1
        }
    }

    /// `bits` bits, most significant first, each with the probability of the bits above it.
    /// Inlined: one copy in `length`, one in `distance` (called, 11.75 M instructions).
    #[inline(always)]
    fn tree(&mut self, base: usize, bits: u32) -> usize {
        // Until `m` has all its bits, not a count of them: one local fewer set in the loop (10.50 M
        // instructions on a count).
        let mut m = 1;
        while m < 1 << bits {
            m = (m << 1) | self.bit(base + m);
        }
        m - (1 << bits)
    }

    /// `tree`, least significant bit first.
    fn reverse(&mut self, base: usize, bits: u32) -> usize {
        let (mut m, mut symbol) = (1, 0);
        for i in 0..bits {
            let bit = self.bit(base + m);
            m = (m << 1) | bit;
            symbol |= bit << i;
        }
        symbol
    }

    /// `bits` bits of probability one half.
    fn direct(&mut self, bits: u32) -> usize {
        let mut symbol = 0;
        for _ in 0..bits {
            self.normalize();
            self.range >>= 1;
            let bit = self.code >= self.range;
            if bit {
                self.code -= self.range;
            }
            symbol = (symbol << 1) | usize::from(bit);
        }
        symbol
    }

    /// A literal byte, in the context of the byte before it (its top `lc` bits) and, right after
    /// a match, of the byte the match distance points at.
    fn literal(&mut self, previous: u8, matched: Option<u8>) -> u8 {
        let base = 0x300 * usize::from(previous >> (8 - LC));
        let mut symbol = 1;
        if let Some(matched) = matched {
            let mut matched = usize::from(matched);
            while symbol < 0x100 {
                let match_bit = (matched >> 7) & 1;
                matched <<= 1;
                let bit = self.bit(base + ((1 + match_bit) << 8) + symbol);
                symbol = (symbol << 1) | bit;
                if match_bit != bit {
                    break;
                }
            }
        }
        while symbol < 0x100 {
            symbol = (symbol << 1) | self.bit(base + symbol);
        }
        symbol as u8
    }

    /// A match length, less the minimum of 2.
    fn length(&mut self, base: usize) -> usize {
        // One tree, whichever the choice bits pick: one copy of its loop for the three.
        let (low, tree, bits) = if self.bit(base) == 0 {
            (0, base + 2, 3)
        } else if self.bit(base + 1) == 0 {
            (8, base + 10, 3)
        } else {
            (16, base + 18, 8)
        };
        low + self.tree(tree, bits)
    }

    /// A match distance, less one, for a match of `length` (less 2).
    fn distance(&mut self, length: usize) -> usize {
        let slot = self.tree(POS_SLOT + (length.min(3) << 6), 6);
        if slot < 4 {
            return slot;
        }
        let bits = (slot as u32 >> 1) - 1;
        let distance = (2 | (slot & 1)) << bits;
        // One reverse tree, whichever the slot picks: one copy of its loop (two: 11.38 M
        // instructions and 4,122 bytes, over the 4 KB).
        let (high, reverse, bits) = if slot < 14 {
            (distance, POS_SPECIAL + distance - slot, bits)
        } else {
            (distance + (self.direct(bits - 4) << 4), ALIGN, 4)
        };
        high + self.reverse(reverse, bits)
    }
}

/// The byte `rep0 + 1` before `at`: None before the start (a corrupt stream).
fn back(out: &[u8], at: usize, rep0: usize) -> Option<u8> {
    out.get(at.checked_sub(rep0)?.checked_sub(1)?).copied()
}

/// A stream's decoding, which stops where its output ends and resumes there when given a longer
/// one: the range decoder, the probabilities and the state machine are kept between calls, so a
/// prefix of a stream (a start module: js/inline-wasm.js) is decoded once, not again with the rest.
pub struct Lzma {
    /// The next byte of input, the range and the code of the range decoder (a range of 0: no
    /// stream begun, as `EMPTY`; it is never 0 after `start`).
    next: usize,
    range: u32,
    code: u32,
    /// The state (what the last few packets were) and the last four distances, less one.
    state: usize,
    reps: [usize; 4],
    /// The next byte of output, and how many bytes of a match are left to copy there.
    at: usize,
    left: usize,
    /// The bits of the byte before a literal that are its context, its top `lc`: masked in place
    /// (each context's probabilities where `lc = 3` has one of them), not shifted by `8 - lc`, a
    /// shift by a variable, which made the decoder's one call at start 3.0% slower (callgrind,
    /// Node 24 `--liftoff-only`, the url wasm's stream and the UTS #46 tables': 27.41 M
    /// instructions, 28.25 M shifted, 27.51 M masked) and 24 bytes larger.
    context: u8,
    probs: [u16; PROBS],
}

impl Lzma {
    /// No stream yet (`start` begins one): all zeros, which a `static` holds in no bytes of the
    /// wasm module.
    pub const EMPTY: Lzma = Lzma {
        next: 0,
        range: 0,
        code: 0,
        state: 0,
        reps: [0; 4],
        at: 0,
        left: 0,
        context: 0,
        probs: [0; PROBS],
    };

    /// Begins the raw LZMA stream `input` (`lp=0 pb=0`, its first five bytes at least) in an
    /// `Lzma` that has begun none (`EMPTY`: its state, distances and output position are left as
    /// those zeros, not set again, for the decoder's size): `None` if `input` is too short. Its first byte, which the range encoder always writes as 0, is how
    /// many literal context bits fewer than 3 the stream has (scripts/build.mjs, `packLzma`: the
    /// `lc` that packs it smallest); only its low two bits are read, so a corrupt one is an `lc`.
    pub fn start(&mut self, input: &[u8]) -> Option<()> {
        let [fewer, code @ ..] = *input.first_chunk::<5>()?;
        (self.next, self.range, self.code) = (5, u32::MAX, u32::from_be_bytes(code));
        self.context = 0xe0 << (fewer & 3);
        self.probs.fill(1024);
        Some(())
    }

    /// Decodes until `out` is full, from where the last call stopped (`start` at first): `input`
    /// and `out` are the ones given before, or longer ones that start with them. `None` if the
    /// stream is corrupt or ends early (past the end, the input reads as zeros).
    pub fn decode(&mut self, input: &[u8], out: &mut [u8]) -> Option<()> {
        if out.len() < self.at {
            return None; // shorter than the output given before
        }
        // The range decoder and the state in locals while decoding, put back when it stops.
        let mut d = Decoder {
            input,
            next: self.next,
            range: self.range,
            code: self.code,
            probs: &mut self.probs,
        };
        let context = self.context;
        let mut state = self.state;
        let [mut rep0, mut rep1, mut rep2, mut rep3] = self.reps;
        let mut at = self.at;
        // What the last call left of a match: matches cross where a start module ends.
        let mut length = self.left;
        loop {
            // A match's bytes are most of the output. Four at a time where the source is at least
            // four bytes behind, so that each word read is already written (10.66 M instructions
            // byte by byte); else byte by byte, as the source may overlap what is being written.
            // The source's start is checked once (before `at`), not for each byte as `back` does.
            if length > 0 {
                let distance = rep0.checked_add(1).filter(|&distance| distance <= at)?;
                let end = out.len().min(at + length);
                length -= end - at;
                if distance >= 4 {
                    while at + 4 <= end {
                        let span = out.get_mut(at - distance..at + 4)?;
                        *span.last_chunk_mut::<4>()? = *span.first_chunk::<4>()?;
                        at += 4;
                    }
                }
                while at < end {
                    out[at] = *out.get(at - distance)?;
                    at += 1;
                }
            }
            if at >= out.len() {
                break;
            }
            if d.bit(IS_MATCH + state) == 0 {
                let previous = if at > 0 { out[at - 1] & context } else { 0 };
                let matched = if state >= 7 { Some(back(out, at, rep0)?) } else { None };
                out[at] = d.literal(previous, matched);
                at += 1;
                state = match state {
                    0..=3 => 0,
                    4..=9 => state - 3,
                    _ => state - 6,
                };
                continue;
            }
            let matched = d.bit(IS_REP + state) == 0;
            if matched {
                (rep3, rep2, rep1) = (rep2, rep1, rep0);
                state = if state < 7 { 7 } else { 10 };
            } else {
                if d.bit(IS_REP_G0 + state) == 0 {
                    if d.bit(IS_REP0_LONG + state) == 0 {
                        // One byte at the last distance.
                        state = if state < 7 { 9 } else { 11 };
                        out[at] = back(out, at, rep0)?;
                        at += 1;
                        continue;
                    }
                } else {
                    let distance;
                    if d.bit(IS_REP_G1 + state) == 0 {
                        distance = rep1;
                    } else {
                        if d.bit(IS_REP_G2 + state) == 0 {
                            distance = rep2;
                        } else {
                            distance = rep3;
                            rep3 = rep2;
                        }
                        rep2 = rep1;
                    }
                    rep1 = rep0;
                    rep0 = distance;
                }
                state = if state < 7 { 8 } else { 11 };
            }
            length = d.length(if matched { LEN } else { REP_LEN });
            // After a match (not a repeated one), as `matched` says; tested on the state it
            // left, LLVM keeps one copy of `length` (on `matched` it makes one for each path:
            // 11.22 M instructions and 4,095 bytes, against 10.20 M and 3,391).
            if state == 7 || state == 10 {
                rep0 = d.distance(length);
            }
            length += 2;
        }
        (self.state, self.reps, self.at, self.left) = (state, [rep0, rep1, rep2, rep3], at, length);
        (self.next, self.range, self.code) = (d.next, d.range, d.code);
        (d.next <= input.len()).then_some(())
    }
}

/// Decodes the raw LZMA stream `input` (`lp=0 pb=0`, `lc` by its first byte: `Lzma::start`)
/// until `out` is full: `None` if the stream is corrupt or ends early.
pub fn decode(input: &[u8], out: &mut [u8]) -> Option<()> {
    let mut lzma = Lzma::EMPTY;
    lzma.start(input)?;
    lzma.decode(input, out)
}

/// The stream the wasm exports decode: in the module's own memory (below `__heap_base`, zeroed,
/// no bytes of the module), not on its stack, so that it outlives a call.
#[cfg(target_arch = "wasm32")]
static mut STREAM: Lzma = Lzma::EMPTY;

/// The wasm export: decodes the stream of the `input_len` bytes at `input` into the `out_len`
/// bytes at `out` (memory JavaScript grew for them, from `__heap_base`), until they are full,
/// from where the last call stopped, beginning it at the first (a range of 0: `Lzma::EMPTY`); 1
/// on success, 0 if the stream is corrupt. A call after it gives the same input and output, or
/// longer (JavaScript wrote more of the input after them). One export, not one to begin and one
/// to resume: 65 bytes fewer with js/inline-wasm.js's one call, and LLVM's layout of the decode
/// at start 0.2% cheaper (callgrind, Node 24 `--liftoff-only`, the url wasm's stream: 18,527 K
/// instructions with two, 18,489 K; the check inside `Lzma::decode` 18,559 K).
///
/// # Safety
///
/// Both ranges must be valid, and not overlap; those of the calls before are within them.
#[cfg(target_arch = "wasm32")]
#[no_mangle]
pub unsafe extern "C" fn decode_lzma(
    input: *const u8,
    input_len: usize,
    out: *mut u8,
    out_len: usize,
) -> u32 {
    let (stream, input, out) = unsafe {
        (
            &mut *core::ptr::addr_of_mut!(STREAM),
            core::slice::from_raw_parts(input, input_len),
            core::slice::from_raw_parts_mut(out, out_len),
        )
    };
    if stream.range == 0 && stream.start(input).is_none() {
        return 0;
    }
    stream.decode(input, out).is_some().into()
}

/// Nothing here panics (the indices that the compiler cannot prove in bounds are masked, or read
/// with `get`, a corrupt stream failing), so no panic formatting is compiled in; a `no_std`
/// library still names a handler, which traps.
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}
