//! The fuzz targets' checks: the same code `cargo test` runs on the regression inputs.

#[path = "../../tests/common/fuzz_checks.rs"]
mod fuzz_checks;

pub use fuzz_checks::*;
