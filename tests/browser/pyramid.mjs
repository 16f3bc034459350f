// A tour page with a tiled pyramid, zoomed in a real browser (headless Chromium): at
// the page's own scale no tile is requested; zoomed in, the viewer lays the tiles of a
// level over the drawing, requests only tiles of that level that are in view, each
// loads, and the page logs no console error or failed request. A screenshot of the
// zoomed view is kept.
//
//   node tests/browser/pyramid.mjs TOUR_PAGE.html SCREENSHOT_DIR
//
// Prints "pyramid: N tiles loaded" and exits 0 when every check passes, else exits 1.
// Chromium comes from $CHROMIUM or /usr/bin/chromium.

import { chromium } from "playwright-core";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pageArg, shotsArg] = process.argv.slice(2);
if (!pageArg || !shotsArg) {
  console.error("usage: node pyramid.mjs TOUR_PAGE.html SCREENSHOT_DIR");
  process.exit(2);
}
const shots = resolve(shotsArg);
await mkdir(shots, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
  const problems = [];
  const tiles = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  page.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith("file:") && !u.startsWith("data:")) problems.push(`external request: ${u}`);
    const m = /\/tiles\/[^/]+\/(\d+)\/(\d+)-(\d+)\.png$/.exec(u);
    if (m) tiles.push(m.slice(1).map(Number));
  });
  await page.goto(pathToFileURL(resolve(pageArg)).href, { waitUntil: "load" });
  const img = page.locator(".drawing img[data-tiles]");
  check((await img.count()) === 1, "the drawing has a pyramid");
  const levels = (await img.getAttribute("data-levels")).split(" ").map((l) => l.split("x").map(Number));
  const size = Number(await img.getAttribute("data-tile"));
  check(levels.length >= 2 && size > 0, `levels ${JSON.stringify(levels)}, tiles of ${size} px`);
  await page.waitForTimeout(200);
  check(tiles.length === 0, `no tile is requested before zooming (${tiles.length})`);

  // Zoom in four times about the centre, with the + button.
  const view = page.locator(".drawing .zoom-view");
  for (let i = 0; i < 4; i++) await page.locator('.zoom-bar button[data-zoom="1.5"]').first().click();
  await page.waitForFunction(() => {
    const layer = document.querySelector(".drawing .zoom-tiles");
    if (!layer) return false;
    const shown = Array.from(layer.querySelectorAll("img:not([hidden])"));
    return shown.length > 0 && shown.every((t) => t.complete && t.naturalWidth > 0);
  }, null, { timeout: 10000 });
  const state = await view.evaluate((v) => {
    const r = v.getBoundingClientRect();
    const shown = Array.from(v.querySelectorAll(".zoom-tiles img:not([hidden])")).map((t) => {
      const b = t.getBoundingClientRect();
      return { src: t.getAttribute("src"), w: t.naturalWidth, h: t.naturalHeight, inView: b.right > r.left && b.left < r.right && b.bottom > r.top && b.top < r.bottom };
    });
    return { scale: Number(v.dataset.scale), level: Number(v.dataset.level), width: v.querySelector("img").getBoundingClientRect().width, shown };
  });
  check(state.scale > 4, `zoomed in (${state.scale})`);
  const level = state.level;
  check(level >= 0 && level < levels.length, `a level is shown (${level})`);
  // The level chosen is the smallest at least as wide as the picture on screen (or the largest).
  const wanted = levels.findIndex((l) => l[0] >= state.width);
  check(level === (wanted < 0 ? levels.length - 1 : wanted), `level ${level} suits a picture ${state.width.toFixed(0)} px wide`);
  check(state.shown.every((t) => t.inView), "every tile shown is in view");
  check(state.shown.every((t) => t.w > 0 && t.w <= size && t.h <= size), "every tile decoded, at most a tile's size");
  const all = levels.reduce((n, l) => n + Math.ceil(l[0] / size) * Math.ceil(l[1] / size), 0);
  check(tiles.length > 0 && tiles.length < all / 2, `only tiles in view are requested (${tiles.length} of ${all})`);
  check(tiles.every((t) => t[0] === level), "only tiles of the level shown are requested");
  await view.screenshot({ path: join(shots, "pyramid-zoomed.png") });

  // Panning shows other tiles, again only those in view; resetting hides them.
  const box = await view.boundingBox();
  const shownNames = () => view.evaluate((v) => Array.from(v.querySelectorAll(".zoom-tiles img:not([hidden])")).map((t) => t.getAttribute("src")).sort().join());
  const before = await shownNames();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 400, box.y + box.height / 2 - 300, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(500);
  const after = await shownNames();
  check(after !== before && after.length > 0, "panning shows the tiles coming into view");
  await page.locator('.zoom-bar button[data-zoom="0"]').first().click();
  const hidden = await view.evaluate((v) => v.querySelectorAll(".zoom-tiles img:not([hidden])").length);
  check(hidden === 0, `reset shows the drawing alone (${hidden} tiles shown)`);
  check(problems.length === 0, `no console errors or failed requests (${problems.join("; ")})`);
  console.log(`pyramid: ${tiles.length} tiles loaded`);
} finally {
  await browser.close();
}
process.exit(failures.length === 0 ? 0 : 1);
