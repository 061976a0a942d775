/**
 * Issue 20, §1.8.2: attacks and defences earn increment points. Against a static target an attack is a check
 * (a hit whose dice had to beat 13 or more earns its skill a point, §2.3.5); against a defence roll the two are a
 * contrast (a narrow win over an advantaged opponent). The Narrator's client works it out and stores it; a claim struck
 * takes the point back; a blind card holds it until the Reveal. Played on the double, with an unlinked token too.
 */
import { describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { attack, onCardAction } from "../../src/attack/attack-flow.js";
import { SEAL_REVEAL_INTENT } from "../../src/chat/sealed-card.js";
import { CARD_INTENTS } from "../../src/attack/card-intent-kinds.js";
import { renderCard } from "../../src/attack/card-render.js";
import { SkillModel } from "../../src/data/item/skill.js";
import { defaultAnswer, prepareAttack, type AttackAnswer, type TargetRef } from "../../src/attack/attack-roll.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { sharedScene, placeToken } from "../foundry/scenes.js";
import { onClient } from "../foundry/clients.js";
import { users } from "../foundry/boot.js";
import { DODGE_WITH_DEXTERITY, dice, itemId, npc, playerId, rowOf, shooter, skill, stateOf, useCardWorld } from "./helpers.js";

useCardWorld();

const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(users().player, fn);

function points(actor: GenesysActor, name: string): { increment: number; earned: number } {
  const item = actor.items.find((i) => i.name === name && i.type === "skill");
  if (!(item?.system instanceof SkillModel)) throw new Error(`no skill ${name}`);
  return { increment: item.system.increment, earned: item.system.earned };
}

/** The player's Jack (Pistola 12, Esperienza 7) shoots this target with these dice: the card the Narrator posted. */
async function playerShot(target: TargetRef, attackDice: [number, number], over: Partial<AttackAnswer> = {}) {
  const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
  const pistol = itemId(jack, "Pistola");
  const plan = prepareAttack(jack, pistol, [target], (k) => k);
  if (!plan.ok) throw new Error(plan.refusal.warning);
  dice(...attackDice);
  expect(await asP(() => attack(jack, pistol, { targets: [target], answer: { ...defaultAnswer(plan.value), ...over } }))).toBe(true);
  const card = game.messages.contents.at(-1);
  if (!card) throw new Error("no card");
  return { jack, card: card as Parameters<typeof onCardAction>[0] };
}

/** The card as a Narrator (or a player who owns none of its actors) sees it. */
const renderedFor = (card: unknown, isGM: boolean): Promise<string> => renderCard(stateOf(card), { isGM, owns: () => false });

const ref = (actor: GenesysActor, distance = 4, tokenUuid: string | null = null): TargetRef => ({ actor, tokenUuid, name: actor.name, distance });

describe("§2.3.5 an attack on a static target is a check: condition 1", () => {
  it("7 + 8 + 12 = 27 against 25: the dice had to beat 13, the Pistola skill gets its point and the card says so", async () => {
    const thug = await npc("Scagnozzo");
    const { jack, card } = await playerShot(ref(thug), [7, 8]);
    expect(await onCardAction(card, "static", "r0", { staticDifficulty: 25 })).toBe(true);
    expect(rowOf(card, "r0")).toMatchObject({ outcome: "hit", increments: { attack: { reason: "hardSuccess", status: "stored", points: 1 }, defence: null } });
    expect(points(jack, "Pistola")).toEqual({ increment: 1, earned: 0 });
    expect(card.content).toContain("genesys-attack__note increment stored");
    expect(card.content).toContain("Jack Quade");
  });

  it("the same 27 against 22 is an easy hit (the dice had to beat 10): no point", async () => {
    const thug = await npc("Scagnozzo");
    const { jack, card } = await playerShot(ref(thug), [7, 8]);
    expect(await onCardAction(card, "static", "r0", { staticDifficulty: 22 })).toBe(true);
    expect(rowOf(card, "r0")).toMatchObject({ outcome: "hit", increments: { attack: null, defence: null } });
    expect(points(jack, "Pistola")).toEqual({ increment: 0, earned: 0 });
  });

  it("a sixth point is a grade: the card names it", async () => {
    const thug = await npc("Scagnozzo");
    const { jack, card } = await playerShot(ref(thug), [7, 8]);
    const pistolSkill = jack.items.find((i) => i.name === "Pistola" && i.type === "skill");
    await pistolSkill?.update({ system: { increment: 5 } });
    expect(await onCardAction(card, "static", "r0", { staticDifficulty: 25 })).toBe(true);
    expect(rowOf(card, "r0").increments?.attack).toEqual({ reason: "hardSuccess", status: "gradeGained", points: 0, grade: 13 });
    expect(points(jack, "Pistola")).toEqual({ increment: 0, earned: 1 });
  });
});

describe("a point that a struck claim no longer earns is taken back", () => {
  it("+6 claimed (opponent blinded): 33 against 31 earns it; struck, 27 misses and the point goes; restored, it comes back", async () => {
    const thug = await npc("Scagnozzo");
    const { jack, card } = await playerShot(ref(thug), [7, 8], { advantages: ["opponentBlinded"] });
    expect(rowOf(card, "r0").attack.total).toBe(33);
    expect(await onCardAction(card, "static", "r0", { staticDifficulty: 31 })).toBe(true);
    expect(points(jack, "Pistola")).toEqual({ increment: 1, earned: 0 });
    expect(await onCardAction(card, "strike", "r0", { claim: "attack:advantage" })).toBe(true);
    expect(rowOf(card, "r0")).toMatchObject({ outcome: "miss", increments: { attack: null } });
    expect(points(jack, "Pistola")).toEqual({ increment: 0, earned: 0 });
    expect(await onCardAction(card, "strike", "r0", { claim: "attack:advantage" })).toBe(true);
    expect(rowOf(card, "r0")).toMatchObject({ outcome: "hit", increments: { attack: { status: "stored", points: 1 } } });
    expect(points(jack, "Pistola")).toEqual({ increment: 1, earned: 0 });
  });
});

describe("§2.3.3 (A-14) attack against defence is a contrast: condition 2", () => {
  it("27 against a Schivare 14 defence of 25: Jack wins by 2 over the better-graded defender and earns the point", async () => {
    const thug = await npc("Scagnozzo", { items: [skill("Schivare", 14)] });
    const { jack, card } = await playerShot(ref(thug), [7, 8]);
    dice(5, 6);
    expect(await onCardAction(card, "defend", "r0", { defence: { ...DODGE_WITH_DEXTERITY, choice: "schivare" } })).toBe(true);
    const row = rowOf(card, "r0");
    expect(row.defence).toMatchObject({ kind: "roll", skill: "schivare", roll: { total: 25 } });
    expect(row).toMatchObject({ outcome: "hit", increments: { attack: { reason: "narrowWin", status: "stored", points: 1 }, defence: null } });
    expect(points(jack, "Pistola")).toEqual({ increment: 1, earned: 0 });
    expect(points(thug, "Schivare")).toEqual({ increment: 0, earned: 0 });
  });

  it("an unlinked token defends narrowly with Schivare 10 against Jack's 12: its own skill gains the point, the base actor's does not", async () => {
    const base = await npc("Scagnozzo", { items: [skill("Schivare", 10)] });
    const token = placeToken(sharedScene("Vicolo"), base);
    const synthetic: unknown = token.actor;
    const tokenActor: GenesysActor | null = synthetic instanceof GenesysActor ? synthetic : null;
    if (!tokenActor) throw new Error("no token actor");
    // Jack 5 + 5 + 12 = 22; the token 7 + 7 + 10 = 24: the defence wins by 2 over the higher grade.
    const { jack, card } = await playerShot(ref(tokenActor, 4, token.uuid), [5, 5]);
    dice(7, 7);
    expect(await onCardAction(card, "defend", "r0", { defence: { ...DODGE_WITH_DEXTERITY, choice: "schivare" } })).toBe(true);
    expect(rowOf(card, "r0")).toMatchObject({ outcome: "miss", increments: { attack: null, defence: { reason: "narrowWin", status: "stored", points: 1 } } });
    expect(points(tokenActor, "Schivare")).toEqual({ increment: 1, earned: 0 });
    expect(points(base, "Schivare")).toEqual({ increment: 0, earned: 0 });
    expect(points(jack, "Pistola")).toEqual({ increment: 0, earned: 0 });
  });

  it("a defence with Destrezza has no skill to earn with", async () => {
    const thug = await npc("Scagnozzo");
    // Jack 5 + 5 + 12 = 22; Destrezza 7 + 8 + 8 = 23: a narrow win over the better grade, but no skill.
    const { card } = await playerShot(ref(thug), [5, 5]);
    dice(8, 8);
    expect(await onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY })).toBe(true);
    expect(rowOf(card, "r0")).toMatchObject({ outcome: "miss", increments: { attack: null, defence: null } });
  });
});

describe("§1.8.2 (A-14) the Narrator says who stood in the advantageous position", () => {
  it("27 against an equal Schivare 12's 25: no point by default; the Narrator marks the defender and Jack gets it, unmarks and it goes", async () => {
    const thug = await npc("Scagnozzo", { items: [skill("Schivare", 12)] });
    const { jack, card } = await playerShot(ref(thug), [7, 8]);
    dice(7, 6);
    expect(await onCardAction(card, "defend", "r0", { defence: { ...DODGE_WITH_DEXTERITY, choice: "schivare" } })).toBe(true);
    expect(rowOf(card, "r0")).toMatchObject({ outcome: "hit", defence: { roll: { total: 25 } }, increments: { attack: null, defence: null } });
    expect(points(jack, "Pistola")).toEqual({ increment: 0, earned: 0 });
    const narrator = await renderedFor(card, true);
    expect(narrator).toContain("GENESYS.Attack.NarrowWin.WasNot");
    expect(narrator).toContain('data-attack-action="advantage"');
    expect(await renderedFor(card, false)).not.toContain('data-attack-action="advantage"');

    expect(await onCardAction(card, "advantage", "r0")).toBe(true);
    expect(rowOf(card, "r0")).toMatchObject({ advantaged: "defence", increments: { attack: { reason: "narrowWin", status: "stored", points: 1 } } });
    expect(points(jack, "Pistola")).toEqual({ increment: 1, earned: 0 });
    expect(await renderedFor(card, true)).toContain("GENESYS.Attack.NarrowWin.ByNarrator");
    // Twice the same word is one point.
    expect(await onCardAction(card, "advantage", "r0", { advantaged: "defence" })).toBe(true);
    expect(points(jack, "Pistola")).toEqual({ increment: 1, earned: 0 });

    expect(await onCardAction(card, "advantage", "r0")).toBe(true);
    expect(rowOf(card, "r0")).toMatchObject({ advantaged: null, outcome: "hit", increments: { attack: null } });
    expect(points(jack, "Pistola")).toEqual({ increment: 0, earned: 0 });
  });

  it("is the Narrator's alone: a player's click and a player's intent are refused, a bad side is invalid", async () => {
    const thug = await npc("Scagnozzo", { items: [skill("Schivare", 12)] });
    const { jack, card } = await playerShot(ref(thug), [7, 8]);
    dice(7, 6);
    expect(await onCardAction(card, "defend", "r0", { defence: { ...DODGE_WITH_DEXTERITY, choice: "schivare" } })).toBe(true);
    expect(await asP(() => onCardAction(card, "advantage", "r0", { advantaged: "defence" }))).toBe(false);
    const ids = { messageId: card.id, rowId: "r0" };
    expect(await asP(() => sendIntent(CARD_INTENTS.advantage, { ...ids, advantaged: "defence" }))).toEqual({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    expect(await sendIntent(CARD_INTENTS.advantage, { ...ids, advantaged: "both" })).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(rowOf(card, "r0").advantaged).toBeUndefined();
    expect(points(jack, "Pistola")).toEqual({ increment: 0, earned: 0 });
  });

  it("an unlinked token that wins by 2 over Jack's equal grade earns its own Schivare the point once the Narrator marks Jack", async () => {
    const base = await npc("Scagnozzo", { items: [skill("Schivare", 12)] });
    const token = placeToken(sharedScene("Vicolo"), base);
    const synthetic: unknown = token.actor;
    const tokenActor: GenesysActor | null = synthetic instanceof GenesysActor ? synthetic : null;
    if (!tokenActor) throw new Error("no token actor");
    // Jack 5 + 5 + 12 = 22; the token 6 + 6 + 12 = 24.
    const { card } = await playerShot(ref(tokenActor, 4, token.uuid), [5, 5]);
    dice(6, 6);
    expect(await onCardAction(card, "defend", "r0", { defence: { ...DODGE_WITH_DEXTERITY, choice: "schivare" } })).toBe(true);
    expect(rowOf(card, "r0")).toMatchObject({ outcome: "miss", increments: { attack: null, defence: null } });
    expect(await onCardAction(card, "advantage", "r0")).toBe(true);
    expect(rowOf(card, "r0")).toMatchObject({ advantaged: "attack", increments: { defence: { reason: "narrowWin", status: "stored", points: 1 } } });
    expect(points(tokenActor, "Schivare")).toEqual({ increment: 1, earned: 0 });
    expect(points(base, "Schivare")).toEqual({ increment: 0, earned: 0 });
  });

  it("on a blind card the point the Narrator's word earns is held until the Reveal", async () => {
    const thug = await npc("Scagnozzo", { items: [skill("Schivare", 12)] });
    const { jack, card } = await playerShot(ref(thug), [7, 8], { blind: true });
    dice(7, 6);
    expect(await onCardAction(card, "defend", "r0", { defence: { ...DODGE_WITH_DEXTERITY, choice: "schivare" } })).toBe(true);
    expect(await onCardAction(card, "advantage", "r0")).toBe(true);
    expect(rowOf(card, "r0").increments?.attack).toMatchObject({ reason: "narrowWin", status: "blind" });
    expect(points(jack, "Pistola")).toEqual({ increment: 0, earned: 0 });
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: card.id })).toEqual({ ok: true });
    expect(points(jack, "Pistola")).toEqual({ increment: 1, earned: 0 });
  });

  it("a Destrezza defence has no skill to earn with: a narrow win it takes offers nothing to mark, and the intent is stale", async () => {
    const thug = await npc("Scagnozzo");
    // Jack 5 + 5 + 12 = 22; Destrezza 7 + 8 + 8 = 23.
    const { card } = await playerShot(ref(thug), [5, 5]);
    dice(8, 8);
    expect(await onCardAction(card, "defend", "r0", { defence: DODGE_WITH_DEXTERITY })).toBe(true);
    expect(await renderedFor(card, true)).not.toContain('data-attack-action="advantage"');
    expect(await sendIntent(CARD_INTENTS.advantage, { messageId: card.id, rowId: "r0", advantaged: "attack" })).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.CardChanged" });
    expect(rowOf(card, "r0").advantaged).toBeUndefined();
  });

  it("a win by 4 is no narrow win: the card offers nothing to mark", async () => {
    const thug = await npc("Scagnozzo", { items: [skill("Schivare", 12)] });
    const { card } = await playerShot(ref(thug), [7, 8]);
    dice(5, 6);
    expect(await onCardAction(card, "defend", "r0", { defence: { ...DODGE_WITH_DEXTERITY, choice: "schivare" } })).toBe(true);
    expect(await renderedFor(card, true)).not.toContain('data-attack-action="advantage"');
    expect(await onCardAction(card, "advantage", "r0")).toBe(false);
  });
});

describe("§1.7.3 a blind attack holds its point until the Reveal", () => {
  it("held on the sealed card, the skill untouched; revealed, the skill gets it and the open card says so", async () => {
    const thug = await npc("Scagnozzo");
    const { jack, card } = await playerShot(ref(thug), [7, 8], { blind: true });
    expect(await onCardAction(card, "static", "r0", { staticDifficulty: 25 })).toBe(true);
    expect(points(jack, "Pistola")).toEqual({ increment: 0, earned: 0 });
    expect(rowOf(card, "r0").increments?.attack).toMatchObject({ reason: "hardSuccess", status: "blind" });
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: card.id })).toEqual({ ok: true });
    expect(points(jack, "Pistola")).toEqual({ increment: 1, earned: 0 });
    expect(rowOf(card, "r0").increments?.attack).toEqual({ reason: "hardSuccess", status: "stored", points: 1, grade: null });
    // Twice is once.
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: card.id })).toEqual({ ok: true });
    expect(points(jack, "Pistola")).toEqual({ increment: 1, earned: 0 });
  });
});

describe("several held points for one skill (a burst revealed)", () => {
  it("are counted one after the other, the sixth a grade, and written once", async () => {
    const { planIncrements } = await import("../../src/documents/skill-increment.js");
    const jack = await shooter();
    const pistolSkill = jack.items.find((i) => i.name === "Pistola" && i.type === "skill");
    await pistolSkill?.update({ system: { increment: 5 } });
    const planned = planIncrements(jack, pistolSkill?.id ?? "", ["hardSuccess", "narrowWin"]);
    expect(planned.records).toEqual([
      { reason: "hardSuccess", status: "gradeGained", points: 0, grade: 13 },
      { reason: "narrowWin", status: "stored", points: 1, grade: null },
    ]);
    expect(points(jack, "Pistola")).toEqual({ increment: 5, earned: 0 });
    await planned.write();
    expect(points(jack, "Pistola")).toEqual({ increment: 1, earned: 1 });
  });
});
