/**
 * §3.2.2 the optional stun check from the attack card: the target's side rolls 2D10, the GM's client adds Forza
 * (card-intents.ts onStun), records the check on the card and, on a failure, lays the target prone (documents/stun-prone.ts).
 * Undo of the hit lifts the target only when the check laid it down; a target already prone stays prone. Unlinked
 * token actors get the status on their token, not on the world actor; forged dice and outsiders are refused.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { attack, onCardAction } from "../../src/attack/attack-flow.js";
import { attackCardContext } from "../../src/attack/attack-card.js";
import { CARD_INTENTS } from "../../src/attack/card-intent-kinds.js";
import type { CardMessage } from "../../src/attack/card-render.js";
import { defaultAnswer, prepareAttack } from "../../src/attack/attack-roll.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { Roll } from "../foundry/dice.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import type { User } from "../foundry/documents.js";
import { DODGE_WITH_DEXTERITY, HUMAN, VEST, answerFor, attackCard, dice, itemId, lastWarning, npc, playerId, rowOf, shooter, stateOf, targetActors, useCardWorld } from "./helpers.js";

useCardWorld();

const playerUser = (): User => foundryDouble().users.find((u) => !u.isGM)!;
const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(playerUser(), fn);
/** Whether the Narrator's view of the card offers the stun check. */
const stunButton = (message: CardMessage): boolean => attackCardContext(stateOf(message), { isGM: true, owns: () => true }, game.i18n).rows[0]?.buttons.stun === true;

beforeEach(async () => {
  await game.settings.set("genesys-gdr", "stunRule", true);
});

async function rollJson(...results: number[]): Promise<unknown> {
  dice(...results);
  return (await new Roll("2d10").evaluate()).toJSON();
}

/**
 * Jack's pistol hits `victim` (Forza 7, the vest): 12 damage reaches it, stun difficulty 18 (the damage before armour).
 * The card after Apply, waiting for the stun check.
 */
async function hitWithStun(victim: GenesysActor): Promise<CardMessage> {
  const jack = await shooter();
  targetActors(victim);
  const pistol = itemId(jack, "Pistola");
  dice(5, 5);
  const message = (await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) }))!;
  dice(1, 1);
  await onCardAction(message, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
  dice(6, 6, 3, 3);
  await onCardAction(message, "rollDamage", "r0");
  await onCardAction(message, "apply", "r0");
  expect(rowOf(message, "r0").applied?.change.damage).toMatchObject({ stunCheck: true, stunDifficulty: 18 });
  expect(stunButton(message)).toBe(true);
  return message;
}

describe("§3.2.2 a failed stun check lays the target prone", () => {
  it("17 against 18: the thug goes down, the card says so, the button is gone; Undo of the hit lifts him up", async () => {
    const thug = await npc("Scagnozzo", { items: [VEST] });
    const message = await hitWithStun(thug);
    dice(5, 5); // 10 + Forza 7 = 17, not above 18
    expect(await onCardAction(message, "stun", "r0")).toBe(true);
    expect(rowOf(message, "r0").stun).toEqual({ roll: { formula: "2d10 + 7", dice: [5, 5], total: 17 }, difficulty: 18, knockedDown: true, proned: true });
    expect(thug.statuses.has("prone")).toBe(true);
    expect(message.content).toContain("GENESYS.Attack.Stun.Prone");
    expect(stunButton(message)).toBe(false);
    // A second click (or a second client) changes nothing.
    dice(1, 1);
    expect(await onCardAction(message, "stun", "r0")).toBe(false);
    expect(rowOf(message, "r0").stun?.roll.total).toBe(17);

    expect(await onCardAction(message, "undo", "r0")).toBe(true);
    expect(thug.statuses.has("prone")).toBe(false);
    expect(message.content).toContain("GENESYS.Attack.Stun.ProneUndone");
    // Applied again, it is a new hit: its stun check is asked again.
    expect(await onCardAction(message, "apply", "r0")).toBe(true);
    expect(rowOf(message, "r0").stun).toBeNull();
    expect(stunButton(message)).toBe(true);
  });

  it("19 against 18: he stays on his feet, and Undo leaves his statuses alone", async () => {
    const thug = await npc("Scagnozzo", { items: [VEST] });
    const message = await hitWithStun(thug);
    dice(6, 6);
    expect(await onCardAction(message, "stun", "r0")).toBe(true);
    expect(rowOf(message, "r0").stun).toMatchObject({ knockedDown: false, proned: false });
    expect(thug.statuses.has("prone")).toBe(false);
    expect(message.content).toContain("GENESYS.Attack.Stun.Stands");
  });

  it("a target already lying down: the check fails but lays nobody down, and Undo leaves him prone", async () => {
    const thug = await npc("Scagnozzo", { items: [VEST] });
    await thug.toggleStatusEffect("prone", { active: true });
    const message = await hitWithStun(thug);
    dice(1, 1);
    expect(await onCardAction(message, "stun", "r0")).toBe(true);
    expect(rowOf(message, "r0").stun).toMatchObject({ knockedDown: true, proned: false });
    expect(message.content).toContain("GENESYS.Attack.Stun.AlreadyProne");
    await onCardAction(message, "undo", "r0");
    expect(thug.statuses.has("prone")).toBe(true);
  });

  it("an unlinked bandit's token goes down, not the world actor", async () => {
    const bandit = await npc("Bandito", { items: [VEST] });
    const token = placeToken(createScene("Vicolo"), bandit);
    const actor: unknown = token.actor;
    if (!(actor instanceof GenesysActor)) throw new Error("no token actor");
    const jack = await shooter();
    const pistol = itemId(jack, "Pistola");
    const targets = [{ actor, tokenUuid: token.uuid, name: actor.name, distance: 4 }];
    const plan = prepareAttack(jack, pistol, targets, (k) => k);
    if (!plan.ok) throw new Error(plan.refusal.warning);
    dice(5, 5);
    expect(await attack(jack, pistol, { targets, answer: defaultAnswer(plan.value) })).toBe(true);
    const card = game.messages.contents.at(-1)!;
    dice(1, 1);
    await onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    dice(6, 6, 3, 3);
    await onCardAction(card, "rollDamage", "r0");
    await onCardAction(card, "apply", "r0");
    dice(2, 2);
    expect(await onCardAction(card, "stun", "r0")).toBe(true);
    expect(actor.statuses.has("prone")).toBe(true);
    expect(bandit.statuses.has("prone")).toBe(false);
    await onCardAction(card, "undo", "r0");
    expect(actor.statuses.has("prone")).toBe(false);
  });

  it("the player's own hero rolls it from their client; someone else's victim, or forged dice, are refused", async () => {
    const hero = await npc("Eroe", { system: { characteristics: { ...HUMAN } }, items: [VEST], ownership: { default: 0, [playerId()]: 3 } });
    const message = await hitWithStun(hero);
    const ids = { messageId: message.id, rowId: "r0" };
    // Three dice are not a 2D10.
    dice(9, 9, 9);
    const forged = (await new Roll("3d10").evaluate()).toJSON();
    expect(await asP(() => sendIntent(CARD_INTENTS.stun, { ...ids, roll: forged }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.BadDice" });
    expect(await asP(async () => sendIntent(CARD_INTENTS.stun, { ...ids, roll: await rollJson(2, 3) }))).toEqual({ ok: true });
    expect(rowOf(message, "r0").stun).toMatchObject({ roll: { total: 12 }, knockedDown: true, proned: true });
    expect(hero.statuses.has("prone")).toBe(true);

    const thug = await npc("Scagnozzo", { items: [VEST] });
    const other = await hitWithStun(thug);
    expect(await asP(async () => sendIntent(CARD_INTENTS.stun, { messageId: other.id, rowId: "r0", roll: await rollJson(1, 1) }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    expect(await asP(() => onCardAction(other, "stun", "r0"))).toBe(false);
    expect(lastWarning()).toContain("GENESYS.Attack.Warn.NotAllowed");
    expect(thug.statuses.has("prone")).toBe(false);
    expect(rowOf(other, "r0").stun).toBeUndefined();
  });
});
