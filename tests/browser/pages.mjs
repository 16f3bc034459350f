// The HTML pages of a built site, shared by the browser checks: every `.html` file
// under `site`, as a path relative to it with forward slashes, sorted.
import { readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";

export async function htmlFiles(site, dir = site) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await htmlFiles(site, p)));
    else if (e.name.endsWith(".html")) out.push(relative(site, p).split(sep).join("/"));
  }
  return out.sort();
}
