import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { ClassicLevel } from "classic-level";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, listFiles, readJson } from "../package/project.js";
import { PACKS_DIR, SOURCE_MANIFEST, compileAll, packFiles, packSources, sortKeys, sourceFileName, tempDir, type JournalSource, type SourceDoc } from "./sources.js";

/** Documents each pack ships; a change here is a change to what players see in the compendium. */
const EXPECTED_COUNTS: Record<string, number> = { animals: 11, characters: 6, weapons: 7, armour: 2, skills: 33, reference: 1, manual: 1, macros: 9 };
const COLLECTION: Record<string, string> = { Actor: "actors", Item: "items", JournalEntry: "journal", Macro: "macros" };
/** Embedded collections the CLI stores under their own LevelDB keys. */
const EMBEDDED: Record<string, string[]> = { actors: ["items", "effects"], items: ["effects"], journal: ["pages", "categories"], macros: [] };

let root = "";
let compiled: Record<string, string> = {};

beforeAll(async () => {
  root = tempDir("packs");
  compiled = await compileAll(root);
});

afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

async function readLevel(dir: string): Promise<Map<string, Record<string, unknown>>> {
  const db = new ClassicLevel<string, Record<string, unknown>>(dir, { keyEncoding: "utf8", valueEncoding: "json" });
  await db.open();
  try {
    return new Map(await db.iterator().all());
  } finally {
    await db.close();
  }
}

describe("pack sources", () => {
  it("system.json declares exactly the packs with sources, each with its expected number of documents", () => {
    expect(SOURCE_MANIFEST.packs.map((p) => p.name).sort()).toEqual(Object.keys(EXPECTED_COUNTS).sort());
    for (const pack of SOURCE_MANIFEST.packs) expect([pack.name, packFiles(pack.name).length]).toEqual([pack.name, EXPECTED_COUNTS[pack.name]]);
    expect(fs.readdirSync(PACKS_DIR).sort()).toEqual(Object.keys(EXPECTED_COUNTS).sort());
  });

  it.each(SOURCE_MANIFEST.packs.map((p) => [p.name, p.type] as const))("%s: _id of 16 letters/digits, _key of its collection, file named <slug>_<id>.json", (name, type) => {
    const collection = COLLECTION[type];
    expect(collection).toBeDefined();
    for (const file of packFiles(name)) {
      const doc = readJson<SourceDoc>(file);
      expect(doc._id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(doc._key).toBe(`!${String(collection)}!${doc._id}`);
      expect(path.basename(file)).toBe(sourceFileName(doc));
      // _key last, where extractPack writes it: an unpack of an unchanged pack is then byte-identical.
      expect(Object.keys(doc).at(-1)).toBe("_key");
    }
  });

  it("every _id is unique across all packs, embedded pages included", () => {
    const ids = SOURCE_MANIFEST.packs.flatMap((p) => packSources<SourceDoc>(p.name).map((d) => d._id));
    const pages = packSources<JournalSource>("reference").flatMap((j) => j.pages.map((pg) => pg._id));
    const all = [...ids, ...pages];
    expect(new Set(all).size).toBe(all.length);
  });

  it("journal pages carry the _key of their entry", () => {
    for (const entry of packSources<JournalSource>("reference")) {
      for (const page of entry.pages) {
        expect(page._id).toMatch(/^[A-Za-z0-9]{16}$/);
        expect(page._key).toBe(`!journal.pages!${entry._id}.${page._id}`);
      }
    }
  });
});

describe("compiled with the Foundry CLI", () => {
  it.each(SOURCE_MANIFEST.packs.map((p) => [p.name, p.type] as const))("%s reads back with classic-level: one entry per document and per embedded document", async (name, type) => {
    const collection = String(COLLECTION[type]);
    const stored = await readLevel(String(compiled[name]));
    const primary = [...stored.keys()].filter((k) => k.startsWith(`!${collection}!`));
    expect(primary.length).toBe(EXPECTED_COUNTS[name]);
    const sources = packSources<SourceDoc & Record<string, unknown>>(name);
    const expected = sources.flatMap((doc) => [
      doc._key,
      ...(EMBEDDED[collection] ?? []).flatMap((field) => {
        const children = doc[field];
        return Array.isArray(children) ? children.map((c: SourceDoc) => `!${collection}.${field}!${doc._id}.${c._id}`) : [];
      }),
    ]);
    expect([...stored.keys()].sort()).toEqual(expected.sort());
    for (const doc of sources) {
      const value = stored.get(doc._key);
      expect(value?.["name"]).toBe(doc.name);
      expect(value?.["_key"]).toBeUndefined();
    }
  });

  it("the reference pack stores the five pages of its one (Italian) entry as embedded documents", async () => {
    const stored = await readLevel(String(compiled["reference"]));
    const pages = [...stored.keys()].filter((k) => k.startsWith("!journal.pages!"));
    expect(pages.length).toBe(5);
  });
});

describe("unpack → pack round trip", () => {
  it("extractPack gives back every source document unchanged (keys compared in sorted order)", async () => {
    const out = tempDir("extract");
    try {
      for (const pack of SOURCE_MANIFEST.packs) {
        const dest = path.join(out, pack.name);
        await extractPack(String(compiled[pack.name]), dest);
        const extracted = listFiles(dest, (f) => f.endsWith(".json")).map((f) => readJson<SourceDoc>(f));
        const byId = (docs: SourceDoc[]) => Object.fromEntries(docs.map((d) => [d._id, sortKeys(d)]));
        expect(byId(extracted)).toEqual(byId(packSources<SourceDoc>(pack.name)));
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it("npm run packs:unpack (tools/unpack-packs.mjs) rewrites the sources byte for byte, under the same file names", () => {
    const out = tempDir("unpack");
    try {
      const run = spawnSync(process.execPath, ["tools/unpack-packs.mjs", "--from", root, "--out", out], { cwd: ROOT, encoding: "utf8" });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      for (const pack of SOURCE_MANIFEST.packs) {
        const sourceDir = path.join(PACKS_DIR, pack.name);
        const outDir = path.join(out, pack.name);
        const rel = (dir: string) => listFiles(dir, () => true).map((f) => path.relative(dir, f));
        expect(rel(outDir)).toEqual(rel(sourceDir));
        for (const file of rel(sourceDir)) {
          expect([file, fs.readFileSync(path.join(outDir, file), "utf8")]).toEqual([file, fs.readFileSync(path.join(sourceDir, file), "utf8")]);
        }
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it("the unpack tool names what is missing instead of writing nothing", () => {
    const run = spawnSync(process.execPath, ["tools/unpack-packs.mjs", "--from", path.join(root, "nowhere"), "--out", path.join(root, "unused"), "animals"], { cwd: ROOT, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/compiled pack not found: .*packs\/animals/);
    const unknown = spawnSync(process.execPath, ["tools/unpack-packs.mjs", "--from", root, "--out", path.join(root, "unused"), "dragons"], { cwd: ROOT, encoding: "utf8" });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/no such pack in system.json: dragons/);
  });
});
