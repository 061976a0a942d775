/**
 * Sheet fixtures shared by the tests and tools/screenshot-sheets.mjs: actors and items built through the Foundry
 * double and the real data models, contexts from the sheets' pure builders, and the real templates rendered with
 * the real handlebars package (plus the one Foundry helper they use, `localize`). The synchronous contexts below are
 * held to the real sheets' `_prepareContext` by test/applications/sheet-context.test.ts; realSheetRender runs the real
 * classes' render lifecycle for tests that want it.
 */
import { studySheetData, type StudySheetData } from "../../src/applications/sheets/context/study.js";
import fs from "node:fs";
import path from "node:path";
import Handlebars from "handlebars";
import { AnimalModel } from "../../src/data/actor/animal.js";
import { CharacterModel } from "../../src/data/actor/character.js";
import { NpcModel } from "../../src/data/actor/npc.js";
import { buildAnimalContext, type AnimalSheetData } from "../../src/applications/sheets/context/animal.js";
import { buildItemContext, type ItemSheetData } from "../../src/applications/sheets/context/item.js";
import { buildPersonContext, type PersonSheetData } from "../../src/applications/sheets/context/person.js";
import type { SheetEnv } from "../../src/applications/sheets/context/shared.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { bootSystem } from "../foundry/boot.js";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const PREFIX = "systems/genesys-gdr/";

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

/** Strings of a lang file, plus extra ones (the screenshot tool adds keys not merged into lang/ yet). */
export function translations(lang: "it" | "en" = "it", extra: Record<string, string> = {}): Map<string, string> {
  const tree = JSON.parse(fs.readFileSync(path.join(ROOT, `lang/${lang}.json`), "utf8")) as Tree;
  const map = flatten(tree);
  for (const [k, v] of Object.entries(extra)) if (!map.has(k)) map.set(k, v);
  return map;
}

/** Foundry's behaviour: an unknown key comes back as itself; format fills {name} placeholders. */
export type Viewer = { isGM: boolean; editable?: boolean; limited?: boolean };

export function makeEnv(strings: Map<string, string>, who: Viewer): SheetEnv {
  const localize = (key: string) => strings.get(key) ?? key;
  return {
    localize,
    format: (key, data) => localize(key).replace(/\{(\w+)\}/g, (m, name: string) => data[name] ?? m),
    isGM: who.isGM,
    editable: who.editable ?? true,
    limited: who.limited ?? false,
  };
}

/** A handlebars instance with our partials registered under the paths Foundry registers them by. */
export function sheetHandlebars(strings: Map<string, string>): typeof Handlebars {
  const hb = Handlebars.create();
  hb.registerHelper("localize", (key: unknown) => (typeof key === "string" ? (strings.get(key) ?? key) : ""));
  for (const partial of ["templates/actor/parts/health.hbs", "templates/actor/parts/item-controls.hbs", "templates/actor/parts/creation-budget.hbs", "templates/actor/parts/effects-list.hbs"]) {
    hb.registerPartial(`${PREFIX}${partial}`, fs.readFileSync(path.join(ROOT, partial), "utf8"));
  }
  return hb;
}

export function renderTemplate(hb: typeof Handlebars, template: string, context: object): string {
  return hb.compile(fs.readFileSync(path.join(ROOT, template), "utf8"), { strict: false })(context);
}

/** Stand-in for core templates/generic/tab-navigation.hbs (not shipped with the system). */
export function tabNavigation(tabs: { id: string; icon: string }[], active: string, strings: Map<string, string>): string {
  const links = tabs
    .map((t) => `<a class="${t.id === active ? "active" : ""}" data-action="tab" data-group="primary" data-tab="${t.id}"><i class="${t.icon}"></i> <span>${strings.get(`GENESYS.Sheet.Tabs.${t.id}`) ?? t.id}</span></a>`)
    .join("");
  return `<nav class="tabs" data-group="primary">${links}</nav>`;
}

export const PERSON_TABS = [
  { id: "main", icon: "fa-solid fa-user", template: "templates/actor/person-main.hbs" },
  { id: "skills", icon: "fa-solid fa-graduation-cap", template: "templates/actor/person-skills.hbs" },
  { id: "combat", icon: "fa-solid fa-khanda", template: "templates/actor/person-combat.hbs" },
  { id: "inventory", icon: "fa-solid fa-suitcase", template: "templates/actor/person-inventory.hbs" },
  { id: "biography", icon: "fa-solid fa-book", template: "templates/actor/biography.hbs" },
];
export const ANIMAL_TABS = [
  { id: "main", icon: "fa-solid fa-paw", template: "templates/actor/animal-main.hbs" },
  { id: "combat", icon: "fa-solid fa-khanda", template: "templates/actor/animal-combat.hbs" },
  { id: "notes", icon: "fa-solid fa-book", template: "templates/actor/animal-notes.hbs" },
];

/** Renders header, tab navigation and every tab part (the active one marked as Foundry marks it). */
function renderTabbed(hb: typeof Handlebars, strings: Map<string, string>, tabs: typeof PERSON_TABS, active: string, context: object): string {
  const parts = [renderTemplate(hb, "templates/actor/header.hbs", context), tabNavigation(tabs, active, strings)];
  for (const t of tabs) parts.push(renderTemplate(hb, t.template, { ...context, tab: { id: t.id, group: "primary", active: t.id === active, cssClass: t.id === active ? "active" : "" } }));
  return parts.join("\n");
}

export function personContext(actor: GenesysActor, env: SheetEnv): PersonSheetData & StudySheetData {
  const system = actor.genesys;
  if (!(system instanceof CharacterModel || system instanceof NpcModel)) throw new Error("not a person");
  const gm = system instanceof NpcModel && env.isGM ? system.gmNotes : null;
  // The sheet adds the study line (§1.8.3) to the person context the same way (person-sheet.ts).
  return { ...buildPersonContext({ actor, system, env, enriched: { biography: system.biography, gmNotes: gm } }), ...studySheetData(actor, env, {}) };
}

export function animalContext(actor: GenesysActor, env: SheetEnv): AnimalSheetData {
  const system = actor.genesys;
  if (!(system instanceof AnimalModel)) throw new Error("not an animal");
  return buildAnimalContext({ actor, system, env, enriched: { description: system.description, gmNotes: env.isGM ? system.gmNotes : null } });
}

export function itemContext(item: Item.Implementation, env: SheetEnv): ItemSheetData {
  const sys = item.system as { description?: unknown };
  return buildItemContext({ item, env, enrichedDescription: typeof sys.description === "string" ? sys.description : "" });
}

export function renderPerson(actor: GenesysActor, strings: Map<string, string>, who: Viewer, active = "main"): string {
  return renderTabbed(sheetHandlebars(strings), strings, PERSON_TABS, active, personContext(actor, makeEnv(strings, who)));
}

export function renderAnimal(actor: GenesysActor, strings: Map<string, string>, who: Viewer, active = "main"): string {
  return renderTabbed(sheetHandlebars(strings), strings, ANIMAL_TABS, active, animalContext(actor, makeEnv(strings, who)));
}

/** Header, the section of the item's type and the description, as GenesysItemSheet configures its parts. */
export function renderItem(item: Item.Implementation, strings: Map<string, string>, who: Viewer): string {
  const hb = sheetHandlebars(strings);
  const context = itemContext(item, makeEnv(strings, who));
  return ["header", item.type, "description"].map((p) => renderTemplate(hb, `templates/item/${p}.hbs`, context)).join("\n");
}

/** The render lifecycle core calls on a sheet (protected in the types; test/foundry/sheets.ts models core's part). */
export interface SheetLifecycle {
  _configureRenderParts(options: object): Record<string, { template: string }>;
  _prepareContext(options: object): Promise<Record<string, unknown>>;
  _preparePartContext(partId: string, context: Record<string, unknown>, options: object): Promise<Record<string, unknown>>;
  _prepareTabs(group: string): Record<string, { id: string; active: boolean; cssClass: string }>;
}

/**
 * A real sheet's render as core orders it: its parts, its context, then each part's context from a copy of it
 * (assumption: one copy per part), on the current user's client.
 */
export async function realSheetRender(sheet: object): Promise<{ parts: Record<string, { template: string }>; context: Record<string, unknown>; partContexts: Record<string, Record<string, unknown>> }> {
  // The sheet classes' lifecycle members are protected; core's render calls them from outside the same way.
  const app = sheet as unknown as SheetLifecycle;
  const options = { isFirstRender: true };
  const parts = app._configureRenderParts(options);
  const context = await app._prepareContext(options);
  const partContexts: Record<string, Record<string, unknown>> = {};
  for (const id of Object.keys(parts)) partContexts[id] = await app._preparePartContext(id, { ...context }, options);
  return { parts, context, partContexts };
}

// ───────── fixtures ─────────

type ActorFactory = { create(data: object): Promise<GenesysActor> };

export async function createActor(data: { name: string; type: string; img?: string; system?: object; items?: object[] }): Promise<GenesysActor> {
  await bootSystem();
  // CONFIG.Actor.documentClass is GenesysActor over the double's Actor; its create() takes plain data.
  return (CONFIG.Actor.documentClass as unknown as ActorFactory).create(data);
}

/** A world item with no owner, through the configured document class. */
export async function createItem(data: { name: string; type: string; img?: string; system?: object }): Promise<Item.Implementation> {
  await bootSystem();
  // The double's Item constructor takes plain data, as Foundry's does.
  const ItemClass = CONFIG.Item.documentClass as unknown as new (d: object) => Item.Implementation;
  return new ItemClass(data);
}

export const ALVEN_CHARACTERISTICS = { dexterity: 8, experience: 7, charm: 8, strength: 5, perception: 7 };

export const KNIFE = {
  name: "Coltello", type: "weapon", img: "icons/svg/sword.svg",
  system: {
    skill: "armi_da_mischia", ready: true, weight: 0.3,
    modes: [
      { key: "melee", damage: { dice: 1, faces: 6, strength: true, flat: -2, type: "wounding" }, minStrength: 4, range: { kind: "reach", value: 0 } },
      { key: "thrown", skill: "lancio", damage: { dice: 1, faces: 6, strength: true, flat: -3, type: "wounding" }, minStrength: 4, range: { kind: "strength", value: 2 } },
    ],
  },
};
export const CLUB = {
  name: "Clava", type: "weapon", img: "icons/svg/sword.svg",
  system: {
    skill: "armi_da_mischia", weight: 2,
    modes: [
      { key: "oneHanded", damage: { dice: 1, faces: 6, strength: true, flat: 2, type: "trauma" }, minStrength: 9, range: { kind: "reach", value: 0 } },
      { key: "twoHanded", damage: { dice: 2, faces: 6, strength: true, flat: 0, type: "trauma" }, minStrength: 7, range: { kind: "reach", value: 0 } },
    ],
  },
};
export const VEST = { name: "Corpetto antiproiettile", type: "armor", img: "icons/svg/shield.svg", system: { defence: 15, minStrength: 6, coverage: "torso", worn: false, weight: 3 } };

/** Alven (§1.3.3) with her three skills, a fighting skill, two weapons, a vest slightly too heavy for her, gear and a trait. */
export async function alven(): Promise<GenesysActor> {
  return createActor({
    name: "Alven", type: "character", img: "icons/svg/mystery-man.svg",
    system: {
      characteristics: ALVEN_CHARACTERISTICS, fame: 5, reputation: 6,
      wounds: { value: 4 }, fatigue: { value: 7, deprivation: 2 },
      biography: "<p>Fauna dei boschi del nord, cura gli animali feriti e non si fa mai vedere se non vuole.</p>",
    },
    items: [
      { name: "Movimento furtivo", type: "skill", system: { characteristic: "dexterity", bought: 7, increment: 3 } },
      { name: "Veterinaria", type: "skill", system: { characteristic: "experience", bought: 8, related: true } },
      { name: "Naturalistica", type: "skill", system: { characteristic: "experience", bought: 5 } },
      { name: "Armi da mischia", type: "skill", system: { characteristic: "dexterity", bought: 2 } },
      KNIFE,
      CLUB,
      VEST,
      { name: "Zaino", type: "gear", img: "icons/svg/item-bag.svg", system: { quantity: 1, weight: 2.5 } },
      { name: "Corda (10 m)", type: "gear", img: "icons/svg/item-bag.svg", system: { quantity: 2, weight: 1.2, checkBonus: 2, bonusApplies: "arrampicarsi" } },
      { name: "Sangue freddo", type: "trait", img: "icons/svg/aura.svg", system: { immunities: ["fear"] } },
    ],
  });
}

/** A Protagonista half-way through creation (§1.3.3): one characteristic point over the book's 35, three grades still to give. */
export async function alvenInCreation(): Promise<GenesysActor> {
  return createActor({
    name: "Alven", type: "character", img: "icons/svg/mystery-man.svg",
    system: { characteristics: { ...ALVEN_CHARACTERISTICS, charm: 9 }, creation: { active: true } },
    items: [
      { name: "Movimento furtivo", type: "skill", system: { characteristic: "dexterity", bought: 7 } },
      { name: "Veterinaria", type: "skill", system: { characteristic: "experience", bought: 8 } },
      { name: "Naturalistica", type: "skill", system: { characteristic: "experience", bought: 2 } },
    ],
  });
}

export async function emptyCharacter(): Promise<GenesysActor> {
  return createActor({ name: "Senza nome", type: "character" });
}

export async function innkeeper(): Promise<GenesysActor> {
  return createActor({
    name: "Oste Bruno", type: "npc",
    system: { characteristics: { dexterity: 6, experience: 8, charm: 7, strength: 9, perception: 7 }, overrides: { reflexes: 9, resistance: null, speed: null },
      biography: "<p>Gestisce la locanda del ponte.</p>", gmNotes: "<p>SEGRETO: nasconde i contrabbandieri in cantina.</p>" },
  });
}

/**
 * An invented wolf-like animal that exercises every animal field (a second speed, an environment, a custom
 * capability, a blank defence grade). Not the book's wolf: that one, with its printed values, is in packs/animals.
 */
export async function wolf(): Promise<GenesysActor> {
  return createActor({
    name: "Lupo di prova", type: "animal", img: "icons/svg/pawprint.svg",
    system: {
      characteristics: { strength: 5, dexterity: 7, perception: 10, charm: null, experience: null },
      resistance: 20, reflexes: 8, speeds: [{ mode: "run", metres: 6 }, { mode: "swim", metres: 1 }],
      attack: { grade: 13, defence: null, damage: { dice: 1, faces: 6, strength: false, flat: 0, type: "wounding" }, natural: "zanne" },
      environments: [{ environment: "water", attack: 5, defence: null, canAct: true }],
      capabilities: [{ key: "tracking", label: "", bonus: 3 }, { key: "custom", label: "ululare nella notte", bonus: 1 }],
      wounds: { value: 11 },
      description: "<p>Caccia in branco.</p>", gmNotes: "<p>Difesa da stabilire.</p>",
    },
  });
}

export async function viper(): Promise<GenesysActor> {
  return createActor({
    name: "Vipera", type: "animal",
    system: {
      characteristics: { strength: 1, dexterity: 9, perception: 6 }, resistance: 4, reflexes: 8, speeds: [{ mode: "run", metres: 1 }],
      attack: { grade: 14, defence: 12, defenceEstimated: true, damage: { dice: 1, faces: 3, strength: false, flat: 0, type: "wounding" } },
      venom: { dice: 2, maxPerDay: 12, injectedToday: 4 },
    },
  });
}
