//! Every setter on a parsed URL: the result satisfies `check_url`; a setter that changes
//! nothing leaves the URL exactly as it was; the same setter on an equal URL gives the same.
#![no_main]
use libfuzzer_sys::fuzz_target;
use weburl::Url;
use weburl_fuzz::check_url;

type Setter = fn(&mut Url, &str);
const SETTERS: [Setter; 9] = [
    Url::set_protocol,
    Url::set_username,
    Url::set_password,
    Url::set_host,
    Url::set_hostname,
    Url::set_port,
    Url::set_pathname,
    Url::set_search,
    Url::set_hash,
];

fuzz_target!(|data: &str| {
    // URL NEWLINE value NEWLINE value …; each value goes to the setter chosen by its length.
    let mut parts = data.split('\n');
    let Some(Ok(mut url)) = parts.next().map(Url::parse) else { return };
    for value in parts {
        let before = url.clone();
        let chosen = value.len() % (SETTERS.len() + 1);
        if chosen == SETTERS.len() {
            if url.set_href(value).is_err() {
                assert_eq!(url.href(), before.href());
                assert_eq!(url.offsets(), before.offsets());
            }
        } else {
            SETTERS[chosen](&mut url, value);
            let mut again = Url::parse(before.href()).unwrap();
            SETTERS[chosen](&mut again, value);
            assert_eq!(again.href(), url.href());
        }
        check_url(&url);
        if url.href() == before.href() {
            assert_eq!(url.offsets(), before.offsets());
        }
    }
});
