/**
 * The honest flow end to end with an unlinked compendium wolf (its actor lives in the token: Scene.….Token.….Actor.…)
 * and a linked character, played from the attacker's player, the target's player and the Narrator.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { attack, onCardAction } from "../../src/attack/attack-flow.js";
import { defaultAnswer, prepareAttack, type TargetRef } from "../../src/attack/attack-roll.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { createScene, placeToken, sharedScene, type TokenDocument } from "../foundry/scenes.js";
import { animalOf, createActor, personOf } from "../documents/helpers.js";
import { DODGE_WITH_DEXTERITY, asPlayer, dice, itemId, playerId, rowOf, shooter, stateOf, useCardWorld } from "./helpers.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
// The pack's JSON is the Actor source Foundry imports when the animal is dragged onto a scene.
const WOLF = JSON.parse(fs.readFileSync(path.join(ROOT, "packs/animals/lupo_gnsAnimalWolf001.json"), "utf8")) as { name: string; type: string; system: object };

useCardWorld();

function tokenActor(token: TokenDocument): GenesysActor {
  const actor: unknown = token.actor;
  const ours: GenesysActor | null = actor instanceof GenesysActor ? actor : null;
  if (!ours) throw new Error("no token actor");
  return ours;
}

async function wolfToken(): Promise<{ wolf: GenesysActor; token: TokenDocument; actor: GenesysActor }> {
  const wolf = await createActor({ name: WOLF.name, type: WOLF.type, system: WOLF.system });
  const token = placeToken(sharedScene("Bosco"), wolf);
  return { wolf, token, actor: tokenActor(token) };
}

const ref = (actor: GenesysActor, tokenUuid: string | null, distance: number): TargetRef => ({ actor, tokenUuid, name: actor.name, distance });

/** Attacks through the real flow with explicit targets and answers the card it posted. */
async function attackWith(attacker: GenesysActor, weapon: string | null, targets: TargetRef[]) {
  const plan = prepareAttack(attacker, weapon, targets, (k) => k);
  if (!plan.ok) throw new Error(plan.refusal.warning);
  const before = game.messages.size;
  expect(await attack(attacker, weapon, { targets, answer: defaultAnswer(plan.value) })).toBe(true);
  expect(game.messages.size).toBe(before + 1);
  return game.messages.contents.at(-1)!;
}

describe("distances are the scene's, measured on the Narrator's client", () => {
  it("a player who types 4 m for a wolf 12 m away gets a card at 12 m; off the scene the stated distance stands", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const wolf = await createActor({ name: WOLF.name, type: WOLF.type, system: WOLF.system });
    const scene = sharedScene("Radura");
    placeToken(scene, jack, { actorLink: true, x: 0, y: 0 });
    const token = placeToken(scene, wolf, { x: 1200, y: 0 });
    const actor = tokenActor(token);
    const pistol = itemId(jack, "Pistola");
    dice(6, 6);
    const card = await asPlayer(() => attackWith(jack, pistol, [ref(actor, token.uuid, 4)]));
    expect(rowOf(card, "r0").distance).toBe(12);
    // Naming another token for the target, or none, changes nothing: the wolf's own token is measured.
    const other = await createActor({ name: "Altro", type: WOLF.type, system: WOLF.system });
    const elsewhere = placeToken(createScene("Altrove"), other);
    for (const named of [elsewhere.uuid, null]) {
      dice(6, 6);
      const again = await asPlayer(() => attackWith(jack, pistol, [ref(actor, named, 4)]));
      expect(rowOf(again, "r0").distance).toBe(12);
    }
  });

  it("where there are no tokens to measure (theatre of the mind) the stated distance stands", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const wolf = await createActor({ name: WOLF.name, type: WOLF.type, system: WOLF.system });
    const pistol = itemId(jack, "Pistola");
    dice(6, 6);
    const card = await asPlayer(() => attackWith(jack, pistol, [ref(wolf, null, 4)]));
    expect(rowOf(card, "r0").distance).toBe(4);
  });
});

describe("a player's character against an unlinked wolf token", () => {
  it("attack (player) → defence (Narrator) → damage, apply, undo (player): only the token's actor changes", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const { wolf, token, actor } = await wolfToken();
    expect(actor.uuid).toBe(`${token.uuid}.Actor.${wolf.id}`);
    const pistol = itemId(jack, "Pistola");
    dice(6, 6); // 12 + 12 = 24
    const card = await asPlayer(() => attackWith(jack, pistol, [ref(actor, token.uuid, 4)]));
    expect(rowOf(card, "r0").target.actorUuid).toBe(actor.uuid);
    dice(3, 3); // 6 + the wolf's defence 12 = 18 < 24
    expect(await onCardAction(card, "defend", "r0", { defence: { ...DODGE_WITH_DEXTERITY, choice: "animal" } })).toBe(true);
    expect(rowOf(card, "r0")).toMatchObject({ outcome: "hit", defence: { grade: 12, roll: { total: 18 } } });
    dice(2, 2, 2, 2); // 8
    expect(await asPlayer(() => onCardAction(card, "rollDamage", "r0"))).toBe(true);
    expect(await asPlayer(() => onCardAction(card, "apply", "r0"))).toBe(true);
    expect(animalOf(actor).wounds.value).toBe(8);
    expect(animalOf(wolf).wounds.value).toBe(0);
    expect(actor.ledger).toHaveLength(1);
    expect(await asPlayer(() => onCardAction(card, "undo", "r0"))).toBe(true);
    expect(animalOf(tokenActor(token)).wounds.value).toBe(0);
    expect(animalOf(wolf).wounds.value).toBe(0);
  });
});

describe("an unlinked wolf token against a player's linked character", () => {
  it("attack (Narrator) → defence (target's player) → damage and apply (Narrator)", async () => {
    const hero = await createActor({ name: "Alven", type: "character", system: { characteristics: { dexterity: 8, experience: 7, charm: 8, strength: 5, perception: 7 } }, ownership: { default: 0, [playerId()]: 3 } });
    const heroToken = placeToken(createScene("Sentiero"), hero, { actorLink: true });
    const { actor: wolf } = await wolfToken();
    dice(5, 5); // 10 + 14 = 24
    const card = await attackWith(wolf, null, [ref(hero, heroToken.uuid, 1)]);
    expect(stateOf(card).attacker.actorUuid).toBe(wolf.uuid);
    dice(9, 9); // 18 + Destrezza 8 = 26 > 24: dodged
    expect(await asPlayer(() => onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY }))).toBe(true);
    expect(rowOf(card, "r0").outcome).toBe("miss");

    dice(10, 9); // 19 + 14 = 33
    const second = await attackWith(wolf, null, [ref(hero, heroToken.uuid, 1)]);
    dice(1, 1);
    expect(await asPlayer(() => onCardAction(second, "defend", "r0", { defence: DODGE_WITH_DEXTERITY }))).toBe(true);
    dice(5); // 1D6 + 1 = 6
    expect(await onCardAction(second, "rollDamage", "r0")).toBe(true);
    // The player owns the target, not the wolf: the hit is the Narrator's to apply.
    expect(await asPlayer(() => onCardAction(second, "apply", "r0"))).toBe(false);
    expect(await onCardAction(second, "apply", "r0")).toBe(true);
    expect(personOf(hero).wounds.value).toBe(6);
  });
});
