//! Tells the tests where the web-platform-tests data is: `$WEBURL_WPT_DIR`, or `../shared/wpt`
//! beside this repository. The tests embed the files they read, so a missing directory fails
//! the test build loudly, natively and in wasm alike.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=WEBURL_WPT_DIR");
    let dir = match std::env::var_os("WEBURL_WPT_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default())
            .join("../shared/wpt"),
    };
    println!("cargo:rustc-env=WEBURL_WPT_DIR={}", dir.display());
}
