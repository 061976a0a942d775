// What a browser fetches of the built system: the entry and the chunks it imports statically (at load), and the
// chunks it imports with import() (on first use). Read from the built files, as a browser would follow them.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The budget of a player's load, in bytes of gzip (issue 23: under 90 KB). */
export const PLAYER_LOAD_BUDGET = 90_000;

// Minified ES modules: `import{a as b}from"./x.mjs"`, `import"./x.mjs"`, `export{a}from"./x.mjs"`; and `import("./x.mjs")`.
const STATIC = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{][^;"'`()]*?from\s*)?["'`](\.{1,2}\/[^"'`]+)["'`]/g;
const DYNAMIC = /\bimport\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g;

function specifiers(code, pattern) {
  return [...code.matchAll(pattern)].map((m) => m[1]);
}

/** Every module file reached from `entry` (relative to `dist`), split by how it is reached. */
export function loadGraph(dist, entry = "genesys.mjs") {
  const atLoad = new Set();
  const onUse = new Set();
  const missing = [];
  const read = (rel) => {
    const file = path.join(dist, rel);
    if (!fs.existsSync(file)) {
      missing.push(rel);
      return null;
    }
    return fs.readFileSync(file, "utf8");
  };
  const visit = (rel, set) => {
    if (atLoad.has(rel) || set.has(rel)) return;
    set.add(rel);
    const code = read(rel);
    if (code === null) return;
    const here = path.posix.dirname(rel);
    for (const s of specifiers(code, STATIC)) visit(path.posix.normalize(path.posix.join(here, s)), set);
    for (const s of specifiers(code, DYNAMIC)) {
      const target = path.posix.normalize(path.posix.join(here, s));
      if (!atLoad.has(target)) visit(target, onUse);
    }
  };
  visit(entry, atLoad);
  for (const rel of atLoad) onUse.delete(rel);
  const gzip = (rel) => (fs.existsSync(path.join(dist, rel)) ? zlib.gzipSync(fs.readFileSync(path.join(dist, rel)), { level: 9 }).length : 0);
  const sum = (set) => [...set].reduce((total, rel) => total + gzip(rel), 0);
  return { atLoad: [...atLoad], onUse: [...onUse], missing, loadGzip: sum(atLoad), onUseGzip: sum(onUse) };
}
