/**
 * Regression (review s17b, finding 9): the A-12 reset read the rise only from a nested update. Foundry takes dotted
 * keys too, and the project's own readers of updates say so (data/actor/creation.ts changedAt,
 * documents/derived-overrides.ts): a Narrator's macro `actor.update({ "system.characteristics.dexterity": 8 })` raises
 * Destrezza and its skills, but the skills kept their points with the setting on. documents/characteristic-rise.ts
 * now reads the update with changedAt.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { risenCharacteristics } from "../../src/documents/characteristic-rise.js";
import { resetRulesOptionsCache } from "../../src/settings/rules-settings.js";
import { createActor } from "../documents/helpers.js";
import { skillData } from "../check/helpers.js";
import { HUMAN, useCardWorld } from "../attack/helpers.js";

useCardWorld();

async function setReset(value: boolean): Promise<void> {
  await game.settings.set("genesys-gdr", "resetIncrementOnCharacteristicRise", value);
  resetRulesOptionsCache();
}

afterEach(async () => {
  await setReset(false);
});

describe("A-12 reset with the update's keys dotted", () => {
  it("risenCharacteristics sees a dotted or half-dotted rise", () => {
    const stored = { characteristics: { ...HUMAN } };
    expect(risenCharacteristics(stored, { "system.characteristics.dexterity": 8 })).toEqual(["dexterity"]);
    expect(risenCharacteristics(stored, { system: { "characteristics.dexterity": 8 } })).toEqual(["dexterity"]);
  });

  it("with the setting on, a Narrator's dotted update of Destrezza clears Corsa's points", async () => {
    await setReset(true);
    const mira: GenesysActor = await createActor({
      name: "Mira",
      type: "character",
      system: { characteristics: HUMAN },
      items: [{ name: "Corsa", type: "skill", system: { characteristic: "dexterity", bought: 3, earned: 0, increment: 3 } }],
    });
    // A dotted key is the ordinary way a macro writes one field (V13-API.md §2.5: valid at runtime, cast for tsc).
    await mira.update({ "system.characteristics.dexterity": 8 } as Actor.UpdateData);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(skillData(mira, "Corsa").grade).toBe(HUMAN.dexterity + 1 + 3);
    expect(skillData(mira, "Corsa").increment).toBe(0);
  });
});
