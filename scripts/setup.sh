#!/usr/bin/env bash
# Installs what building and testing weburl needs, skipping what is already there: the wasm
# target and Rust components, wasm-bindgen-cli (the version in Cargo.lock), wasm-pack,
# geckodriver, xz, Chromium and its driver, Firefox ESR, WebKitGTK and Xvfb, and the npm
# packages. (The engines from the npm registry, Bun, Deno, workerd, Hermes and QuickJS, and the
# WPT .any.js files from Debian's nodejs source package, tests/engines/ installs into
# target/engines/ itself.)
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "== setup: $*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
# rust-src: the package's wasm is built with its own std (scripts/build.mjs).
for component in clippy rustfmt rust-src; do
  if ! rustup component list --installed | grep -q "^$component"; then
    log "adding $component"
    rustup component add "$component"
  fi
done

# wasm-bindgen-cli must match the wasm-bindgen crate exactly.
[ -f Cargo.lock ] || cargo generate-lockfile
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$bindgen_version" ]; then
  log "installing wasm-bindgen-cli $bindgen_version (a few minutes)"
  cargo install wasm-bindgen-cli --version "$bindgen_version" --force
fi
if ! command -v wasm-pack >/dev/null; then
  log "installing wasm-pack (a few minutes)"
  cargo install wasm-pack
fi
# Firefox's WebDriver, for wasm-pack test --firefox (wasm-pack would otherwise download it).
if ! command -v geckodriver >/dev/null; then
  log "installing geckodriver (a few minutes)"
  cargo install geckodriver
fi

# Debian's packages, each command with the package that brings it: xz, which compresses the wasm
# modules the package carries inline (scripts/build.mjs); Chromium and its driver (Playwright,
# wasm-pack); Firefox ESR, and WebKitGTK (webkit2gtk-driver brings its MiniBrowser) under Xvfb,
# for tests/engines/.
missing=()
for pair in xz:xz-utils chromium:chromium chromedriver:chromium-driver firefox-esr:firefox-esr WebKitWebDriver:webkit2gtk-driver xvfb-run:xvfb; do
  command -v "${pair%%:*}" >/dev/null || missing+=("${pair#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages"
  npm ci --no-audit --no-fund
fi
