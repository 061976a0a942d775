/**
 * What Babele does with the system's translation files, for the tests: a pack document's source (Italian) with the
 * entry of lang/babele/<lang>/genesys-gdr.<pack>.json applied, as Babele applies it when the compendium is browsed or a
 * document is dragged out. Modelled on Babele's own code (in3luki/fvtt-babele):
 * - entries are found by the document's uuid, `_id` or name (translated-compendium.ts `translationsFor`);
 * - `name` and, for actors, the prototype token's name and embedded items (converter fromPack: items translated from
 *   any translated pack that holds them), for journals their pages (converter pages: `name` and
 *   `text` into `text.content`) come from the default mappings (values.ts DEFAULT_MAPPINGS);
 * - a journal page's translation is found by the page's name alone (converters.ts, pages: `translations[data.name]`);
 * - each file's "mapping" adds `field: "path"` or `field: { path, converter }`; a converter gets the source value and
 *   the entry's value (babele.ts registerConverters). Only the converters the system registers are known here.
 * Not modelled: Babele's index sorting, folders, references between packs, dynamic mappings.
 */
import fs from "node:fs";
import path from "node:path";
import { translateLabels } from "../../src/i18n/pack-translation.js";
import { ROOT } from "../package/project.js";

export const BABELE_ROOT = path.join(ROOT, "lang", "babele");

type Mapping = Record<string, string | { path: string; converter: string }>;
export interface TranslationFile {
  label: string;
  mapping?: Mapping;
  entries: Record<string, Record<string, unknown>>;
}

const CONVERTERS: Record<string, (value: unknown, translation: unknown) => unknown> = { genesysLabels: translateLabels };

/** Every language that has translation files, and the packs each covers. */
export function translationLanguages(): string[] {
  return fs.existsSync(BABELE_ROOT) ? fs.readdirSync(BABELE_ROOT).filter((d) => fs.statSync(path.join(BABELE_ROOT, d)).isDirectory()) : [];
}

export function translationFile(lang: string, pack: string): TranslationFile | null {
  const file = path.join(BABELE_ROOT, lang, `genesys-gdr.${pack}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as TranslationFile) : null;
}

type Doc = Record<string, unknown> & { _id?: string; name?: string };

function getPath(doc: Record<string, unknown>, dotted: string): unknown {
  return dotted.split(".").reduce<unknown>((o, k) => (typeof o === "object" && o !== null ? (o as Record<string, unknown>)[k] : undefined), doc);
}

function setPath(doc: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split(".");
  let o = doc;
  for (const k of keys.slice(0, -1)) {
    if (typeof o[k] !== "object" || o[k] === null) o[k] = {};
    o = o[k] as Record<string, unknown>;
  }
  o[keys.at(-1) ?? ""] = value;
}

function entryFor(file: TranslationFile, doc: Doc): Record<string, unknown> | null {
  return file.entries[String(doc._id)] ?? file.entries[String(doc.name)] ?? null;
}

/** The document translated by a language's files, or unchanged where they have no entry for it. */
export function translate(doc: Doc, lang: string, pack: string, type: "Actor" | "Item" | "JournalEntry"): Doc {
  const file = translationFile(lang, pack);
  const entry = file ? entryFor(file, doc) : null;
  const out = structuredClone(doc);
  if (!file || !entry) return out;
  if (typeof entry["name"] === "string") out.name = entry["name"];
  for (const [field, target] of Object.entries(file.mapping ?? {})) {
    if (!(field in entry)) continue;
    if (typeof target === "string") setPath(out, target, entry[field]);
    else {
      const converter = CONVERTERS[target.converter];
      if (!converter) throw new Error(`converter ${target.converter} is not registered by the system`);
      setPath(out, target.path, converter(getPath(out, target.path), entry[field]));
    }
  }
  if (type === "Actor") {
    if (typeof out["prototypeToken"] === "object" && out["prototypeToken"] !== null && typeof entry["name"] === "string") setPath(out, "prototypeToken.name", entry["name"]);
    if (Array.isArray(out["items"])) out["items"] = (out["items"] as Doc[]).map((item) => translateFromAnyPack(item, lang));
  }
  if (type === "JournalEntry" && Array.isArray(out["pages"]) && typeof entry["pages"] === "object" && entry["pages"] !== null) {
    const pages = entry["pages"] as Record<string, { name?: string; text?: string }>;
    out["pages"] = (out["pages"] as Doc[]).map((page) => {
      const t = pages[String(page.name)];
      if (!t) return page;
      const p = structuredClone(page);
      if (t.name) p.name = t.name;
      if (t.text !== undefined) setPath(p, "text.content", t.text);
      return p;
    });
  }
  return out;
}

/** fromPack: an embedded item takes the translation of the pack document with its `_id` or name, in any Item pack. */
function translateFromAnyPack(item: Doc, lang: string): Doc {
  const dir = path.join(BABELE_ROOT, lang);
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    const pack = file.replace(/^genesys-gdr\./, "").replace(/\.json$/, "");
    const t = translationFile(lang, pack);
    if (t && entryFor(t, item)) return translate(item, lang, pack, "Item");
  }
  return item;
}
