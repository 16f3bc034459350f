// The explore page in headless Chromium, served over HTTP (by `knights serve`): the
// module is served as application/wasm; each request of the URL's hash is built in
// the page's worker and drawn, or refused with the command line's reason; the drawing
// offered for download carries the command line's turns and crossings; the page
// answers while a large board is worked on; Cancel stops the work; the form writes the
// hash; the drawing zooms; a refusal is an alert in the error colour (4.5:1 against the
// page, light and dark); at 1400 and 390 px the page does not scroll sideways. The
// times (the first drawing after load; 100x100 asked to shown, the median of five
// fresh pages and again in the same page, with the worker's steps; and 1000x1000, each
// beside the command line's time for the same board) are printed, not judged.
//
//   node tests/browser/explore.mjs BASE_URL EXPECT.json SCREENSHOT_DIR
//
// EXPECT.json: { "metrics100": { "turns": N, "crossings": N }, "refusal5x5": "LINE",
// "native": { "100x100": MS, "1000x1000": MS } } (the command line's answers, and its
// times for `knights tour BOARD && knights render`). Writes the SVG of `#board=8x8&topology=torus` and the
// commands the page shows for it to SCREENSHOT_DIR/torus.svg and torus.cmd. Prints
// "explore: N passed, M failed" and exits non-zero when a check fails.

import { chromium } from "playwright-core";
import { contrast } from "./contrast.mjs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

const [base, expectPath, shotsArg] = process.argv.slice(2);
if (!base || !expectPath || !shotsArg) {
  console.error("usage: node explore.mjs BASE_URL EXPECT.json SCREENSHOT_DIR");
  process.exit(2);
}
const expect = JSON.parse(await readFile(expectPath, "utf8"));
const shots = resolve(shotsArg);
await mkdir(shots, { recursive: true });

let passed = 0;
const failures = [];
function check(ok, what) {
  if (ok) passed++;
  else {
    failures.push(what);
    console.error("FAIL " + what);
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});

// A page that records console errors and the module's content type.
async function open(width = 1400) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.problems = [];
  page.on("console", (m) => { if (m.type() === "error") page.problems.push(m.text()); });
  page.on("pageerror", (e) => page.problems.push(e.message));
  page.on("response", (r) => {
    if (r.url().endsWith(".wasm")) page.wasmType = r.headers()["content-type"];
  });
  return page;
}

// Waits until the page has answered its hash: "drawn", "refused" or "error". `wait` is
// the visitor's: from the page's request to the drawing shown; `ms` the worker's (the
// module's instantiation included when the request paid it), `phases` its steps.
async function answered(page, timeout = 120000) {
  await page.waitForFunction(() => {
    const s = document.getElementById("explore-status").dataset.state;
    return s === "drawn" || s === "refused" || s === "error";
  }, null, { timeout, polling: 20 });
  return page.evaluate(() => {
    const s = document.getElementById("explore-status");
    const shown = Number(s.dataset.shown);
    return {
      state: s.dataset.state, text: s.textContent, ms: Number(s.dataset.ms), shown,
      wait: shown - Number(s.dataset.started), phases: JSON.parse(s.dataset.phases || "{}"),
      role: s.getAttribute("role"),
    };
  });
}

// The status line's colour and the page's background behind it.
async function colours(page) {
  return page.evaluate(() => {
    const s = document.getElementById("explore-status");
    let ground = "rgba(0, 0, 0, 0)";
    for (let e = s; e && /rgba\(.*, 0\)|transparent/.test(ground); e = e.parentElement) ground = getComputedStyle(e).backgroundColor;
    return { ink: getComputedStyle(s).color, ground };
  });
}

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const phaseLine = (p) => Object.entries(p).map(([k, v]) => `${k} ${Math.round(v)}`).join(", ");

// The SVG offered for download (the drawing shown), and its turns and crossings.
async function drawn(page) {
  return page.evaluate(async () => {
    const a = document.getElementById("explore-svg");
    const svg = await (await fetch(a.href)).text();
    const root = new DOMParser().parseFromString(svg, "image/svg+xml").documentElement;
    const img = document.getElementById("explore-drawing");
    return {
      svg,
      sameAsShown: img.src === a.href,
      turns: Number(root.getAttribute("data-turns")),
      crossings: Number(root.getAttribute("data-crossings")),
      command: document.getElementById("explore-command").textContent,
      table: Object.fromEntries(Array.from(document.querySelectorAll("#explore-metrics td")).map((td) => [td.dataset.metric, td.textContent])),
    };
  });
}

// Loads `hash` in a fresh page and waits for its answer.
async function visit(hash, width = 1400) {
  const page = await open(width);
  await page.goto(`${base}explore.html${hash}`, { waitUntil: "load" });
  const a = await answered(page);
  return { page, a };
}

const timings = [];
// The page's time for `board` beside the command line's, as one line.
function timing(board, what, ms, extra = "") {
  const native = expect.native && expect.native[board];
  const against = native ? `; native knights tour && knights render ${Math.round(native)} ms (${(ms / native).toFixed(1)}x)` : "";
  timings.push(`${board} ${what}: built, proved, measured, drawn in ${Math.round(ms)} ms${extra}${against}`);
}
try {
  // The default board, the first drawing after load.
  {
    const { page, a } = await visit("");
    check(a.state === "drawn", `the default board draws (${a.text})`);
    check(page.wasmType === "application/wasm", `the module is served as application/wasm (${page.wasmType})`);
    timings.push(`first drawing after load (default 46x38): ${Math.round(a.shown)} ms`);
    check(page.problems.length === 0, `no console errors (${page.problems.join("; ")})`);
    await page.close();
  }
  // 100x100 by besa in five fresh pages: the visitor's wait, the median reported.
  {
    const fresh = [];
    for (let i = 0; i < 5; i++) {
      const { page, a } = await visit("#board=100x100&algo=besa");
      check(a.state === "drawn", `100x100 draws in fresh page ${i + 1} (${a.text})`);
      fresh.push(a);
      await page.close();
    }
    const mid = fresh.slice().sort((x, y) => x.wait - y.wait)[2];
    timing("100x100", "besa, median of 5 fresh pages", mid.wait,
      `, asked to shown (the worker ${Math.round(median(fresh.map((a) => a.ms)))} ms: ${phaseLine(mid.phases)}; each page ${fresh.map((a) => Math.round(a.wait)).join(", ")} ms)`);
  }
  // 100x100 by besa: the command line's turns and crossings, in the table too.
  {
    const { page, a } = await visit("#board=100x100&algo=besa");
    const d = await drawn(page);
    check(a.state === "drawn" && d.sameAsShown, `100x100 draws (${a.text})`);
    check(d.turns === expect.metrics100.turns && d.crossings === expect.metrics100.crossings,
      `100x100: the SVG's data-turns ${d.turns}, data-crossings ${d.crossings} are knights metrics' ${expect.metrics100.turns}, ${expect.metrics100.crossings}`);
    check(d.table.turns === String(expect.metrics100.turns) && d.table.verified === "yes", `100x100: the metrics table (${JSON.stringify(d.table)})`);
    // The same work again in the same worker: the module compiled and warm.
    await page.evaluate(() => { location.hash = "#board=100x100&algo=besa&seed=1"; });
    await page.waitForFunction((before) => {
      const s = document.getElementById("explore-status");
      return s.dataset.state !== "working" && s.dataset.shown !== before;
    }, String(a.shown), { timeout: 120000, polling: 20 });
    const again = await answered(page);
    timing("100x100", "besa, again in the same page", again.wait, `, asked to shown (the worker ${Math.round(again.ms)} ms: ${phaseLine(again.phases)})`);
    // The drawing zooms as a tour page's does.
    await page.locator('.zoom-bar button[data-zoom="1.5"]').click();
    const scale = await page.locator("#explore-figure .zoom-view").evaluate((v) => Number(v.dataset.scale));
    check(Math.abs(scale - 1.5) < 1e-6, `the drawing zooms with the + button (${scale})`);
    await page.close();
  }
  // A board the construction refuses: the command line's reason.
  {
    const { page, a } = await visit("#board=5x5&algo=besa");
    check(a.state === "refused" && a.text.length > 0 && expect.refusal5x5.includes(a.text),
      `5x5 besa is refused with the command line's reason ('${a.text}' in '${expect.refusal5x5}')`);
    check(await page.locator("#explore-result").isHidden(), "a refused board shows no drawing");
    // An error: read out at once, in the error colour, legible in both colour schemes.
    check(a.role === "alert", `the refusal is an alert (role ${a.role})`);
    for (const scheme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme: scheme });
      const c = await colours(page);
      const ratio = contrast(c.ink, c.ground);
      check(ratio >= 4.5 && c.ink !== "rgb(29, 36, 48)" && c.ink !== "rgb(228, 231, 236)",
        `${scheme}: the refusal is in the error colour ${c.ink} on ${c.ground}, contrast ${ratio.toFixed(2)} (at least 4.5)`);
    }
    await page.close();
  }
  // A board too large for the module's memory: refused at once, with the figure.
  {
    const { page, a } = await visit("#board=40000x40000&algo=besa");
    check(a.state === "refused" && /memory|bytes|GB|GiB/.test(a.text), `40000x40000 is refused up front with the figure (${a.text})`);
    await page.close();
  }
  // Each of these draws, its SVG carrying its measures.
  for (const hash of ["#board=8x8&topology=torus", "#board=52x22&leaper=1,4", "#board=12x12&algo=neural&kind=tourney", "#board=6x6x6"]) {
    const { page, a } = await visit(hash);
    const d = a.state === "drawn" ? await drawn(page) : null;
    check(d && d.svg.includes("data-turns") && d.sameAsShown, `${hash} draws (${a.text})`);
    check(page.problems.length === 0, `${hash}: no console errors (${page.problems.join("; ")})`);
    if (d && hash.includes("torus")) {
      await writeFile(join(shots, "torus.svg"), d.svg);
      await writeFile(join(shots, "torus.cmd"), d.command);
    }
    await page.close();
  }
  // 1000x1000: drawn (an overview), the page answering all along.
  {
    const page = await open();
    await page.goto(`${base}explore.html#board=1000x1000`, { waitUntil: "load" });
    const t0 = Date.now();
    let slowest = 0;
    while (await page.evaluate(() => document.getElementById("explore-status").dataset.state === "working")) {
      const t = Date.now();
      await page.evaluate(() => 1);
      slowest = Math.max(slowest, Date.now() - t);
      if (Date.now() - t0 > 120000) break;
      await page.waitForTimeout(50);
    }
    const a = await answered(page);
    check(a.state === "drawn", `1000x1000 draws (${a.text})`);
    check(slowest < 1000, `the page answers while the worker works (slowest answer ${slowest} ms)`);
    timing("1000x1000", "auto, a fresh page", a.wait, `, asked to shown (the worker ${Math.round(a.ms)} ms: ${phaseLine(a.phases)})`);
    await page.close();
  }
  // Cancel: a large board's work stops, and the next request draws.
  {
    const page = await open();
    await page.goto(`${base}explore.html#board=3000x3000&algo=besa`, { waitUntil: "load" });
    await page.locator("#explore-cancel").click({ timeout: 30000 });
    const state = await page.evaluate(() => document.getElementById("explore-status").dataset.state);
    check(state === "cancelled", `Cancel stops the work (${state})`);
    // The form writes the hash, and the next request draws in a new worker.
    await page.fill('input[name="board"]', "10x10");
    await page.selectOption('select[name="algo"]', "");
    await page.click('button[type="submit"]');
    const a = await answered(page);
    const hash = await page.evaluate(() => location.hash);
    check(a.state === "drawn" && hash === "#board=10x10", `the form writes the hash and draws (${hash}: ${a.text})`);
    await page.close();
  }
  // Wide and phone: no sideways scrolling; screenshots kept.
  for (const width of [1400, 390]) {
    const { page } = await visit("#board=46x38&algo=besa&variant=best&show=turns,crossings", width);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    check(wide <= 1, `${width} px: no sideways scrolling (${wide} px too wide)`);
    await page.screenshot({ path: join(shots, `explore-${width}.png`), fullPage: true });
    await page.close();
  }
} finally {
  await browser.close();
}
for (const t of timings) console.log("timing: " + t);
console.log(`explore: ${passed} passed, ${failures.length} failed`);
process.exit(failures.length ? 1 : 0);
