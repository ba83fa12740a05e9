#!/usr/bin/env bash
# Runs every test of weburl, installing what it needs first (scripts/setup.sh):
# Rust (native, both feature sets), lint, the npm package build, the JavaScript tests in Node,
# the Rust WPT runner inside wasm (Node, headless Chromium and Firefox), the browser tests
# (Playwright), the package built into apps by seven bundlers (tests/bundlers/), the WPT data on
# every engine family (tests/engines/: SpiderMonkey, JavaScriptCore, Bun, Deno, workerd, Hermes,
# QuickJS, and V8 in Chromium) and WPT's url .any.js files through the polyfill's globals (Node,
# Chromium, Firefox, WebKitGTK), the TypeScript declarations, and bounded samples of the
# differential runs against whatwg-url and of the ECMAScript URI functions against the engine's.
# Fuzzing, the full differential run and the benchmarks are long-running programs of their own
# (see the README).
set -euo pipefail
cd "$(dirname "$0")/.."
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"

step() { echo; echo "== $*"; }

bash scripts/setup.sh

step "Rust: unit tests, web-platform-tests data, doc tests"
cargo test --all-targets
cargo test --doc
step "Rust: UTF-8-only build (the one shipped as wasm)"
cargo test --no-default-features --all-targets
step "Rust: public suffix and registrable domain (the psl feature, not a default one)"
cargo test --features psl --test psl
cargo test --features psl --doc psl

step "Rust: the UTS 46 back end (idna-adapter/) against ICU4X, every code point"
cargo test -p idna_adapter
step "Rust: the decoder of the inlined wasm (lzma-decoder/) against xz"
cargo test -p lzma_decoder

step "Rust: clippy, rustfmt, rustdoc"
cargo clippy --all-targets -- -D warnings
cargo clippy --all-targets --features psl -- -D warnings
cargo clippy --all-targets --no-default-features -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features records,urlpattern,websocket,psl,display,ecma -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features records,urlpattern,websocket,psl,display,ecma,test-panic,protocol -- -D warnings
cargo clippy --lib --target wasm32-unknown-unknown --no-default-features --features urlpattern-addon,test-panic -- -D warnings
cargo clippy -p idna_adapter --all-targets -- -D warnings
cargo clippy -p lzma_decoder --all-targets -- -D warnings
cargo clippy -p lzma_decoder --target wasm32-unknown-unknown -- -D warnings
cargo fmt --all --check
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet --features psl

step "npm package (and the test build whose wasm panics on purpose)"
node scripts/build.mjs
node scripts/build.mjs --test-panic

step "JavaScript (Node $(node --version)): WPT through the classes, API and WebIDL, robustness, polyfill, Node 12 to 24, package smoke tests"
node --test tests/js/*.test.mjs

step "Differential against whatwg-url: a bounded sample (the full run is a maintainer's, see the README)"
node scripts/differential/url.mjs --count 20000 --seed 1 --no-datasets --out target/differential-sample.jsonl

step "Differential of the ECMAScript URI functions against the engine's own: a bounded sample (the full run: see the README)"
node scripts/differential/ecma.mjs --count 20000 --seed 1

step "JavaScript without WebAssembly: Node's entries and the legacy one fall back to the JavaScript engine, nowasm runs on it"
node --import ./tests/js/fixtures/no-webassembly.mjs --test tests/js/wpt.test.mjs

# The main entries support Node 18 and later (the legacy build and the polyfill Node 12 and
# later: tests/js/runtimes.test.mjs): run the WPT suite on 18 and everything on 22 too (Node
# binaries from the npm registry). whatwg-url, the API tests' oracle, needs Node 20+.
step "JavaScript on Node 18: WPT through the classes"
npx --yes node@18 --test tests/js/wpt.test.mjs
step "JavaScript on Node 22: all"
npx --yes node@22 --test tests/js/*.test.mjs

# wasm-bindgen-test prints a skip notice and succeeds when a suite does not match the requested
# environment, so each run must show its three suites (WPT: 7 tests, validation: 4, hostile: 4)
# passing.
run_wasm_tests() {
  local log
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  grep -q "test result: ok. 7 passed" "$log" || { echo "the WPT suite did not run in wasm"; exit 1; }
  [ "$(grep -c "test result: ok. 4 passed" "$log")" -ge 2 ] || { echo "the validation and hostile suites did not both run in wasm"; exit 1; }
  rm -f "$log"
}
step "Rust WPT runner inside wasm: Node"
run_wasm_tests wasm-pack test --node
step "Rust WPT runner inside wasm: headless Chromium"
WASM_BINDGEN_USE_BROWSER=1 run_wasm_tests wasm-pack test --headless --chrome
step "Rust WPT runner inside wasm: headless Firefox ESR (geckodriver)"
WASM_BINDGEN_USE_BROWSER=1 run_wasm_tests wasm-pack test --headless --firefox

step "Browser: the ESM package in headless Chromium (Playwright)"
node --test tests/browser/*.test.mjs

step "Bundlers: the packed package in apps built by esbuild, Vite, webpack, Rspack, Rollup, Parcel (Chromium) and Metro (no WebAssembly)"
node --test tests/bundlers/

# Each engine has a time limit of its own (tests/engines/harness.mjs); they run side by side.
step "Engines: the WPT data through weburl in Chromium, Firefox ESR, WebKitGTK, Bun, Deno, workerd, Hermes (a Metro bundle) and QuickJS, beside each engine's own URL; WPT's url .any.js files through the polyfill's globals in Node, Chromium, Firefox ESR and WebKitGTK"
node --test --test-concurrency=4 tests/engines/

step "TypeScript declarations"
npx tsc -p tests/types

echo
echo "== all tests passed"
