import path from "node:path";
import { ClassicLevel } from "classic-level";
import { describe, expect, it } from "vitest";
import { DIST, ROOT, distManifest, listFiles, readJson } from "./project.js";

type SourceDoc = { _id: string; _key: string; name: string } & Record<string, unknown>;

/** Embedded collections the CLI stores under their own keys. */
const EMBEDDED: Record<string, string[]> = { actors: ["items", "effects"], items: ["effects"], journal: ["pages"] };

/** The LevelDB keys a source document must produce: its own, plus one per embedded document. */
function expectedKeys(doc: SourceDoc): string[] {
  const [, collection = ""] = doc._key.split("!");
  const keys = [doc._key];
  for (const field of EMBEDDED[collection] ?? []) {
    const children = (doc[field] ?? []) as SourceDoc[];
    for (const child of children) keys.push(`!${collection}.${field}!${doc._id}.${child._id}`);
  }
  return keys;
}

describe("compiled packs", () => {
  const manifest = distManifest();
  it.each(manifest.packs.map((p) => [p.name, p] as const))("%s opens with classic-level and holds exactly its source documents", async (_name, pack) => {
    const sources = listFiles(path.join(ROOT, "packs", pack.name), (f) => f.endsWith(".json")).map((f) => readJson<SourceDoc>(f));
    expect(sources.length).toBeGreaterThan(0);
    const db = new ClassicLevel<string, Record<string, unknown>>(path.join(DIST, pack.path), { keyEncoding: "utf8", valueEncoding: "json" });
    try {
      await db.open();
      const keys = await db.keys().all();
      expect(keys.sort()).toEqual(sources.flatMap(expectedKeys).sort());
      for (const doc of sources) {
        const stored = await db.get(doc._key);
        expect(stored?.["name"]).toBe(doc.name);
        expect(stored?.["_key"]).toBeUndefined();
      }
    } finally {
      await db.close();
    }
  });
});
