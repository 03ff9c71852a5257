#!/usr/bin/env bash
# The page the end-to-end tests drive (`make test-e2e`): `trunk build --release --cargo-profile
# test-release`, unless dist/ already holds that build of these very sources. Trunk runs
# wasm-bindgen and wasm-opt on the three modules at every build, about 75 s on two cores even
# when cargo has nothing to compile; a run of `make test` with no change in between reuses the
# page instead.
#
# The stamp is a digest of every file the build can read (the repository's files but tests/,
# docs/, fuzz/, .ci/ and Markdown, tracked or not, ignored ones left out), the tools' versions
# and the profile. Any `trunk build` replaces dist/ and with it the stamp, so a release build
# (`make build`, `make serve`) in between is never taken for this one.
set -euo pipefail
cd "$(dirname "$0")/.."

digest() {
  git ls-files -z -co --exclude-standard -- . ':!tests' ':!docs' ':!fuzz' ':!.ci' ':!*.md' |
    sort -z | xargs -0 sha256sum 2>&1 || true
  trunk --version
  wasm-bindgen --version
  wasm-opt --version
  rustc --version
  echo "profile test-release"
}
stamp=$(digest | sha256sum | cut -c1-32)

if [[ -f dist/.e2e-stamp && "$(cat dist/.e2e-stamp)" == "$stamp" ]]; then
  echo "e2e page: dist/ is the build of these sources (stamp $stamp)"
  exit 0
fi
trunk build --release --cargo-profile test-release
echo "$stamp" > dist/.e2e-stamp
