// Every page of a built gallery on a wide screen and on a phone: each page is loaded
// 1400 px wide, then narrowed to 390 px (as a window resized, or a phone turned), and
// at both widths the page must not scroll sideways (tables and code scroll inside their
// own box), no image may be broken, no console error may appear, and every drawing
// must lie inside its container (a drawing sized at load time used to keep its width),
// and a board of more sides' levels each at least the width its page asks;
// on the phone the header must stay short (NAV_MAX), its links behind a Menu button
// that the keyboard reaches and opens (Tab, Space), opening to every link on screen
// without scrolling, its label legible in light and dark (menuProblems).
// Two pages are checked at a time. Screenshots of the pages named on the command line
// are kept at both widths.
//
//   node tests/browser/screens.mjs SITE_DIR SCREENSHOT_DIR [PAGE ...]
//
// Prints "screens: N pages, M failed" and exits non-zero when a check fails.

import { chromium } from "playwright-core";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { htmlFiles } from "./pages.mjs";
import { contrast } from "./contrast.mjs";

const [siteArg, shotsArg, ...shotPages] = process.argv.slice(2);
if (!siteArg || !shotsArg) {
  console.error("usage: node screens.mjs SITE_DIR SCREENSHOT_DIR [PAGE ...]");
  process.exit(2);
}
const site = resolve(siteArg);
const shots = resolve(shotsArg);
const WIDE = 1400;
const PHONE = 390;
const HEIGHT = 900;
// The tallest the header (title and links) may be on a phone, in CSS pixels.
const NAV_MAX = 72;

// What is wrong with the page at its current width: sideways scrolling, and drawings
// (the zoomable views and their pictures, plots, comparisons) outside their container.
function layoutProblems() {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) {
    // The widest element that sticks out, to name the culprit.
    let worst = null;
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.right > doc.clientWidth + 1 && (!worst || r.right > worst.r)) {
        let scrolls = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const s = getComputedStyle(p);
          if (s.overflowX !== "visible" && p.getBoundingClientRect().right <= doc.clientWidth + 1) scrolls = true;
        }
        if (!scrolls) worst = { r: r.right, what: el.tagName.toLowerCase() + (el.className ? "." + String(el.className).split(" ")[0] : "") };
      }
    }
    problems.push(`the page is ${doc.scrollWidth} px wide in ${doc.clientWidth} (${worst ? worst.what + " reaches " + Math.round(worst.r) : "?"})`);
  }
  const inside = (inner, outer, what) => {
    const a = inner.getBoundingClientRect();
    const b = outer.getBoundingClientRect();
    if (a.width > 0 && (a.left < b.left - 1 || a.right > b.right + 1)) {
      problems.push(`${what} spans ${Math.round(a.left)}..${Math.round(a.right)}, its container ${Math.round(b.left)}..${Math.round(b.right)}`);
    }
  };
  for (const v of document.querySelectorAll(".zoom-view")) {
    inside(v, v.parentElement, "a zoomable drawing");
    // Unzoomed, the picture fills its view exactly.
    if (!v.classList.contains("zoomed")) inside(v.querySelector("img"), v, "a drawing in its view");
  }
  for (const img of document.querySelectorAll("main img")) {
    if (!img.closest(".zoom-view")) inside(img, img.parentElement.closest("figure, li, p, div, article, main"), `image ${img.getAttribute("src")}`);
  }
  // A board of more sides' levels, each a picture of its own: none narrower than the
  // page's --level-min, or on a screen narrower than that nine tenths of the list's
  // width (26 levels four a row in one picture were 85 px on a phone).
  for (const list of document.querySelectorAll(".levels")) {
    const least = parseFloat(getComputedStyle(list).getPropertyValue("--level-min"));
    if (!(least > 0)) problems.push("a grid of levels without --level-min");
    const want = Math.min(least, 0.9 * list.getBoundingClientRect().width);
    for (const img of list.querySelectorAll("img")) {
      const w = img.getBoundingClientRect().width;
      if (w < want - 1) problems.push(`the level ${img.getAttribute("src")} is ${Math.round(w)} px wide (at least ${Math.round(want)})`);
    }
  }
  return problems;
}

// Loads every image of the page, lazy ones too, and waits for them: the sources of
// those that did not decode. An image of a <picture> counts as loaded only once it
// shows the source the screen's width selects (the browser switches sources some
// time after a resize, and closing the page while one loads would abort it).
async function loadImages() {
  const wanted = (img) => {
    const pic = img.parentElement;
    if (!pic || pic.tagName !== "PICTURE") return null;
    const s = Array.from(pic.querySelectorAll("source")).find((s) => !s.media || matchMedia(s.media).matches);
    const url = s ? s.getAttribute("srcset").trim() : img.getAttribute("src");
    // A set of candidates (`a.png 1x, b.png 2x`) is the browser's to choose from.
    return /[\s,]/.test(url) ? null : new URL(url, document.baseURI).href;
  };
  const ready = (img) => img.complete && (wanted(img) === null || img.currentSrc === wanted(img));
  for (const img of document.images) img.loading = "eager";
  for (let wait = 0; wait < 300 && !Array.from(document.images).every(ready); wait++) {
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return Array.from(document.images).filter((i) => !(ready(i) && i.naturalWidth > 0)).map((i) => i.currentSrc || i.getAttribute("src"));
}

// The phone's header menu: the links hidden behind the Menu button; the Tab stop
// after the site's title is its checkbox, Space opens it, and then every link
// shows inside the screen, none scrolled out of sight; Space closes it again. The
// button's label has 4.5:1 against the header in the page's colour scheme.
async function menuProblems(page) {
  const problems = [];
  const state = () => page.evaluate(() => {
    const nav = document.querySelector("header.top nav");
    const button = document.querySelector("header.top .menu-button");
    if (!nav || !button) return null;
    const links = Array.from(nav.querySelectorAll(":scope > a, :scope > details > summary"));
    const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    const header = document.querySelector("header.top");
    return {
      button: shown(button),
      nav: shown(nav),
      links: links.length,
      outside: links.filter((a) => { const r = a.getBoundingClientRect(); return !shown(a) || r.left < 0 || r.right > innerWidth + 1; }).map((a) => a.textContent),
      scrolls: nav.scrollWidth > nav.clientWidth + 1,
      focus: document.activeElement && document.activeElement.id,
      ink: getComputedStyle(button).color,
      ground: getComputedStyle(header).backgroundColor,
    };
  });
  const closed = await state();
  if (!closed) return ["the header has no links or no Menu button"];
  if (!closed.button || closed.nav) problems.push(`the header shows ${closed.button ? "" : "no Menu button and "}${closed.nav ? "its links before the menu is opened" : ""}`);
  const ratio = contrast(closed.ink, closed.ground);
  if (ratio < 4.5) problems.push(`the Menu button's label ${closed.ink} on ${closed.ground} has contrast ${ratio.toFixed(2)} (at least 4.5)`);
  await page.focus("header.top .brand");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  const open = await state();
  if (open.focus !== "menu-toggle") problems.push(`the Tab stop after the title is ${open.focus || "nothing"}, not the Menu button's checkbox`);
  if (!open.nav || open.scrolls || open.outside.length) problems.push(`the open menu: ${open.nav ? "" : "no links; "}${open.scrolls ? "its links scroll; " : ""}${open.outside.length ? "links off the screen: " + open.outside.join(", ") : ""}`);
  await page.keyboard.press("Space");
  if ((await state()).nav) problems.push("Space does not close the menu again");
  return problems;
}

async function check(context, p) {
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console error: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  await page.setViewportSize({ width: WIDE, height: HEIGHT });
  await page.goto(pathToFileURL(join(site, p)).href, { waitUntil: "load" });
  const name = p.replaceAll("/", "-").replace(/\.html$/, "");
  const shot = shotPages.includes(p);
  for (const width of [WIDE, PHONE]) {
    await page.setViewportSize({ width, height: HEIGHT });
    // Two frames: the resize handlers run, then layout settles.
    await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok))));
    // Every image of this width loaded: a <picture> picks its phone source only now,
    // and closing the page while those load would abort them.
    const broken = await page.evaluate(loadImages);
    if (broken.length) problems.push(`at ${width} px: broken images: ${broken.join(", ")}`);
    for (const q of await page.evaluate(layoutProblems)) problems.push(`at ${width} px: ${q}`);
    if (width === PHONE) {
      // The header and its links leave the phone's screen to the page: at most two
      // short rows (wrapped, they took five rows, 200 px).
      const nav = await page.evaluate(() => {
        const h = document.querySelector("header.top");
        return h ? Math.round(h.getBoundingClientRect().height) : 0;
      });
      if (nav > NAV_MAX) problems.push(`at ${width} px: the header is ${nav} px tall (at most ${NAV_MAX})`);
      for (const scheme of ["light", "dark"]) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const q of await menuProblems(page)) problems.push(`at ${width} px, ${scheme}: ${q}`);
      }
      await page.emulateMedia({ colorScheme: "light" });
    }
    if (shot) {
      // The top of the page, at most two screens tall.
      const height = Math.min(2 * HEIGHT, await page.evaluate(() => document.documentElement.scrollHeight));
      await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true, clip: { x: 0, y: 0, width, height } });
    }
  }
  await page.close();
  return problems;
}

// KNIGHTS_SCREENS_ONLY: a regular expression; only the pages it matches are checked.
const only = process.env.KNIGHTS_SCREENS_ONLY ? new RegExp(process.env.KNIGHTS_SCREENS_ONLY) : null;
const pages = (await htmlFiles(site)).filter((p) => !only || only.test(p));
await mkdir(shots, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const context = await browser.newContext();
let failed = 0;
let next = 0;
async function worker() {
  while (next < pages.length) {
    const p = pages[next++];
    const problems = await check(context, p);
    if (problems.length) {
      failed++;
      console.error(`FAIL ${p}: ${problems.join("; ")}`);
    }
  }
}
const started = Date.now();
try {
  await Promise.all([worker(), worker()]);
} finally {
  await browser.close();
}
console.log(`screens: ${pages.length} pages at ${WIDE} and ${PHONE} px in ${((Date.now() - started) / 1000).toFixed(0)} s, ${failed} failed`);
process.exit(failed === 0 && pages.length > 0 ? 0 : 1);
