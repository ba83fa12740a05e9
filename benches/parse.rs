//! Parse-and-serialize throughput of the Rust core against rust-url (`url`) and ada (`ada-url`,
//! the C++ parser inside Node.js), in one run, on real web URLs, file URLs and the WPT inputs,
//! beside a plain copy of each input (the floor: MB/s no parser that owns its result can beat).
//!
//! ```text
//! cargo bench --bench parse            # WEBURL_DATASETS / WEBURL_WPT_DIR override the data
//! cargo bench --bench parse -- --grouped --shuffled urltestdata
//! ```
//!
//! Each round parses every input once with each implementation in turn (interleaved, so drift
//! hits all alike); the figure is the median of the rounds. With `--grouped`, each implementation
//! runs all its rounds in a row instead (after one untimed), so that it finds the branch
//! predictors trained on its own code, not on the others': how much of its time that training
//! is. With `--grouped --shuffled`, every round takes the inputs in a new order, so that the
//! predictors cannot learn the order itself either.
//!
//! Instructions per URL, which do not depend on the machine's load: one implementation over a
//! given number of rounds, under callgrind, 6 rounds less 1 over 5 × the inputs (the difference
//! leaves out reading the data):
//!
//! ```text
//! valgrind --tool=callgrind target/release/deps/parse-* --only weburl --rounds 6 kasztp
//! ```

#[path = "../tests/common/mod.rs"]
#[allow(dead_code)]
mod common;

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const ROUNDS: usize = 21;

/// Parses an input (against its base, given as text, in urltestdata); the href's length, 0 on failure.
type Parser = fn(&str, Option<&str>) -> usize;

// With a base, each parses the base's text, then the input against it: `new URL(input, base)`,
// the API URL parser. ada's binding takes a base only as text (`ada_parse_with_base` parses it on
// every call), so a base parsed once and reused by the others would time them with less work.
const PARSERS: [(&str, Parser); 4] = [
    ("weburl", |s, base| weburl::Url::parse_with_base(s, base).map_or(0, |u| u.href().len())),
    ("url (rust-url)", |s, base| {
        let base = base.map(url::Url::parse).transpose();
        let parsed = base.and_then(|base| url::Url::options().base_url(base.as_ref()).parse(s));
        parsed.map_or(0, |u| u.as_str().len())
    }),
    ("ada-url (C++)", |s, base| ada_url::Url::parse(s, base).map_or(0, |u| u.href().len())),
    // The physical floor: a copy of the input into a new string, which any URL that owns its
    // serialization costs. Through `black_box`, or the compiler drops the allocation (the copy
    // then took 17 instructions a kasztp URL, not the 150 or so of a `malloc`, copy and `free`).
    ("copy (floor)", |s, _| black_box(s.to_owned()).len()),
];

struct Dataset {
    name: String,
    inputs: Vec<(String, Option<String>)>,
}

fn data_dir(var: &str, default: &str) -> PathBuf {
    std::env::var_os(var)
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(default), PathBuf::from)
}

fn lines(file: &str) -> Dataset {
    let path = data_dir("WEBURL_DATASETS", "../shared/datasets").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let inputs = text.lines().map(|l| l.trim_start_matches('\u{FEFF}')).filter(|l| !l.is_empty());
    Dataset { name: file.to_owned(), inputs: inputs.map(|l| (l.to_owned(), None)).collect() }
}

fn wpt_inputs() -> Dataset {
    let path = data_dir("WEBURL_WPT_DIR", "../shared/wpt").join("urltestdata.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let data = common::parse_json(&text);
    let mut inputs = Vec::new();
    for case in common::cases(&data) {
        let input = common::str_field(case, "input").unwrap_or_default().to_owned();
        let base = common::str_field(case, "base");
        // The same inputs for all three: none whose base one of them refuses.
        if base.is_some_and(|b| {
            weburl::Url::parse(b).is_err()
                || url::Url::parse(b).is_err()
                || ada_url::Url::parse(b, None).is_err()
        }) {
            continue;
        }
        inputs.push((input, base.map(str::to_owned)));
    }
    Dataset { name: "urltestdata.json (with bases)".into(), inputs }
}

/// `--grouped`: each implementation's rounds in a row, after one untimed; with `shuffled`, each
/// round's inputs in a new order (the same orders for each implementation, from a fixed
/// xorshift). Out of line, so that the interleaved loop in `main` is as it was.
#[inline(never)]
fn grouped_samples(dataset: &Dataset, rounds: usize, shuffled: bool) -> Vec<Vec<Duration>> {
    let len = dataset.inputs.len();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut orders = vec![(0..len).collect::<Vec<usize>>()];
    while shuffled && orders.len() <= rounds {
        let mut order: Vec<usize> = (0..len).collect();
        for i in (1..len).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            order.swap(i, (state % (i as u64 + 1)) as usize);
        }
        orders.push(order);
    }
    let round = |parse: Parser, r: usize| {
        let start = Instant::now();
        let mut total = 0;
        for &k in &orders[r % orders.len()] {
            let (input, base) = &dataset.inputs[k];
            total += parse(black_box(input), base.as_deref());
        }
        black_box(total);
        start.elapsed()
    };
    let samples = PARSERS.iter().map(|(_, parse)| {
        round(*parse, rounds);
        (0..rounds).map(|r| round(*parse, r)).collect()
    });
    samples.collect()
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --all-targets` runs this unoptimized without
    // it, as a smoke test: one round. A filter argument selects datasets by name.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value_of = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1));
    let only = value_of("--only");
    let rounds_given = value_of("--rounds");
    let rounds = match rounds_given {
        Some(n) => n.parse().expect("--rounds takes a number"),
        None if args.iter().any(|a| a == "--bench") => ROUNDS,
        None => 1,
    };
    let grouped = args.iter().any(|a| a == "--grouped");
    let shuffled = args.iter().any(|a| a == "--shuffled");
    let flag_values = [only, rounds_given];
    let filter = args.iter().find(|a| !a.starts_with('-') && !flag_values.contains(&Some(*a)));
    let datasets = [lines("kasztp.txt"), lines("node_files.txt"), wpt_inputs()];
    if let Some(only) = only {
        let (_, parse) = PARSERS
            .iter()
            .find(|(name, _)| name.starts_with(only.as_str()))
            .expect("--only takes a parser's name");
        for dataset in
            datasets.iter().filter(|d| filter.is_none_or(|f| d.name.contains(f.as_str())))
        {
            let mut total = 0;
            for _ in 0..rounds {
                for (input, base) in &dataset.inputs {
                    total += parse(black_box(input), base.as_deref());
                }
            }
            println!(
                "{}: {} inputs × {rounds} rounds ({total} bytes of output)",
                dataset.name,
                dataset.inputs.len()
            );
        }
        return;
    }
    let order = match (grouped, shuffled) {
        (false, _) => "interleaved",
        (true, false) => "grouped",
        (true, true) => "grouped, each in a new order",
    };
    println!("weburl parse-and-serialize benchmark: median of {rounds} rounds, {order}");
    for dataset in datasets.iter().filter(|d| filter.is_none_or(|f| d.name.contains(f.as_str()))) {
        let bytes: usize = dataset.inputs.iter().map(|(s, _)| s.len()).sum();
        let mut samples = vec![Vec::with_capacity(rounds); PARSERS.len()];
        if grouped {
            samples = grouped_samples(dataset, rounds, shuffled);
        } else {
            for _ in 0..rounds {
                for (i, (_, parse)) in PARSERS.iter().enumerate() {
                    let start = Instant::now();
                    let mut total = 0;
                    for (input, base) in &dataset.inputs {
                        total += parse(black_box(input), base.as_deref());
                    }
                    black_box(total);
                    samples[i].push(start.elapsed());
                }
            }
        }
        let medians: Vec<Duration> = samples.into_iter().map(median).collect();
        println!(
            "\n{} — {} inputs, {:.2} MB",
            dataset.name,
            dataset.inputs.len(),
            bytes as f64 / 1e6
        );
        println!(
            "  {:<16} {:>10} {:>10} {:>12} {:>12}",
            "", "ns/URL", "MB/s", "÷ ada", "÷ rust-url"
        );
        for ((name, _), time) in PARSERS.iter().zip(&medians) {
            let ns = time.as_nanos() as f64 / dataset.inputs.len() as f64;
            let mbs = bytes as f64 / time.as_secs_f64() / 1e6;
            let vs = |j: usize| time.as_secs_f64() / medians[j].as_secs_f64();
            println!("  {name:<16} {ns:>10.1} {mbs:>10.1} {:>12.2} {:>12.2}", vs(2), vs(1));
        }
    }
}
