//! `lzma_encoder NICE [DICTIONARY]`: standard input packed (`lzma_encoder::pack`) over the
//! file DICTIONARY, to standard output.
use std::io::{Read, Write};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(nice), dictionary) = (args.first().and_then(|n| n.parse().ok()), args.get(1)) else {
        eprintln!("usage: lzma_encoder NICE [DICTIONARY] <input >packed");
        std::process::exit(2);
    };
    let dictionary =
        dictionary.map_or_else(Vec::new, |file| std::fs::read(file).expect("the dictionary file"));
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input).expect("standard input");
    std::io::stdout()
        .write_all(&lzma_encoder::pack(&input, nice, &dictionary))
        .expect("standard output");
}
