/**
 * One language per text (issue 12): every pack source holds Italian only, every document has its English entry in
 * lang/babele/en, no field mixes languages, and a document dragged out in English or Italian shows only that language.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { BABELE_DIR, registerBabele } from "../../src/i18n/babele.js";
import { translateLabels } from "../../src/i18n/pack-translation.js";
import { bootSystem } from "../foundry/boot.js";
import { createActor } from "../documents/helpers.js";
import { renderAnimal, renderItem, translations as sheetStrings } from "../applications/sheet-fixtures.js";
import { BABELE_ROOT, translate, translationFile, translationLanguages } from "./babele.js";
import { PACKS_DIR, SOURCE_MANIFEST, looksEnglish, looksItalian } from "./sources.js";
import { expectConsole } from "../console-guard.js";

beforeAll(async () => {
  await bootSystem();
});

type Doc = Record<string, unknown> & { _id: string; name: string };
const docsOf = (pack: string): Doc[] =>
  fs.readdirSync(path.join(PACKS_DIR, pack)).filter((f) => f.endsWith(".json")).map((f) => JSON.parse(fs.readFileSync(path.join(PACKS_DIR, pack, f), "utf8")) as Doc);

const PACKS = SOURCE_MANIFEST.packs.map((p) => ({ name: p.name, type: p.type as "Actor" | "Item" | "JournalEntry" }));

/** Every prose string in a value: text of a sentence or more (ids, keys, paths, formulas and short labels excluded). */
function prose(value: unknown, at = ""): { at: string; text: string }[] {
  if (typeof value === "string") {
    const text = value.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
    return /^(icons|systems|modules)\//.test(value) || at.endsWith("_key") || text.split(" ").length < 6 ? [] : [{ at, text }];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => prose(v, `${at}[${String(i)}]`));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([k, v]) => prose(v, at ? `${at}.${k}` : k));
  return [];
}

/** Paragraph by paragraph: each must be of the one language. */
const paragraphsOf = (html: string): string[] => html.split(/<\/p>|<\/li>|<\/h\d>|\n/).map((p) => p.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim()).filter((p) => p.split(" ").length >= 6);

describe("pack sources hold Italian only", () => {
  for (const pack of PACKS) {
    it(`${pack.name}: every text is Italian, paragraph by paragraph`, () => {
      for (const doc of docsOf(pack.name)) {
        for (const { at, text } of prose(doc)) {
          for (const p of paragraphsOf(text)) expect([doc.name, at, looksEnglish(p) && !looksItalian(p)], p).toEqual([doc.name, at, false]);
        }
      }
    });
  }
});

describe("English translation files", () => {
  it("English is there, Italian needs none (it is the source)", () => {
    expect(translationLanguages()).toContain("en");
    expect(translationLanguages()).not.toContain("it");
    expect(fs.existsSync(path.join(BABELE_ROOT, "..", "..", BABELE_DIR))).toBe(true);
  });

  for (const pack of PACKS) {
    it(`${pack.name}: the same documents in both languages, each with its English name and only English text`, () => {
      const file = translationFile("en", pack.name);
      expect(file, `lang/babele/en/genesys-gdr.${pack.name}.json`).not.toBeNull();
      if (!file) return;
      expect(file.label.length).toBeGreaterThan(0);
      const docs = docsOf(pack.name);
      expect(Object.keys(file.entries).sort()).toEqual(docs.map((d) => d._id).sort());
      for (const doc of docs) {
        const entry = file.entries[doc._id] ?? {};
        expect(typeof entry["name"] === "string" && entry["name"].length > 0, doc.name).toBe(true);
        for (const { at, text } of prose(entry)) {
          for (const p of paragraphsOf(text)) expect([doc.name, at, looksItalian(p) && !looksEnglish(p)], p).toEqual([doc.name, at, false]);
        }
      }
    });
  }

  it("every mapped field's path exists on the pack's documents", () => {
    for (const pack of PACKS) {
      const file = translationFile("en", pack.name);
      for (const [field, target] of Object.entries(file?.mapping ?? {})) {
        const dotted = typeof target === "string" ? target : target.path;
        const some = docsOf(pack.name).some((d) => dotted.split(".").reduce<unknown>((o, k) => (typeof o === "object" && o !== null ? (o as Record<string, unknown>)[k] : undefined), d) !== undefined);
        expect([pack.name, field, some]).toEqual([pack.name, field, true]);
      }
    }
  });
});

describe("a document shows only the player's language", () => {
  const wolfSource = (): Doc => docsOf("animals").find((d) => d._id === "gnsAnimalWolf001") ?? ({} as Doc);

  async function wolfSheet(lang: "it" | "en"): Promise<string> {
    const source = lang === "en" ? translate(wolfSource(), "en", "animals", "Actor") : wolfSource();
    const actor = await createActor(source as unknown as Parameters<typeof createActor>[0]);
    // Every tab is rendered (the notes tab with the GM notes too: the viewer is the Narrator).
    return renderAnimal(actor, sheetStrings(lang), { isGM: true });
  }

  it("the wolf in English: English name, description and notes; no Italian paragraph", async () => {
    const html = await wolfSheet("en");
    const entry = translationFile("en", "animals")?.entries["gnsAnimalWolf001"] ?? {};
    expect(html).toContain(String(entry["name"]));
    const italian = wolfSource()["system"] as Record<string, unknown>;
    for (const p of [...paragraphsOf(String(italian["description"])), ...paragraphsOf(String(italian["gmNotes"]))]) expect(html).not.toContain(p.slice(0, 40));
    for (const p of paragraphsOf(String(entry["description"]))) expect(html).toContain(p.slice(0, 40).replace(/'/g, "&#x27;"));
  });

  it("the wolf in Italian: the source as it is, no English paragraph", async () => {
    const html = await wolfSheet("it");
    const entry = translationFile("en", "animals")?.entries["gnsAnimalWolf001"] ?? {};
    expect(html).toContain("Lupo");
    for (const p of paragraphsOf(String(entry["description"]))) expect(html).not.toContain(p.slice(0, 40));
  });

  it("a skill dragged out in English keeps its key, so the weapons that name it still find it", async () => {
    const skills = docsOf("skills");
    const pistola = skills.find((s) => (s["system"] as { key?: string }).key === "pistola");
    expect(pistola).toBeDefined();
    if (!pistola) return;
    const english = translate(pistola, "en", "skills", "Item");
    expect(english.name).not.toBe(pistola.name);
    expect((english["system"] as { key?: string }).key).toBe("pistola");
    const actor = await createActor({ name: "Jack", type: "character", items: [english] });
    const item = actor.items.contents[0];
    if (!item) throw new Error("no skill");
    const html = renderItem(item, sheetStrings("en"), { isGM: true });
    expect(html).toContain(english.name);
  });
});

describe("the system hands its files to Babele", () => {
  it("at babele.init: the system's translation folder and its converter", () => {
    let listener: ((babele: unknown) => void) | undefined;
    registerBabele({ once: (hook, fn) => { expect(hook).toBe("babele.init"); listener = fn; } });
    const seen: { dir?: string; converters?: string[] } = {};
    listener?.({ setSystemTranslationsDir: (dir: string) => (seen.dir = dir), registerConverters: (c: Record<string, unknown>) => (seen.converters = Object.keys(c)) });
    expect(seen).toEqual({ dir: "lang/babele", converters: ["genesysLabels"] });
  });

  it("an old Babele without system translations is left alone, with a warning in the console", () => {
    let listener: ((babele: unknown) => void) | undefined;
    registerBabele({ once: (_hook, fn) => { listener = fn; } });
    const calls: string[] = [];
    expect(() => listener?.({ registerConverters: () => calls.push("converters") })).not.toThrow();
    expect(calls).toEqual([]);
    expectConsole("warn", /cannot load a system\'s translations/);
  });

  it("genesysLabels translates capability labels by key and leaves the rest", () => {
    const source = [{ key: "tracking", label: "fiutare", bonus: 2 }, { key: "custom", label: "ululare", bonus: 1 }];
    expect(translateLabels(source, { tracking: "track" })).toEqual([{ key: "tracking", label: "track", bonus: 2 }, { key: "custom", label: "ululare", bonus: 1 }]);
    expect(translateLabels(source, null)).toBe(source);
    expect(translateLabels("x", { a: "b" })).toBe("x");
  });
});
