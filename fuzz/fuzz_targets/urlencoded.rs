//! See `urlencoded` in tests/common/fuzz_checks.rs.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| weburl_fuzz::urlencoded(data));
