import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GenesysActor } from "../../src/documents/actor.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { createScene, placeToken, type TokenDocument } from "../foundry/scenes.js";
import { ALVEN, animalOf, createActor, personOf } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const ROOT = path.resolve(import.meta.dirname, "../..");
// The pack's JSON is the Actor source Foundry imports into the world when the animal is dragged onto a scene.
const WOLF = JSON.parse(fs.readFileSync(path.join(ROOT, "packs/animals/lupo_gnsAnimalWolf001.json"), "utf8")) as { name: string; type: string; system: object };

function tokenActor(token: TokenDocument): GenesysActor {
  const actor: unknown = token.actor;
  const ours: GenesysActor | null = actor instanceof GenesysActor ? actor : null;
  if (!ours) throw new Error(`token ${token.id} has no GenesysActor`);
  return ours;
}

async function resolve(uuid: string): Promise<unknown> {
  // Every uuid here comes from a document of the double, which builds it the way Foundry does.
  return foundry.utils.fromUuid(uuid as `Actor.${string}`);
}

async function wolfOnScene(sceneName = "Radura") {
  const wolf = await createActor({ name: WOLF.name, type: WOLF.type, system: WOLF.system, items: [{ name: "Fiutare", type: "skill" }] });
  const scene = createScene(sceneName);
  const token = placeToken(scene, wolf);
  return { wolf, scene, token, actor: tokenActor(token) };
}

describe("an animal dropped as an unlinked token", () => {
  it("is a synthetic GenesysActor under the token, with the base actor's id and derived data", async () => {
    const { wolf, scene, token, actor } = await wolfOnScene();
    expect(actor).not.toBe(wolf);
    expect(actor.id).toBe(wolf.id);
    expect(actor.uuid).toBe(`Scene.${scene.id}.Token.${token.id}.Actor.${wolf.id}`);
    expect(actor.isToken).toBe(true);
    expect(actor.token).toBe(token);
    expect(animalOf(actor).derived).toEqual({ reflexes: 8, resistance: 18, speed: 6 });
    expect(actor.items.contents.map((i) => i.name)).toEqual(["Fiutare"]);
    expect(tokenActor(token)).toBe(actor);
    // A linked token is the world actor itself.
    expect(placeToken(scene, wolf, { actorLink: true }).actor).toBe(wolf);
  });

  it("takes damage through applyDamage into its own delta: the world actor and the other wolves are untouched", async () => {
    const { wolf, scene, token, actor } = await wolfOnScene();
    const other = tokenActor(placeToken(scene, wolf));
    const worldBefore = wolf.toObject();
    const change = await actor.applyDamage({ amount: 10, type: "wounding" });
    expect(change?.after).toEqual({ wounds: 10, fatigue: 0 });
    expect(change?.actorUuid).toBe(actor.uuid);
    expect(animalOf(actor).wounds.value).toBe(10);
    expect(animalOf(actor).condition.key).not.toBe("normal");
    expect(token.delta).toMatchObject({ system: { wounds: { value: 10 } } });
    expect(wolf.toObject()).toEqual(worldBefore);
    expect(animalOf(wolf).wounds.value).toBe(0);
    expect(animalOf(other).wounds.value).toBe(0);
  });

  it("refuses an invalid update and keeps its delta", async () => {
    const { token, actor } = await wolfOnScene();
    await expect(actor.update({ system: { wounds: { value: "molte" } } } as never)).rejects.toThrow(/must be a number/);
    expect(token.delta).toEqual({});
    expect(animalOf(actor).wounds.value).toBe(0);
  });

  it("is owned as its base actor is, and follows a change of the base actor's ownership", async () => {
    const { wolf, token, actor } = await wolfOnScene();
    const player = foundryDouble().users.find((u) => !u.isGM);
    if (!player) throw new Error("no player");
    await expect(asPlayer(() => actor.update({ system: { description: "<p>mio</p>" } }))).rejects.toThrow(/lacks permission/);
    expect(token.delta).toEqual({});
    // fvtt-types brands ownership levels; 3 is OWNER.
    await wolf.update({ ownership: { default: 0, [player.id]: 3 } } as never);
    await asPlayer(() => actor.update({ system: { description: "<p>mio</p>" } }));
    expect(token.delta).toMatchObject({ system: { description: "<p>mio</p>" } });
    expect(animalOf(wolf).description).not.toBe("<p>mio</p>");
    // Ferite stay the Narrator's even for the token's owner (data/protected-fields.ts).
    await expect(asPlayer(() => actor.update({ system: { wounds: { value: 1 } } }))).rejects.toThrow(/may only be modified by a GM/);
    expect(animalOf(actor).wounds.value).toBe(0);
  });

  it("has no actor once its base actor is deleted", async () => {
    const { wolf, token } = await wolfOnScene();
    game.actors.delete(wolf.id ?? "");
    expect(token.actor).toBeNull();
  });
});

describe("fromUuid and token documents", () => {
  it("resolves the token, its actor and the actor's items; null once the token or the scene is gone", async () => {
    const { wolf, scene, token, actor } = await wolfOnScene();
    const item = actor.items.contents[0];
    expect(item?.uuid).toBe(`${actor.uuid}.Item.${item?.id ?? ""}`);
    expect(await resolve(token.uuid)).toBe(token);
    expect(await resolve(actor.uuid)).toBe(actor);
    expect(await resolve(item?.uuid ?? "")).toBe(item);
    expect(item).not.toBe(wolf.items.contents[0]);
    expect(await resolve(`${token.uuid}.Actor.someoneElse00001`)).toBeNull();
    const linked = placeToken(scene, wolf, { actorLink: true });
    expect(await resolve(`${linked.uuid}.Actor.${wolf.id}`)).toBeNull();
    expect(await resolve(`Actor.${wolf.id}`)).toBe(wolf);

    const second = placeToken(scene, wolf);
    const secondUuid = tokenActor(second).uuid;
    scene.tokens.delete(token.id);
    expect(await resolve(token.uuid)).toBeNull();
    expect(await resolve(actor.uuid)).toBeNull();
    expect(await resolve(secondUuid)).toBe(second.actor);
    game.scenes.delete(scene.id);
    expect(await resolve(secondUuid)).toBeNull();
  });
});

describe("rules settings reach token actors", () => {
  it("changing Riflessi rounding re-prepares an unlinked token's actor from its own characteristics", async () => {
    const double = foundryDouble();
    // World actor: (7 + 8) / 2 = 7.5; the token's own Percezione 8, Destrezza 9: (8 + 9) / 2 = 8.5.
    const bandit = await createActor({ name: "Brigante", type: "npc", system: { characteristics: ALVEN } });
    const token = placeToken(createScene(), bandit, { delta: { system: { characteristics: { perception: 8, dexterity: 9 } } } });
    const actor = tokenActor(token);
    expect(personOf(actor).derived.reflexes).toBe(8);
    await double.settings.set("genesys-gdr", "reflexesRounding", "halfUp");
    try {
      expect(personOf(actor).derived.reflexes).toBe(9);
      expect(personOf(bandit).derived.reflexes).toBe(8);
    } finally {
      await double.settings.set("genesys-gdr", "reflexesRounding", "floor");
    }
    expect(personOf(actor).derived.reflexes).toBe(8);
    expect(personOf(bandit).derived.reflexes).toBe(7);
  });
});
