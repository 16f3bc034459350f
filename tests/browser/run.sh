#!/usr/bin/env bash
# The gallery in a real browser: builds the fixture catalogue with the real binary and
# runs check.mjs on it in headless Chromium, then checks the shipped catalogue against
# its size budget and runs screens.mjs on every page of it
# at 1400 and 390 px, then animation.mjs on an animated walk and
# on a tour page's walk-through buttons, then pyramid.mjs on a page with a tiled
# pyramid, then explore.mjs on the explore page served by `knights serve` (and the
# commands it shows run here; the same boards timed natively, its times' baseline). Installs nothing: .ci/run installs Chromium and the npm package. When
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
# KNIGHTS_SHIPPED: the shipped gallery already built (tests/integration builds it once
# for every test that needs it); else built here.
if [ -n "${KNIGHTS_SHIPPED:-}" ]; then
  shipped="$KNIGHTS_SHIPPED"
else
  shipped=target/browser/gallery
  knights build --content content --templates crates/knights-site/templates --out "$shipped" --jobs 2 >/dev/null
fi
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
# The explorer: the fixture site served by `knights serve`, its explore page driven
# through requests of its hash (explore.mjs), against the command line's answers.
# A knights built without the WebAssembly target has no explorer: said, and skipped.
if [ ! -f "$site/explore/knights_web.wasm" ]; then
  echo "explore: skipped: $(grep -o 'not in this build[^<]*' "$site/explore.html" || echo "no module")"
  exit 0
fi
explore=target/browser/explore
mkdir -p "$explore"
metrics=$(knights metrics 100x100 --json)
turns=$(node -e 'const m = JSON.parse(process.argv[1]); console.log(m.turns)' "$metrics")
crossings=$(node -e 'const m = JSON.parse(process.argv[1]); console.log(m.crossings)' "$metrics")
refusal=$(knights tour 5x5 --algo besa 2>&1 >/dev/null || true)
# The same boards on the command line, the baseline of the page's times (printed beside
# them by explore.mjs): the binary under test, so a test build's when cargo test runs it.
native() {
  local start
  start=$(date +%s%N)
  # shellcheck disable=SC2086
  knights tour $1 -o "$explore/base.json" && knights render "$explore/base.json" -o "$explore/base.svg"
  echo $(( ($(date +%s%N) - start) / 1000000 ))
}
native100=$(native "100x100 --algo besa")
native1000=$(native 1000x1000)
node -e 'const [t, c, r, n100, n1000] = process.argv.slice(1); console.log(JSON.stringify({ metrics100: { turns: +t, crossings: +c }, refusal5x5: r, native: { "100x100": +n100, "1000x1000": +n1000 } }))' \
  "$turns" "$crossings" "$refusal" "$native100" "$native1000" >"$explore/expect.json"
# The binary itself in the background (not the function's subshell), so that its id is
# the server's.
[ -n "${KNIGHTS_BIN:-}" ] || cargo build --quiet
"${KNIGHTS_BIN:-target/debug/knights}" serve --content tests/fixtures/site/content --templates crates/knights-site/templates \
  --out "$site" --port 0 --jobs 2 2>"$explore/serve.log" &
served=$!
trap 'kill "$served" 2>/dev/null || true' EXIT
url=""
for _ in $(seq 600); do
  url=$(grep -o 'http://127.0.0.1:[0-9]*/' "$explore/serve.log" | head -1 || true)
  [ -n "$url" ] && break
  kill -0 "$served" 2>/dev/null || break
  sleep 0.2
done
if [ -z "$url" ]; then
  echo "knights serve did not start: $(cat "$explore/serve.log")" >&2
  exit 1
fi
CHROMIUM="$chromium" node tests/browser/explore.mjs "$url" "$explore/expect.json" target/browser/screenshots
kill "$served" 2>/dev/null || true
# The commands the page shows make the very drawing it offers.
(cd "$explore" && rm -f 8x8.json 8x8.svg && eval "$(cat ../screenshots/torus.cmd)")
cmp "$explore/8x8.svg" target/browser/screenshots/torus.svg
echo "explore: the page's commands make its drawing: $(cat target/browser/screenshots/torus.cmd)"
