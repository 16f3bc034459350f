#!/usr/bin/env bash
# The gallery in a real browser: builds the fixture catalogue with the real binary and
# runs check.mjs on it in Debian's headless Chromium. Installs Chromium and the npm
# package when missing. Exits non-zero when any check fails; screenshots are kept in
# target/browser/screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)

site=target/browser/site
# KNIGHTS_BIN: the binary under test (set by tests/browser.rs); else build it.
if [ -n "${KNIGHTS_BIN:-}" ]; then
  "$KNIGHTS_BIN" build --content tests/fixtures/site/content --templates templates --out "$site" --force
else
  cargo run --quiet -- build --content tests/fixtures/site/content --templates templates --out "$site" --force
fi
node tests/browser/check.mjs "$site" target/browser/screenshots
