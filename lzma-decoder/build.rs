// In wasm, the decoder needs little stack (its probabilities are in a static, which outlives a
// call), not the default 1 MiB: a smaller stack is a smaller memory to allocate when the module is
// instantiated.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg=-zstack-size=65536");
    }
}
