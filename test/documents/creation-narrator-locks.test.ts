/**
 * §1.3.3 what creation mode leaves to the Narrator, tried by a player who owns the character: the sheet's edits go to
 * the Narrator's client (authority/protected-edit.ts), which takes a creation spend within the allowance and nothing
 * else; his own writes of those values, ordinary or raw, are refused by the server (gmOnlyFields). Earned grades typed
 * in during creation, a new skill carrying allocated grades after it, a spend that goes over, and a characteristic
 * raised after creation. Regression tests of review s17a, restated for the server's lock.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CREATION_SETTINGS } from "../../src/settings/creation-settings.js";
import { SYSTEM_ID } from "../../src/settings/rules-settings.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { requestProtectedEdit } from "../../src/authority/protected-edit-request.js";
import { requestFinishCreation } from "../../src/authority/owner-requests.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { rawUpdate } from "../foundry/documents.js";
import { gmQueue } from "../../src/authority/serial-queue.js";
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

const finish = (actor: GenesysActor): Promise<boolean> => asPlayer(() => requestFinishCreation(actor));
/** The sheet's edit of protected values, as a player's submit sends it. */
const edit = (doc: { uuid: string | null }, system: Record<string, unknown>): Promise<boolean> => asPlayer(() => requestProtectedEdit(doc.uuid ?? "", system));
const SERVER = "may only be modified by a GM or Assistant GM user";

describe("§1.3.3 earned grades wait for play (§1.8): in creation only allocated grades, which the budget counts", () => {
  it("a player's 'earned' on a skill in creation is refused by the Narrator's client and by the server; allocated grades go through", async () => {
    const actor = await ownedInCreation([{ name: "Pistola", characteristic: "perception", bought: 0 }]);
    const item = actor.items.find((i) => i.name === "Pistola");
    if (!item) throw new Error("no skill");
    expect(await edit(item, { earned: 20 })).toBe(false);
    await expect(asPlayer(() => rawUpdate(item as never, { "system.earned": 3, "system.increment": 1 }))).rejects.toThrow(SERVER);
    expect(skillOf(actor, "Pistola")).toMatchObject({ earned: 0, grade: ALVEN.perception });
    expect(warnings()).toEqual([expect.stringContaining("GENESYS.Authority.Edit.NarratorOnly")]);
    // Allocated grades stay his to spend while creating; the Narrator may set earned ones.
    expect(await edit(item, { bought: 2 })).toBe(true);
    await write(item, { "system.earned": 1 });
    expect(skillOf(actor, "Pistola")).toMatchObject({ bought: 2, earned: 1 });
  });

  it("a skill his own client creates (the console: the sheet asks the Narrator's) keeps none of its numbers once the Narrator's client sees it", async () => {
    const actor = await ownedInCreation([]);
    await asPlayer(() => addSkills(actor, [{ name: "Spada", characteristic: "charm", bought: 4, earned: 9 }]));
    expect(warnings()).toEqual(["GENESYS.Creation.Refused.NewSkillEarned"]);
    await gmQueue.run(() => Promise.resolve());
    expect(skillOf(actor, "Spada")).toMatchObject({ bought: 0, earned: 0 });
    expect((actor.items.find((i) => i.name === "Spada")?.system as unknown as { characteristic: string }).characteristic).toBe("dexterity");
  });
});

describe("§1.3.3 after creation allocated grades are the Narrator's, on new skills too", () => {
  it("a player's new skill carrying 15 allocated or 2 earned grades is added without them, with a warning; the Narrator's keeps them", async () => {
    const actor = await ownedInCreation(ALVEN_SKILLS);
    expect(await finish(actor)).toBe(true);
    expect(personOf(actor).creation.active).toBe(false);
    await asPlayer(() => addSkills(actor, [{ name: "Spada", characteristic: "dexterity", bought: 15 }, { name: "Nuoto", characteristic: "strength", bought: 0 }]));
    expect(skillOf(actor, "Spada").bought).toBe(0);
    expect(skillOf(actor, "Nuoto").bought).toBe(0);
    expect(warnings()).toEqual(["GENESYS.Creation.Refused.NewSkillAllocated"]);
    await addSkills(actor, [{ name: "Arco", characteristic: "perception", bought: 6 }]);
    expect(skillOf(actor, "Arco").bought).toBe(6);
    // Earned grades come from increments the Narrator's client records (§1.8), never with a player's new skill.
    await asPlayer(() => addSkills(actor, [{ name: "Corsa", characteristic: "dexterity", bought: 0, earned: 2 }]));
    expect(skillOf(actor, "Corsa").earned).toBe(0);
  });
});

describe("§1.3.3 a spend is judged against the allowance", () => {
  it("Fascino 8 → 12 (4 over the exact 35) is refused; 8 → 6 (2 under) passes, and the player may finish", async () => {
    const actor = await ownedInCreation(ALVEN_SKILLS);
    expect(personOf(actor).creationBalance().exact).toBe(true);
    expect(await edit(actor, { "characteristics.charm": 12 })).toBe(false);
    expect(personOf(actor).characteristics.charm).toBe(8);
    expect(warnings()).toEqual([expect.stringContaining("GENESYS.Creation.Refused.SpendOverBudget")]);
    expect(await edit(actor, { "characteristics.charm": 6 })).toBe(true);
    expect(personOf(actor).characteristics.charm).toBe(6);
    expect(await finish(actor)).toBe(true);
    expect(personOf(actor).creation.active).toBe(false);
  });

  it("a player's own finishing write, even within the allowance, is the server's to refuse", async () => {
    const actor = await ownedInCreation(ALVEN_SKILLS);
    await expect(asPlayer(() => rawUpdate(actor as never, { "system.creation.active": false }))).rejects.toThrow(SERVER);
    expect(personOf(actor).creation.active).toBe(true);
  });
});

describe("§1.3.3 after creation the characteristics are the Narrator's", () => {
  it("a player's Forza 5 → 12 after creation is refused; the Narrator raises it", async () => {
    const actor = await ownedInCreation(ALVEN_SKILLS);
    expect(await edit(actor, { "characteristics.strength": 6 })).toBe(false); // 1 over the exact allowance
    expect(await edit(actor, { "characteristics.strength": 4 })).toBe(true);
    expect(await edit(actor, { "characteristics.strength": 5 })).toBe(true);
    await finish(actor);
    expect(await edit(actor, { "characteristics.strength": 12 })).toBe(false);
    await expect(asPlayer(() => rawUpdate(actor as never, { system: { characteristics: { strength: 12 } } }))).rejects.toThrow(SERVER);
    expect(personOf(actor).characteristics.strength).toBe(5);
    await write(actor, { "system.characteristics.strength": 12 });
    expect(personOf(actor).characteristics.strength).toBe(12);
  });

  it("an unlinked token's actor of a finished Protagonista is locked the same way", async () => {
    const actor = await ownedInCreation(ALVEN_SKILLS);
    await finish(actor);
    const token = placeToken(createScene("Bosco"), actor);
    const synthetic = token.actor as unknown as GenesysActor; // the double's token actor is a GenesysActor subclass
    expect(await edit(synthetic, { "characteristics.dexterity": 11 })).toBe(false);
    await expect(asPlayer(() => rawUpdate(synthetic as never, { "system.characteristics.dexterity": 11 }))).rejects.toThrow(SERVER);
    expect(personOf(synthetic).characteristics.dexterity).toBe(ALVEN.dexterity);
  });

  it("a Comparsa has no creation mode: its scores are the Narrator's, or its owner's once the Narrator opens it for free editing", async () => {
    const npc = await createActor({ name: "Oste", type: "npc", ownership: { default: 0, [playerId()]: 3 } });
    expect(await edit(npc, { "characteristics.strength": 9 })).toBe(false);
    await write(npc, { "system.freeEdit": true });
    expect(await edit(npc, { "characteristics.strength": 9, "wounds.value": 2 })).toBe(true);
    expect(personOf(npc).characteristics.strength).toBe(9);
    expect(personOf(npc).wounds.value).toBe(2);
    // The opening itself stays the Narrator's.
    await expect(asPlayer(() => rawUpdate(npc as never, { "system.freeEdit": false }))).rejects.toThrow(SERVER);
    expect(await edit(npc, { freeEdit: false })).toBe(false);
    expect(await edit(npc, { gmNotes: "<p>mio</p>" })).toBe(false);
    expect(personOf(npc).freeEdit).toBe(true);
  });
});
