/**
 * Regression: a combat round moves the world clock a few seconds. Clocks that moved with nothing to report wait on the
 * writer (WRITE_EVERY_SECONDS) instead of one document update per actor per round, and still add up over many rounds.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { onWorldTime, timeQueue, unwrittenSeconds } from "../../src/time/time-advance.js";
import { createScene, placeToken, type Scene } from "../foundry/scenes.js";
import { createActor, personOf } from "../documents/helpers.js";
import { HUMAN, useCardWorld } from "../attack/helpers.js";

useCardWorld();

let scene: Scene;
beforeEach(async () => {
  for (const s of game.scenes.contents as unknown as Scene[]) s.active = false;
  scene = createScene("Taverna");
  scene.active = true;
  await game.settings.set("genesys-gdr", "timeActors", "scene");
});

describe("combat rounds and the world clock", () => {
  it("a 6-second round writes no actor whose numbers the rules did not change", async () => {
    const actors: GenesysActor[] = [];
    for (const name of ["Oste", "Guardia", "Mercante", "Ladro"]) {
      const base = await createActor({ name, type: "npc", system: { characteristics: HUMAN } });
      actors.push(placeToken(scene, base).actor as unknown as GenesysActor); // the double's synthetic actor is a GenesysActor
    }
    const spies = actors.map((a) => vi.spyOn(a, "update"));
    const t = game.time.worldTime;
    await onWorldTime(t + 6, 6);
    await timeQueue.run(() => Promise.resolve());
    expect(spies.reduce((n, s) => n + s.mock.calls.length, 0)).toBe(0);
  });

  it("over 25 rounds each actor is written once a minute and its clock loses no second", async () => {
    const base = await createActor({ name: "Guardia", type: "npc", system: { characteristics: HUMAN } });
    const guard = placeToken(scene, base).actor as unknown as GenesysActor; // the double's synthetic actor is a GenesysActor
    const spy = vi.spyOn(guard, "update");
    let t = game.time.worldTime;
    for (let round = 0; round < 25; round++) {
      t += 6;
      await onWorldTime(t, 6);
    }
    await timeQueue.run(() => Promise.resolve());
    expect(spy.mock.calls.length).toBe(2); // at 60 s and 120 s of the 150
    expect(personOf(guard).deprivation.hoursAwake * 3600).toBeCloseTo(120, 6);
    expect(unwrittenSeconds(guard.uuid)).toBe(30);
    // The Narrator's next advance brings the waiting seconds along.
    expect(await game.genesys.timePasses({ minutes: 10, actors: [guard] })).toBe(true);
    await timeQueue.run(() => Promise.resolve());
    expect(personOf(guard).deprivation.hoursAwake * 3600).toBeCloseTo(750, 6);
    expect(unwrittenSeconds(guard.uuid)).toBe(0);
  });
});
