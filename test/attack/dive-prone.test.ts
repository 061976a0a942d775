/**
 * §2.2.1 the dive ends prone: once a defence that counted the dive is recorded (the GM's client, card-intents.ts
 * onDefend), the defender's token shows "prone" and the card says so; a dive the tracker refused, or no dive, leaves
 * the defender standing. Unlinked token actors get the status on the token, not on the world actor.
 */
import { describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { attack, onCardAction } from "../../src/attack/attack-flow.js";
import type { AttackRow } from "../../src/attack/attack-card.js";
import { renderCard } from "../../src/attack/card-render.js";
import { requestStateOf } from "../../src/request/request-card.js";
import { CARD_INTENTS } from "../../src/attack/card-intent-kinds.js";
import { defaultAnswer, prepareAttack } from "../../src/attack/attack-roll.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { defenceDived, proneAfterDive } from "../../src/documents/dive-prone.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { Roll, diceDouble } from "../foundry/dice.js";
import { placeToken, sharedScene } from "../foundry/scenes.js";
import type { User } from "../foundry/documents.js";
import { fight, settle } from "../combat/helpers.js";
import { DODGE_WITH_DEXTERITY, HUMAN, answerFor, attackCard, dice, itemId, npc, playerId, rowOf, shooter, stateOf, targetActors, useCardWorld } from "./helpers.js";
import { expectConsole } from "../console-guard.js";

useCardWorld();

const gmUser = (): User => foundryDouble().users.find((u) => u.isGM)!;
const playerUser = (): User => foundryDouble().users.find((u) => !u.isGM)!;
const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(playerUser(), fn);
const asGm = <T>(fn: () => Promise<T>): Promise<T> => onClient(gmUser(), fn);

async function rollJson(...results: number[]): Promise<unknown> {
  dice(...results);
  return (await new Roll("2d10").evaluate()).toJSON();
}

const defenceKeys = (row: AttackRow): string[] => (row.defence?.kind === "roll" ? row.defence.parts.map((p) => p.key) : []);
const proneEffects = (actor: GenesysActor): number => (actor as unknown as { effects: { statuses: Set<string> }[] }).effects.filter((e) => e.statuses.has("prone")).length; // the double's effects list

/** The Narrator's gunman shoots the player's hero (Destrezza 9); the hero declared `maneuver` and its slot has come. */
async function heroShot(maneuver: "defence" | "attack") {
  const gunman = await shooter();
  const hero = await npc("Eroe", { system: { characteristics: { ...HUMAN, dexterity: 9, perception: 9 } }, ownership: { default: 0, [playerId()]: 3 } });
  const { combat, of } = await fight(gunman, hero);
  await combat.startCombat();
  await settle();
  await combat.declare(of(gunman), "attack");
  await combat.declare(of(hero), maneuver);
  await settle();
  targetActors(hero);
  const pistol = itemId(gunman, "Pistola");
  dice(5, 5);
  const message = (await asGm(() => attackCard(gunman, pistol, { answer: answerFor(gunman, pistol, { distances: [4] }) })))!;
  return { gunman, hero, message, ids: { messageId: message.id, rowId: "r0" } };
}

describe("§2.2.1 a dive ends prone (documents/dive-prone.ts, from card-intents.ts onDefend)", () => {
  it("the player's dive during their Difesa: +2 on the card, the hero lies prone, and the card says so", async () => {
    const { hero, message, ids } = await heroShot("defence");
    expect(hero.statuses.has("prone")).toBe(false);
    expect(await asP(async () => sendIntent(CARD_INTENTS.defend, { ...ids, answer: { ...DODGE_WITH_DEXTERITY, dive: true }, roll: await rollJson(3, 3) }))).toEqual({ ok: true });
    expect(defenceKeys(rowOf(message, "r0"))).toContain("dive");
    expect(hero.statuses.has("prone")).toBe(true);
    expect(message.content).toContain('class="genesys-attack__note prone"');
    expect(message.content).toContain("GENESYS.Attack.DiveProne");
  });

  it("a dive the tracker refuses (no Difesa declared), or no dive at all: the defender stays standing, no note", async () => {
    const refused = await heroShot("attack");
    expect(await asP(async () => sendIntent(CARD_INTENTS.defend, { ...refused.ids, answer: { ...DODGE_WITH_DEXTERITY, dive: true }, roll: await rollJson(3, 3) }))).toEqual({ ok: true });
    expect(defenceKeys(rowOf(refused.message, "r0"))).not.toContain("dive");
    expect(refused.hero.statuses.has("prone")).toBe(false);
    expect(refused.message.content).not.toContain("GENESYS.Attack.DiveProne");

    const plain = await heroShot("defence");
    expect(await asP(async () => sendIntent(CARD_INTENTS.defend, { ...plain.ids, answer: DODGE_WITH_DEXTERITY, roll: await rollJson(3, 3) }))).toEqual({ ok: true });
    expect(defenceKeys(rowOf(plain.message, "r0"))).toContain("defenceManeuver");
    expect(plain.hero.statuses.has("prone")).toBe(false);
  });

  it("idempotent: two dives in the same turn (two cards, defended together) leave one prone effect", async () => {
    const first = await heroShot("defence");
    const gunman = first.gunman;
    targetActors(first.hero);
    const pistol = itemId(gunman, "Pistola");
    dice(5, 5);
    const second = (await asGm(() => attackCard(gunman, pistol, { answer: answerFor(gunman, pistol, { distances: [4] }) })))!;
    const rollA = await rollJson(3, 3);
    const rollB = await rollJson(4, 4);
    const results = await asP(() => Promise.all([
      sendIntent(CARD_INTENTS.defend, { ...first.ids, answer: { ...DODGE_WITH_DEXTERITY, dive: true }, roll: rollA }),
      sendIntent(CARD_INTENTS.defend, { messageId: second.id, rowId: "r0", answer: { ...DODGE_WITH_DEXTERITY, dive: true }, roll: rollB }),
    ]));
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(defenceKeys(rowOf(second, "r0"))).toContain("dive");
    expect(proneEffects(first.hero)).toBe(1);
    expect(first.hero.statuses.has("prone")).toBe(true);
  });

  it("an unlinked token's actor dives (the Narrator defends for it): the token lies prone, the world actor does not", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const bandit = await npc("Bandito", { system: { characteristics: { ...HUMAN, dexterity: 8 } } });
    const token = placeToken(sharedScene("Vicolo"), bandit);
    const actor: unknown = token.actor;
    if (!(actor instanceof GenesysActor)) throw new Error("no token actor");
    const pistol = itemId(jack, "Pistola");
    const targets = [{ actor, tokenUuid: token.uuid, name: actor.name, distance: 4 }];
    const plan = prepareAttack(jack, pistol, targets, (k) => k);
    if (!plan.ok) throw new Error(plan.refusal.warning);
    dice(5, 5);
    expect(await asP(() => attack(jack, pistol, { targets, answer: defaultAnswer(plan.value) }))).toBe(true);
    const card = game.messages.contents.at(-1)!;
    dice(3, 3);
    // Theatre of the mind: the Narrator's word that the bandit dived stands.
    expect(await onCardAction(card, "defend", "r0", { defence: { ...DODGE_WITH_DEXTERITY, dive: true } })).toBe(true);
    expect(defenceKeys(rowOf(card, "r0"))).toContain("dive");
    expect(actor.statuses.has("prone")).toBe(true);
    expect(bandit.statuses.has("prone")).toBe(false);
  });

  it("a failed record, or a status that cannot be set, changes nothing and never throws", async () => {
    const hero = await npc("Eroe");
    const dive = [{ key: "dive", value: 2 }];
    expect(defenceDived(dive)).toBe(true);
    expect(defenceDived([{ key: "defenceManeuver", value: 4 }])).toBe(false);
    expect(await proneAfterDive(hero, dive, { ok: false })).toEqual({ ok: false });
    expect(hero.statuses.has("prone")).toBe(false);
    const broken = Object.create(hero, { toggleStatusEffect: { value: () => Promise.reject(new Error("server refused")) } }) as GenesysActor; // a defender whose status write fails
    expect(await proneAfterDive(broken, dive, { ok: true })).toEqual({ ok: true });
    expectConsole("error", /laying the diver prone failed/);
  });
});

describe("§2.2.1 the dive's jump (EX-13: a 2 m standing jump, Complex 20, is 25 while diving)", () => {
  it("the Narrator's card button opens the request for the diver's Salto at 25; players and a defence without a dive get nothing", async () => {
    const { hero, message, ids } = await heroShot("defence");
    const button = 'data-attack-action="diveJump"';
    const asNarrator = (): Promise<string> => renderCard(stateOf(message), { isGM: true, owns: () => true });
    expect(await asNarrator()).not.toContain(button);
    expect(await asP(async () => sendIntent(CARD_INTENTS.defend, { ...ids, answer: { ...DODGE_WITH_DEXTERITY, dive: true }, roll: await rollJson(3, 3) }))).toEqual({ ok: true });
    expect(await asNarrator()).toContain(button);
    expect(await renderCard(stateOf(message), { isGM: false, owns: () => true })).not.toContain(button);
    // The request dialog as it opens: Salto chosen, the custom difficulty 25, the diver the one asked (25 is the ladder's Difficile); then dismissed.
    let shown = "";
    diceDouble().dialogAnswers.push((config: { content?: string }) => {
      shown = config.content ?? "";
      return null;
    });
    expect(await asGm(() => onCardAction(message, "diveJump", "r0"))).toBe(false);
    expect(shown).toMatch(/<option value="skill:salto" selected>/);
    expect(shown).toMatch(/<option value="difficult" selected>[^<]*\(25\)/);
    expect(shown).toMatch(new RegExp(`name="recipient" value="0" checked> <span class="name">${hero.name}</span>`));
    expect(await asP(() => onCardAction(message, "diveJump", "r0"))).toBe(false);
  });
});

describe("§2.2.1 the dive's jump for an unlinked token", () => {
  it("the Narrator sends it: the request card asks the token's own actor for Salto at 25", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const bandit = await npc("Bandito", { system: { characteristics: { ...HUMAN, dexterity: 8 } } });
    const token = placeToken(sharedScene("Vicolo"), bandit);
    const actor: unknown = token.actor;
    if (!(actor instanceof GenesysActor)) throw new Error("no token actor");
    const pistol = itemId(jack, "Pistola");
    const targets = [{ actor, tokenUuid: token.uuid, name: actor.name, distance: 4 }];
    const plan = prepareAttack(jack, pistol, targets, (k) => k);
    if (!plan.ok) throw new Error(plan.refusal.warning);
    dice(5, 5);
    expect(await asP(() => attack(jack, pistol, { targets, answer: defaultAnswer(plan.value) }))).toBe(true);
    const card = game.messages.contents.at(-1)!;
    dice(3, 3);
    expect(await onCardAction(card, "defend", "r0", { defence: { ...DODGE_WITH_DEXTERITY, dive: true } })).toBe(true);
    // The Narrator keeps what the dialog pre-filled and sends it.
    diceDouble().dialogAnswers.push((config: { content: string; buttons: { action: string; callback?: (e: unknown, b: unknown, d: unknown) => unknown }[] }) => {
      const values: Record<string, { value: string; checked?: boolean }> = { check: { value: "skill:salto" }, difficulty: { value: "difficult" }, custom: { value: "" }, hidden: { value: "on", checked: false }, blind: { value: "on", checked: false } };
      const form = { elements: { namedItem: (n: string) => values[n] ?? null }, querySelectorAll: () => [{ checked: true, value: "0" }] };
      return config.buttons.find((b) => b.action === "send")?.callback?.(new Event("click"), { form }, {});
    });
    const before = game.messages.contents.length;
    expect(await onCardAction(card, "diveJump", "r0")).toBe(true);
    expect(game.messages.contents.length).toBe(before + 1);
    const request = game.messages.contents.at(-1)!;
    const state = requestStateOf(request);
    if (!state) throw new Error("not a request card");
    expect(state.check.skill).toBe("salto");
    expect(state.difficulty).toBe(25);
    expect(state.order.map((id) => state.rows[id]?.actorUuid)).toEqual([actor.uuid]);
    expect(state.rows[state.order[0] ?? ""]?.tokenUuid).toBe(token.uuid);
  });
});
