/**
 * Creation mode of a Protagonista (§1.3.3, data/actor/creation.ts) on the Foundry double: a new character starts in it,
 * a saved one without the field does not, the player finishes within the allowance, only the Narrator reopens or
 * finishes over it, and allocated grades are locked for players afterwards. A player's finish and spend are intents the
 * Narrator's client judges (authority/owner-actions.ts, protected-edit.ts); his own writes are refused by the server.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CREATION_SETTINGS, creationAllowance } from "../../src/settings/creation-settings.js";
import { SYSTEM_ID } from "../../src/settings/rules-settings.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { requestProtectedEdit } from "../../src/authority/protected-edit-request.js";
import { requestFinishCreation } from "../../src/authority/owner-requests.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { rawUpdate } from "../foundry/documents.js";
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

/** A Protagonista the player owns, still in creation, with the given scores and allocated grades. */
async function ownedInCreation(characteristics: object, skills: { name: string; characteristic: string; bought: number }[]): Promise<GenesysActor> {
  const actor = await createActor({ name: "In creazione", type: "character", ownership: { default: 0, [playerId()]: 3 }, system: { characteristics } });
  // The skills' characteristics are keys of CHARACTERISTICS; fvtt-types wants its own branded create data.
  await actor.createEmbeddedDocuments("Item", skills.map((s) => ({ name: s.name, type: "skill", system: { characteristic: s.characteristic, bought: s.bought } })) as never);
  return actor;
}

const ALVEN_SKILLS = [
  { name: "Movimento furtivo", characteristic: "dexterity", bought: 7 },
  { name: "Veterinaria", characteristic: "experience", bought: 8 },
  { name: "Naturalistica", characteristic: "experience", bought: 5 },
];

const active = (actor: GenesysActor): boolean => personOf(actor).creation.active;
const SERVER = "may only be modified by a GM or Assistant GM user";

/** An update as a sheet or a console writes it, nested or with dotted keys (fvtt-types lists no dotted keys). */
async function write(doc: { update(changes: never): Promise<unknown> }, changes: Record<string, unknown>): Promise<void> {
  await doc.update(changes as never);
}

describe("which characters are in creation", () => {
  it("a new blank Protagonista starts in creation; one arriving with skills (a copy, a ready character) or saying otherwise does not", async () => {
    expect(active(await createActor({ name: "Nuova", type: "character" }))).toBe(true);
    expect(active(await createActor({ name: "Pronta", type: "character", items: [{ name: "Veterinaria", type: "skill" }] }))).toBe(false);
    expect(active(await createActor({ name: "Finita", type: "character", system: { creation: { active: false } } }))).toBe(false);
    expect(active(await createActor({ name: "Dotted", type: "character", "system.creation.active": false } as never))).toBe(false);
  });

  it("a character saved before creation mode existed loads out of it; a Comparsa has no creation mode", async () => {
    const Model = CONFIG.Actor.dataModels.character;
    // The double's models take plain source objects, as Foundry's do.
    const old = new (Model as unknown as new (d: object) => { creation: { active: boolean } })({ characteristics: ALVEN });
    expect(old.creation.active).toBe(false);
    const npc = await createActor({ name: "Oste", type: "npc" });
    expect((npc.system as unknown as Record<string, unknown>)["creation"]).toBeUndefined();
  });
});

describe("the allowance (§1.3.3, EX-01)", () => {
  it("Alven exactly fills the book's 35 characteristic points and 20 grades", async () => {
    const balance = personOf(await ownedInCreation(ALVEN, ALVEN_SKILLS)).creationBalance();
    expect(balance.characteristicPoints).toEqual({ spent: 35, budget: 35, left: 0, status: "exact" });
    expect(balance.skillGrades).toEqual({ spent: 20, budget: 20, left: 0, status: "exact" });
    expect(balance).toMatchObject({ over: false, exact: true });
  });

  it("follows the Narrator's settings; a value outside the range falls back to the book's", async () => {
    await game.settings.set(SYSTEM_ID, CREATION_SETTINGS.characteristicPoints.key, 40);
    await game.settings.set(SYSTEM_ID, CREATION_SETTINGS.skillGrades.key, 15);
    expect(creationAllowance()).toEqual({ characteristicPoints: 40, skillGrades: 15 });
    const balance = personOf(await ownedInCreation(ALVEN, ALVEN_SKILLS)).creationBalance();
    expect(balance.characteristicPoints).toMatchObject({ left: 5, status: "under" });
    expect(balance.skillGrades).toMatchObject({ left: -5, status: "over" });
    expect(balance.over).toBe(true);
    await game.settings.set(SYSTEM_ID, CREATION_SETTINGS.skillGrades.key, -3);
    await game.settings.set(SYSTEM_ID, CREATION_SETTINGS.characteristicPoints.key, 7.5);
    expect(creationAllowance()).toEqual({ characteristicPoints: 35, skillGrades: 20 });
  });

  it("the settings are world integers with a range, registered by the system", () => {
    const def = foundryDouble().settings.registry.get(`${SYSTEM_ID}.${CREATION_SETTINGS.skillGrades.key}`);
    expect(def).toMatchObject({ scope: "world", config: true, type: Number, default: 20, range: { min: 0, max: 200, step: 1 } });
  });
});

describe("finishing and reopening", () => {
  it("the owning player finishes within the allowance; only the Narrator reopens", async () => {
    const actor = await ownedInCreation(ALVEN, ALVEN_SKILLS);
    expect(await asPlayer(() => requestFinishCreation(actor))).toBe(true);
    expect(active(actor)).toBe(false);
    await asPlayer(() => write(actor, { system: { creation: { active: true } } }));
    await expect(asPlayer(() => rawUpdate(actor as never, { system: { creation: { active: true } } }))).rejects.toThrow(SERVER);
    expect(active(actor)).toBe(false);
    expect(warnings()).toEqual(["GENESYS.Creation.Refused.Reopen"]);
    await write(actor, { "system.creation.active": true });
    expect(active(actor)).toBe(true);
  });

  it("a player may finish under the allowance, not over it; the Narrator may finish over it", async () => {
    const under = await ownedInCreation({ ...ALVEN, charm: 6 }, ALVEN_SKILLS.slice(0, 2));
    expect(await asPlayer(() => requestFinishCreation(under))).toBe(true);
    expect(active(under)).toBe(false);
    const over = await ownedInCreation({ ...ALVEN, charm: 10 }, ALVEN_SKILLS);
    expect(await asPlayer(() => requestFinishCreation(over))).toBe(false);
    expect(active(over)).toBe(true);
    expect(warnings()).toEqual(["GENESYS.Creation.Refused.OverBudget {}"]);
    await write(over, { "system.creation.active": false });
    expect(active(over)).toBe(false);
  });

  it("after creation a player cannot change allocated grades (the Narrator can); earned grades and points are the Narrator's too", async () => {
    const actor = await ownedInCreation(ALVEN, ALVEN_SKILLS);
    const skill = actor.items.find((i) => i.name === "Veterinaria");
    if (!skill) throw new Error("no skill");
    expect(await asPlayer(() => requestProtectedEdit(skill.uuid, { bought: 7 }))).toBe(true);
    expect((skill.system as unknown as { bought: number }).bought).toBe(7);
    expect(await asPlayer(() => requestProtectedEdit(skill.uuid, { bought: 8 }))).toBe(true);
    expect(await asPlayer(() => requestFinishCreation(actor))).toBe(true);
    expect(await asPlayer(() => requestProtectedEdit(skill.uuid, { bought: 10 }))).toBe(false);
    expect((skill.system as unknown as { bought: number }).bought).toBe(8);
    await expect(asPlayer(() => rawUpdate(skill as never, { "system.earned": 1, "system.increment": 2 }))).rejects.toThrow(SERVER);
    expect(skill.system).toMatchObject({ earned: 0, increment: 0 });
    await write(skill, { "system.bought": 10 });
    expect((skill.system as unknown as { bought: number }).bought).toBe(10);
  });

  it("a token of a Protagonista (linked or not) neither crashes nor escapes the checks", async () => {
    const actor = await ownedInCreation(ALVEN, ALVEN_SKILLS);
    const scene = createScene("Bosco");
    const token = placeToken(scene, actor);
    const synthetic = token.actor as unknown as GenesysActor; // the double's token actor is a GenesysActor subclass
    expect(active(synthetic)).toBe(true);
    expect(personOf(synthetic).creationBalance().exact).toBe(true);
    expect(await asPlayer(() => requestFinishCreation(synthetic))).toBe(true);
    expect(active(synthetic)).toBe(false);
    await expect(asPlayer(() => rawUpdate(synthetic as never, { "system.creation.active": true }))).rejects.toThrow(SERVER);
    expect(active(synthetic)).toBe(false);
    expect(active(actor)).toBe(true);
  });
});
