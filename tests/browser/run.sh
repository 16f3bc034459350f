#!/usr/bin/env bash
# The gallery in a real browser: builds the fixture catalogue with the real binary and
# runs check.mjs on it in headless Chromium, then checks the shipped catalogue against
# its size budget and runs screens.mjs on every page of it
# at 1400 and 390 px, then animation.mjs on an animated walk and
# on a tour page's walk-through buttons, then pyramid.mjs on a page with a tiled
# pyramid. Installs nothing: .ci/run installs Chromium and the npm package. When
# either is missing it says so, with the command that installs it, and exits 77
# (skipped); tests/integration/browser.rs turns that into a pass, or a failure under
# KNIGHTS_REQUIRE_BROWSER=1. Exits 1 when a check fails; screenshots are kept in
# target/browser/screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."

chromium="${CHROMIUM:-/usr/bin/chromium}"
missing=()
[ -x "$chromium" ] || missing+=("Chromium at $chromium (set CHROMIUM to use another)")
command -v node >/dev/null 2>&1 || missing+=("node")
[ -d tests/browser/node_modules/playwright-core ] ||
  missing+=("the npm package of tests/browser (cd tests/browser && npm ci)")
if [ ${#missing[@]} -gt 0 ]; then
  echo "browser check skipped: missing $(IFS=';'; echo "${missing[*]}" | sed 's/;/; /g')."
  echo "To run it: .ci/run installs everything (Debian, as root), or install the above and run"
  echo "  bash tests/browser/run.sh"
  exit 77
fi

site=target/browser/site
# KNIGHTS_BIN: the binary under test (set by tests/integration/browser.rs); else build it.
knights() {
  if [ -n "${KNIGHTS_BIN:-}" ]; then "$KNIGHTS_BIN" "$@"; else cargo run --quiet -- "$@"; fi
}
knights build --content tests/fixtures/site/content --templates crates/knights-site/templates --out "$site" --force
CHROMIUM="$chromium" node tests/browser/check.mjs "$site" target/browser/screenshots
# The shipped gallery (content/) on a wide screen and on a phone: every page, no
# sideways scrolling, no broken image, no console error, drawings inside their
# containers after a resize. Built without --force: an unchanged binary reuses its cache.
shipped=target/browser/gallery
knights build --content content --templates crates/knights-site/templates --out "$shipped" --jobs 2 >/dev/null
# Its budget: what publishing it uploads stays under 40 MB (the README's Speed table).
budget=40000000
size=$(find "$shipped" -type f -printf '%s\n' | awk '{s += $1} END {print s}')
echo "site size: $size bytes, budget $budget"
if [ "$size" -gt "$budget" ]; then
  echo "the shipped gallery is over its budget of $budget bytes: du -b $shipped | sort -n | tail" >&2
  exit 1
fi
CHROMIUM="$chromium" node tests/browser/screens.mjs "$shipped" target/browser/screenshots/screens \
  index.html metrics.html pages/formation.html pages/hilbert.html tours/200x200-besa.html \
  tours/26x26x26-besa.html tours/40x8-moebius-bands.html tours/64x64-hilbert-open.html
# The walk-through: an animated SVG alone, then inline on a small tour's page with its
# play, pause and step buttons.
knights render 8x8 --animate --speed 8 -o target/browser/walk.svg
CHROMIUM="$chromium" node tests/browser/animation.mjs target/browser/walk.svg target/browser/screenshots
CHROMIUM="$chromium" node tests/browser/animation.mjs "$site/tours/8x8-warnsdorff.html" target/browser/screenshots
# A tiled pyramid: a large tile tour's page zoomed in, its tiles loading as it pans.
knights build --content tests/fixtures/pyramid/content --templates crates/knights-site/templates --out target/browser/pyramid --force
CHROMIUM="$chromium" node tests/browser/pyramid.mjs target/browser/pyramid/tours/200x200-stitch.html target/browser/screenshots
