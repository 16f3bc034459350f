// The explorer's worker: instantiates the knights-web module once (the page compiles it
// while this worker starts and posts it, { module }, or null when it could not: then it
// is fetched here) and, for each request the page posts ({ id, request:
// "board=46x38&algo=besa&show=..." }), builds and proves the tour, measures it and
// draws it, posting a progress line before each step, then the answer ({ id, summary,
// metrics, svg, ms, phases, received }) and, after it, the tour's JSON file ({ id,
// json }). `phases` are the milliseconds of each step (the module's instantiation when
// this request paid it, the build and proof, the measures, the drawing), and
// `received` when this worker took the request (milliseconds since 1970), which the
// page keeps for the browser test. A request the module refuses is answered { id, refused:
// REASON } (the command line's one line); anything else { id, error }. The page
// terminates this worker to cancel, and starts another. The site serves it with the
// loader (knights.js) inlined in place of the import below, in one file.
import { Knights, KnightsRefusal } from "./knights.js";

let knights = null;
let given;
const compiled = new Promise((resolve) => { given = resolve; });

function progress(id, line) {
  postMessage({ id, progress: line });
}

async function load(id) {
  if (knights) return knights;
  progress(id, "Loading the module…");
  let module = await compiled;
  if (!module) {
    const response = await fetch(new URL("knights_web.wasm", import.meta.url));
    if (!response.ok) throw new Error(`the module did not load (HTTP ${response.status})`);
    module = await response.arrayBuffer();
  }
  knights = await Knights.load(module);
  return knights;
}

// 1234567 as "1,234,567" (toLocaleString would load the locale's data first).
function grouped(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// Runs `step`, adding its milliseconds to `phases` under `name`.
function timed(phases, name, step) {
  const t = performance.now();
  const out = step();
  phases[name] = performance.now() - t;
  return out;
}

onmessage = async (event) => {
  if ("module" in event.data) {
    given(event.data.module);
    return;
  }
  const { id, request, cells } = event.data;
  try {
    const phases = {};
    const t0 = performance.now();
    const received = performance.timeOrigin + t0;
    const k = knights || (await load(id));
    phases.load = performance.now() - t0;
    const size = cells ? ` (${grouped(cells)} cells)` : "";
    progress(id, `Building and proving the tour${size}…`);
    const summary = timed(phases, "build", () => k.build(request));
    progress(id, "Measuring it…");
    const metrics = timed(phases, "metrics", () => k.metrics());
    progress(id, "Drawing it…");
    const svg = timed(phases, "svg", () => k.svg(request));
    const ms = performance.now() - t0;
    postMessage({ id, summary, metrics, svg, ms, phases, received });
    postMessage({ id, json: k.json() });
  } catch (e) {
    if (e instanceof KnightsRefusal) postMessage({ id, refused: e.message });
    else postMessage({ id, error: String(e && e.message ? e.message : e) });
  }
};
