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
import { readFile, readdir, mkdir, stat } from "node:fs/promises";
import { join, relative, extname, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";

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

async function htmlFiles(dir) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await htmlFiles(p)));
    else if (e.name.endsWith(".html")) out.push(relative(site, p).split(sep).join("/"));
  }
  return out.sort();
}

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
    const u = r.url();
    if (!u.startsWith("file:") && !u.startsWith("data:") && !u.startsWith("http://127.0.0.1:")) {
      problems.push(`external request: ${u}`);
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

const pages = await htmlFiles(site);
check(pages.includes("index.html") && pages.length > 3, `the site has pages (${pages.length})`);
await mkdir(shots, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}${SUBPATH}`;
const firstOf = (prefix) => pages.find((p) => p.startsWith(prefix));
const screenshotOf = new Map([
  ["index.html", "index.png"],
  ["metrics.html", "metrics.png"],
  [pages.find((p) => p.startsWith("tours/") && p.includes("besa")) || firstOf("tours/"), "tour.png"],
  [firstOf("compare/"), "compare.png"],
  [firstOf("pages/"), "page.png"],
]);
try {
  for (const p of pages) {
    const page = await checkPage(browser, pathToFileURL(join(site, p)).href, `file://${p}`, screenshotOf.get(p));
    if (p === "index.html") await checkFilters(page, "file://index.html");
    await page.close();
    const served = await checkPage(browser, base + p, `http ${SUBPATH}${p}`, null);
    await served.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`screenshots in ${shots}`);
console.log(`browser: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);

