/**
 * Regression (review s17b, finding 5): Foundry's deletion key ("-=speed", performDeletions) let a player clear the
 * Narrator's override, since only written values were read as a change of it (documents/derived-overrides.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { changesOverrides } from "../../src/documents/derived-overrides.js";
import { asPlayer, bootSystem } from "../foundry/boot.js";
import { createActor, personOf } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const STATS = { dexterity: 8, experience: 7, charm: 8, strength: 5, perception: 7 };
const SET = { reflexes: null, resistance: null, speed: 1 };

describe("a Narrator's override cannot be cleared by a player", () => {
  it("Foundry's deletion key on an override is refused like any other change of it", async () => {
    const actor = await createActor({ name: "Alven", type: "character", system: { characteristics: STATS }, ownership: { default: 3 } });
    // The Narrator slows the character (a wounded leg): Velocità 1.
    await actor.update({ system: { overrides: { speed: 1 } } });
    expect(personOf(actor).derived.speed).toBe(1);
    // The player deletes the key instead of writing it. Deletion keys are no field of the typed update data: cast.
    await asPlayer(() => actor.update({ system: { overrides: { "-=speed": null } } } as never)).catch(() => undefined);
    await asPlayer(() => actor.update({ "system.overrides.-=speed": null } as never)).catch(() => undefined);
    expect(personOf(actor).overrides.speed).toBe(1);
    expect(personOf(actor).derived.speed).toBe(1);
  });

  it("every spelling reads as a change: deletion of the key or of the whole object, replacement, nested or dotted", () => {
    expect(changesOverrides({ system: { overrides: { "-=speed": null } } }, SET)).toBe(true);
    expect(changesOverrides({ "system.overrides.-=speed": null }, SET)).toBe(true);
    expect(changesOverrides({ system: { "-=overrides": null } }, SET)).toBe(true);
    expect(changesOverrides({ system: { "==overrides": { reflexes: null, resistance: null } } }, SET)).toBe(true);
    expect(changesOverrides({ "system.overrides.==speed": 4 }, SET)).toBe(true);
    expect(changesOverrides({ system: { "overrides.speed": 3 } }, SET)).toBe(true);
    // Deleting what is not set, or a whole-form submit that leaves the values as they are, changes nothing.
    expect(changesOverrides({ "system.overrides.-=reflexes": null }, SET)).toBe(false);
    expect(changesOverrides({ system: { overrides: { reflexes: "", resistance: null, speed: 1 }, fame: 2 } }, SET)).toBe(false);
  });
});
