// In wasm, the decoder needs 16 KB of stack (its probabilities), not the default 1 MiB: a smaller
// stack is a smaller memory to allocate when the module is instantiated.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg=-zstack-size=65536");
    }
}
