//! Prints every component of a URL, as the URL class getters return them, with the validation
//! errors the parser reported.
//!
//! ```text
//! cargo run --example components -- 'HTTPS://faß.example:443/a/../b?q#f' [base]
//! ```

use weburl::{Url, UrlSearchParams};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(input) = args.first() else {
        eprintln!("usage: components <url> [base]");
        std::process::exit(2);
    };
    let base = match args.get(1).map(|b| Url::parse(b)) {
        Some(Ok(base)) => Some(base),
        Some(Err(e)) => {
            eprintln!("base: {e}");
            std::process::exit(1);
        }
        None => None,
    };
    let mut errors = Vec::new();
    let mut sink = |e: weburl::ValidationError| errors.push(e);
    let result = Url::options().base_url(base.as_ref()).on_validation_error(&mut sink).parse(input);
    match result {
        Ok(url) => {
            let params = UrlSearchParams::from(&url);
            let rows = [
                ("href", url.href().to_owned()),
                ("origin", url.origin().ascii_serialization()),
                ("protocol", url.protocol().to_owned()),
                ("username", url.username().to_owned()),
                ("password", url.password().to_owned()),
                ("host", url.host().to_owned()),
                ("hostname", url.hostname().to_owned()),
                ("port", url.port().to_owned()),
                ("pathname", url.pathname().to_owned()),
                ("search", url.search().to_owned()),
                ("hash", url.hash().to_owned()),
                ("searchParams", format!("{:?}", params.pairs())),
            ];
            for (name, value) in rows {
                println!("{name:>13}  {value}");
            }
        }
        Err(e) => println!("failure: {e}"),
    }
    for error in &errors {
        println!("   validation  {error}");
    }
}
