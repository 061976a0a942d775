/**
 * Regression: Undo takes back the whole advance, for every actor it wrote — also one whose clocks alone moved and who
 * shows no line on the card — so that after Undo all actors agree on the same hours.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { requestTimeUndo } from "../../src/time/time-requests.js";
import { timeQueue } from "../../src/time/time-advance.js";
import { createScene, placeToken, type Scene } from "../foundry/scenes.js";
import { createActor, personOf } from "../documents/helpers.js";
import { HUMAN, playerId, useCardWorld } from "../attack/helpers.js";

useCardWorld();

let scene: Scene;
beforeEach(async () => {
  for (const s of game.scenes.contents as unknown as Scene[]) s.active = false;
  scene = createScene("Strada");
  scene.active = true;
  await game.settings.set("genesys-gdr", "timeActors", "scene");
});

const hero = (name: string, extra: object = {}): Promise<GenesysActor> =>
  createActor({ name, type: "character", system: { characteristics: HUMAN, ...extra }, ownership: { default: 0, [playerId()]: 3 } });

describe("Undo and actors the card shows no line for", () => {
  it("undoing 4 hours puts back every advanced clock, not only those of actors with an event", async () => {
    const fresh = await hero("Fresco");
    const tired = await hero("Stanco", { deprivation: { hoursAwake: 13 } });
    placeToken(scene, fresh, { actorLink: true });
    placeToken(scene, tired, { actorLink: true });
    expect(await game.genesys.timePasses({ hours: 4, ate: true, drank: true, actors: [fresh, tired] })).toBe(true);
    await timeQueue.run(() => Promise.resolve());
    expect(personOf(fresh).deprivation.hoursAwake).toBe(4);
    expect(personOf(tired).deprivation.hoursAwake).toBe(17);
    const card = game.messages.contents.at(-1)!;
    expect(await requestTimeUndo(card.id)).toBe(true);
    expect(personOf(tired).deprivation.hoursAwake).toBe(13);
    expect(personOf(fresh).deprivation.hoursAwake).toBe(0);
  });
});
