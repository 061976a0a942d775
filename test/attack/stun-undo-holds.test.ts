/**
 * §3.2.2 Undo of a stunning hit lifts "prone" only when nothing else holds the victim down (documents/stun-prone.ts):
 * the prone effect a stun creates lists the hits whose failed checks hold it. Another hit's failed check keeps him down;
 * so does a fall of his own (stood up, then dived: a new effect, not the stun's). World and unlinked token actors.
 * Regression tests of review s17a.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { attack, onCardAction } from "../../src/attack/attack-flow.js";
import type { CardMessage } from "../../src/attack/card-render.js";
import { defaultAnswer, prepareAttack } from "../../src/attack/attack-roll.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { DODGE_WITH_DEXTERITY, VEST, dice, itemId, npc, rowOf, shooter, useCardWorld } from "./helpers.js";

useCardWorld();

beforeEach(async () => {
  await game.settings.set("genesys-gdr", "stunRule", true);
});

/** Jack's pistol hits `victim` (Forza 7, the vest): stun difficulty 18; the card after Apply, as in stun-prone.test.ts. */
async function hitWithStun(victim: GenesysActor, tokenUuid?: string): Promise<CardMessage> {
  const jack = await shooter();
  const pistol = itemId(jack, "Pistola");
  const targets = [{ actor: victim, tokenUuid: tokenUuid ?? null, name: victim.name, distance: 4 }];
  const plan = prepareAttack(jack, pistol, targets, (k) => k);
  if (!plan.ok) throw new Error(plan.refusal.warning);
  dice(5, 5);
  expect(await attack(jack, pistol, { targets, answer: defaultAnswer(plan.value) })).toBe(true);
  const message = game.messages.contents.at(-1);
  if (!message) throw new Error("no card");
  dice(1, 1);
  await onCardAction(message, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
  dice(6, 6, 3, 3);
  await onCardAction(message, "rollDamage", "r0");
  await onCardAction(message, "apply", "r0");
  return message;
}

/** The stun check failed (2 + Forza 7 against 18): he goes down, or stays down. */
async function failStun(message: CardMessage): Promise<void> {
  dice(1, 1);
  expect(await onCardAction(message, "stun", "r0")).toBe(true);
  expect(rowOf(message, "r0").stun?.knockedDown).toBe(true);
}

/** An unlinked bandit's token actor, the usual target. */
async function banditToken(): Promise<{ actor: GenesysActor; uuid: string; baseProne: () => boolean }> {
  const base = await npc("Bandito", { items: [VEST] });
  const token = placeToken(createScene("Vicolo"), base);
  const found: unknown = token.actor;
  if (!(found instanceof GenesysActor)) throw new Error("no token actor");
  // instanceof narrows to GenesysActor<any>; the token's actor is an npc, one of the subtypes.
  return { actor: found as GenesysActor, uuid: token.uuid, baseProne: () => base.statuses.has("prone") };
}

describe("§3.2.2 Undo of a stunning hit and 'prone'", () => {
  it("two hits each fail the check: Undo of either keeps him down while the other stands; Undo of both lifts him", async () => {
    const thug = await npc("Scagnozzo", { items: [VEST] });
    const first = await hitWithStun(thug);
    await failStun(first);
    expect(rowOf(first, "r0").stun?.proned).toBe(true);
    const second = await hitWithStun(thug);
    await failStun(second);
    // Already down: the card says the second check laid nobody down, but it holds him down too.
    expect(rowOf(second, "r0").stun?.proned).toBe(false);
    expect(await onCardAction(first, "undo", "r0")).toBe(true);
    expect(thug.statuses.has("prone")).toBe(true);
    expect(await onCardAction(second, "undo", "r0")).toBe(true);
    expect(thug.statuses.has("prone")).toBe(false);
  });

  it("the same on an unlinked token, undone the other way round; the world actor is never touched", async () => {
    const { actor, uuid, baseProne } = await banditToken();
    const first = await hitWithStun(actor, uuid);
    await failStun(first);
    const second = await hitWithStun(actor, uuid);
    await failStun(second);
    expect(await onCardAction(second, "undo", "r0")).toBe(true);
    expect(actor.statuses.has("prone")).toBe(true);
    expect(await onCardAction(first, "undo", "r0")).toBe(true);
    expect(actor.statuses.has("prone")).toBe(false);
    expect(baseProne()).toBe(false);
  });

  it("knocked down, stood up, then prone by his own maneuver (a dive): Undo of the hit leaves him in his dive", async () => {
    const thug = await npc("Scagnozzo", { items: [VEST] });
    const message = await hitWithStun(thug);
    await failStun(message);
    expect(thug.statuses.has("prone")).toBe(true);
    // §3.2.2 he stands up with a Movimento, then §2.2.1 dives and ends prone again: statuses as the token shows them.
    await thug.toggleStatusEffect("prone", { active: false });
    await thug.toggleStatusEffect("prone", { active: true });
    expect(await onCardAction(message, "undo", "r0")).toBe(true);
    expect(thug.statuses.has("prone")).toBe(true);
  });

  it("knocked down, stood up, knocked down by a second hit: Undo of the first leaves him down, Undo of the second lifts him", async () => {
    const { actor, uuid } = await banditToken();
    const first = await hitWithStun(actor, uuid);
    await failStun(first);
    await actor.toggleStatusEffect("prone", { active: false });
    const second = await hitWithStun(actor, uuid);
    await failStun(second);
    expect(rowOf(second, "r0").stun?.proned).toBe(true);
    expect(await onCardAction(first, "undo", "r0")).toBe(true);
    expect(actor.statuses.has("prone")).toBe(true);
    expect(await onCardAction(second, "undo", "r0")).toBe(true);
    expect(actor.statuses.has("prone")).toBe(false);
  });
});
