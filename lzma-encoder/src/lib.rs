//! Raw LZMA as lzma-decoder/ reads it, over a preset dictionary: weburl/urlpattern's add-on wasm,
//! packed with the url wasm it is an add-on to as the history its matches may refer to
//! (scripts/build.mjs). The add-on's code calls and resembles the url wasm's, so its stream is 15%
//! smaller than alone. xz's command line has no preset dictionary; the streams without one stay
//! xz's, which this encoder matches to within 0.05% there.
use std::io::Write;

use lzma_rust2::{LzmaOptions, LzmaWriter};

/// `input` packed with the settings of xz's `--lzma1=preset=9,lc=…,lp=0,pb=0,nice=…` (the ones
/// lzma-decoder/ decodes), over `dictionary` (empty for none), without an end marker (the decoder
/// knows the size), its first byte (the range encoder's, always 0) how many literal context bits
/// fewer than 3 it has: `lc` is 0 to 3.
pub fn pack(input: &[u8], lc: u32, nice: u32, dictionary: &[u8]) -> Vec<u8> {
    assert!(lc <= 3, "lzma-decoder/ reads at most 3 literal context bits");
    let mut options = LzmaOptions::with_preset(9);
    (options.lc, options.lp, options.pb, options.nice_len) = (lc, 0, 0, nice);
    // The window holds the dictionary and the input whole.
    options.dict_size = options.dict_size.max((dictionary.len() + input.len()) as u32);
    options.preset_dict = (!dictionary.is_empty()).then(|| dictionary.to_vec());
    let mut writer = LzmaWriter::new_no_header(Vec::new(), &options, false).expect("valid options");
    writer.write_all(input).expect("writing to a Vec");
    let mut packed = writer.finish().expect("writing to a Vec");
    packed[0] = (3 - lc) as u8;
    packed
}
