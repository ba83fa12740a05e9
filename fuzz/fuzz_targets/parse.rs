//! Parsing: a URL that parses satisfies `check_url`; the fast path agrees with the state
//! machine; asking for validation errors does not change the result.
#![no_main]
use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::check_url;

fuzz_target!(|input: &str| {
    let parsed = Url::parse(input);
    let machine = weburl::fuzzing::parse_with_state_machine(input);
    assert_eq!(parsed.as_ref().map(Url::href).ok(), machine.as_ref().map(Url::href).ok(), "{input:?}");
    if let (Ok(a), Ok(b)) = (&parsed, &machine) {
        assert_eq!(a.offsets(), b.offsets(), "{input:?}");
    }
    let mut errors = 0;
    let mut sink = |_| errors += 1;
    let with_sink = Url::options().on_validation_error(&mut sink).parse(input);
    assert_eq!(with_sink.map(String::from).ok(), parsed.as_ref().map(|u| u.href().to_owned()).ok());
    if let Ok(url) = parsed {
        check_url(&url);
        let _ = url.origin().ascii_serialization();
    }
});
