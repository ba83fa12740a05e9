//! application/x-www-form-urlencoded: parse, serialize, parse gives the same list.
#![no_main]
use libfuzzer_sys::fuzz_target;
use weburl::urlencoded;

fuzz_target!(|data: &[u8]| {
    let list = urlencoded::parse(data);
    let serialized = urlencoded::serialize(list.iter().map(|(n, v)| (n.as_str(), v.as_str())));
    assert!(serialized.is_ascii());
    assert_eq!(urlencoded::parse(serialized.as_bytes()), list);
});
