//! See `render` in tests/common/fuzz_checks.rs.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &str| weburl_fuzz::render(data));
