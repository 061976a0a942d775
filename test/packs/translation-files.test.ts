/**
 * The shape of the English Babele files (lang/babele/en/genesys-gdr.<pack>.json): each pack's label is the English
 * one of lang/en.json, the mapping names exactly the pack's text fields, and an entry holds only fields Babele will
 * use (a misspelt field would be dropped without a word). The text itself is checked by the pack tests.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ROOT, readJson } from "../package/project.js";
import { SOURCE_MANIFEST, packSources, translation, translationPath, type SourceDoc } from "./sources.js";

const EN = readJson<Record<string, unknown>>(`${ROOT}/lang/en.json`);

function localize(key: string): unknown {
  return key.split(".").reduce<unknown>((o, k) => (typeof o === "object" && o !== null ? (o as Record<string, unknown>)[k] : undefined), EN);
}

/** Babele's mapping of each document type's text fields (the default mappings add name, token name, items, pages). */
const MAPPING: Record<string, Record<string, unknown> | undefined> = {
  Actor: {
    description: "system.description",
    gmNotes: "system.gmNotes",
    natural: "system.attack.natural",
    capabilities: { path: "system.capabilities", converter: "genesysLabels" },
  },
  Item: { description: "system.description" },
  JournalEntry: undefined,
};

/** Packs whose documents have more text fields than their type's usual ones: the characters' biographies. */
const PACK_MAPPING: Record<string, Record<string, unknown> | undefined> = {
  characters: { ...MAPPING["Actor"], biography: "system.biography" },
};

describe.each(SOURCE_MANIFEST.packs.map((p) => [p.name, p] as const))("lang/babele/en/genesys-gdr.%s.json", (name, pack) => {
  const file = translationPath(name);

  it("exists, in the sources' JSON layout (2-space indent, final newline)", () => {
    expect(fs.existsSync(file)).toBe(true);
    const text = fs.readFileSync(file, "utf8");
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  });

  it("is labelled with the pack's English label and maps the pack's text fields", () => {
    const t = translation(name);
    expect(t.label).toBe(localize(pack.label));
    expect(t.mapping).toEqual(name in PACK_MAPPING ? PACK_MAPPING[name] : MAPPING[pack.type]);
  });

  it("has one entry per document and nothing else; entries hold only name and mapped fields", () => {
    const t = translation(name);
    const docs = packSources<SourceDoc>(name);
    expect(Object.keys(t.entries).sort()).toEqual(docs.map((d) => d._id).sort());
    // An actor's entry may name its own embedded items, those no item pack translates (Babele's default fromPack).
    const allowed = ["name", ...Object.keys(t.mapping ?? {}), ...(pack.type === "JournalEntry" ? ["pages"] : []), ...(pack.type === "Actor" ? ["items"] : [])];
    for (const [id, entry] of Object.entries(t.entries)) {
      expect(typeof entry.name === "string" && entry.name.length > 0, id).toBe(true);
      for (const field of Object.keys(entry)) expect([id, field, allowed.includes(field)]).toEqual([id, field, true]);
    }
  });
});
