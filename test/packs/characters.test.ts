/**
 * The ready characters (packs/characters): actors built from the book's worked examples. Each source goes through the
 * real data models, and every number an example states about these people is read back from the prepared actor.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { AnimalModel } from "../../src/data/actor/animal.js";
import { ArmorModel } from "../../src/data/item/armor.js";
import { GearModel } from "../../src/data/item/gear.js";
import { SkillModel, slugify } from "../../src/data/item/skill.js";
import { TraitModel } from "../../src/data/item/trait.js";
import { WeaponModel } from "../../src/data/item/weapon.js";
import { prepareAttack, defenceEstimate, type AttackPlan } from "../../src/attack/attack-roll.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { requiresLosingControlCheck } from "../../src/rules/advanced/losing-control.js";
import { stunCheck } from "../../src/rules/advanced/stun.js";
import { attackModifiers, multipleAttacks, resolveAttack } from "../../src/rules/attack.js";
import { reflexes } from "../../src/rules/characteristics.js";
import { CHECK_DICE_MAX, CHECK_DICE_MIN, resolveCheck } from "../../src/rules/check.js";
import { conditionOf } from "../../src/rules/condition.js";
import { explosionLandingDie } from "../../src/rules/damage.js";
import { incrementFromCheck } from "../../src/rules/increment.js";
import { executionValue } from "../../src/rules/initiative.js";
import { defenceManeuverBonus, diveJumpDifficulty } from "../../src/rules/maneuvers.js";
import { SUGGESTED_CHARACTERISTIC_POINTS, SUGGESTED_SKILL_GRADES, creationBudget } from "../../src/rules/skill.js";
import { renderAnimal, renderPerson, translations } from "../applications/sheet-fixtures.js";
import { createActor, personOf } from "../documents/helpers.js";
import { bootSystem } from "../foundry/boot.js";
import { byName, looksEnglish, looksItalian, packSources, paragraphs, storedSystem, translation, type SourceDoc } from "./sources.js";

beforeAll(async () => {
  await bootSystem();
});

interface EmbeddedSource extends SourceDoc {
  type: string;
  img: string;
  system: Record<string, unknown>;
  effects: unknown[];
}

interface ActorSource extends SourceDoc {
  type: "character" | "npc" | "animal";
  img: string;
  system: Record<string, unknown> & { biography?: string; gmNotes?: string; description?: string };
  prototypeToken: Record<string, unknown>;
  items: EmbeddedSource[];
  effects: unknown[];
}

const sources = packSources<ActorSource>("characters");
const ITEM_PACKS = ["weapons", "armour", "skills"] as const;
const packItems = new Map(ITEM_PACKS.flatMap((pack) => packSources<EmbeddedSource>(pack).map((d) => [d._id, d] as const)));

/** Items of our own, not in any item pack: the book names them but its tables do not (or they are not equipment). */
const OWN_ITEMS = ["gnsTraitFaun0001", "gnsCharTorch0001", "gnsTraitNoFear01", "gnsCharRifleJB01", "gnsCharGrenLnch1"];

/** What may differ between an embedded copy and its pack document: this actor's grades and state. */
const ACTOR_FIELDS: Record<string, string[]> = { skill: ["bought", "earned", "increment"], weapon: ["ready", "rounds"], armor: ["worn"] };

const TYPES: Record<string, ActorSource["type"]> = {
  Alven: "character", "Jack Quade": "character", "J.B. Vanlet": "character", "Bill Duran": "character", "Sonny Leeman": "character",
  "Alieno dell'Hangar 14": "animal",
};

const actors = new Map<string, GenesysActor>();

/** The source created as Foundry imports it from the compendium (embedded items keep their ids). */
async function actorOf(name: string): Promise<GenesysActor> {
  const cached = actors.get(name);
  if (cached) return cached;
  const doc = byName(sources, name);
  const items = doc.items.map(({ _key: _ignored, ...rest }) => rest);
  const actor = await createActor({ name: doc.name, type: doc.type, system: doc.system, items });
  actors.set(name, actor);
  return actor;
}

/** A fresh copy, for tests that change the actor. */
async function freshActorOf(name: string): Promise<GenesysActor> {
  const doc = byName(sources, name);
  return createActor({ name: doc.name, type: doc.type, system: doc.system, items: doc.items.map(({ _key: _ignored, ...rest }) => rest) });
}

function grades(actor: GenesysActor): Record<string, number> {
  return actor.getRollData()["skills"] as Record<string, number>;
}

/** The item of that name and type (the skill Pistola and the weapon Pistola share a name). */
function itemNamed(actor: GenesysActor, name: string, type: string): Item.Implementation {
  const item = actor.items.find((i) => i.name === name && i.type === type);
  if (!item) throw new Error(`${actor.name} has no ${type} "${name}"`);
  return item;
}

function animal(actor: GenesysActor): AnimalModel {
  if (!(actor.system instanceof AnimalModel)) throw new Error(`${actor.name} is not an animal`);
  return actor.system;
}

/** An attack plan through the real flow, against a target 5 m away. */
async function planWith(attacker: GenesysActor, weapon: string | null): Promise<AttackPlan> {
  const target = await createActor({ name: "Bersaglio", type: "npc", system: {} });
  const plan = prepareAttack(attacker, weapon === null ? null : itemNamed(attacker, weapon, "weapon").id, [{ actor: target, tokenUuid: null, name: target.name, distance: 5 }], (k) => k);
  if (!plan.ok) throw new Error(`${plan.refusal.warning} ${JSON.stringify(plan.refusal.data)}`);
  return plan.value;
}

/** The 2D10 a total needs given grade and modifiers: the example's total is possible only if it lies in 2…20. */
function diceFor(total: number, grade: number, modifiers: number): number {
  return total - grade - modifiers;
}
const possible = (dice: number) => dice >= CHECK_DICE_MIN && dice <= CHECK_DICE_MAX;

describe("characters pack", () => {
  it("holds the six actors of the examples, Protagonisti as characters and the alien as a creature", () => {
    expect(Object.fromEntries(sources.map((s) => [s.name, s.type]))).toEqual(TYPES);
  });

  it.each(sources.map((s) => [s.name, s] as const))("%s: linked token for a Protagonista, wounds and fatigue bars, core icons", (_name, doc) => {
    const linked = doc.type === "character";
    const size = doc.type === "animal" ? 2 : 1;
    expect(doc.prototypeToken).toEqual({
      name: doc.name,
      actorLink: linked,
      disposition: linked ? 1 : -1,
      width: size,
      height: size,
      texture: { src: doc.img },
      ...(linked ? { sight: { enabled: true } } : {}),
      bar1: { attribute: "bars.life" },
      bar2: { attribute: "bars.consciousness" },
      displayBars: 20,
      displayName: 20,
    });
    for (const img of [doc.img, ...doc.items.map((i) => i.img)]) expect(img).toMatch(/^icons\/[a-z0-9/-]+\.(webp|svg)$/);
    expect(doc.effects).toEqual([]);
  });

  it.each(sources.map((s) => [s.name, s] as const))("%s: embedded items carry their own _key, after the compendium's own _id where there is one", (_name, doc) => {
    for (const item of doc.items) {
      expect(item._key).toBe(`!actors.items!${doc._id}.${item._id}`);
      expect(item._id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(item.effects).toEqual([]);
      expect(Object.keys(item).at(-1)).toBe("_key");
      const fromPack = packItems.get(item._id);
      if (!fromPack) {
        expect(OWN_ITEMS).toContain(item._id);
        continue;
      }
      expect([item.name, item.type, item.img]).toEqual([fromPack.name, fromPack.type, fromPack.img]);
      const strip = (s: Record<string, unknown>) => Object.fromEntries(Object.entries(s).filter(([k]) => !(ACTOR_FIELDS[item.type] ?? []).includes(k)));
      expect([item.name, strip(item.system)]).toEqual([item.name, strip(fromPack.system)]);
    }
    expect(new Set(doc.items.map((i) => i._id)).size).toBe(doc.items.length);
  });

  it.each(sources.map((s) => [s.name, s] as const))("%s: skills carry the compendium's language-free key; weapons name skills the actor has", (_name, doc) => {
    const keys = doc.items.filter((i) => i.type === "skill").map((i) => i.system["key"]);
    for (const item of doc.items.filter((i) => i.type === "skill")) expect([item.name, item.system["key"]]).toEqual([item.name, slugify(item.name)]);
    for (const weapon of doc.items.filter((i) => i.type === "weapon")) expect(keys, weapon.name).toContain(weapon.system["skill"]);
  });

  it.each(sources.map((s) => [s.name, s] as const))("%s: the data models keep every stored value (nothing cleaned or defaulted)", async (name, doc) => {
    const actor = await actorOf(name);
    expect(storedSystem(actor)).toEqual(doc.system);
    expect(actor.items.size).toBe(doc.items.length);
    for (const item of doc.items) {
      const made = actor.items.get(item._id);
      expect(made?.name).toBe(item.name);
      expect(made ? storedSystem(made) : null).toEqual(item.system);
    }
  });

  it.each(sources.map((s) => [s.name, s] as const))("%s: Italian Narrator's notes that say which values are the book's and which are ours", (_name, doc) => {
    // In the notes only the Narrator sees (gmOnlyFields in system.json), not in what the player reads.
    const notes = String(doc.system.gmNotes);
    expect(doc.system.biography ?? "").not.toContain("Valori del manuale");
    expect(notes).toContain("Valori del manuale");
    expect(notes).toContain("Scelte nostre");
    const texts = [doc.system.biography, doc.system.gmNotes, doc.system.description, ...doc.items.map((i) => i.system["description"])].filter((t): t is string => typeof t === "string" && t !== "");
    for (const ps of texts.map(paragraphs)) for (const para of ps) expect([doc.name, para, looksItalian(para)]).toEqual([doc.name, para, true]);
  });

  it.each(sources.map((s) => [s.name, s] as const))("%s: the sheet opens on every tab, with the items and the notes", async (name, doc) => {
    const actor = await actorOf(name);
    const strings = translations("it");
    const tabs = doc.type === "animal" ? ["main", "combat", "notes"] : ["main", "skills", "combat", "inventory", "biography"];
    const html = tabs.map((tab) => (doc.type === "animal" ? renderAnimal(actor, strings, { isGM: true }, tab) : renderPerson(actor, strings, { isGM: true }, tab))).join("\n");
    expect(html).toContain(doc.name.replace(/'/g, "&#x27;"));
    for (const item of doc.items) expect([item.name, html.includes(item.name.replace(/'/g, "&#x27;"))]).toEqual([item.name, true]);
    const text = String(doc.type === "animal" ? doc.system.description : doc.system.biography);
    expect(html).toContain((paragraphs(text)[0] ?? "-").slice(0, 40));
    expect(html).toContain(doc.type === "animal" ? "Difesa 12: è una stima" : "Scelte nostre");
  });
});

describe("lang/babele/en/genesys-gdr.characters.json", () => {
  const file = translation("characters");
  type Entry = { name: string; biography?: string; gmNotes?: string; description?: string; natural?: string; items?: Record<string, { name: string }> };
  const entries = file.entries as Record<string, Entry>;

  it("is labelled as the pack in lang/en.json (Ready characters), maps the actors' text fields and has an entry per actor", () => {
    expect(file.label).toBe("Ready characters");
    expect(file.mapping).toEqual({
      description: "system.description",
      gmNotes: "system.gmNotes",
      natural: "system.attack.natural",
      capabilities: { path: "system.capabilities", converter: "genesysLabels" },
      biography: "system.biography",
    });
    expect(Object.keys(entries).sort()).toEqual(sources.map((s) => s._id).sort());
  });

  it.each(sources.map((s) => [s.name, s] as const))("%s: English text with the same numbers as the Italian; proper names kept", (_name, doc) => {
    const entry = entries[doc._id];
    if (!entry) throw new Error(`no entry for ${doc._id}`);
    if (doc.type !== "animal") expect(entry.name).toBe(doc.name);
    const pairs: [string | undefined, string | undefined][] = [[doc.system.biography, entry.biography], [doc.system.gmNotes, entry.gmNotes], [doc.system.description, entry.description]];
    const numbers = (html: string) => (html.replace(/<[^>]+>/g, " ").match(/\d+(?:[.,]\d+)?/g) ?? []).sort();
    for (const [it_, en] of pairs) {
      expect(en === undefined).toBe(it_ === undefined || it_ === "");
      if (!it_ || !en) continue;
      expect(paragraphs(en).length).toBe(paragraphs(it_).length);
      for (const para of paragraphs(en)) expect([doc.name, para, looksEnglish(para)]).toEqual([doc.name, para, true]);
      expect(numbers(en)).toEqual(numbers(it_));
    }
    // Our own embedded items have no compendium translation: the entry names them (Babele's fromPack takes the name).
    const own = doc.items.filter((i) => OWN_ITEMS.includes(i._id)).map((i) => i._id).sort();
    expect(Object.keys(entry.items ?? {}).sort()).toEqual(own);
  });
});

describe("Alven (EX-01, §1.3.3)", () => {
  it("EXP 7, PER 7, FOR 5, CHA 8, DEX 8: 35 characteristic points, the suggested budget", async () => {
    const p = personOf(await actorOf("Alven"));
    expect(p.characteristics).toEqual({ experience: 7, perception: 7, strength: 5, charm: 8, dexterity: 8 });
    expect(Object.values(p.characteristics).reduce((a, b) => a + b, 0)).toBe(SUGGESTED_CHARACTERISTIC_POINTS);
  });

  it("Veterinaria 15, Movimento furtivo 15, Naturalistica 12: 8 + 7 + 5 = 20 grades bought, the suggested budget", async () => {
    const actor = await actorOf("Alven");
    expect(grades(actor)).toEqual({ veterinaria: 15, movimento_furtivo: 15, naturalistica: 12 });
    const skills = actor.items.contents.flatMap((i) => (i.system instanceof SkillModel ? [i.system] : []));
    expect(Object.fromEntries(skills.map((s) => [s.slug, [s.bought, s.earned]]))).toEqual({ veterinaria: [8, 0], movimento_furtivo: [7, 0], naturalistica: [5, 0] });
    const p = personOf(actor);
    const budget = creationBudget(p.characteristics, skills.map((s) => ({ referenceCharacteristic: s.characteristic, grade: s.grade ?? -1 })));
    expect(budget).toEqual({ characteristicPoints: SUGGESTED_CHARACTERISTIC_POINTS, skillGrades: SUGGESTED_SKILL_GRADES });
  });

  it("derived: Resistenza 20, Velocità 4, Riflessi 7 (floor; 8 rounding half up, A-01)", async () => {
    const p = personOf(await actorOf("Alven"));
    expect(p.derived).toEqual({ reflexes: 7, resistance: 20, speed: 4, dexterity: 8 });
    expect(reflexes(p.characteristics.perception, p.characteristics.dexterity, { reflexesRounding: "halfUp" })).toBe(8);
    expect(p.wounds.max).toBe(20);
  });

  it("a faun: one trait, no equipment (the example gives none)", async () => {
    const actor = await actorOf("Alven");
    const traits = actor.items.filter((i) => i.system instanceof TraitModel);
    expect(traits.map((t) => t.name)).toEqual(["Natura di fauno"]);
    expect(actor.items.filter((i) => !(i.system instanceof SkillModel || i.system instanceof TraitModel))).toEqual([]);
  });
});

describe("Jack Quade (EX-06, EX-07, EX-12)", () => {
  it("FOR 8 (EX-07) and Riflessi 8 (EX-12); Resistenza 32 and Velocità 5 by the formulas (the tunnel's Velocità 3 is narrative, A-25)", async () => {
    const p = personOf(await actorOf("Jack Quade"));
    expect(p.characteristics.strength).toBe(8);
    expect(p.derived.reflexes).toBe(8);
    expect(p.derived.resistance).toBe(32);
    expect(p.derived.speed).toBe(5);
    expect(p.overrides).toEqual({ reflexes: null, resistance: null, speed: null });
  });

  it("EX-06 running grade 12 against Complessa 20: 9 on the dice succeeds, 8 fails, no increment point", async () => {
    const running = grades(await actorOf("Jack Quade"))["corsa"] ?? -1;
    expect(running).toBe(12);
    expect(resolveCheck({ grade: running, difficulty: 20, dice: 9 })).toMatchObject({ success: true, minimumDice: 9 });
    expect(resolveCheck({ grade: running, difficulty: 20, dice: 8 }).success).toBe(false);
    expect(incrementFromCheck({ grade: running, difficulty: 20, dice: 20, experience: 7 }).earned).toBe(false);
  });

  it("EX-07 climbing grade 10 against Difficile 25 with 16 on the dice: 26, success and an increment point", async () => {
    const actor = await actorOf("Jack Quade");
    const climbing = grades(actor)["arrampicata"] ?? -1;
    expect(climbing).toBe(10);
    expect(resolveCheck({ grade: climbing, difficulty: 25, dice: 16 })).toMatchObject({ total: 26, success: true, threshold: 15 });
    expect(incrementFromCheck({ grade: climbing, difficulty: 25, dice: 16, experience: personOf(actor).characteristics.experience })).toEqual({ earned: true, reason: "hardSuccess" });
  });

  it("EX-12 the pistol in his hand, shot at grade 15; the torch of EX-06 in his kit", async () => {
    const actor = await actorOf("Jack Quade");
    const plan = await planWith(actor, "Pistola");
    expect(plan.grade).toEqual({ label: "Pistola", value: 15 });
    expect(plan.magazine).toBe(12);
    expect(plan.damage.book).toBe("4D6 / F");
    expect(itemNamed(actor, "Torcia elettrica", "gear").system).toBeInstanceOf(GearModel);
    // §2.1.1: against the creature's Riflessi 8 both attacks execute at 8 + 2; the tie-break decides.
    expect(executionValue(personOf(actor).derived.reflexes, "attack")).toBe(10);
  });
});

describe("J.B. Vanlet and the alien of Hangar 14 (EX-15)", () => {
  it("15a the trait makes J.B. immune to fear (no Losing Control check), not to disgust or shock", async () => {
    const trait = itemNamed(await actorOf("J.B. Vanlet"), "Immune alla paura", "trait").system;
    if (!(trait instanceof TraitModel)) throw new Error("not a trait");
    const immunities = [...trait.immunities];
    expect(immunities).toEqual(["fear"]);
    expect(requiresLosingControlCheck("fear", immunities)).toBe(false);
    expect(requiresLosingControlCheck("disgust", immunities)).toBe(true);
  });

  it("15a the alien has higher Riflessi and no ranged attack; it closes about 5 m in a turn", async () => {
    const jb = personOf(await actorOf("J.B. Vanlet"));
    const alien = animal(await actorOf("Alieno dell'Hangar 14"));
    expect(alien.derived.reflexes).toBeGreaterThan(jb.derived.reflexes);
    expect([jb.derived.reflexes, alien.derived.reflexes]).toEqual([7, 9]);
    expect(alien.derived.speed).toBe(5);
    expect((await planWith(await actorOf("Alieno dell'Hangar 14"), null)).kind).toBe("melee");
  });

  it("15b/15e the assault rifle: one skill for bullets and grenades; the grenade explodes, the burst allows 4 attack rolls", async () => {
    const actor = await actorOf("J.B. Vanlet");
    const grenade = await planWith(actor, "Lanciagranate");
    const burst = await planWith(actor, "Fucile d'assalto");
    expect([grenade.grade.value, burst.grade.value]).toEqual([12, 12]);
    expect([grenade.explosive, burst.explosive]).toEqual([true, false]);
    expect(burst.maxAttacks).toBe(4);
    // Four rolls at one target: no arc penalty, four shots spent from C.
    expect(multipleAttacks({ maxAttacks: burst.maxAttacks, rolls: 4, magazine: burst.magazine })).toMatchObject({ rolls: 4, shotsLeft: 26, perRoll: { total: 0 } });
    expect(explosionLandingDie(5)).toBe("D3");
  });

  it("15b/15e every attack total of the example is a 2D10 result with Fucile 12 (at 5 m; the burst at a prone alien, −2)", async () => {
    const grade = grades(await actorOf("J.B. Vanlet"))["fucile"] ?? -1;
    const atFive = attackModifiers({ kind: "ranged", distanceMetres: 5 }).total;
    const atProne = attackModifiers({ kind: "ranged", distanceMetres: 5, targetProne: true }).total;
    expect([atFive, atProne]).toEqual([0, -2]);
    expect(possible(diceFor(20, grade, atFive))).toBe(true);
    for (const total of [20, 22, 16, 25]) expect([total, possible(diceFor(total, grade, atProne))]).toEqual([total, true]);
  });

  it("15c/15d the blast at 1 m: 30 − 4 − 6 = 20 → Spossato; Forza check 18 fails against 20 and 26: knocked down", async () => {
    const actor = await freshActorOf("Alieno dell'Hangar 14");
    const a = animal(actor);
    expect(a.naturalArmour).toBe(6);
    expect(a.derived.resistance).toBe(24);
    expect(a.derived.resistance).toBe(4 * a.characteristics.strength);
    const change = await actor.applyDamage({ amount: 30, type: "wounding", explosive: true, blastDistance: 1 });
    expect(change?.damage?.steps.map((s) => s.value)).toEqual([30, 26, 20]);
    expect(change?.damage?.stunDifficulty).toBe(26);
    expect(animal(actor).condition.key).toBe("exhausted");
    expect(animal(actor).condition.penalty).toBe(-5);
    // The range the example allows: 20 damage makes Spossato exactly for Resistenza 22…26.
    const exhaustedAt = [...Array(40).keys()].filter((r) => r > 0 && conditionOf({ wounds: 20, fatigue: 0 }, r) === "exhausted");
    expect([Math.min(...exhaustedAt), Math.max(...exhaustedAt)]).toEqual([22, 26]);
    const strengthCheck = 12 + a.characteristics.strength;
    expect(strengthCheck).toBe(18);
    expect(stunCheck({ strengthCheckTotal: strengthCheck, damageBeforeArmour: 20 }, { stunRule: true }).knockedDown).toBe(true);
    expect(stunCheck({ strengthCheckTotal: strengthCheck, damageBeforeArmour: 26 }, { stunRule: true }).knockedDown).toBe(true);
  });

  it("15b/15e every defence total of the example is a 2D10 result with Difesa 12 (26 unhurt; 20, 21, 24, 18 Spossato): 3 hits, 1 grazing", async () => {
    const actor = await freshActorOf("Alieno dell'Hangar 14");
    const fresh = defenceEstimate(actor, (k) => k);
    expect(fresh).toMatchObject({ grade: 12, conditionPenalty: 0 });
    expect(animal(actor).attack.defenceEstimated).toBe(true);
    expect(possible(diceFor(26, fresh?.grade ?? 0, 0))).toBe(true);
    expect(resolveAttack({ attackTotal: 20, defenceTotal: 26 })).toBe("miss");
    await actor.applyDamage({ amount: 30, type: "wounding", explosive: true, blastDistance: 1 });
    const hurt = defenceEstimate(actor, (k) => k);
    expect(hurt).toMatchObject({ grade: 12, conditionPenalty: -5 });
    for (const total of [20, 21, 24, 18]) expect([total, possible(diceFor(total, hurt?.grade ?? 0, hurt?.conditionPenalty ?? 0))]).toEqual([total, true]);
    const outcomes = [[20, 20], [22, 21], [16, 24], [25, 18]].map(([attackTotal = 0, defenceTotal = 0]) => resolveAttack({ attackTotal, defenceTotal }, { grazingHits: true }));
    expect(outcomes).toEqual(["grazing", "hit", "miss", "hit"]);
  });

  it("J.B. wears the bulletproof vest without hindrance (FM 6 ≤ FOR 7)", async () => {
    const actor = await actorOf("J.B. Vanlet");
    const vest = itemNamed(actor, "Corpetto Antiproiettile", "armor").system;
    expect(vest).toBeInstanceOf(ArmorModel);
    expect(actor.armourFor("torso")).toBe(15);
    expect(personOf(actor).armour.shortfall).toBe(0);
  });
});

describe("Bill Duran and Sonny Leeman (EX-13)", () => {
  it("both Riflessi 8: drawing (Preparazione) 8 + 0 each, a tie; Bill's Difesa 8 + 4 = 12 beats Sonny's Attacco 8 + 2 = 10", async () => {
    const bill = personOf(await actorOf("Bill Duran"));
    const sonny = personOf(await actorOf("Sonny Leeman"));
    expect([bill.derived.reflexes, sonny.derived.reflexes]).toEqual([8, 8]);
    expect(executionValue(bill.derived.reflexes, "preparation")).toBe(executionValue(sonny.derived.reflexes, "preparation"));
    expect(executionValue(bill.derived.reflexes, "defence")).toBe(12);
    expect(executionValue(sonny.derived.reflexes, "attack")).toBe(10);
  });

  it("Bill's jumping grade 14: the dive to the barrel 2 m away is 20 + 5 = 25, and 13 on the dice gives 27", async () => {
    const bill = await actorOf("Bill Duran");
    const jumping = grades(bill)["salto"] ?? -1;
    expect(jumping).toBe(14);
    const difficulty = diveJumpDifficulty(20);
    expect(difficulty).toBe(25);
    expect(resolveCheck({ grade: jumping, difficulty, dice: 13 })).toMatchObject({ total: 27, success: true });
    // The Difesa maneuver adds ⌈DEX/2⌉ (DEX 8 is our choice; the book does not give it).
    expect(defenceManeuverBonus(personOf(bill).effective.dexterity)).toBe(4);
  });

  it.each(["Bill Duran", "Sonny Leeman"])("%s carries the compendium pistol holstered: it must be drawn before shooting", async (name) => {
    const actor = await actorOf(name);
    const pistol = itemNamed(actor, "Pistola", "weapon");
    if (!(pistol.system instanceof WeaponModel)) throw new Error("not a weapon");
    expect(pistol.id).toBe("gnsWeaponPistol1");
    expect([pistol.system.ready, pistol.system.rounds, pistol.system.skillSlug]).toEqual([false, 12, "pistola"]);
    expect(grades(actor)["pistola"]).toBeGreaterThan(0);
    const target = await createActor({ name: "Bersaglio", type: "npc", system: {} });
    const plan = prepareAttack(actor, pistol.id, [{ actor: target, tokenUuid: null, name: target.name, distance: 10 }], (k) => k);
    expect(plan.ok ? null : plan.refusal.warning).toBe("GENESYS.Attack.Warn.NotReady");
  });
});
