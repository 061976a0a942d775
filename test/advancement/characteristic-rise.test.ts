/**
 * §1.8.1 (A-12) a permanent rise of a reference characteristic raises its skills' grades (§1.3.2); the world setting
 * decides whether it also clears their increment points. Applied on the actor's update path, world and token actors.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { risenCharacteristics } from "../../src/documents/characteristic-rise.js";
import { resetRulesOptionsCache } from "../../src/settings/rules-settings.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { createActor } from "../documents/helpers.js";
import { skillData } from "../check/helpers.js";
import { HUMAN, playerId, useCardWorld } from "../attack/helpers.js";

useCardWorld();

/** Foundry's onChange forgets the cache; the double's set does not call it. */
async function setReset(value: boolean): Promise<void> {
  await game.settings.set("genesys-gdr", "resetIncrementOnCharacteristicRise", value);
  resetRulesOptionsCache();
}

afterEach(async () => {
  await setReset(false);
});

/** Corsa on Destrezza with 3 points, Ascolto on Percezione with 2. */
async function runner(): Promise<GenesysActor> {
  return createActor({
    name: "Mira",
    type: "character",
    system: { characteristics: HUMAN },
    items: [
      { name: "Corsa", type: "skill", system: { characteristic: "dexterity", bought: 3, earned: 0, increment: 3 } },
      { name: "Ascolto", type: "skill", system: { characteristic: "perception", bought: 1, earned: 0, increment: 2 } },
    ],
    ownership: { default: 0, [playerId()]: 3 },
  });
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 50));
const counts = (actor: GenesysActor): [number, number | null, number] => {
  const corsa = skillData(actor, "Corsa");
  return [corsa.increment, corsa.grade, skillData(actor, "Ascolto").increment];
};

describe("A-12 increment points when the reference characteristic rises", () => {
  it("by default (the book's reading) the points stay; the grade follows the characteristic", async () => {
    const mira = await runner();
    // Mira finished creation (she came with skills): her scores rise only as the Narrator writes them (§1.3.3).
    await mira.update({ system: { characteristics: { dexterity: 8 } } });
    await settle();
    expect(counts(mira)).toEqual([3, 11, 2]);
  });

  it("with the setting on, a rise clears the points of the skills based on it, and only those", async () => {
    await setReset(true);
    const mira = await runner();
    await mira.update({ system: { characteristics: { dexterity: 8 } } });
    await settle();
    expect(counts(mira)).toEqual([0, 11, 2]);
  });

  it("with the setting on, a fall or an unchanged score clears nothing", async () => {
    await setReset(true);
    const mira = await runner();
    await mira.update({ system: { characteristics: { dexterity: 6, perception: 7 } } });
    await settle();
    expect(counts(mira)).toEqual([3, 9, 2]);
  });

  it("with the setting on, an unlinked token's actor is cleared, its base actor left alone", async () => {
    await setReset(true);
    const mira = await runner();
    const token = placeToken(createScene("Pista"), mira, {});
    const actor = token.actor as unknown as GenesysActor; // the double's synthetic actor is of the configured GenesysActor class
    await actor.update({ system: { characteristics: { dexterity: 9 } } });
    await settle();
    expect(counts(actor)).toEqual([0, 12, 2]);
    expect(counts(mira)).toEqual([3, 10, 2]);
  });

  it("reads rises against the stored scores only", () => {
    expect(risenCharacteristics({ characteristics: { dexterity: 7, charm: 7 } }, { system: { characteristics: { dexterity: 8, charm: 7 } } })).toEqual(["dexterity"]);
    expect(risenCharacteristics({ characteristics: { dexterity: 7 } }, { system: { wounds: { value: 3 } } })).toEqual([]);
    expect(risenCharacteristics(null, { system: { characteristics: { dexterity: 8 } } })).toEqual([]);
  });
});
