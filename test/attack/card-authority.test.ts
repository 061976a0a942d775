/**
 * A player at the browser console against the attack card: every intent, forged or malformed, every edit of flags,
 * concurrent clicks from two clients and a Narrator who answers too late. Each refusal leaves every actor and every
 * card exactly as it was.
 */
import { describe, expect, it, vi } from "vitest";
import { intentTimings, sendIntent } from "../../src/authority/intent-channel.js";
import { onCardAction } from "../../src/attack/attack-flow.js";
import { CARD_INTENTS } from "../../src/attack/card-intent-kinds.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import { foundryDouble } from "../foundry/boot.js";
import { network, onClient } from "../foundry/clients.js";
import { ChatMessage } from "../foundry/chat.js";
import { diceDouble, Roll } from "../foundry/dice.js";
import type { User } from "../foundry/documents.js";
import { personOf } from "../documents/helpers.js";
import { readableByAnyone } from "../check/helpers.js";
import { cardState } from "../../src/attack/card-render.js";
import { DODGE_WITH_DEXTERITY, answerFor, attackCard, dice, itemId, npc, playerId, rowOf, shooter, skill, stateOf, targetActors, VEST, useCardWorld } from "./helpers.js";
import { expectConsole } from "../console-guard.js";

useCardWorld();

const gmUser = (): User => foundryDouble().users.find((u) => u.isGM)!;
const playerUser = (): User => foundryDouble().users.find((u) => !u.isGM)!;
const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(playerUser(), fn);
const asGm = <T>(fn: () => Promise<T>): Promise<T> => onClient(gmUser(), fn);

/** A Roll evaluated with these d10s (or dice of another formula), as JSON the way a client sends it. */
async function rollJson(formula: string, ...results: number[]): Promise<unknown> {
  dice(...results);
  return (await new Roll(formula).evaluate()).toJSON();
}

/** A short label for a payload in a failing assertion. */
const kindOf = (payload: unknown): string => (typeof payload === "object" && payload !== null ? Object.keys(payload).join(",") : typeof payload);

/** Everything a refusal must leave untouched. */
function snapshot(...actors: GenesysActor[]): string {
  const cards = game.messages.contents.map((m) => JSON.stringify({ id: m.id, flags: (m as unknown as ChatMessage).flags, content: m.content }));
  return JSON.stringify({ actors: actors.map((a) => (a as unknown as { _source: unknown })._source), cards });
}

/** The Narrator's gunman attacks the player's hero; the Narrator's thug stands by. The card is at "defence pending". */
async function narratorCard() {
  const gunman = await shooter();
  const hero = await npc("Eroe", { ownership: { default: 0, [playerId()]: 3 } });
  const thug = await npc("Scagnozzo", { items: [VEST] });
  targetActors(hero);
  const pistol = itemId(gunman, "Pistola");
  dice(5, 5); // 10 + 12 = 22
  const message = (await attackCard(gunman, pistol, { answer: answerFor(gunman, pistol, { distances: [4] }) }))!;
  return { gunman, hero, thug, message, ids: { messageId: message.id, rowId: "r0" } };
}

/** The player's Jack (Pistola 12) shoots the thug at 4 m on the player's client: 10 + 12 = 22. */
async function playerShot(jack: GenesysActor, thug: GenesysActor) {
  const pistol = itemId(jack, "Pistola");
  return (await asP(async () => {
    targetActors(thug);
    dice(5, 5);
    return attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
  }))!;
}

/** The player's Jack hits the Narrator's thug (the Narrator defends, 2 + 7): the card waits for the damage roll. */
async function playerHitAwaitingDamage() {
  const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
  const thug = await npc("Scagnozzo");
  const message = await playerShot(jack, thug);
  dice(1, 1);
  await onCardAction(message, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
  return { jack, thug, message, ids: { messageId: message.id, rowId: "r0" } };
}

/** The same hit with its damage rolled (8): the card is ready to apply. */
async function playerHit() {
  const hit = await playerHitAwaitingDamage();
  dice(2, 2, 2, 2); // 8
  await asP(() => onCardAction(hit.message, "rollDamage", "r0"));
  return hit;
}

describe("forged intents are refused and change nothing", () => {
  it("apply, undo and damage on a card whose attacker the player does not own", async () => {
    const { gunman, hero, thug, message, ids } = await narratorCard();
    dice(1, 1);
    await onCardAction(message, "defend", "r0", { defence: DODGE_WITH_DEXTERITY }); // the Narrator defends for the hero: hit
    dice(6, 6, 3, 3);
    await onCardAction(message, "rollDamage", "r0");
    let before = snapshot(gunman, hero, thug);
    expect(await asP(() => sendIntent(CARD_INTENTS.apply, ids))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    // A forged identity in the payload changes nothing: the requester is whoever's User document carried the intent.
    expect(await asP(() => sendIntent(CARD_INTENTS.apply, { ...ids, userId: gmUser().id, user: { isGM: true } }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    expect(snapshot(gunman, hero, thug)).toBe(before);
    await onCardAction(message, "apply", "r0");
    expect(personOf(hero).wounds.value).toBe(18);
    before = snapshot(gunman, hero, thug);
    // Even the target's own player may not undo the Narrator's hit on them.
    expect(await asP(() => sendIntent(CARD_INTENTS.undo, ids))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    expect(await asP(() => onCardAction(message, "undo", "r0"))).toBe(false);
    expect(snapshot(gunman, hero, thug)).toBe(before);
  });

  it("a static difficulty from a player, a row that does not exist, a target named in the payload", async () => {
    const { gunman, hero, thug, message, ids } = await narratorCard();
    const roll = await rollJson("2d10", 10, 10);
    const before = snapshot(gunman, hero, thug);
    // The card's target is the hero; retargeting it at the thug by payload is not possible (rows are the GM's).
    expect(await asP(() => sendIntent(CARD_INTENTS.static, { ...ids, difficulty: 40 }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    expect(stateOf(message).rows["r0"]?.target.actorUuid).toBe(hero.uuid);
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { ...ids, rowId: "r9", answer: DODGE_WITH_DEXTERITY, roll }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.CardChanged" });
    expect(snapshot(gunman, hero, thug)).toBe(before);
    // The thug is on no row of this card: a player who owned it still could not defend here.
    // Ownership levels are branded numbers in the types; 3 is OWNER.
    await thug.update({ ownership: { default: 0, [playerId()]: 3 } } as unknown as Actor.UpdateData);
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { ...ids, answer: DODGE_WITH_DEXTERITY, roll, target: thug.uuid }))).toEqual({ ok: true });
    expect(rowOf(message, "r0").defence).toMatchObject({ label: "GENESYS.Characteristic.dexterity", grade: 7 });
  });

  it("a defence with forged dice: too many, wrong faces, out of range, unevaluated, not a roll", async () => {
    const { gunman, hero, thug, ids } = await narratorCard();
    const before = snapshot(gunman, hero, thug);
    const unevaluated = new Roll("2d10").toJSON();
    const forged: unknown[] = [
      await rollJson("3d10", 10, 10, 10),
      await rollJson("2d20", 20, 20),
      { ...(await rollJson("2d10", 9, 9)) as object, dice: [[{ result: 11, active: true }, { result: 11, active: true }]] },
      { ...(await rollJson("2d10", 9, 9)) as object, dice: [[{ result: 10, active: true }]] },
      unevaluated,
      { class: "NotARoll", formula: "2d10", dice: [[{ result: 10, active: true }, { result: 10, active: true }]], evaluated: true },
      "20",
      null,
    ];
    for (const roll of forged) {
      expect(await asP(() => sendIntent(CARD_INTENTS.defend, { ...ids, answer: DODGE_WITH_DEXTERITY, roll }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.BadDice" });
    }
    expect(snapshot(gunman, hero, thug)).toBe(before);
  });

  it("a defence claiming grade 99, a bonus, a skill the target lacks, or no surprise while surprised", async () => {
    const { gunman, hero, thug, message, ids } = await narratorCard();
    const roll = await rollJson("2d10", 1, 1);
    const before = snapshot(gunman, hero, thug);
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { ...ids, answer: { ...DODGE_WITH_DEXTERITY, modifier: 5 }, roll }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.BonusGmOnly" });
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { ...ids, answer: { ...DODGE_WITH_DEXTERITY, choice: "scassinare" }, roll }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.BadDefence" });
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { ...ids, answer: { ...DODGE_WITH_DEXTERITY, cover: "wall" }, roll }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(snapshot(gunman, hero, thug)).toBe(before);
    // The grade the player claims is ignored: Destrezza 7 is what the hero has. Surprise comes from the token.
    await hero.toggleStatusEffect("surprised", { active: true });
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { ...ids, answer: { ...DODGE_WITH_DEXTERITY, grade: 99, surprised: false }, roll }))).toEqual({ ok: true });
    const defence = rowOf(message, "r0").defence;
    expect(defence).toMatchObject({ kind: "roll", grade: 7 });
    const parts = defence?.kind === "roll" ? defence.parts : [];
    expect(parts.some((p) => p.key === "surprise" && p.value < 0)).toBe(true);
    expect(defence?.kind === "roll" ? defence.roll.total : null).toBe(2 + 7 + parts.reduce((s, p) => s + p.value, 0));
  });

  it("an animal with an unknown defence grade: only the Narrator may type one", async () => {
    const gunman = await shooter();
    const cat = await (await import("../documents/helpers.js")).createActor({
      name: "Gatto", type: "animal", ownership: { default: 0, [playerId()]: 3 },
      system: { characteristics: { strength: 2, dexterity: 12, perception: 8, charm: null, experience: null }, resistance: 6, reflexes: 10, attack: { grade: 10, defence: null, damage: { dice: 1, faces: 3, strength: false, flat: 0, type: "wounding" }, attacksPerTurn: 1, natural: "Artigli" } },
    });
    targetActors(cat);
    const pistol = itemId(gunman, "Pistola");
    dice(5, 5);
    const message = (await attackCard(gunman, pistol, { answer: answerFor(gunman, pistol, { distances: [4] }) }))!;
    const roll = await rollJson("2d10", 9, 9);
    const answer = { ...DODGE_WITH_DEXTERITY, choice: "animal", grade: 30 };
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { messageId: message.id, rowId: "r0", answer, roll }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.GradeGmOnly" });
    expect(rowOf(message, "r0").defence).toBeNull();
    expect(await asGm(() => sendIntent(CARD_INTENTS.defend, { messageId: message.id, rowId: "r0", answer: { ...answer, grade: 12 }, roll }))).toEqual({ ok: true });
    expect(rowOf(message, "r0").defence).toMatchObject({ grade: 12, roll: { total: 30 } });
  });

  it("a second damage roll on a rolled row is stale, whatever its dice", async () => {
    const { jack, thug, message, ids } = await playerHit();
    const before = snapshot(jack, thug);
    const sixes = await rollJson("4d6", 6, 6, 6, 6);
    expect(await asP(() => sendIntent(CARD_INTENTS.damage, { ...ids, roll: sixes }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.CardChanged" });
    expect(rowOf(message, "r0").damage?.total).toBe(8);
    expect(snapshot(jack, thug)).toBe(before);
  });

  it("the damage roll is checked against the weapon: wrong dice refused, a made-up +100 in the formula ignored", async () => {
    const { jack, thug, message, ids } = await playerHitAwaitingDamage();
    const before = snapshot(jack, thug);
    for (const roll of [await rollJson("4d8", 8, 8, 8, 8), await rollJson("5d6", 6, 6, 6, 6, 6), await rollJson("3d6", 6, 6, 6), { formula: "4d6" }]) {
      expect(await asP(() => sendIntent(CARD_INTENTS.damage, { ...ids, roll }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.BadDice" });
    }
    expect(snapshot(jack, thug)).toBe(before);
    const padded = await rollJson("4d6 + 100", 1, 2, 3, 4);
    expect(await asP(() => sendIntent(CARD_INTENTS.damage, { ...ids, roll: padded }))).toEqual({ ok: true });
    expect(rowOf(message, "r0").damage).toMatchObject({ dice: [1, 2, 3, 4], total: 10 });
  });

  it("an attack with someone else's actor, the Narrator's override, forged attack dice, or malformed answers", async () => {
    const gunman = await shooter();
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const answer = answerFor(jack, itemId(jack, "Pistola"), { distances: [4] });
    const base = { actorUuid: jack.uuid, itemId: itemId(jack, "Pistola"), targets: [{ actorUuid: thug.uuid, tokenUuid: null, distance: 4 }], answer, rollMode: "publicroll" };
    const good = [await rollJson("2d10", 5, 5)];
    const before = snapshot(gunman, jack, thug);
    const cards = game.messages.size;
    const cases: [unknown, string][] = [
      [{ ...base, actorUuid: gunman.uuid, itemId: itemId(gunman, "Pistola"), rolls: good }, "GENESYS.Attack.Warn.NotAllowed"],
      [{ ...base, answer: { ...answer, override: 30 }, rolls: good }, "GENESYS.Attack.Warn.BadNumber"],
      [{ ...base, rolls: [await rollJson("2d10", 10, 10), await rollJson("2d10", 10, 10)] }, "GENESYS.Attack.Warn.BadDice"],
      [{ ...base, rolls: [await rollJson("1d20", 20)] }, "GENESYS.Attack.Warn.BadDice"],
      [{ ...base, rolls: [] }, "GENESYS.Attack.Warn.BadDice"],
      [{ ...base, answer: { ...answer, rolls: "1" }, rolls: good }, "GENESYS.Authority.Invalid"],
      [{ ...base, answer: { ...answer, advantages: ["everything"] }, rolls: good }, "GENESYS.Authority.Invalid"],
      [{ ...base, answer: { ...answer, targets: [] }, rolls: good }, "GENESYS.Authority.Invalid"],
      [{ ...base, targets: [{ actorUuid: "Actor.nobody0000000001", tokenUuid: null, distance: 4 }], rolls: good }, "GENESYS.Attack.Warn.TargetMissing"],
      [{ ...base, targets: [{ actorUuid: thug.uuid, tokenUuid: null, distance: -4 }], rolls: good }, "GENESYS.Authority.Invalid"],
      [{ ...base, rolls: good, itemId: "../../etc" }, "GENESYS.Authority.Invalid"],
      [null, "GENESYS.Authority.Invalid"],
      [42, "GENESYS.Authority.Invalid"],
    ];
    for (const [payload, warning] of cases) {
      expect(await asP(() => sendIntent(CARD_INTENTS.attack, payload)), kindOf(payload)).toMatchObject({ ok: false, warning });
    }
    expect(game.messages.size).toBe(cards);
    expect(snapshot(gunman, jack, thug)).toBe(before);
  });

  it("malformed card intents of every kind are refused without an error", async () => {
    const { gunman, hero, thug, ids } = await narratorCard();
    const before = snapshot(gunman, hero, thug);
    const bad: unknown[] = [null, 7, "x", [], {}, { messageId: "../x", rowId: "r0" }, { messageId: ids.messageId }, { messageId: ids.messageId, rowId: { $ne: 1 } }];
    for (const kind of Object.values(CARD_INTENTS)) {
      for (const payload of bad) {
        const answer = await asP(() => sendIntent(kind, payload));
        expect(answer.ok, `${kind} ${JSON.stringify(payload)}`).toBe(false);
      }
    }
    expect(snapshot(gunman, hero, thug)).toBe(before);
  });
});

describe("claims the Narrator's client does not take on the attacker's word", () => {
  it("a bonus of the player's own is refused; a target lies prone only if its token shows it", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo");
    targetActors(thug);
    const pistol = itemId(jack, "Pistola");
    const answer = answerFor(jack, pistol, { distances: [4] });
    const base = { actorUuid: jack.uuid, itemId: pistol, targets: [{ actorUuid: thug.uuid, tokenUuid: null, distance: 4 }], rollMode: "publicroll" };
    const rolls = [await rollJson("2d10", 5, 5)];
    expect(await asP(() => sendIntent(CARD_INTENTS.attack, { ...base, answer: { ...answer, modifier: 500 }, rolls }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.BonusGmOnly" });
    const before = game.messages.size;
    expect(await asP(() => sendIntent(CARD_INTENTS.attack, { ...base, answer: { ...answer, modifier: -2, targets: [{ distance: 4, prone: true }] }, rolls }))).toEqual({ ok: true });
    expect(game.messages.size).toBe(before + 1);
    const row = rowOf(game.messages.contents.at(-1), "r0");
    // No prone modifier for a thug standing up: only the player's own penalty.
    expect(row.parts).toEqual([{ key: "situational", value: -2 }]);
    expect(row.attack.total).toBe(10 + 12 - 2);
  });

  it("the damage is the weapon's as it hit: editing the weapon afterwards changes neither the dice nor the total", async () => {
    const { jack, message } = await playerHitAwaitingDamage();
    const item = jack.items.get(itemId(jack, "Pistola"))!;
    const modes = structuredClone((item.toObject()["system"] as { modes: Record<string, unknown>[] }).modes);
    modes[0] = { ...modes[0], damage: { dice: 20, faces: 10, strength: false, flat: 50, type: "wounding" } };
    // The weapon's numbers are the Narrator's (a player's own edit is refused by the server): edited by him, mid-card.
    await asGm(() => (item as unknown as { update(d: object): Promise<unknown> }).update({ system: { modes } }));
    const big = await rollJson("20d10", ...Array<number>(20).fill(10));
    expect(await asP(() => sendIntent(CARD_INTENTS.damage, { messageId: message.id, rowId: "r0", roll: big }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.BadDice" });
    dice(1, 1, 1, 1);
    expect(await asP(() => onCardAction(message, "rollDamage", "r0"))).toBe(true);
    expect(rowOf(message, "r0").damage).toMatchObject({ dice: [1, 1, 1, 1], total: 4 });
  });

  it("surprise marked by the Narrator on the combat counts, whatever the token's status says", async () => {
    const { hero, message, ids } = await narratorCard();
    // The configured class is GenesysCombat over the double's Combat (test/foundry/combat.ts); create takes plain data.
    const combat = (await (CONFIG.Combat.documentClass as unknown as { create(d: object): Promise<unknown> }).create({})) as GenesysCombat;
    await (combat as unknown as { createEmbeddedDocuments(t: string, d: object[]): Promise<unknown> }).createEmbeddedDocuments("Combatant", [{ actorId: hero.id }]);
    const combatant = combat.genesysCombatants[0]!;
    await combat.setSurprised(combatant, true);
    await (combat as unknown as { update(d: object): Promise<unknown> }).update({ round: 1 });
    await hero.toggleStatusEffect("surprised", { active: false }); // the player clears the token's status
    const roll = await rollJson("2d10", 1, 1);
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { ...ids, answer: { ...DODGE_WITH_DEXTERITY, surprised: false }, roll }))).toEqual({ ok: true });
    const defence = rowOf(message, "r0").defence;
    expect(defence?.kind === "roll" ? defence.parts.map((p) => p.key) : []).toContain("surprise");
  });
});

describe("records the requester cannot forge", () => {
  it("a ledger entry the target's owner inflates takes back no more than the card's hit", async () => {
    const jack = await shooter();
    const hero = await npc("Eroe", { ownership: { default: 0, [playerId()]: 3 } });
    targetActors(hero);
    const pistol = itemId(jack, "Pistola");
    dice(5, 5);
    const m = (await attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) }))!;
    dice(1, 1);
    await onCardAction(m, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    dice(2, 2, 2, 2);
    await onCardAction(m, "rollDamage", "r0");
    await hero.update({ system: { wounds: { value: 6 } } }); // older wounds
    await onCardAction(m, "apply", "r0");
    expect(personOf(hero).wounds.value).toBe(14);
    const recordId = rowOf(m, "r0").applied!.recordId;
    await asP(() => (hero as unknown as { update(d: object): Promise<unknown> }).update({ flags: { "genesys-gdr": { ledger: [{ id: recordId, wounds: 999, fatigue: 0, poison: 0 }] } } }));
    await onCardAction(m, "undo", "r0");
    expect(personOf(hero).wounds.value).toBe(6);
    expect(rowOf(m, "r0").undo).toMatchObject({ wounds: 8, partial: false });
  });

  it("a card the player authored (with a made-up applied record) is never acted on", async () => {
    const { jack, thug, message } = await playerHit();
    const forgedState = structuredClone(stateOf(message));
    const row = forgedState.rows["r0"]!;
    row.applied = { change: { kind: "damage", actorUuid: thug.uuid, before: { wounds: 0, fatigue: 0 }, after: { wounds: 40, fatigue: 0 }, condition: { before: "normal", after: "dead" }, damage: null }, venom: null, recordId: "forged0000000001" };
    const forged = await asP(() => ChatMessage.create({ content: "", flags: { "genesys-gdr": { attack: forgedState } } }));
    expect(forged.authorId).toBe(playerId());
    const before = snapshot(jack, thug);
    for (const kind of [CARD_INTENTS.undo, CARD_INTENTS.apply, CARD_INTENTS.damage]) {
      expect(await asP(() => sendIntent(kind, { messageId: forged.id, rowId: "r0" }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotNarratorCard" });
    }
    expect(snapshot(jack, thug)).toBe(before);
  });

  it("the player cannot write the flags of the Narrator's card", async () => {
    const { message } = await playerHit();
    await expect(asP(() => (message as unknown as ChatMessage).update({ flags: { "genesys-gdr": { attack: { rows: { r0: { damage: { formula: "x", dice: [], total: 99 } } } } } } }))).rejects.toThrow(/lacks permission/);
    expect(rowOf(message, "r0").damage?.total).toBe(8);
  });

  it("no query is left to call: intents travel in the User document, answers come back the same way", () => {
    expect(Object.keys(CONFIG.queries).filter((k) => k.startsWith("genesys-gdr."))).toEqual([]);
  });
});

describe("blind stays blind", () => {
  it("a player's blind attack: the Narrator's client rolls, the card reaches only the Narrators, the player hears that it was made", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo");
    const pistol = itemId(jack, "Pistola");
    const notes = foundryDouble().notifications.length;
    const before = game.messages.size;
    // The Narrator types dice by hand for open rolls; a blind card's dice must still never prompt anyone.
    diceDouble().manualEntry.add(gmUser().id);
    diceDouble().manualEntry.add(playerId());
    diceDouble().prompts.length = 0;
    dice(7, 8);
    const ok = await asP(async () => {
      targetActors(thug);
      const { attack } = await import("../../src/attack/attack-flow.js");
      return attack(jack, pistol, { answer: { ...answerFor(jack, pistol, { distances: [4] }), blind: true } });
    });
    expect(ok).toBe(true);
    const card = game.messages.contents.at(-1) as unknown as ChatMessage;
    expect(game.messages.size).toBe(before + 1);
    // A placeholder the player may see, with the card sealed inside: no number of it in what every client downloads.
    expect(card.whisper).toEqual([gmUser().id, playerId()]);
    expect(card.authorId).toBe(gmUser().id);
    expect(card.getFlag("genesys-gdr", "attack")).toBeUndefined();
    expect(readableByAnyone(card)).not.toMatch(/27|\b7\b|\b8\b|hit|miss|chance|total/i);
    expect(card.content).toContain("Scagnozzo");
    // The d10s were rolled once, by the Narrator's client: 15 + 12 − 0 (opened with the Narrators' key).
    expect(rowOf(card, "r0").attack).toMatchObject({ dice: [7, 8], total: 27 });
    expect(await asP(() => Promise.resolve(cardState(card as unknown as Parameters<typeof cardState>[0])))).toBeNull();
    expect(diceDouble().prompts).toEqual([]);
    diceDouble().manualEntry.clear();
    const told = foundryDouble().notifications.slice(notes).map((n) => n.message).join("\n");
    expect(told).toContain("GENESYS.Attack.BlindMade");
    expect(told).not.toMatch(/27|\b7\b|\b8\b/);
    // Nor can the console learn how it went from the refusals: damage, apply and undo answer alike, hit or miss.
    for (const kind of [CARD_INTENTS.damage, CARD_INTENTS.apply, CARD_INTENTS.undo]) {
      expect(await asP(() => sendIntent(kind, { messageId: card.id, rowId: "r0", roll: null }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    }
    // Nor can the player act on it from the console.
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { messageId: card.id, rowId: "r0", answer: DODGE_WITH_DEXTERITY, roll: null }))).toMatchObject({ ok: false });
  });

  it("a private GM roll whispers the Narrators and the attacker's player; a public one reaches everyone", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo");
    const pistol = itemId(jack, "Pistola");
    await game.settings.set("core", "rollMode", "gmroll");
    try {
      dice(5, 5);
      const card = (await asP(async () => {
        targetActors(thug);
        return attackCard(jack, pistol, { answer: answerFor(jack, pistol, { distances: [4] }) });
      })) as unknown as ChatMessage;
      expect(card.whisper.sort()).toEqual([gmUser().id, playerId()].sort());
      expect(card.blind).toBe(false);
    } finally {
      await game.settings.set("core", "rollMode", "publicroll");
    }
  });
});

describe("one queue: concurrent clicks never apply twice", () => {
  it("the attacker's player and the Narrator press Apply at the same moment: one application", async () => {
    const { thug, message, ids } = await playerHit();
    network.latency = 3;
    const answers = await Promise.all([asP(() => sendIntent(CARD_INTENTS.apply, ids)), asGm(() => sendIntent(CARD_INTENTS.apply, ids))]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok)).toEqual([{ ok: false, warning: "GENESYS.Attack.Warn.CardChanged" }]);
    expect(personOf(thug).wounds.value).toBe(8);
    expect(rowOf(message, "r0").applied?.change.after.wounds).toBe(8);
    expect(thug.ledger).toHaveLength(1);
  });

  it("a double click on Apply from the player's client: one application", async () => {
    const { thug, ids } = await playerHit();
    network.latency = 3;
    const answers = await Promise.all([asP(() => sendIntent(CARD_INTENTS.apply, ids)), asP(() => sendIntent(CARD_INTENTS.apply, ids))]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(personOf(thug).wounds.value).toBe(8);
    expect(thug.ledger).toHaveLength(1);
  });

  it("two hits on one target applied at the same moment from two cards: both land (no lost update), both undo", async () => {
    // Without the queue both handlers read 0 Ferite and each writes its own total: one hit is lost.
    const first = await playerHit();
    const thug = first.thug;
    const second = await playerShot(first.jack, thug);
    dice(1, 1);
    await onCardAction(second, "defend", "r0", { defence: DODGE_WITH_DEXTERITY });
    dice(1, 1, 1, 2); // 5
    await asP(() => onCardAction(second, "rollDamage", "r0"));
    network.latency = 3;
    const secondIds = { messageId: second.id, rowId: "r0" };
    const answers = await Promise.all([asP(() => sendIntent(CARD_INTENTS.apply, first.ids)), asP(() => sendIntent(CARD_INTENTS.apply, secondIds))]);
    expect(answers).toEqual([{ ok: true }, { ok: true }]);
    expect(personOf(thug).wounds.value).toBe(13);
    expect(thug.ledger.map((e) => e.wounds).sort()).toEqual([5, 8]);
    await Promise.all([asP(() => sendIntent(CARD_INTENTS.undo, first.ids)), asP(() => sendIntent(CARD_INTENTS.undo, secondIds))]);
    expect(personOf(thug).wounds.value).toBe(0);
  });

  it("two Undo at once heal once, keeping an earlier wound", async () => {
    const { thug, ids } = await playerHit();
    await thug.update({ system: { wounds: { value: 3 } } }); // an older wound, before the hit
    await asP(() => sendIntent(CARD_INTENTS.apply, ids));
    expect(personOf(thug).wounds.value).toBe(11);
    network.latency = 3;
    const answers = await Promise.all([asP(() => sendIntent(CARD_INTENTS.undo, ids)), asGm(() => sendIntent(CARD_INTENTS.undo, ids)), asP(() => sendIntent(CARD_INTENTS.undo, ids))]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(personOf(thug).wounds.value).toBe(3);
  });

  it("a Narrator who answers after the player's timeout applies once; the player's retry is refused", async () => {
    const { thug, message } = await playerHit();
    // A slow network: the player stops waiting while its own write is still on the way; the Narrator still gets it.
    network.latency = 30;
    intentTimings.timeoutMs = 10;
    try {
      expect(await asP(() => onCardAction(message, "apply", "r0"))).toBe(false);
      expect(foundryDouble().notifications.at(-1)?.message).toContain("GENESYS.Authority.NoAnswer");
      await vi.waitFor(() => { expect(personOf(thug).wounds.value).toBe(8); }, { timeout: 5_000 });
      network.latency = 0;
      intentTimings.timeoutMs = 10_000;
      expect(await asP(() => onCardAction(message, "apply", "r0"))).toBe(false);
      expect(foundryDouble().notifications.at(-1)?.message).toContain("GENESYS.Attack.Warn.CardChanged");
      expect(personOf(thug).wounds.value).toBe(8);
    } finally {
      intentTimings.timeoutMs = 10_000;
      network.latency = 0;
    }
  });

  it("a defence and a static difficulty racing for the same row: the first one decides, the second is stale", async () => {
    const { message, ids } = await narratorCard();
    network.latency = 3;
    const roll = await rollJson("2d10", 9, 9);
    const answers = await Promise.all([
      asP(() => sendIntent(CARD_INTENTS.defend, { ...ids, answer: DODGE_WITH_DEXTERITY, roll })),
      asGm(() => sendIntent(CARD_INTENTS.static, { ...ids, difficulty: 5 })),
    ]);
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(rowOf(message, "r0").defence).not.toBeNull();
  });
});

describe("failures are visible", () => {
  it("an unforeseen error in a click path is a notification, never an unhandled rejection", async () => {
    const broken = { id: "broken0000000001", getFlag: () => { throw new Error("flags unreadable"); } };
    const before = foundryDouble().notifications.length;
    expect(await onCardAction(broken as unknown as Parameters<typeof onCardAction>[0], "apply", "r0")).toBe(false);
    const note = foundryDouble().notifications.slice(before).at(-1);
    expect(note).toMatchObject({ level: "error" });
    expect(note?.message).toContain("GENESYS.Warn.Unexpected");
    expect(note?.message).toContain("flags unreadable");
    expectConsole("error", /flags unreadable/);
  });
});

describe("skills still matter: a player who owns both sides", () => {
  it("defends with the dodge skill at its grade, recomputed on the Narrator's client", async () => {
    const gunman = await shooter();
    const hero = await npc("Eroe", { ownership: { default: 0, [playerId()]: 3 }, items: [skill("Schivare", 13)] });
    targetActors(hero);
    const pistol = itemId(gunman, "Pistola");
    dice(5, 5);
    const message = (await attackCard(gunman, pistol, { answer: answerFor(gunman, pistol, { distances: [4] }) }))!;
    const roll = await rollJson("2d10", 1, 1);
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { messageId: message.id, rowId: "r0", answer: { ...DODGE_WITH_DEXTERITY, choice: "schivare", grade: 1 }, roll }))).toEqual({ ok: true });
    expect(rowOf(message, "r0").defence).toMatchObject({ grade: 13, roll: { total: 15 } });
  });
});
