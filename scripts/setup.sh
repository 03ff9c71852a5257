#!/usr/bin/env bash
# Installs, only when missing and at pinned versions, every tool the build and the tests need.
# Idempotent and quiet when everything is already there. Sources: crates.io, Debian, npm only.
set -euo pipefail

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130   # must equal the wasm-bindgen crate pinned in Cargo.toml
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="$HOME/.cargo/bin:$PATH"

say() { echo "setup: $*" >&2; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown >/dev/null
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (about 9 minutes on 2 cores)"
  cargo install --quiet --locked trunk --version "$TRUNK_VERSION"
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  # --locked fails for this version: its lockfile pins a crate the registry no longer serves.
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 6 minutes)"
  cargo install --quiet --force wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  say "installing Debian's chromium and chromium-driver"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium chromium-driver >/dev/null
fi

# wasm-opt (binaryen), playwright-core and axe-core come from npm at the versions in
# package-lock.json.
if [ ! -x "$root/node_modules/.bin/wasm-opt" ] || [ ! -d "$root/node_modules/playwright-core" ] \
   || [ ! -d "$root/node_modules/axe-core" ] \
   || [ "$root/package-lock.json" -nt "$root/node_modules/.package-lock.json" ]; then
  say "installing npm packages (binaryen, playwright-core, axe-core)"
  (cd "$root" && npm ci --silent --no-audit --no-fund >/dev/null)
fi
