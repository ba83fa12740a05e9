//! The decoder against the encoder scripts/build.mjs runs, xz, on inputs of every kind of packet:
//! literals, matches near and far, repeated matches; streams decoded in steps, and one continued
//! by a second input after the first's end (an add-on's); and against corrupt streams, which must
//! fail or decode to something, never panic.
use std::io::Write;
use std::process::{Command, Stdio};

/// `nice`: the longest match the encoder settles for, and `lc`, the literal context bits, which
/// scripts/build.mjs varies; the first byte (0) then says how many bits fewer than 3, as there.
fn xz(input: &[u8], lc: u32, nice: u32) -> Vec<u8> {
    let mut child = Command::new("xz")
        .args([
            "--format=raw",
            &format!("--lzma1=preset=9e,lc={lc},lp=0,pb=0,nice={nice}"),
            "--stdout",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("xz (Debian's xz-utils) compresses the test inputs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input).unwrap());
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success());
    let mut packed = output.stdout;
    packed[0] = (3 - lc) as u8;
    packed
}

/// A deterministic pseudo-random generator (xorshift), so failures repeat.
fn bytes(seed: u64, len: usize, alphabet: u8) -> Vec<u8> {
    let mut x = seed | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % u64::from(alphabet)) as u8
        })
        .collect()
}

fn inputs() -> Vec<Vec<u8>> {
    let mut inputs = vec![
        vec![],
        vec![0],
        vec![7; 100_000],
        b"abcabcabcabd".repeat(500),
        bytes(1, 50_000, 255),
        bytes(2, 200_000, 4),
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/src/lib.rs")).unwrap(),
    ];
    // Far matches: random blocks repeated at distances up to a megabyte, with edits between.
    let block = bytes(3, 300_000, 255);
    let mut far = block.clone();
    far.extend_from_slice(&bytes(4, 700_000, 16));
    far.extend_from_slice(&block);
    far[500_000] ^= 1;
    inputs.push(far);
    inputs
}

#[test]
fn decodes_what_xz_encodes() {
    for input in inputs() {
        for (lc, nice) in [(3, 64), (3, 128), (3, 273), (2, 273), (1, 128), (0, 64)] {
            let packed = xz(&input, lc, nice);
            let mut out = vec![0; input.len()];
            assert_eq!(lzma_decoder::decode(&packed, &mut out), Some(()), "{} bytes", input.len());
            assert!(
                out == input,
                "{} bytes decode differently (lc={lc}, nice={nice})",
                input.len()
            );
        }
    }
}

#[test]
fn decodes_a_stream_continued_after_its_first_input() {
    // As scripts/build.mjs packs an add-on: one stream of a module and then the add-on, cut where
    // the module's decoding stops reading (rounded up to whole groups of base64), the module
    // decoded from its part alone, then the add-on with the input whole. The add-on repeats the
    // module's bytes near and far with edits and new bytes between, and runs of its own; first
    // the module's tail (the add-on's part opens inside a match), or new bytes.
    let module = bytes(5, 200_000, 255);
    let mut body = bytes(6, 20_000, 8);
    body.extend_from_slice(&module[..40_000]);
    body.extend_from_slice(&b"abcabcabcabd".repeat(300));
    body.extend_from_slice(&module[90_000..120_000]);
    body[30_000] ^= 1;
    for add_on in [[&module[150_000..], &body[..]].concat(), body.clone()] {
        // lc as scripts/build.mjs may pick it.
        for (lc, nice) in [(1, 64), (2, 128), (3, 273)] {
            let both = [&module[..], &add_on[..]].concat();
            let packed = xz(&both, lc, nice);
            // The least input that decodes the module (more never decodes less).
            let (mut read, mut high) = (5, packed.len());
            while read < high {
                let middle = (read + high) / 2;
                let mut out = vec![0; module.len()];
                if lzma_decoder::decode(&packed[..middle], &mut out) == Some(()) {
                    high = middle;
                } else {
                    read = middle + 1;
                }
            }
            let cut = read.div_ceil(3) * 3;
            assert!(
                (packed.len() - cut) * 4 < xz(&add_on, lc, nice).len(),
                "the add-on's part: {} bytes of {}",
                packed.len() - cut,
                packed.len()
            );
            let mut out = vec![0; both.len()];
            let mut lzma = lzma_decoder::Lzma::EMPTY;
            lzma.start(&packed[..cut]).unwrap();
            assert_eq!(lzma.decode(&packed[..cut], &mut out[..module.len()]), Some(()));
            assert!(out[..module.len()] == module[..], "lc={lc}, nice={nice}");
            assert_eq!(lzma.decode(&packed, &mut out), Some(()));
            assert!(out == both, "lc={lc}, nice={nice}");
            // Without the module's part, the add-on's is not a stream of its own.
            let mut alone = vec![0; add_on.len()];
            assert!(lzma_decoder::decode(&packed[cut..], &mut alone).is_none() || alone != add_on);
        }
    }
}

#[test]
fn corrupt_streams_fail_or_decode_without_panicking() {
    let input = b"abcabcabcabd".repeat(500);
    let packed = xz(&input, 3, 273);
    // Cut short: the decoder reads past the end. (xz ends the stream with an end marker, which
    // the decoder does not read: it stops when the output is full.)
    for cut in [0, 3, 5, packed.len() / 2] {
        let mut out = vec![0; input.len()];
        assert_eq!(lzma_decoder::decode(&packed[..cut], &mut out), None, "cut at {cut}");
    }
    // Flipped bits: decoding ends (the output fills up) with an error or other bytes.
    for i in 0..packed.len() {
        let mut corrupt = packed.clone();
        corrupt[i] ^= 0x55;
        let mut out = vec![0; input.len()];
        let _ = lzma_decoder::decode(&corrupt, &mut out);
    }
    for seed in 0..200 {
        let mut out = vec![0; 10_000];
        let _ = lzma_decoder::decode(&bytes(seed, 300, 255), &mut out);
    }
}

#[test]
fn resumes_where_it_stopped() {
    // Stops at every few thousand bytes, inside matches too (the repeated runs are long matches),
    // then decodes the rest with the input and output grown: the same bytes as in one call.
    for input in inputs().into_iter().filter(|input| input.len() > 1) {
        let packed = xz(&input, 3, 273);
        let mut out = vec![0; input.len()];
        let mut lzma = lzma_decoder::Lzma::EMPTY;
        lzma.start(&packed).unwrap();
        let step = input.len() / 7 + 1;
        for end in (1..input.len()).step_by(step).chain([input.len()]) {
            assert_eq!(lzma.decode(&packed, &mut out[..end]), Some(()), "until {end}");
            assert!(out[..end] == input[..end], "{} bytes, until {end}", input.len());
        }
    }
    // A prefix of the output from a prefix of the input (what the start module's base64 holds),
    // then the rest once the input is whole.
    let input = [bytes(8, 30_000, 255), b"abcabcabcabd".repeat(2_000)].concat();
    let packed = xz(&input, 3, 273);
    let cut = 30_000 + 10_001; // inside a match
    let read = (6..packed.len())
        .find(|&len| lzma_decoder::decode(&packed[..len], &mut vec![0; cut]).is_some())
        .unwrap();
    assert!(read < packed.len());
    let mut out = vec![0; input.len()];
    let mut lzma = lzma_decoder::Lzma::EMPTY;
    lzma.start(&packed[..read]).unwrap();
    assert_eq!(lzma.decode(&packed[..read], &mut out[..cut]), Some(()));
    assert!(out[..cut] == input[..cut]);
    assert_eq!(lzma.decode(&packed, &mut out), Some(()));
    assert!(out == input);
    // An output shorter than the last call's fails.
    assert_eq!(lzma.decode(&packed, &mut out[..cut]), None);
}
