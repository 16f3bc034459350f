// The gallery in a real browser: opens every page of a built site in headless Chromium,
// once from file:// and once from a local web server under a sub-path, and checks that
// each page loads without console errors or failed requests, that every image has
// decoded (naturalWidth > 0), and that the index's filters work. Screenshots of a few
// pages are kept as test artifacts.
//
//   node tests/browser/check.mjs SITE_DIR SCREENSHOT_DIR
//
// Exits non-zero when any check fails. Chromium comes from Debian (/usr/bin/chromium,
// or $CHROMIUM).

import { chromium } from "playwright-core";
import { createServer } from "node:http";
import { readFile, mkdir, stat } from "node:fs/promises";
import { join, extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { htmlFiles } from "./pages.mjs";

const [siteArg, shotsArg] = process.argv.slice(2);
if (!siteArg || !shotsArg) {
  console.error("usage: node check.mjs SITE_DIR SCREENSHOT_DIR");
  process.exit(2);
}
const site = resolve(siteArg);
const shots = resolve(shotsArg);
const SUBPATH = "/some/sub/path/";
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".pdf": "application/pdf",
  ".json": "application/json",
  ".csv": "text/csv",
};

// Serves the site under SUBPATH only, on the loopback address.
function serve() {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    if (!url.pathname.startsWith(SUBPATH)) {
      res.writeHead(404).end();
      return;
    }
    const file = resolve(site, decodeURIComponent(url.pathname.slice(SUBPATH.length)));
    if (!file.startsWith(site)) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (!(await stat(file)).isFile()) throw new Error("not a file");
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok(server)));
}

let passed = 0;
const failures = [];
function check(ok, what) {
  if (ok) passed++;
  else {
    failures.push(what);
    console.error("FAIL " + what);
  }
}

async function checkPage(browser, url, name, shot) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  page.on("request", (r) => {
    // A blob: URL is the page's own (the explorer shows its drawing through one): its
    // origin follows the prefix, "null" for a page opened from a file.
    const u = r.url().replace(/^blob:(null\/)?/, "");
    if (!u.startsWith("file:") && !u.startsWith("data:") && !u.startsWith("http://127.0.0.1:") && !/^[0-9a-f-]{36}$/.test(u)) {
      problems.push(`external request: ${r.url()}`);
    }
  });
  const resp = await page.goto(url, { waitUntil: "load" });
  check(!resp || resp.ok(), `${name}: loads (${resp && resp.status()})`);
  // Lazy images below the fold load once scrolled into view.
  await page.evaluate(async () => {
    for (const img of document.images) img.loading = "eager";
    await Promise.all(
      Array.from(document.images).map((img) =>
        img.complete ? null : new Promise((ok) => { img.onload = img.onerror = ok; })
      )
    );
  });
  const broken = await page.evaluate(() =>
    Array.from(document.images)
      .filter((img) => !(img.complete && img.naturalWidth > 0))
      .map((img) => img.getAttribute("src"))
  );
  const images = await page.evaluate(() => document.images.length);
  check(broken.length === 0, `${name}: all ${images} images decode (broken: ${broken.join(", ")})`);
  check(problems.length === 0, `${name}: no console errors or failed requests (${problems.join("; ")})`);
  if (shot) await page.screenshot({ path: join(shots, shot), fullPage: false });
  return page;
}

// The index's filters: choosing an algorithm hides the other cards, and the search box
// narrows further.
async function checkFilters(page, name) {
  const total = await page.locator("#grid > li").count();
  check(await page.locator("#filters").isVisible(), `${name}: the filter form shows with JavaScript`);
  const algos = await page.locator("#f-algo option").evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
  check(algos.length >= 2, `${name}: the algorithm filter lists several algorithms (${algos})`);
  await page.selectOption("#f-algo", algos[0]);
  const shown = await page.locator("#grid > li:not([hidden])").count();
  const wrong = await page.locator(`#grid > li:not([hidden]):not([data-algo="${algos[0]}"])`).count();
  check(shown > 0 && shown < total && wrong === 0, `${name}: filtering by ${algos[0]} shows ${shown} of ${total}, ${wrong} wrong`);
  await page.selectOption("#f-algo", "");
  await page.selectOption("#f-sort", "turns");
  const turns = await page.locator("#grid > li").evaluateAll((ls) => ls.map((l) => Number(l.dataset.turns)));
  check(turns.every((t, i) => i === 0 || turns[i - 1] <= t), `${name}: sorting by turns orders the cards`);
  await page.fill("#f-text", "no such tour anywhere");
  check((await page.locator("#grid > li:not([hidden])").count()) === 0, `${name}: the search box filters`);
}

// Zoom on a tour page: the wheel over the drawing and the + and reset buttons change
// its scale and the picture's transform.
async function checkZoom(page, name) {
  const view = page.locator(".drawing .zoom-view").first();
  check((await view.count()) === 1, `${name}: the drawing is zoomable`);
  if ((await view.count()) === 0) return;
  const state = () =>
    view.evaluate((v) => ({ scale: Number(v.dataset.scale || 1), transform: v.querySelector("img").style.transform, width: v.querySelector("img").style.width }));
  const before = await state();
  const box = await view.boundingBox();
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await page.mouse.wheel(0, -600);
  await page.waitForTimeout(100);
  const wheeled = await state();
  check(wheeled.scale > 1.5 && wheeled.width !== before.width && wheeled.transform !== before.transform,
    `${name}: the wheel zooms about the pointer (${JSON.stringify(before)} -> ${JSON.stringify(wheeled)})`);
  await page.locator('.zoom-bar button[data-zoom="0"]').first().click();
  const reset = await state();
  check(reset.scale === 1, `${name}: the reset button restores the view (${reset.scale})`);
  await page.locator('.zoom-bar button[data-zoom="1.5"]').first().click();
  const plus = await state();
  check(Math.abs(plus.scale - 1.5) < 1e-6 && plus.width !== reset.width, `${name}: the + button zooms in (${plus.scale})`);
}

// A legend: an element whose class names one.
async function checkLegend(page, name) {
  const n = await page.locator('[class*="legend"]').count();
  check(n > 0, `${name}: has a legend (${n} elements)`);
}

// The mean luminance (0 black .. 1 white) of a PNG screenshot, measured in the browser.
async function luminance(browser, png) {
  const page = await browser.newPage();
  const mean = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    let sum = 0;
    for (let i = 0; i < d.length; i += 4) sum += (0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2]) / 255;
    return sum / (d.length / 4);
  }, "data:image/png;base64," + png.toString("base64"));
  await page.close();
  return mean;
}

// Dark mode: with prefers-color-scheme: dark emulated, the page is dark (the mean
// luminance of its own colours, drawings hidden, below DARK and well below the light
// page's); the screenshot, drawings shown, is kept.
async function checkDark(browser, url, name, shot) {
  const means = {};
  for (const scheme of ["light", "dark"]) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
    const errors = [];
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url, { waitUntil: "load" });
    if (scheme === "dark") await page.screenshot({ fullPage: false, path: join(shots, shot) });
    // The page's own colours: the drawings (white paper in both modes) hidden.
    await page.addStyleTag({ content: "img, svg, .zoom-view { visibility: hidden !important; }" });
    means[scheme] = await luminance(browser, await page.screenshot({ fullPage: false }));
    check(errors.length === 0, `${name} (${scheme}): no console errors (${errors.join("; ")})`);
    await page.close();
  }
  check(means.dark < DARK && means.dark < means.light - 0.3,
    `${name}: dark mode is dark (mean luminance ${means.dark.toFixed(3)}, light ${means.light.toFixed(3)}, limit ${DARK})`);
  console.log(`dark mode: ${name} mean luminance ${means.dark.toFixed(3)} (light ${means.light.toFixed(3)})`);
}
const DARK = 0.35;

const pages = await htmlFiles(site);
check(pages.includes("index.html") && pages.length > 3, `the site has pages (${pages.length})`);
// Every kind of page is among those checked.
for (const kind of ["index.html", "metrics.html", "tours/", "compare/", "pages/teaching.html", "pages/formation.html"]) {
  check(pages.some((p) => p.startsWith(kind)), `the site has a page of kind ${kind}`);
}
await mkdir(shots, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}${SUBPATH}`;
const firstOf = (prefix) => pages.find((p) => p.startsWith(prefix));
const tourPage = pages.find((p) => p.startsWith("tours/") && p.includes("besa")) || firstOf("tours/");
const screenshotOf = new Map([
  ["index.html", "index.png"],
  ["metrics.html", "metrics.png"],
  [tourPage, "tour.png"],
  [firstOf("compare/"), "compare.png"],
  [firstOf("pages/"), "page.png"],
]);
try {
  for (const p of pages) {
    const page = await checkPage(browser, pathToFileURL(join(site, p)).href, `file://${p}`, screenshotOf.get(p));
    if (p === "index.html") await checkFilters(page, "file://index.html");
    if (p.startsWith("tours/")) {
      await checkLegend(page, `file://${p}`);
      await checkZoom(page, `file://${p}`);
    }
    await page.close();
    const served = await checkPage(browser, base + p, `http ${SUBPATH}${p}`, null);
    await served.close();
  }
  for (const p of ["index.html", tourPage]) {
    await checkDark(browser, base + p, `dark ${p}`, `dark-${p.replaceAll("/", "-").replace(".html", "")}.png`);
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`screenshots in ${shots}`);
console.log(`browser: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);

