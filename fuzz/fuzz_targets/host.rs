//! The host parser: a host's serialization parses to the same host.
#![no_main]
use libfuzzer_sys::fuzz_target;
use weburl::host::Host;

fuzz_target!(|input: &str| {
    if let Ok(host) = Host::parse(input) {
        let serialized = host.to_string();
        assert!(serialized.is_ascii());
        assert_eq!(Host::parse(&serialized).ok(), Some(host), "{input:?}");
    }
    if let Ok(host) = Host::parse_opaque(input) {
        let serialized = host.to_string();
        assert!(serialized.is_ascii());
        assert_eq!(Host::parse_opaque(&serialized).ok(), Some(host), "{input:?}");
    }
    let _ = weburl::host::domain_to_ascii(input, true);
    let _ = weburl::host::domain_to_unicode(input);
});
