//! Time per MB of input, from 1 KB to 10 MB, for each hostile input shape (a program that
//! prints figures): linear-time parsing keeps the figure flat across sizes.
//!
//! ```text
//! cargo bench --bench scaling
//! ```

#[path = "../tests/hostile/shapes.rs"]
#[allow(dead_code)]
mod shapes;

use std::hint::black_box;
use std::time::{Duration, Instant};

const SIZES: [usize; 5] = [1_000, 10_000, 100_000, 1_000_000, 10_000_000];

/// Median time of one parse of `input`, over enough runs to parse about `budget` bytes.
fn time(input: &str, budget: usize) -> Duration {
    let runs = (budget / input.len().max(1)).clamp(3, 10_000);
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(weburl::Url::parse(black_box(input)).map(|u| u.href().len()).ok());
            start.elapsed()
        })
        .collect();
    samples.sort();
    samples[samples.len() / 2]
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --all-targets` runs this unoptimized without
    // it, as a smoke test: the smallest size, three runs.
    let bench = std::env::args().any(|a| a == "--bench");
    let (sizes, budget) = if bench { (&SIZES[..], 50_000_000) } else { (&SIZES[..1], 0) };
    println!("Parse time per MB of input (median), by input shape and size\n");
    print!("{:<28}", "shape");
    for &size in sizes {
        print!("{:>12}", format!("{} KB", size / 1000));
    }
    println!("{:>10}", "max/min");
    for shape in shapes::shapes() {
        print!("{:<28}", shape.name);
        let mut per_mb = Vec::new();
        for &size in sizes {
            let input = shape.build(size);
            let ms_per_mb = time(&input, budget).as_secs_f64() * 1e3 / (input.len() as f64 / 1e6);
            per_mb.push(ms_per_mb);
            print!("{:>12}", format!("{ms_per_mb:.2} ms"));
        }
        let max = per_mb.iter().cloned().fold(f64::MIN, f64::max);
        let min = per_mb.iter().cloned().fold(f64::MAX, f64::min);
        println!("{:>10.2}", max / min);
    }
}
