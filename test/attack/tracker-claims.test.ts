/**
 * A player's "Difesa in effect", "dived" and "focused on this target", against the Narrator's client: in a started
 * GeneSys combat the Combat (which only a Narrator writes) decides them, whatever the player ticked or sent from the
 * console; outside a fight (theatre of the mind) the player's word stands; the Narrator may always set them by hand.
 */
import { describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { onCardAction } from "../../src/attack/attack-flow.js";
import type { AttackRow } from "../../src/attack/attack-card.js";
import { CARD_INTENTS } from "../../src/attack/card-intent-kinds.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import type { GenesysCombatant } from "../../src/documents/combatant.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { Roll } from "../foundry/dice.js";
import type { User } from "../foundry/documents.js";
import { fight, settle } from "../combat/helpers.js";
import { DODGE_WITH_DEXTERITY, HUMAN, answerFor, attackCard, dice, itemId, npc, playerId, rowOf, shooter, targetActors, useCardWorld, TWO_SHOT_PISTOL } from "./helpers.js";

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
const defencePart = (row: AttackRow, key: string): number | undefined => (row.defence?.kind === "roll" ? row.defence.parts.find((p) => p.key === key)?.value : undefined);
const attackPart = (row: AttackRow, key: string): number | undefined => row.parts.find((p) => p.key === key)?.value;

/** Characteristics with Riflessi (and Destrezza, Percezione) `r`. */
const quick = (r: number) => ({ characteristics: { ...HUMAN, dexterity: r, perception: r } });

async function endSlots(combat: GenesysCombat, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await combat.nextTurn();
    await settle();
  }
}

/** The Narrator declares for everyone (in the order given, slowest first) and the round goes to execution. */
async function declare(combat: GenesysCombat, ...declarations: [GenesysCombatant, Parameters<GenesysCombat["declare"]>[1], string?][]): Promise<void> {
  for (const [c, maneuver, target] of declarations) await combat.declare(c, maneuver, target === undefined ? {} : { target });
  await settle();
}

/** The Narrator's gunman (Riflessi 7) shoots the player's hero: a card whose row r0 waits for the hero's defence. */
async function gunmanShootsHero(gunman: GenesysActor, hero: GenesysActor) {
  targetActors(hero);
  const pistol = itemId(gunman, "Pistola");
  dice(5, 5); // 10 + 12 = 22
  const message = (await asGm(() => attackCard(gunman, pistol, { answer: answerFor(gunman, pistol, { distances: [4] }) })))!;
  return { message, ids: { messageId: message.id, rowId: "r0" } };
}

/** A fight of the Narrator's gunman and the player's hero (Destrezza 9: Difesa +5), in round 1's execution phase. */
async function heroInFight(heroManeuver: "defence" | "attack", heroReflexes = 9) {
  const gunman = await shooter();
  const hero = await npc("Eroe", { system: quick(heroReflexes), ownership: { default: 0, [playerId()]: 3 } });
  const { combat, of } = await fight(gunman, hero);
  await combat.startCombat();
  await settle();
  // Slowest first, as the order asks.
  if (heroReflexes < 7) await declare(combat, [of(hero), heroManeuver], [of(gunman), "attack"]);
  else await declare(combat, [of(gunman), "attack"], [of(hero), heroManeuver]);
  return { gunman, hero, combat, of };
}

describe("§2.2.1 Difesa: the tracker, not the player's box, decides (card-intents.ts onDefend)", () => {
  it("claiming the Difesa bonus without having declared it: not applied", async () => {
    const { gunman, hero } = await heroInFight("attack");
    const { message, ids } = await gunmanShootsHero(gunman, hero);
    const roll = await rollJson(3, 3);
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { ...ids, answer: { ...DODGE_WITH_DEXTERITY, maneuver: true, dive: true }, roll }))).toEqual({ ok: true });
    const row = rowOf(message, "r0");
    expect(defenceKeys(row)).not.toContain("defenceManeuver");
    expect(defenceKeys(row)).not.toContain("dive");
    expect(row.defence?.kind === "roll" ? row.defence.roll.total : null).toBe(6 + 9);
  });

  it("having declared it (its slot has come): applied, though the player left the box unticked", async () => {
    const { gunman, hero, combat } = await heroInFight("defence");
    expect(combat.combatant?.name).toBe("Eroe");
    const { message, ids } = await gunmanShootsHero(gunman, hero);
    const roll = await rollJson(3, 3);
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { ...ids, answer: { ...DODGE_WITH_DEXTERITY, maneuver: false }, roll }))).toEqual({ ok: true });
    const row = rowOf(message, "r0");
    expect(defencePart(row, "defenceManeuver")).toBe(5);
    expect(row.defence?.kind === "roll" ? row.defence.roll.total : null).toBe(6 + 9 + 5);
  });

  it("A-29: before the Difesa's slot comes, an attack resolved meets no bonus; after it, every one does", async () => {
    // Riflessi 4: Difesa 4 + 4 = 8 comes after the gunman's Attack 7 + 2 = 9.
    const { gunman, hero, combat } = await heroInFight("defence", 4);
    expect(combat.combatant?.name).toBe("Jack Quade");
    const early = await gunmanShootsHero(gunman, hero);
    expect(await asP(async () => sendIntent(CARD_INTENTS.defend, { ...early.ids, answer: { ...DODGE_WITH_DEXTERITY, maneuver: true }, roll: await rollJson(3, 3) }))).toEqual({ ok: true });
    expect(defenceKeys(rowOf(early.message, "r0"))).not.toContain("defenceManeuver");
    await endSlots(combat, 1);
    expect(combat.combatant?.name).toBe("Eroe");
    const late = await gunmanShootsHero(gunman, hero);
    expect(await asP(async () => sendIntent(CARD_INTENTS.defend, { ...late.ids, answer: DODGE_WITH_DEXTERITY, roll: await rollJson(3, 3) }))).toEqual({ ok: true });
    expect(defencePart(rowOf(late.message, "r0"), "defenceManeuver")).toBe(2);
  });

  it("the bonus ends when the next round starts", async () => {
    const { gunman, hero, combat } = await heroInFight("defence");
    await endSlots(combat, 2);
    expect([combat.round, combat.phase]).toEqual([2, "declaration"]);
    const { message, ids } = await gunmanShootsHero(gunman, hero);
    expect(await asP(async () => sendIntent(CARD_INTENTS.defend, { ...ids, answer: { ...DODGE_WITH_DEXTERITY, maneuver: true }, roll: await rollJson(3, 3) }))).toEqual({ ok: true });
    expect(defenceKeys(rowOf(message, "r0"))).not.toContain("defenceManeuver");
  });

  it("a dive counts only with the Difesa executed this round; the player's choice to dive stands then", async () => {
    const { gunman, hero } = await heroInFight("defence");
    const { message, ids } = await gunmanShootsHero(gunman, hero);
    expect(await asP(async () => sendIntent(CARD_INTENTS.defend, { ...ids, answer: { ...DODGE_WITH_DEXTERITY, dive: true }, roll: await rollJson(3, 3) }))).toEqual({ ok: true });
    const row = rowOf(message, "r0");
    expect([defencePart(row, "defenceManeuver"), defencePart(row, "dive")]).toEqual([5, 2]);
  });

  it("the Narrator may override the tracker: their defence for the hero without the bonus has none", async () => {
    const { gunman, hero } = await heroInFight("defence");
    const { message } = await gunmanShootsHero(gunman, hero);
    dice(3, 3);
    expect(await asGm(() => onCardAction(message, "defend", "r0", { defence: { ...DODGE_WITH_DEXTERITY, maneuver: false } }))).toBe(true);
    expect(defenceKeys(rowOf(message, "r0"))).not.toContain("defenceManeuver");
  });

  it("theatre of the mind (no combat): the player's word stands, as before", async () => {
    const gunman = await shooter();
    const hero = await npc("Eroe", { system: quick(9), ownership: { default: 0, [playerId()]: 3 } });
    const { message, ids } = await gunmanShootsHero(gunman, hero);
    expect(await asP(async () => sendIntent(CARD_INTENTS.defend, { ...ids, answer: { ...DODGE_WITH_DEXTERITY, maneuver: true, dive: true }, roll: await rollJson(3, 3) }))).toEqual({ ok: true });
    const row = rowOf(message, "r0");
    expect([defencePart(row, "defenceManeuver"), defencePart(row, "dive")]).toEqual([5, 2]);
  });

  it("the player's own client, through the dialog's path, sends what the GM recomputes anyway", async () => {
    const { gunman, hero } = await heroInFight("defence");
    const { message } = await gunmanShootsHero(gunman, hero);
    dice(3, 3);
    expect(await asP(() => onCardAction(message, "defend", "r0", { defence: DODGE_WITH_DEXTERITY }))).toBe(true);
    expect(defencePart(rowOf(message, "r0"), "defenceManeuver")).toBe(5);
  });
});

describe("§2.2.4 Focalizzazione: the tracker, not the player's tick, decides (card-intents.ts onAttack)", () => {
  /** The player's Jack (Percezione 7: +4) and two of the Narrator's men; round 1 as declared, then round 2 in execution. */
  async function jackAfterRound(jackManeuver: "focus" | "movement", focusTarget: (thug: GenesysActor) => string | undefined) {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo", { system: quick(5) });
    const other = await npc("Palo", { system: quick(3) });
    const { combat, of } = await fight(jack, thug, other);
    await combat.startCombat();
    await settle();
    await declare(combat, [of(other), "movement"], [of(thug), "movement"], [of(jack), jackManeuver, focusTarget(thug)]);
    await endSlots(combat, 3);
    await declare(combat, [of(other), "movement"], [of(thug), "movement"], [of(jack), "attack"]);
    expect([combat.round, combat.phase]).toEqual([2, "execution"]);
    return { jack, thug, other };
  }

  /** The player's Jack shoots `targets` at 4 m from their own client, with the dialog's answer changed by `over`. */
  async function playerShoots(jack: GenesysActor, targets: GenesysActor[], over: (a: ReturnType<typeof answerFor>) => ReturnType<typeof answerFor>) {
    const pistol = itemId(jack, "Pistola");
    return asP(async () => {
      targetActors(...targets);
      const answer = over(answerFor(jack, pistol, { distances: targets.map(() => 4), rolls: targets.length }));
      dice(...targets.flatMap(() => [5, 5]));
      return attackCard(jack, pistol, { answer });
    });
  }

  it("focused on this target last turn: +4 though the player left it unticked", async () => {
    const { jack, thug } = await jackAfterRound("focus", (t) => t.id ?? undefined);
    const card = (await playerShoots(jack, [thug], (a) => ({ ...a, focus: false, targets: a.targets.map((t) => ({ ...t, focus: false })) })))!;
    expect(attackPart(rowOf(card, "r0"), "focus")).toBe(4);
    expect(rowOf(card, "r0").attack.total).toBe(10 + 12 + 4);
  });

  it("claiming focus without having focused: not applied, per target or for all", async () => {
    const { jack, thug } = await jackAfterRound("movement", () => undefined);
    const card = (await playerShoots(jack, [thug], (a) => ({ ...a, focus: true, targets: a.targets.map((t) => ({ ...t, focus: true })) })))!;
    expect(attackPart(rowOf(card, "r0"), "focus")).toBeUndefined();
    expect(rowOf(card, "r0").attack.total).toBe(10 + 12);
  });

  it("focused on another target: no bonus against this one, claimed or not", async () => {
    const { jack, other } = await jackAfterRound("focus", (t) => t.id ?? undefined);
    const card = (await playerShoots(jack, [other], (a) => ({ ...a, focus: true })))!;
    expect(attackPart(rowOf(card, "r0"), "focus")).toBeUndefined();
  });

  it("a Focalizzazione whose target the tracker did not record: the player names one target, never two", async () => {
    const jack = await shooter([{ name: "Pistola", type: "skill", system: { characteristic: "perception", bought: 5, earned: 0 } }, TWO_SHOT_PISTOL], { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo", { system: quick(5) });
    const other = await npc("Palo", { system: quick(3) });
    const { combat, of } = await fight(jack, thug, other);
    await combat.startCombat();
    await settle();
    await declare(combat, [of(other), "movement"], [of(thug), "movement"], [of(jack), "focus"]);
    await endSlots(combat, 3);
    await declare(combat, [of(other), "movement"], [of(thug), "movement"], [of(jack), "attack"]);
    const card = (await playerShoots(jack, [thug, other], (a) => ({ ...a, focus: true })))!;
    expect([attackPart(rowOf(card, "r0"), "focus"), attackPart(rowOf(card, "r1"), "focus")]).toEqual([4, undefined]);
  });

  it("theatre of the mind (no combat): the player's claim stands, as before", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo");
    const card = (await playerShoots(jack, [thug], (a) => ({ ...a, focus: true })))!;
    expect(attackPart(rowOf(card, "r0"), "focus")).toBe(4);
  });

  it("the Narrator may override: their own attack keeps the focus they ticked", async () => {
    const { thug } = await jackAfterRound("movement", () => undefined);
    const gunman = await shooter();
    targetActors(thug);
    const pistol = itemId(gunman, "Pistola");
    dice(5, 5);
    const card = (await asGm(() => attackCard(gunman, pistol, { answer: { ...answerFor(gunman, pistol, { distances: [4] }), focus: true } })))!;
    expect(attackPart(rowOf(card, "r0"), "focus")).toBe(4);
  });
});

