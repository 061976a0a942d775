// Brings compiled compendium packs back to their JSON sources, so edits made inside Foundry can be committed.
//
//   npm run packs:unpack                          dist/packs/<name> → packs/<name>/, every pack of system.json
//   npm run packs:unpack -- animals weapons       only these packs
//   npm run packs:unpack -- --from DIR            read DIR/packs/<name> (a Foundry data folder's systems/genesys-gdr, say)
//   npm run packs:unpack -- --out DIR             write DIR/<name>/ instead of packs/<name>/
//   npm run packs:unpack -- --keep-stats          keep Foundry's _stats (timestamps, versions); dropped by default
//
// One file per document, named <slug>_<id>.json like the sources, so unpacking an unchanged pack changes nothing.
// The destination folder is emptied first: a document deleted in Foundry disappears from the sources too.
import fs from "node:fs";
import path from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { ROOT, argValue, sourceManifest } from "./lib/project.mjs";

/** Same folding as SkillModel's slugify (src/data/item/skill.ts): "Armatura da Cavaliere" → "armatura_da_cavaliere". */
export function slugify(name) {
  return String(name)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** The source file name of a document: <slug>_<id>.json (just <id>.json when the name folds to nothing). */
export function sourceFileName(doc) {
  const slug = slugify(doc.name ?? "");
  return `${slug ? `${slug}_` : ""}${doc._id}.json`;
}

/** Embedded collections whose documents carry their own _stats. */
const EMBEDDED = ["items", "effects", "pages", "results", "categories"];

function dropStats(doc) {
  delete doc._stats;
  for (const field of EMBEDDED) {
    if (Array.isArray(doc[field])) for (const child of doc[field]) if (child && typeof child === "object") dropStats(child);
  }
}

/** Extracts one compiled pack (a LevelDB folder) into `dest`, replacing what is there. */
export async function unpackPack(src, dest, { keepStats = false } = {}) {
  if (!fs.existsSync(src)) throw new Error(`compiled pack not found: ${path.relative(ROOT, src) || src} (run \`npm run build\` first, or pass --from)`);
  await extractPack(src, dest, {
    clean: true,
    jsonOptions: { space: 2 },
    transformEntry: keepStats ? undefined : async (doc) => dropStats(doc),
    transformName: async (doc) => sourceFileName(doc),
  });
}

const OPTIONS_WITH_VALUE = new Set(["--from", "--out"]);

async function main(argv = process.argv.slice(2)) {
  const from = path.resolve(ROOT, argValue("from", ["", "", ...argv]) ?? "dist");
  const out = argValue("out", ["", "", ...argv]);
  const keepStats = argv.includes("--keep-stats");
  const names = argv.filter((a, i) => !a.startsWith("--") && !OPTIONS_WITH_VALUE.has(argv[i - 1] ?? ""));
  const packs = sourceManifest().packs ?? [];
  const unknown = names.filter((n) => !packs.some((p) => p.name === n));
  if (unknown.length) throw new Error(`no such pack in system.json: ${unknown.join(", ")}`);
  for (const pack of packs) {
    if (names.length && !names.includes(pack.name)) continue;
    const src = path.join(from, pack.path ?? `packs/${pack.name}`);
    const dest = out ? path.resolve(ROOT, out, pack.name) : path.join(ROOT, "packs", pack.name);
    await unpackPack(src, dest, { keepStats });
    const count = fs.readdirSync(dest).filter((f) => f.endsWith(".json")).length;
    console.log(`${pack.name}: ${count} documents → ${path.relative(ROOT, dest) || dest}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err.message ?? err);
    process.exit(1);
  });
}
