/**
 * The derivations a preparation remembers (data/actor/person-memo.ts, the skills' breakdowns, the weapons' wieldings):
 * handed out again only while nothing they rest on changed and nobody wrote into them, so that a preparation gives
 * what a first one would.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { effectChangesData, type EffectChange } from "../../src/compat/effect-changes.js";
import { approvalWritesSettled } from "../../src/authority/effect-approvals.js";
import { SkillModel } from "../../src/data/item/skill.js";
import { WeaponModel } from "../../src/data/item/weapon.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { resetRulesOptionsCache } from "../../src/settings/rules-settings.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { createActor, personOf } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const STATS = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 8 };
const ITEMS = [
  { name: "Armi da mischia", type: "skill", system: { characteristic: "dexterity", bought: 5 } },
  { name: "Tiro", type: "skill", system: { characteristic: "perception", bought: 3 } },
  { name: "Spada", type: "weapon", system: { modes: [{ key: "oneHanded", minStrength: 8, damage: { dice: 1, faces: 6, strength: true, flat: -1, type: "wounding" } }] } },
  { name: "Corpetto", type: "armor", system: { defence: 10, minStrength: 9, coverage: "torso", worn: true } },
  { name: "Corda", type: "gear", system: { quantity: 2, weight: 1.5 } },
];

type Derivable = { prepareDerivedData(): void };

/** One preparation pass as the bench makes it: each item's derived data, then the actor's. */
function prepareAgain(actor: GenesysActor): void {
  for (const item of actor.items) (item.system as unknown as Derivable).prepareDerivedData();
  actor.genesys?.prepareDerivedData();
}

/** What a preparation gives, as plain data: the person's derived values, each skill's and each weapon's. */
function prepared(actor: GenesysActor): unknown {
  const sys = personOf(actor);
  const items = actor.items.contents.map((i) => {
    const s = i.system;
    if (s instanceof SkillModel) return { name: i.name, grade: s.grade, breakdown: s.breakdown, effects: s.effects };
    if (s instanceof WeaponModel) return { name: i.name, wielded: s.wielded };
    return { name: i.name };
  });
  const { wounds, fatigue, poison, condition, bars, sources, load, derived, crippled, formula, effective, modified, armour, fameBand, reputationBand } = sys;
  return structuredClone({ wounds, fatigue, poison, condition, bars, sources, load, derived, crippled, formula, effective, modified, armour, fameBand, reputationBand, items });
}

async function fresh(data: { system: object; items: object[] }): Promise<GenesysActor> {
  return createActor({ name: "Fresco", type: "character", ...data });
}

describe("remembered derivations", () => {
  it("a preparation with nothing changed gives the same values, and hands out the same objects", async () => {
    const actor = await createActor({ name: "Cavaliere", type: "character", system: { characteristics: STATS, wounds: { value: 6 } }, items: ITEMS });
    const before = prepared(actor);
    const derived = personOf(actor).derived;
    const skill = actor.items.find((i) => i.name === "Armi da mischia")?.system as SkillModel;
    const breakdown = skill.breakdown;
    prepareAgain(actor);
    actor.reset();
    prepareAgain(actor);
    expect(prepared(actor)).toEqual(before);
    expect(personOf(actor).derived).toBe(derived);
    expect((actor.items.find((i) => i.name === "Armi da mischia")?.system as SkillModel).breakdown).toBe(breakdown);
  });

  it("what it rests on changed, a preparation gives what a new actor with that data gets", async () => {
    const actor = await createActor({ name: "Cavaliere", type: "character", system: { characteristics: STATS }, items: ITEMS });
    await actor.update({ system: { wounds: { value: 15 }, characteristics: { strength: 9 } } });
    const sword = actor.items.find((i) => i.name === "Spada");
    await sword?.update({ system: { modes: [{ key: "oneHanded", minStrength: 10, damage: { dice: 2, faces: 6, strength: true, flat: 1, type: "trauma" } }] } });
    await actor.items.find((i) => i.name === "Tiro")?.update({ system: { bought: 6 } });
    await actor.items.find((i) => i.name === "Corpetto")?.update({ system: { worn: false } });
    prepareAgain(actor);
    const items = [
      ITEMS[0],
      { ...ITEMS[1], system: { characteristic: "perception", bought: 6 } },
      { ...ITEMS[2], system: { modes: [{ key: "oneHanded", minStrength: 10, damage: { dice: 2, faces: 6, strength: true, flat: 1, type: "trauma" } }] } },
      { ...ITEMS[3], system: { ...ITEMS[3]?.system, worn: false } },
      ITEMS[4],
    ];
    const expected = await fresh({ system: { characteristics: { ...STATS, strength: 9 }, wounds: { value: 15 } }, items: items as object[] });
    expect(prepared(actor)).toEqual(prepared(expected));
  });

  it("a world setting changed, the next preparation follows it", async () => {
    const double = foundryDouble();
    const actor = await createActor({ name: "Alven", type: "character", system: { characteristics: { ...STATS, perception: 8, dexterity: 7 } }, items: [] });
    expect(personOf(actor).derived.reflexes).toBe(7);
    await double.settings.set("genesys-gdr", "reflexesRounding", "halfUp");
    try {
      prepareAgain(actor);
      expect(personOf(actor).derived.reflexes).toBe(8);
    } finally {
      await double.settings.set("genesys-gdr", "reflexesRounding", "floor");
      resetRulesOptionsCache();
    }
    prepareAgain(actor);
    expect(personOf(actor).derived.reflexes).toBe(7);
  });

  it("something written into prepared data is put right by the next preparation, as before anything was remembered", async () => {
    const actor = await createActor({ name: "Cavaliere", type: "character", system: { characteristics: STATS }, items: ITEMS });
    const before = prepared(actor);
    const sys = personOf(actor);
    sys.derived.reflexes = 99;
    sys.bars.life.max = 1;
    sys.sources.checks.all.push({ label: "Intruso", value: 3 });
    sys.armour.names.push("Mantello");
    const skill = actor.items.find((i) => i.name === "Tiro")?.system as SkillModel;
    if (skill.breakdown) skill.breakdown.grade = 40;
    skill.effects.push({ label: "Intruso", value: 1 });
    const sword = actor.items.find((i) => i.name === "Spada")?.system as WeaponModel;
    if (sword.wielded) sword.wielded.damage.min = 50;
    prepareAgain(actor);
    expect(prepared(actor)).toEqual(before);
  });

  it("a skill's left-out changes are counted once however often the actor is prepared", async () => {
    const actor = await createActor({
      name: "Alven", type: "character", system: { characteristics: STATS },
      items: [{ name: "Arrampicarsi", type: "skill", system: { characteristic: "strength", bought: 2 } }],
    });
    const changes: EffectChange[] = [{ key: "genesys.skill.arrampicarsi", kind: "add", value: "1.5" }, { key: "genesys.check", kind: "add", value: "2" }];
    await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Strano", ...effectChangesData(changes) }]);
    await approvalWritesSettled();
    expect(personOf(actor).sources.ignored).toBe(1);
    prepareAgain(actor);
    prepareAgain(actor);
    actor.reset();
    expect(personOf(actor).sources.ignored).toBe(1);
    expect(personOf(actor).sources.checks.all).toEqual([{ label: "Strano", value: 2 }]);
  });
});
