#!/usr/bin/env bash
# Runs every test of weburl, installing what it needs first.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== toolchain"
rustup component add clippy rustfmt >/dev/null 2>&1 || true
cargo --version

echo "== Rust: unit tests, web-platform-tests data, doc tests"
cargo test --all-targets
cargo test --doc

echo "== Rust: clippy, formatting, docs"
cargo clippy --all-targets -- -D warnings
cargo fmt --check
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet
