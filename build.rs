//! Tells the tests where the web-platform-tests data and the URL lists are: `$WEBURL_WPT_DIR`
//! and `$WEBURL_DATASETS`, or `../shared/wpt` and `../shared/datasets` beside this repository.
//! The tests embed the files they read, so a missing directory fails the test build loudly,
//! natively and in wasm alike.

use std::path::PathBuf;

fn main() {
    for (var, default) in
        [("WEBURL_WPT_DIR", "../shared/wpt"), ("WEBURL_DATASETS", "../shared/datasets")]
    {
        println!("cargo:rerun-if-env-changed={var}");
        let dir = match std::env::var_os(var) {
            Some(dir) => PathBuf::from(dir),
            None => PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default())
                .join(default),
        };
        println!("cargo:rustc-env={var}={}", dir.display());
    }
}
