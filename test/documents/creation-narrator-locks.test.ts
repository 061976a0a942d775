/**
 * §1.3.3 what creation mode leaves to the Narrator, written as a player who owns the character would get round it with
 * ordinary writes (the sheet's inputs, or the documents API a console reaches): earned grades typed in during creation,
 * a new skill carrying allocated grades after it, a finishing write that also raises a score, and a characteristic
 * raised after creation. Regression tests of review s17a (data/actor/creation.ts, CharacterModel, SkillModel).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CREATION_SETTINGS } from "../../src/settings/creation-settings.js";
import { SYSTEM_ID } from "../../src/settings/rules-settings.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { ALVEN, createActor, personOf } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const playerId = (): string => foundryDouble().users.find((u) => !u.isGM)?.id ?? "";
const warnings = (): string[] => foundryDouble().notifications.filter((n) => n.level === "warn").map((n) => n.message);

beforeEach(async () => {
  foundryDouble().notifications.length = 0;
  await game.settings.set(SYSTEM_ID, CREATION_SETTINGS.characteristicPoints.key, 35);
  await game.settings.set(SYSTEM_ID, CREATION_SETTINGS.skillGrades.key, 20);
});

type Skill = { name: string; characteristic: string; bought: number; earned?: number };

async function ownedInCreation(skills: Skill[]): Promise<GenesysActor> {
  const actor = await createActor({ name: "In creazione", type: "character", ownership: { default: 0, [playerId()]: 3 }, system: { characteristics: ALVEN } });
  await addSkills(actor, skills);
  return actor;
}

async function addSkills(actor: GenesysActor, skills: Skill[]): Promise<void> {
  // fvtt-types wants its own branded create data; these are plain skill sources.
  await actor.createEmbeddedDocuments("Item", skills.map((s) => ({ name: s.name, type: "skill", system: { characteristic: s.characteristic, bought: s.bought, earned: s.earned ?? 0 } })) as never);
}

/** An update as a sheet or a console writes it, nested or dotted (fvtt-types lists no dotted keys). */
async function write(doc: { update(changes: never): Promise<unknown> }, changes: Record<string, unknown>): Promise<void> {
  await doc.update(changes as never);
}

const ALVEN_SKILLS: Skill[] = [
  { name: "Movimento furtivo", characteristic: "dexterity", bought: 7 },
  { name: "Veterinaria", characteristic: "experience", bought: 8 },
  { name: "Naturalistica", characteristic: "experience", bought: 5 },
];

function skillOf(actor: GenesysActor, name: string): { bought: number; earned: number; grade: number | null } {
  const item = actor.items.find((i) => i.name === name);
  if (!item) throw new Error(`no ${name}`);
  return item.system as unknown as { bought: number; earned: number; grade: number | null }; // a SkillModel
}

const finish = (actor: GenesysActor): Promise<void> => asPlayer(() => write(actor, { "system.creation.active": false }));

describe("§1.3.3 earned grades wait for play (§1.8): in creation only allocated grades, which the budget counts", () => {
  it("a player's 'earned' typed on a skill in creation is refused with a warning; the budget stays honest", async () => {
    const actor = await ownedInCreation([{ name: "Pistola", characteristic: "perception", bought: 0 }]);
    const item = actor.items.find((i) => i.name === "Pistola");
    if (!item) throw new Error("no skill");
    await asPlayer(() => write(item, { system: { earned: 20 } }));
    await asPlayer(() => write(item, { "system.earned": 3, "system.increment": 1 }));
    expect(skillOf(actor, "Pistola")).toMatchObject({ earned: 0, grade: ALVEN.perception });
    expect(warnings()).toEqual(["GENESYS.Creation.Refused.Earned", "GENESYS.Creation.Refused.Earned"]);
    // Allocated grades stay his to set while creating; the Narrator may set earned ones.
    await asPlayer(() => write(item, { "system.bought": 2 }));
    await write(item, { "system.earned": 1 });
    expect(skillOf(actor, "Pistola")).toMatchObject({ bought: 2, earned: 1 });
  });

  it("a new skill a player adds in creation comes without earned grades (a warning), keeping its allocated ones", async () => {
    const actor = await ownedInCreation([]);
    await asPlayer(() => addSkills(actor, [{ name: "Spada", characteristic: "dexterity", bought: 4, earned: 9 }]));
    expect(skillOf(actor, "Spada")).toMatchObject({ bought: 4, earned: 0 });
    expect(warnings()).toEqual(["GENESYS.Creation.Refused.NewSkillEarned"]);
  });
});

describe("§1.3.3 after creation allocated grades are the Narrator's, on new skills too", () => {
  it("a player's new skill carrying 15 allocated grades is added without them, with a warning; the Narrator's keeps them", async () => {
    const actor = await ownedInCreation(ALVEN_SKILLS);
    await finish(actor);
    expect(personOf(actor).creation.active).toBe(false);
    await asPlayer(() => addSkills(actor, [{ name: "Spada", characteristic: "dexterity", bought: 15 }, { name: "Nuoto", characteristic: "strength", bought: 0 }]));
    expect(skillOf(actor, "Spada").bought).toBe(0);
    expect(skillOf(actor, "Nuoto").bought).toBe(0);
    expect(warnings()).toEqual(["GENESYS.Creation.Refused.NewSkillAllocated"]);
    await addSkills(actor, [{ name: "Arco", characteristic: "perception", bought: 6 }]);
    expect(skillOf(actor, "Arco").bought).toBe(6);
    // Earned grades are the player's after creation (increments, §1.8), on a new skill as on an old one.
    await asPlayer(() => addSkills(actor, [{ name: "Corsa", characteristic: "dexterity", bought: 0, earned: 2 }]));
    expect(skillOf(actor, "Corsa").earned).toBe(2);
  });
});

describe("§1.3.3 finishing is judged on the scores the same write sets", () => {
  it("one write that finishes and raises Fascino 8 → 12 (4 over) is refused as a whole; within the allowance it passes", async () => {
    const actor = await ownedInCreation(ALVEN_SKILLS);
    expect(personOf(actor).creationBalance().exact).toBe(true);
    await asPlayer(() => write(actor, { system: { creation: { active: false }, characteristics: { charm: 12 } } }));
    expect(personOf(actor).creation.active).toBe(true);
    expect(personOf(actor).characteristics.charm).toBe(8);
    expect(warnings()).toEqual(["GENESYS.Creation.Refused.OverBudget"]);
    // Dotted keys, and a lower score in the same write: 2 under the allowance, which a player may finish with.
    await asPlayer(() => write(actor, { "system.creation.active": false, "system.characteristics.charm": 6 }));
    expect(personOf(actor).creation.active).toBe(false);
    expect(personOf(actor).characteristics.charm).toBe(6);
  });
});

describe("§1.3.3 after creation the characteristics are the Narrator's", () => {
  it("a player's Forza 5 → 12 after creation is refused with a warning; the Narrator raises it", async () => {
    const actor = await ownedInCreation(ALVEN_SKILLS);
    await asPlayer(() => write(actor, { "system.characteristics.strength": 6 }));
    expect(personOf(actor).characteristics.strength).toBe(6);
    await asPlayer(() => write(actor, { "system.characteristics.strength": 5 }));
    await finish(actor);
    await asPlayer(() => write(actor, { "system.characteristics.strength": 12 }));
    await asPlayer(() => write(actor, { system: { characteristics: { strength: 12 }, fame: 1 } }));
    expect(personOf(actor).characteristics.strength).toBe(5);
    expect(personOf(actor).fame).toBe(0);
    expect(warnings()).toEqual(["GENESYS.Creation.Refused.Characteristics", "GENESYS.Creation.Refused.Characteristics"]);
    // A write that sends the scores back unchanged (a whole sheet) is not a change; the rest of it goes through.
    await asPlayer(() => write(actor, { system: { characteristics: { ...ALVEN }, fame: 1 } }));
    expect(personOf(actor).fame).toBe(1);
    await write(actor, { "system.characteristics.strength": 12 });
    expect(personOf(actor).characteristics.strength).toBe(12);
  });

  it("an unlinked token's actor of a finished Protagonista is locked the same way", async () => {
    const actor = await ownedInCreation(ALVEN_SKILLS);
    await finish(actor);
    const token = placeToken(createScene("Bosco"), actor);
    const synthetic = token.actor as unknown as GenesysActor; // the double's token actor is a GenesysActor subclass
    await asPlayer(() => write(synthetic, { "system.characteristics.dexterity": 11 }));
    expect(personOf(synthetic).characteristics.dexterity).toBe(ALVEN.dexterity);
    expect(warnings()).toEqual(["GENESYS.Creation.Refused.Characteristics"]);
  });

  it("a Comparsa has no creation mode: its owner still edits its scores", async () => {
    const npc = await createActor({ name: "Oste", type: "npc", ownership: { default: 0, [playerId()]: 3 } });
    await asPlayer(() => write(npc, { "system.characteristics.strength": 9 }));
    expect(personOf(npc).characteristics.strength).toBe(9);
  });
});
