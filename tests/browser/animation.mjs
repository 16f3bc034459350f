// An animated walk-through plays in a real browser (headless Chromium).
//
//   node tests/browser/animation.mjs WALK.svg SCREENSHOT_DIR
//     opens the SVG, takes a screenshot, lets the animation run, takes another, and
//     checks that the two differ and that the document's animation clock advanced.
//   node tests/browser/animation.mjs TOUR_PAGE.html SCREENSHOT_DIR
//     the same for the walk-through inline on a tour page, then presses its buttons:
//     Pause stops the step counter, Step and Step back move it by one, Play starts it
//     again; and the page makes no request to another host.
//
// Prints "animation: played" and exits 0 when every check passes, else exits 1.
// Chromium comes from $CHROMIUM or /usr/bin/chromium.

import { chromium } from "playwright-core";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [fileArg, shotsArg] = process.argv.slice(2);
if (!fileArg || !shotsArg) {
  console.error("usage: node animation.mjs WALK.svg|TOUR_PAGE.html SCREENSHOT_DIR");
  process.exit(2);
}
const page_mode = fileArg.endsWith(".html");
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
  const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
  const errors = [];
  const foreign = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) foreign.push(r.url());
  });
  await page.goto(pathToFileURL(resolve(fileArg)).href, { waitUntil: "load" });
  const svg = page_mode ? "figure.walk-player svg.walkthrough" : "svg";
  const shoot = (name) => page.locator(svg).first().screenshot({ path: join(shots, name) });
  const clock = () => page.$eval(svg, (s) => s.getCurrentTime());
  const stem = page_mode ? "page-walk" : "walk";
  const early = await shoot(`${stem}-early.png`);
  const t0 = await clock();
  await page.waitForTimeout(1500);
  const late = await shoot(`${stem}-late.png`);
  const t1 = await clock();
  check(!early.equals(late), "screenshots 1.5 s apart differ");
  check(t1 > t0, `the clock advanced: ${t0.toFixed(2)} s -> ${t1.toFixed(2)} s`);
  if (page_mode) {
    const counter = async () => {
      const text = await page.textContent("figure.walk-player .walk-count");
      const m = /step (\d+) of (\d+)/.exec(text || "");
      return m ? [parseInt(m[1], 10), parseInt(m[2], 10)] : [NaN, NaN];
    };
    const press = (what) => page.click(`figure.walk-player button[data-walk="${what}"]`);
    check(await page.isVisible("figure.walk-player .walk-controls"), "the buttons are shown");
    await press("pause");
    const [paused, total] = await counter();
    await page.waitForTimeout(800);
    const [still] = await counter();
    check(total > 0 && still === paused, `Pause holds the counter at ${paused} of ${total} (then ${still})`);
    // From a paused state that is not the last, Step moves exactly one step on.
    if (paused >= total) await press("back");
    const [from] = await counter();
    const before = await shoot("page-walk-paused.png");
    await press("step");
    const [next] = await counter();
    check(next === from + 1, `Step: ${from} -> ${next}`);
    const after = await shoot("page-walk-stepped.png");
    check(!before.equals(after), "the drawing changed with the step");
    await press("back");
    const [back] = await counter();
    check(back === from, `Step back: ${next} -> ${back}`);
    await press("play");
    await page.waitForTimeout(1200);
    const [played] = await counter();
    check(played !== back, `Play runs the counter on: ${back} -> ${played}`);
  }
  check(errors.length === 0, `no script errors (${errors.join("; ")})`);
  check(foreign.length === 0, `no requests to other hosts (${foreign.join(" ")})`);
} finally {
  await browser.close();
}
console.log(failures.length === 0 ? "animation: played" : `animation: ${failures.length} checks failed`);
process.exit(failures.length === 0 ? 0 : 1);
