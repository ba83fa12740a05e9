//! The decoder against the encoders scripts/build.mjs runs, xz's and lzma-encoder/'s over a preset
//! dictionary, on inputs of every kind of packet: literals, matches near and far, repeated
//! matches, matches into the dictionary; and against corrupt streams, which must fail or decode to
//! something, never panic.
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
            assert_eq!(
                lzma_decoder::decode(&packed, &mut out, 0),
                Some(()),
                "{} bytes",
                input.len()
            );
            assert!(
                out == input,
                "{} bytes decode differently (lc={lc}, nice={nice})",
                input.len()
            );
        }
    }
}

/// `input` decoded from `packed` over `dictionary`.
fn decode_over(dictionary: &[u8], packed: &[u8], size: usize) -> Option<Vec<u8>> {
    let mut out = dictionary.to_vec();
    out.resize(dictionary.len() + size, 0);
    lzma_decoder::decode(packed, &mut out, dictionary.len())?;
    Some(out.split_off(dictionary.len()))
}

#[test]
fn decodes_what_the_encoder_packs_over_a_dictionary() {
    let dictionary = bytes(5, 200_000, 255);
    // The dictionary's bytes near and far with edits and new bytes between, and runs that only the
    // input has; first the dictionary's tail (the stream opens with a match into it), or new bytes
    // (with literals in the context of the dictionary's last byte).
    let mut body = bytes(6, 20_000, 8);
    body.extend_from_slice(&dictionary[..40_000]);
    body.extend_from_slice(&b"abcabcabcabd".repeat(300));
    body.extend_from_slice(&dictionary[90_000..120_000]);
    body[30_000] ^= 1;
    let cases = [[&dictionary[150_000..], &body[..]].concat(), body.clone()];
    // lc as scripts/build.mjs may pick it for an add-on (1 for weburl/urlpattern's).
    let settings = [(1, 64), (2, 128), (3, 273)];
    for (input, (lc, nice)) in cases.iter().flat_map(|input| settings.map(|s| (input, s))) {
        let alone = lzma_encoder::pack(input, lc, nice, &[]);
        let packed = lzma_encoder::pack(input, lc, nice, &dictionary);
        assert!(
            packed.len() * 4 < alone.len(),
            "{} bytes over the dictionary, {} alone",
            packed.len(),
            alone.len()
        );
        assert!(
            decode_over(&dictionary, &packed, input.len()).as_deref() == Some(&input[..]),
            "lc={lc}, nice={nice}"
        );
        assert!(
            decode_over(&[], &alone, input.len()).as_deref() == Some(&input[..]),
            "lc={lc}, nice={nice}, alone"
        );
        // Over another dictionary of the same size, the matches into it read other bytes (and
        // the literals after them, decoded in the context of those, go astray).
        let other = bytes(7, dictionary.len(), 255);
        assert!(decode_over(&other, &packed, input.len()).as_deref() != Some(&input[..]));
        // Without it, they reach before the start: corrupt.
        assert_eq!(decode_over(&[], &packed, input.len()), None);
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
        assert_eq!(lzma_decoder::decode(&packed[..cut], &mut out, 0), None, "cut at {cut}");
    }
    // Flipped bits: decoding ends (the output fills up) with an error or other bytes.
    for i in 0..packed.len() {
        let mut corrupt = packed.clone();
        corrupt[i] ^= 0x55;
        let mut out = vec![0; input.len()];
        let _ = lzma_decoder::decode(&corrupt, &mut out, 0);
    }
    for seed in 0..200 {
        let mut out = vec![0; 10_000];
        let _ = lzma_decoder::decode(&bytes(seed, 300, 255), &mut out, 0);
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
        lzma.start(&packed, 0).unwrap();
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
        .find(|&len| {
            let mut lzma = lzma_decoder::Lzma::EMPTY;
            lzma.start(&packed[..len], 0).unwrap();
            lzma.decode(&packed[..len], &mut vec![0; cut]).is_some()
        })
        .unwrap();
    assert!(read < packed.len());
    let mut out = vec![0; input.len()];
    let mut lzma = lzma_decoder::Lzma::EMPTY;
    lzma.start(&packed[..read], 0).unwrap();
    assert_eq!(lzma.decode(&packed[..read], &mut out[..cut]), Some(()));
    assert!(out[..cut] == input[..cut]);
    assert_eq!(lzma.decode(&packed, &mut out), Some(()));
    assert!(out == input);
    // An output shorter than the last call's fails.
    assert_eq!(lzma.decode(&packed, &mut out[..cut]), None);
}
