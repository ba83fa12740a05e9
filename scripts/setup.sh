#!/usr/bin/env bash
# Installs what building and testing weburl needs, skipping what is already there: the wasm
# target and Rust components, wasm-bindgen-cli (the version in Cargo.lock), wasm-pack, xz,
# Chromium and its driver, and the npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { echo "== setup: $*"; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi
for component in clippy rustfmt; do
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

# xz compresses the wasm modules the package carries inline (scripts/build.mjs).
if ! command -v xz >/dev/null; then
  log "installing xz-utils"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq xz-utils >/dev/null
fi

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  log "installing chromium and chromium-driver"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages"
  npm ci --no-audit --no-fund
fi
