// Builds dist/ into exactly the installable system: manifest, bundle, CSS, templates, lang, compiled packs.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { build as viteBuild } from "vite";
import * as sass from "sass";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import ts from "typescript";
import { ROOT, BuildError, distDir, manifestFiles, readJson, sourceManifest } from "./lib/project.mjs";
import { PLAYER_LOAD_BUDGET, loadGraph } from "./lib/load-size.mjs";

const PACK_COLLECTIONS = { Actor: "actors", Item: "items", JournalEntry: "journal", RollTable: "tables", Macro: "macros" };

/** Check every source the build needs; report all problems at once, each naming the missing piece. */
export function checkSources(manifest = sourceManifest()) {
  const problems = [];
  for (const lang of manifest.languages ?? []) {
    if (!fs.existsSync(path.join(ROOT, lang.path))) problems.push(`language file missing: ${lang.path} (declared for "${lang.lang}" in system.json)`);
  }
  if (!fs.existsSync(path.join(ROOT, "styles/genesys.scss"))) problems.push("stylesheet missing: styles/genesys.scss");
  for (const t of templatesUsedBySource()) {
    if (!fs.existsSync(path.join(ROOT, t))) problems.push(`template missing: ${t} (referenced in src/)`);
  }
  for (const pack of manifest.packs ?? []) problems.push(...checkPackSource(pack));
  for (const f of ["LICENSE", "README.md", "CHANGELOG.md"]) if (!fs.existsSync(path.join(ROOT, f))) problems.push(`file missing: ${f}`);
  return problems;
}

/** Template paths written in src/ as "systems/<id>/templates/…" or "templates/…hbs" relative to the system. */
export function templatesUsedBySource() {
  const found = new Set();
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.ts$/.test(e.name)) {
        const text = fs.readFileSync(p, "utf8");
        for (const m of text.matchAll(/systems\/genesys-gdr\/(templates\/[\w/.-]+\.hbs)/g)) found.add(m[1]);
      }
    }
  };
  walk(path.join(ROOT, "src"));
  return [...found].sort();
}

function packSourceDir(pack) {
  return path.join(ROOT, "packs", pack.name);
}

/** Every source document file of a pack, recursively (one file per document). */
export function packSourceFiles(pack) {
  const dir = packSourceDir(pack);
  if (!fs.existsSync(dir)) return [];
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(json|ya?ml)$/.test(e.name)) out.push(p);
    }
  };
  walk(dir);
  return out.sort();
}

function checkPackSource(pack) {
  const problems = [];
  const dir = packSourceDir(pack);
  const rel = path.relative(ROOT, dir);
  if (!fs.existsSync(dir)) return [`pack source missing: ${rel}/ (pack "${pack.name}" in system.json)`];
  const files = packSourceFiles(pack);
  if (files.length === 0) problems.push(`pack source empty: ${rel}/ has no document files`);
  const collection = PACK_COLLECTIONS[pack.type];
  for (const file of files) {
    const relFile = path.relative(ROOT, file);
    let doc;
    try {
      doc = readJson(file);
    } catch (err) {
      problems.push(`pack document unreadable: ${relFile}: ${err.message}`);
      continue;
    }
    // The CLI silently skips entries without _key: that would drop documents from the pack.
    const keys = [`!${collection}!${doc._id}`, `!folders!${doc._id}`];
    if (!keys.includes(doc._key)) problems.push(`pack document ${relFile}: _key must be "${keys[0]}" (or "${keys[1]}" for a folder)`);
    if (!/^[A-Za-z0-9]{16}$/.test(doc._id ?? "")) problems.push(`pack document ${relFile}: _id must be 16 letters or digits`);
  }
  return problems;
}

export const API_DECLARATIONS = "genesys-api.d.ts";

/**
 * dist/genesys-api.d.ts: tsc's declarations of src/api-contract.ts (tsconfig.api.json), the public types of
 * game.genesys and its hooks. The contract must import nothing of the system, so tsc writes exactly one file.
 */
export function buildApiDeclarations(out) {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new BuildError(ts.flattenDiagnosticMessageText(d.messageText, "\n")); } };
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, "tsconfig.api.json"), {}, host);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const written = [];
  const emitted = program.emit(undefined, (file, text) => written.push({ file, text }), undefined, true);
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (diagnostics.length) {
    const text = ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => ROOT, getNewLine: () => "\n" });
    throw new BuildError(`API declarations: tsc reports\n${text}`);
  }
  if (written.length !== 1) {
    throw new BuildError(`API declarations: src/api-contract.ts must import nothing of the system, tsc wrote ${written.map((w) => path.relative(ROOT, w.file)).join(", ")}`);
  }
  const header = "// GeneSys GdR: game.genesys and its hooks, for macros and modules written in TypeScript with fvtt-types.\n// Generated from src/api-contract.ts by tools/build.mjs; do not edit.\n";
  fs.writeFileSync(path.join(out, API_DECLARATIONS), header + written[0].text);
}

function copyDir(src, dest) {
  if (!fs.existsSync(src)) return;
  fs.cpSync(src, dest, { recursive: true });
}

export async function buildSystem({ out = distDir(), quiet = false } = {}) {
  const started = performance.now();
  const manifest = sourceManifest();
  const problems = checkSources(manifest);
  if (problems.length) throw new BuildError(`Build stopped:\n  - ${problems.join("\n  - ")}`);

  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });

  await viteBuild({ configFile: path.join(ROOT, "vite.config.ts"), logLevel: quiet ? "silent" : "warn", build: { outDir: out } });

  const css = sass.compile(path.join(ROOT, "styles/genesys.scss"), { style: "expanded", loadPaths: [path.join(ROOT, "styles")] });
  fs.writeFileSync(path.join(out, "genesys.css"), css.css);

  copyDir(path.join(ROOT, "templates"), path.join(out, "templates"));
  copyDir(path.join(ROOT, "lang"), path.join(out, "lang"));
  copyDir(path.join(ROOT, "assets"), path.join(out, "assets"));
  for (const f of ["LICENSE", "README.md", "CHANGELOG.md"]) fs.copyFileSync(path.join(ROOT, f), path.join(out, f));
  fs.writeFileSync(path.join(out, "system.json"), JSON.stringify(manifest, null, 2) + "\n");
  buildApiDeclarations(out);

  for (const pack of manifest.packs ?? []) {
    await compilePack(packSourceDir(pack), path.join(out, pack.path), { recursive: true });
  }

  const missing = manifestFiles(manifest).filter((f) => !fs.existsSync(path.join(out, f)));
  if (missing.length) throw new BuildError(`Build incomplete, system.json names files not in ${out}: ${missing.join(", ")}`);

  const bundle = fs.readFileSync(path.join(out, "genesys.mjs"));
  const gz = zlib.gzipSync(bundle, { level: 9 }).length;
  const graph = loadGraph(out);
  if (graph.missing.length) throw new BuildError(`Build incomplete, the bundle imports files not in ${out}: ${graph.missing.join(", ")}`);
  if (!quiet) {
    console.log(`genesys.mjs ${(bundle.length / 1024).toFixed(1)} KiB minified, ${(gz / 1024).toFixed(1)} KiB gzip`);
    console.log(`at load ${(graph.loadGzip / 1000).toFixed(1)} kB gzip in ${String(graph.atLoad.length)} file(s) (budget ${String(PLAYER_LOAD_BUDGET / 1000)} kB); on first use ${String(graph.onUse.length)} chunks, ${(graph.onUseGzip / 1000).toFixed(1)} kB gzip`);
    console.log(`built ${path.relative(ROOT, out) || out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return { out, bundleBytes: bundle.length, gzipBytes: gz, loadGzipBytes: graph.loadGzip };
}

async function watch() {
  await buildSystem();
  console.log("watching src/, styles/, templates/, lang/, packs/ — Ctrl+C to stop");
  let timer;
  const rebuild = () => {
    clearTimeout(timer);
    timer = setTimeout(() => buildSystem().catch((err) => console.error(err.message)), 200);
  };
  for (const d of ["src", "styles", "templates", "lang", "packs", "system.json"]) {
    const p = path.join(ROOT, d);
    if (fs.existsSync(p)) fs.watch(p, { recursive: true }, rebuild);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const run = process.argv.includes("--watch") ? watch() : buildSystem();
  run.catch((err) => {
    console.error(err instanceof BuildError ? err.message : err);
    process.exit(1);
  });
}
