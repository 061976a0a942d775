// What each chunk of the bundle holds: `node tools/bundle-modules.mjs` lists the chunks (LOAD: fetched at load, lazy:
// on first use) and the player's load; `node tools/bundle-modules.mjs LOAD 40` (or a chunk's name) lists its 40
// largest modules, by folder and by file, in bytes before minification. Nothing is written.
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "vite";
import { ROOT } from "./lib/project.mjs";

process.chdir(ROOT);
const res = await build({ configFile: "vite.config.ts", logLevel: "silent", build: { write: false, outDir: path.join(os.tmpdir(), "genesys-bundle-modules") } });
const outs = Array.isArray(res) ? res : [res];
const chunks = new Map();
for (const o of outs) for (const c of o.output) if (c.type === "chunk") chunks.set(c.fileName, c);
const gz = (c) => zlib.gzipSync(c.code, { level: 9 }).length;
const closure = new Set();
const visit = (name) => { if (closure.has(name)) return; closure.add(name); for (const i of chunks.get(name).imports) visit(i); };
visit("genesys.mjs");
let total = 0;
for (const [name, c] of chunks) {
  const g = gz(c);
  if (closure.has(name)) total += g;
  console.log(`${closure.has(name) ? "LOAD" : "lazy"} ${name} ${(c.code.length/1024).toFixed(1)}K min ${(g/1024).toFixed(1)}K gz`);
}
console.log(`player load: ${(total/1024).toFixed(1)} KiB gzip`);
if (process.argv[2]) {
  const want = process.argv[2];
  const rows = [];
  for (const [name, c] of chunks) if (want === "LOAD" ? closure.has(name) : name.includes(want)) for (const [id, m] of Object.entries(c.modules)) rows.push([id.replace(process.cwd()+"/", ""), m.renderedLength]);
  const byDir = {};
  for (const [r, l] of rows) { const d = r.split("/").slice(0, 2).join("/"); byDir[d] = (byDir[d] ?? 0) + l; }
  console.log(Object.entries(byDir).sort((a, b) => b[1] - a[1]).map(([d, l]) => `${d} ${(l/1024).toFixed(1)}K`).join("\n"));
  console.log(rows.sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 40)).map(([d, l]) => `  ${d} ${(l/1024).toFixed(1)}K`).join("\n"));
}
