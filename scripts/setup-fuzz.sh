#!/usr/bin/env bash
# What `make fuzz` needs beyond scripts/setup.sh, installed only when missing and pinned: a
# nightly toolchain (libFuzzer's instrumentation needs one) and cargo-fuzz from crates.io. Not
# part of `make test`, which replays the corpora on the stable toolchain.
set -euo pipefail
NIGHTLY=nightly-2026-05-20
CARGO_FUZZ_VERSION=0.13.1
export PATH="$HOME/.cargo/bin:$PATH"
say() { echo "setup-fuzz: $*" >&2; }
if ! rustup toolchain list | grep -q "^$NIGHTLY"; then
  say "installing the $NIGHTLY toolchain"
  rustup toolchain install "$NIGHTLY" --profile minimal >/dev/null
fi
if [ "$(cargo fuzz --version 2>/dev/null)" != "cargo-fuzz $CARGO_FUZZ_VERSION" ]; then
  say "installing cargo-fuzz $CARGO_FUZZ_VERSION"
  cargo install --quiet --locked cargo-fuzz --version "$CARGO_FUZZ_VERSION"
fi
echo "$NIGHTLY"
