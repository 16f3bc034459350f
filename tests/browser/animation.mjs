// An animated walk-through plays in a real browser: opens the SVG in headless
// Chromium, takes a screenshot, lets the animation run, takes another, and checks that
// the two differ and that the document's animation clock advanced.
//
//   node tests/browser/animation.mjs WALK.svg SCREENSHOT_DIR
//
// Prints "animation: played" and exits 0 when it plays, else exits 1. Chromium comes
// from $CHROMIUM or /usr/bin/chromium.

import { chromium } from "playwright-core";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [svgArg, shotsArg] = process.argv.slice(2);
if (!svgArg || !shotsArg) {
  console.error("usage: node animation.mjs WALK.svg SCREENSHOT_DIR");
  process.exit(2);
}
const shots = resolve(shotsArg);
await mkdir(shots, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
let ok = false;
try {
  const page = await browser.newPage({ viewport: { width: 600, height: 650 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(pathToFileURL(resolve(svgArg)).href, { waitUntil: "load" });
  const early = await page.screenshot({ path: join(shots, "walk-early.png") });
  const t0 = await page.evaluate(() => document.documentElement.getCurrentTime());
  await page.waitForTimeout(1500);
  const late = await page.screenshot({ path: join(shots, "walk-late.png") });
  const t1 = await page.evaluate(() => document.documentElement.getCurrentTime());
  const differ = !early.equals(late);
  console.log(`clock ${t0.toFixed(2)} s -> ${t1.toFixed(2)} s; screenshots differ: ${differ}; errors: ${errors.length}`);
  ok = differ && t1 > t0 && errors.length === 0;
} finally {
  await browser.close();
}
console.log(ok ? "animation: played" : "animation: did not play");
process.exit(ok ? 0 : 1);
