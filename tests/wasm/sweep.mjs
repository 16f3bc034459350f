// Loads the knights-web module in Node and, for each case of a JSON file
// ([{ "build": "board=8x8&...", "draw": "show=...", "out": "PATH.svg" }]), builds the
// board, draws it and writes the SVG to `out` (or the one-line refusal to `out` +
// ".refused"); prints one line per case with its time, then the module's size.
//   node tests/wasm/sweep.mjs MODULE.wasm CASES.json
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { Knights, KnightsRefusal } from "../../crates/knights-web/js/knights.mjs";

const [wasmPath, casesPath] = process.argv.slice(2);
const bytes = readFileSync(wasmPath);
const knights = await Knights.load(bytes);
for (const c of JSON.parse(readFileSync(casesPath, "utf8"))) {
  const t0 = performance.now();
  try {
    const verified = knights.build(c.build);
    const metrics = knights.metrics();
    const svg = knights.svg(c.draw);
    const ms = performance.now() - t0;
    writeFileSync(c.out, svg);
    console.log(`case ${c.build} ${c.draw}: ${verified}; ${metrics.turns} turns; ${ms.toFixed(0)} ms`);
  } catch (e) {
    if (!(e instanceof KnightsRefusal)) throw e;
    writeFileSync(c.out + ".refused", e.message);
    console.log(`case ${c.build}: refused: ${e.message}`);
  }
}
console.log(`module: ${bytes.length} bytes, ${gzipSync(bytes, { level: 9 }).length} gzipped`);
