//! Parsing against a base: the input is `base` NEWLINE `input`.
#![no_main]
use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::check_url;

fuzz_target!(|data: &str| {
    let Some((base, input)) = data.split_once('\n') else { return };
    let Ok(base) = Url::parse(base) else { return };
    if let Ok(url) = base.join(input) {
        check_url(&url);
    }
});
