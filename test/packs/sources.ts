/** The compendium sources under packs/, typed as the tests read them, and helpers to compile them. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { slugify } from "../../src/data/item/skill.js";
import type { DamageType } from "../../src/rules/types.js";
import { ROOT, listFiles, readJson, type Manifest } from "../package/project.js";

export const PACKS_DIR = path.join(ROOT, "packs");

export const SOURCE_MANIFEST = readJson<Manifest>(path.join(ROOT, "system.json"));

export interface SourceDoc {
  _id: string;
  _key: string;
  name: string;
}

export interface DamageSource { dice: number; faces: number; strength: boolean; flat: number; type: DamageType }

export interface AnimalSource extends SourceDoc {
  type: "animal";
  img: string;
  system: {
    characteristics: { strength: number; dexterity: number; perception: number; charm: number | null; experience: number | null };
    resistance: number;
    reflexes: number;
    speeds: { mode: string; metres: number }[];
    attack: { grade: number; defence: number | null; defenceEstimated: boolean; damage: DamageSource; attacksPerTurn: number; natural: string };
    environments: { environment: string; attack: number | null; defence: number | null; canAct: boolean }[];
    capabilities: { key: string; label: string; bonus: number; condition: string }[];
    traits: string[];
    naturalArmour: number;
    venom: { dice: number; maxPerDay: number; injectedToday: number };
    description: string;
    gmNotes: string;
  };
  prototypeToken: {
    name: string;
    actorLink: boolean;
    disposition: number;
    width: number;
    height: number;
    texture: { src: string };
    bar1: { attribute: string };
    bar2: { attribute: string };
    displayBars: number;
    displayName: number;
  };
  items: unknown[];
  effects: unknown[];
}

export interface WeaponModeSource {
  key: string;
  skill: string;
  damage: DamageSource;
  minStrength: number;
  magazine: number | null;
  preparation: number;
  range: { kind: "reach" | "metres" | "strength" | "unprinted"; value: number };
  multiAttack: number;
}

export interface WeaponSource extends SourceDoc {
  type: "weapon";
  img: string;
  system: { skill: string; modes: WeaponModeSource[]; mode: number; rounds: number | null; reflexesModifier: number; explosive: boolean; ready: boolean; weight: number; description: string };
}

export interface ArmourSource extends SourceDoc {
  type: "armor";
  img: string;
  system: { defence: number; minStrength: number; coverage: string; areas: string[]; bypassPenalty: number | null; worn: boolean; weight: number; description: string };
}

export interface SkillSource extends SourceDoc {
  type: "skill";
  img: string;
  system: { key: string; characteristic: string; bought: number; earned: number; increment: number; related: boolean; description: string };
}

export interface JournalPageSource extends SourceDoc {
  type: string;
  title: { show: boolean; level: number };
  text: { content: string; format: number };
  sort: number;
}

export interface JournalSource extends SourceDoc {
  pages: JournalPageSource[];
  categories: unknown[];
}

export type ItemSource = WeaponSource | ArmourSource | SkillSource;

/**
 * The English Babele translation of a pack (lang/babele/en/genesys-gdr.<pack>.json): the sources hold the Italian
 * text only, and every other language lives in such a file, keyed by document _id.
 */
export const TRANSLATIONS_DIR = path.join(ROOT, "lang", "babele");

export interface TranslationEntry {
  name: string;
  description?: string;
  gmNotes?: string;
  natural?: string;
  capabilities?: Record<string, string>;
  pages?: Record<string, { name: string; text: string }>;
}

export interface TranslationFile {
  label: string;
  mapping?: Record<string, string | { path: string; converter: string }>;
  entries: Record<string, TranslationEntry>;
}

export function translationPath(pack: string, lang = "en"): string {
  return path.join(TRANSLATIONS_DIR, lang, `${SOURCE_MANIFEST.id}.${pack}.json`);
}

export function translation(pack: string, lang = "en"): TranslationFile {
  return readJson<TranslationFile>(translationPath(pack, lang));
}

/** The translation entry of a document; throws naming the document so a failing test says which one lacks it. */
export function entryOf(file: TranslationFile, doc: SourceDoc): TranslationEntry {
  const entry = file.entries[doc._id];
  if (!entry) throw new Error(`no translation entry for ${doc._id} ("${doc.name}")`);
  return entry;
}

/** Every source file of a pack, recursively, as the build and the CLI see them. */
export function packFiles(pack: string): string[] {
  return listFiles(path.join(PACKS_DIR, pack), (f) => f.endsWith(".json"));
}

export function packSources<T extends SourceDoc>(pack: string): T[] {
  return packFiles(pack).map((f) => readJson<T>(f));
}

export const animalSources = (): AnimalSource[] => packSources<AnimalSource>("animals");
export const weaponSources = (): WeaponSource[] => packSources<WeaponSource>("weapons");
export const armourSources = (): ArmourSource[] => packSources<ArmourSource>("armour");
export const skillSources = (): SkillSource[] => packSources<SkillSource>("skills");
export const journalSources = (): JournalSource[] => packSources<JournalSource>("reference");

/** The source whose name is `name`; throws with the names present so a failing test says what it found. */
export function byName<T extends SourceDoc>(docs: readonly T[], name: string): T {
  const doc = docs.find((d) => d.name === name);
  if (!doc) throw new Error(`no document named "${name}" (have: ${docs.map((d) => d.name).join(", ")})`);
  return doc;
}

/** A fresh temporary folder; the caller removes it. */
export function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `genesys-${label}-`));
}

/** Compiles every pack of system.json into `<root>/<pack.path>` with the Foundry CLI, as the build does. */
export async function compileAll(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const pack of SOURCE_MANIFEST.packs) {
    const dest = path.join(root, pack.path);
    await compilePack(path.join(PACKS_DIR, pack.name), dest, { recursive: true });
    out[pack.name] = dest;
  }
  return out;
}

/** A JSON value with every object's keys sorted, so two documents compare equal whatever their key order. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sortKeys(v)]));
  }
  return value;
}

/** The source file name tools/unpack-packs.mjs gives a document: `<slug>_<id>.json`, slug as for skills. */
export function sourceFileName(doc: SourceDoc): string {
  const slug = slugify(doc.name);
  return `${slug ? `${slug}_` : ""}${doc._id}.json`;
}

/** The `system` of a document's stored source (what Foundry would save), or undefined. */
export function storedSystem(doc: { toObject(): unknown }): unknown {
  const data = doc.toObject();
  return typeof data === "object" && data !== null && "system" in data ? data.system : undefined;
}

/** The paragraphs of an HTML description, tags stripped. */
export function paragraphs(html: string): string[] {
  return [...html.matchAll(/<p>([\s\S]*?)<\/p>/g)].map((m) => (m[1] ?? "").replace(/<[^>]+>/g, ""));
}

/** Common short words of each language; ones both could use ("a", "in", "o", "come") are left out. */
const ITALIAN_WORDS = /(?<![\p{L}\d])(il|lo|la|le|gli|i|di|del|della|delle|dei|degli|che|per|una?|con|nel|nella|nei|non|si|è|e|da|dal|alla|al|ai|ogni|più|sotto|senza|solo|anche|caratteristica|riferimento)(?![\p{L}\d])/giu;
const ENGLISH_WORDS = /(?<![\p{L}\d])(the|and|with|of|to|or|for|from|by|on|at|an|is|it|its|as|not|only|every|each|when|without|one|would|gives?|reference|characteristic|someone)(?![\p{L}\d])/giu;

/**
 * Heuristic language test of one paragraph (tags stripped): the language whose common words outnumber the other's
 * at least two to one, else "unclear". The sources' text must be Italian, the translation files' text English.
 */
export function languageOf(text: string): "it" | "en" | "unclear" {
  const plain = text.replace(/<[^>]+>/g, " ");
  const it = plain.match(ITALIAN_WORDS)?.length ?? 0;
  const en = plain.match(ENGLISH_WORDS)?.length ?? 0;
  if (it > 0 && it > 2 * en) return "it";
  if (en > 0 && en > 2 * it) return "en";
  return "unclear";
}
export function looksItalian(text: string): boolean {
  return languageOf(text) === "it";
}
export function looksEnglish(text: string): boolean {
  return languageOf(text) === "en";
}

/** Every paragraph of an HTML text is Italian (none English); the text has at least one. */
export function allItalian(html: string): boolean {
  const ps = paragraphs(html);
  return ps.length > 0 && ps.every(looksItalian);
}

/** Every paragraph of an HTML text is English (none Italian); the text has at least one. */
export function allEnglish(html: string): boolean {
  const ps = paragraphs(html);
  return ps.length > 0 && ps.every(looksEnglish);
}
