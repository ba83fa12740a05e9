//! `lzma_encoder LC NICE [DICTIONARY]`: standard input packed (`lzma_encoder::pack`) with LC
//! literal context bits over the file DICTIONARY, to standard output.
use std::io::{Read, Write};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| args.get(i).and_then(|n| n.parse().ok()).filter(|&n| i > 0 || n <= 3);
    let (Some(lc), Some(nice), dictionary) = (number(0), number(1), args.get(2)) else {
        eprintln!("usage: lzma_encoder LC NICE [DICTIONARY] <input >packed (LC 0 to 3)");
        std::process::exit(2);
    };
    let dictionary =
        dictionary.map_or_else(Vec::new, |file| std::fs::read(file).expect("the dictionary file"));
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input).expect("standard input");
    std::io::stdout()
        .write_all(&lzma_encoder::pack(&input, lc, nice, &dictionary))
        .expect("standard output");
}
