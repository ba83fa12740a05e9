//! Parsing (see `parse` in tests/common/fuzz_checks.rs), and the fast path agrees with the
//! state machine.
#![no_main]
use libfuzzer_sys::fuzz_target;
use weburl::Url;

fuzz_target!(|input: &str| {
    weburl_fuzz::parse(input);
    let parsed = Url::parse(input);
    let machine = weburl::fuzzing::parse_with_state_machine(input);
    let outcome = |r: &Result<Url, weburl::ParseError>| {
        r.as_ref().map(|url| url.href().to_owned()).map_err(weburl::ParseError::validation_error)
    };
    assert_eq!(outcome(&parsed), outcome(&machine), "{input:?}");
    if let (Ok(a), Ok(b)) = (&parsed, &machine) {
        assert_eq!(a.offsets(), b.offsets(), "{input:?}");
    }
});
