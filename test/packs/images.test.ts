/**
 * Each compendium document has its own core icon (a scannable compendium, not one generic icon per type), and each
 * icon's path is one public Foundry systems reference (docs/compendium-icons.json records where), since Foundry's core
 * icons are not on this machine to check against.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, readJson } from "../package/project.js";
import { PACKS_DIR, SOURCE_MANIFEST } from "./sources.js";

const EVIDENCE = readJson<{ icons: Record<string, { img: string; evidence: string[] }> }>(path.join(ROOT, "docs/compendium-icons.json")).icons;
type Doc = { _id: string; name: string; img?: string; prototypeToken?: { texture?: { src?: string } }; pages?: unknown[] };
const docsOf = (pack: string): Doc[] => fs.readdirSync(path.join(PACKS_DIR, pack)).map((f) => readJson<Doc>(path.join(PACKS_DIR, pack, f)));

describe("compendium images", () => {
  for (const pack of SOURCE_MANIFEST.packs.filter((p) => p.type !== "JournalEntry")) {
    it(`${pack.name}: a core icon per document, none shared, each with its evidence`, () => {
      const docs = docsOf(pack.name);
      const imgs = docs.map((d) => d.img ?? "");
      expect(new Set(imgs).size).toBe(docs.length);
      for (const doc of docs) {
        expect([doc.name, doc.img?.startsWith("icons/") === true, doc.img?.startsWith("icons/svg/") === true]).toEqual([doc.name, true, false]);
        const evidence = EVIDENCE[doc._id];
        expect([doc.name, evidence?.img]).toEqual([doc.name, doc.img]);
        expect(evidence?.evidence.length ?? 0).toBeGreaterThan(0);
        if (doc.prototypeToken?.texture) expect(doc.prototypeToken.texture.src).toBe(doc.img);
      }
    });
  }
});
