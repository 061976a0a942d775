// Why a module is in the player's load: the static import graph of src/ from the entry, with each module's size in a
// single build. `node tools/load-why.mjs` lists, for each module, how much would leave the load if it were loaded on
// first use (TOP=n rows); `ONLY=request/request-flow.ts` lists what only that module keeps; `WHO=x.ts` who imports x;
// `BIG=n` the n largest modules; `CUT=a.ts,b.ts` pretends those are loaded lazily. Nothing is written.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { build } from "vite";
import { ROOT } from "./lib/project.mjs";

process.chdir(ROOT);
const SRC = path.resolve("src");
const files = [];
const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else if (p.endsWith(".ts")) files.push(p); } };
walk(SRC);
const edges = new Map();
for (const f of files) {
  const s = ts.createSourceFile(f, fs.readFileSync(f, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out = [];
  for (const st of s.statements) {
    let spec, typeOnly = false;
    if (ts.isImportDeclaration(st)) { spec = st.moduleSpecifier; typeOnly = st.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword; }
    else if (ts.isExportDeclaration(st) && st.moduleSpecifier) { spec = st.moduleSpecifier; typeOnly = st.isTypeOnly; }
    if (!spec || typeOnly || !spec.text.startsWith(".")) continue;
    out.push(path.relative(SRC, path.resolve(path.dirname(f), spec.text.replace(/\.js$/, ".ts"))));
  }
  edges.set(path.relative(SRC, f), out);
}
const res = await build({ configFile: "vite.config.ts", logLevel: "silent", build: { write: false, outDir: path.join(os.tmpdir(), "genesys-load-why"), rolldownOptions: { output: { codeSplitting: false } } } });
const size = new Map();
for (const o of (Array.isArray(res) ? res : [res])) for (const c of o.output) if (c.type === "chunk") for (const [id, m] of Object.entries(c.modules)) if (id.startsWith(SRC)) size.set(path.relative(SRC, id), m.renderedLength);
const cut = new Set((process.env.CUT ?? "").split(",").filter(Boolean));
function reach(removed) {
  const seen = new Set();
  const stack = ["genesys.ts"];
  while (stack.length) { const m = stack.pop(); if (seen.has(m) || m === removed || cut.has(m)) continue; seen.add(m); for (const t of edges.get(m) ?? []) stack.push(t); }
  return seen;
}
const all = reach(null);
const total = [...all].reduce((s, m) => s + (size.get(m) ?? 0), 0);
console.log(`entry closure ${(total/1024).toFixed(0)}K rendered, ${all.size} modules`);
const rows = [];
for (const m of all) { if (m === "genesys.ts") continue; const r = reach(m); const only = [...all].filter((x) => !r.has(x)); rows.push([m, only.reduce((s, x) => s + (size.get(x) ?? 0), 0), only.length]); }
rows.sort((a, b) => b[1] - a[1]);
console.log(rows.slice(0, Number(process.env.TOP ?? 50)).map(([m, s, n]) => `${(s/1024).toFixed(1)}K ${n} ${m}`).join("\n"));
if (process.env.WHO) { for (const [m, ts_] of edges) if (ts_.includes(process.env.WHO) && all.has(m)) console.log("imported by", m); }
if (process.env.BIG) { console.log("--- biggest in closure"); console.log([...all].map((m) => [m, size.get(m) ?? 0]).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.BIG)).map(([m, s]) => `${(s/1024).toFixed(1)}K ${m}`).join("\n")); }
if (process.env.ONLY) { const r = reach(process.env.ONLY); console.log([...all].filter((x) => !r.has(x)).map((x) => `${((size.get(x) ?? 0)/1024).toFixed(1)}K ${x}`).join("\n")); }
