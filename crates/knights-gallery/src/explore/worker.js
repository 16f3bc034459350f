// The explorer's worker: loads the knights-web module once and, for each request the
// page posts ({ id, request: "board=46x38&algo=besa&show=..." }), builds and proves the
// tour, measures it and draws it, posting a progress line before each step, then the
// answer ({ id, summary, metrics, svg, ms }) and, after it, the tour's JSON file
// ({ id, json }). A request the module refuses is answered { id, refused: REASON }
// (the command line's one line); anything else { id, error }. The page terminates this
// worker to cancel, and starts another.
import { Knights, KnightsRefusal } from "./knights.js";

let knights = null;

function progress(id, line) {
  postMessage({ id, progress: line });
}

async function load(id) {
  if (knights) return knights;
  progress(id, "Loading the module…");
  const response = await fetch(new URL("knights_web.wasm", import.meta.url));
  if (!response.ok) throw new Error(`the module did not load (HTTP ${response.status})`);
  knights = await Knights.load(await response.arrayBuffer());
  return knights;
}

onmessage = async (event) => {
  const { id, request, cells } = event.data;
  try {
    const k = await load(id);
    const size = cells ? ` (${cells.toLocaleString("en")} cells)` : "";
    progress(id, `Building and proving the tour${size}…`);
    const t0 = performance.now();
    const summary = k.build(request);
    progress(id, "Measuring it…");
    const metrics = k.metrics();
    progress(id, "Drawing it…");
    const svg = k.svg(request);
    const ms = performance.now() - t0;
    postMessage({ id, summary, metrics, svg, ms });
    postMessage({ id, json: k.json() });
  } catch (e) {
    if (e instanceof KnightsRefusal) postMessage({ id, refused: e.message });
    else postMessage({ id, error: String(e && e.message ? e.message : e) });
  }
};
