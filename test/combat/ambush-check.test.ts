/**
 * §3.2.1 an ambush, from the tracker to the turn: the Narrator marks who would be surprised, asks them from the
 * tracker for their Percezione check (Difficult, 25, the book's example), each owner rolls their row, and the
 * Narrator's client clears the surprise of whoever beats the difficulty (avoidsSurprise): that combatant declares and
 * acts in turn 1, the others do not. A hidden difficulty decides at its reveal. An unlinked token's combatant too.
 * Refused: a blind request, no difficulty, a fight past its first turn, nobody surprised, a forged link.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { trackerView } from "../../src/combat/combat-view.js";
import { resetIntentMemory } from "../../src/authority/intent-channel.js";
import type { CardMessage } from "../../src/chat/authored.js";
import { askAmbushCheck } from "../../src/request/ambush-check-request.js";
import { requestStateOf, type RequestState } from "../../src/request/request-card.js";
import { askForCheck, revealRequest, rollRequestRow } from "../../src/request/request-flow.js";
import { prepareCheck } from "../../src/check/check-request.js";
import { GenesysActor } from "../../src/documents/actor.js";
import type { GenesysCombat } from "../../src/documents/combat.js";
import type { GenesysCombatant } from "../../src/documents/combatant.js";
import { onClient, resetNetwork } from "../foundry/clients.js";
import { diceDouble } from "../foundry/dice.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { dice } from "../check/helpers.js";
import { bootCombat, fight, person, player, settle, warnings } from "./helpers.js";

beforeAll(async () => {
  await bootCombat();
});

beforeEach(() => {
  resetNetwork();
  resetIntentMemory();
  diceDouble().queue.length = 0;
});

function stateOf(message: CardMessage): RequestState {
  const state = requestStateOf(message);
  if (!state) throw new Error("not a request card");
  return state;
}

/** What a Percezione check of the actor adds to the dice (grade, modifiers, condition). */
function bonusOf(actor: GenesysActor): number {
  const planned = prepareCheck(actor, { characteristic: "perception", difficulty: null, modifiers: 0, blind: false }, (k) => k);
  if (!planned.ok) throw new Error("no plan");
  return planned.plan.grade + planned.plan.modifiers + planned.plan.conditionPenalty;
}

/** Rolls the card's row of `actor` as its owner with these dice. */
async function rolls(card: CardMessage, actor: GenesysActor, d1: number, d2: number, asPlayer = true): Promise<boolean> {
  const rowId = stateOf(card).order.find((id) => stateOf(card).rows[id]?.actorUuid === actor.uuid) ?? "";
  dice(d1, d2);
  const ok = asPlayer ? await onClient(player(), () => rollRequestRow(card, rowId)) : await rollRequestRow(card, rowId);
  await settle();
  return ok;
}

/** Two player-owned guards (Percezione 8) about to be ambushed by a bandit, both marked surprised, combat not started. */
async function ambush() {
  const ada = await person("Ada", 8, true);
  const bruno = await person("Bruno", 8, true);
  const bandit = await person("Bandito", 6);
  const { combat, of } = await fight(ada, bruno, bandit);
  await combat.setSurprised(of(ada), true);
  await combat.setSurprised(of(bruno), true);
  await settle();
  return { ada, bruno, bandit, combat, of };
}

const ambushButton = (combat: GenesysCombat): string | null => trackerView(combat, game.user, game.i18n).ambush;

async function ask(combat: GenesysCombat): Promise<CardMessage> {
  const card = await askAmbushCheck(combat, { prompt: false });
  if (!card) throw new Error(`no card: ${warnings().at(-1) ?? ""}`);
  return card;
}

describe("§3.2.1 the ambush check from the tracker", () => {
  it("whoever beats 25 is no longer surprised and acts in turn 1; a tie (25) is no success, still surprised", async () => {
    const { ada, bruno, bandit, combat, of } = await ambush();
    expect(ambushButton(combat)).toBe('GENESYS.Combat.Ambush.Ask {"count":"2"}');
    const card = await ask(combat);
    const state = stateOf(card);
    expect(state.ambush).toEqual({ combatId: combat.id });
    expect(state.check).toMatchObject({ skill: null, characteristic: "perception" });
    expect(state.difficulty).toBe(25);
    expect(state.order.map((id) => state.rows[id]?.actorUuid)).toEqual([ada.uuid, bruno.uuid]);

    const bonus = bonusOf(ada);
    // Ada: dice so that the total is 26 (> 25): she notices in time. Bruno: exactly 25, a failure.
    expect(await rolls(card, ada, 26 - bonus - 9, 9)).toBe(true);
    expect(of(ada).surprised).toBe(false);
    expect(ada.statuses.has("surprised")).toBe(false);
    expect(await rolls(card, bruno, 25 - bonus - 9, 9)).toBe(true);
    expect(of(bruno).surprised).toBe(true);
    expect(bruno.statuses.has("surprised")).toBe(true);

    await combat.startCombat();
    await settle();
    expect(of(ada).canActInRound(1)).toBe(true);
    expect(of(bruno).canActInRound(1)).toBe(false);
    expect(of(bandit).canActInRound(1)).toBe(true);
    expect(ambushButton(combat)).toBe('GENESYS.Combat.Ambush.Ask {"count":"1"}');
  });

  it("a hidden difficulty decides at the Narrator's reveal, not before", async () => {
    const { ada, combat, of } = await ambush();
    const card = await askForCheck({ characteristic: "perception", difficulty: 25, hidden: true }, { recipients: [ada], ambush: { combatId: combat.id ?? "" }, prompt: false });
    if (!card) throw new Error("no card");
    expect(await rolls(card, ada, 26 - bonusOf(ada) - 9, 9)).toBe(true);
    expect(of(ada).surprised).toBe(true);
    expect(await revealRequest(card)).toBe(true);
    await settle();
    expect(of(ada).surprised).toBe(false);
  });

  it("an unlinked token's combatant: its own actor rolls, and its surprise goes", async () => {
    const base = await person("Sentinella", 8, true);
    const scene = createScene("Gola");
    const token = placeToken(scene, base);
    const found: unknown = token.actor;
    const actor: GenesysActor | null = found instanceof GenesysActor ? found : null;
    if (!actor) throw new Error("no token actor");
    const bandit = await person("Bandito", 6);
    const { combat } = await fight(bandit);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: base.id, sceneId: scene.id, tokenId: token.id }]);
    await settle();
    const sentry = combat.genesysCombatants.find((c) => c.actor === actor) as GenesysCombatant;
    await combat.setSurprised(sentry, true);
    await settle();
    const card = await ask(combat);
    expect(stateOf(card).rows[stateOf(card).order[0] ?? ""]).toMatchObject({ actorUuid: actor.uuid, tokenUuid: token.uuid });
    expect(await rolls(card, actor, 26 - bonusOf(actor) - 9, 9)).toBe(true);
    expect(sentry.surprised).toBe(false);
    expect(actor.statuses.has("surprised")).toBe(false);
  });
});

describe("§3.2.1 what the ambush check refuses", () => {
  it("blind, without a difficulty, a forged link, nobody surprised, or past the first turn: a warning, no card", async () => {
    const { ada, combat, of } = await ambush();
    const link = { combatId: combat.id ?? "" };
    const cards = game.messages.size;
    expect(await askForCheck({ characteristic: "perception", difficulty: 25, blind: true }, { recipients: [ada], ambush: link, prompt: false })).toBeNull();
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Ambush.Warn.Blind");
    expect(await askForCheck({ characteristic: "perception" }, { recipients: [ada], ambush: link, prompt: false })).toBeNull();
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Ambush.Warn.NoDifficulty");
    expect(await game.genesys.requestCheck({ characteristic: "perception", difficulty: 25, actors: [ada.uuid], prompt: false, ambush: { combatId: "nope!" } })).toBeNull();
    expect(await askForCheck({ characteristic: "perception", difficulty: 25 }, { recipients: [ada], ambush: { combatId: "missing" }, prompt: false })).toBeNull();
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Warn.NoCombat");
    expect(game.messages.size).toBe(cards);

    await combat.setSurprised(of(ada), false);
    await combat.setSurprised(of(ada), true);
    await combat.startCombat();
    await settle();
    await combat.nextRound();
    await settle();
    expect(combat.round).toBe(2);
    expect(ambushButton(combat)).toBeNull();
    expect(await askAmbushCheck(combat, { prompt: false })).toBeNull();
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Ambush.Warn.TooLate");
  });

  it("a card of the first turn rolled after it: nothing changes, the Narrator is told", async () => {
    const { ada, combat, of } = await ambush();
    const card = await ask(combat);
    await combat.startCombat();
    await settle();
    await combat.nextRound();
    await settle();
    expect(await rolls(card, ada, 9, 9)).toBe(true);
    expect(of(ada).surprised).toBe(true);
    expect(warnings().some((w) => w.startsWith("GENESYS.Combat.Ambush.Warn.TooLate"))).toBe(true);
  });

  it("nobody marked: no button, a warning", async () => {
    const ada = await person("Ada", 8, true);
    const { combat } = await fight(ada);
    expect(ambushButton(combat)).toBeNull();
    expect(await askAmbushCheck(combat, { prompt: false })).toBeNull();
    expect(warnings().at(-1)).toContain("GENESYS.Combat.Ambush.Warn.NobodySurprised");
  });

  it("a player cannot ask it", async () => {
    const { combat } = await ambush();
    const cards = game.messages.size;
    expect(await onClient(player(), () => askAmbushCheck(combat, { prompt: false }))).toBeNull();
    expect(game.messages.size).toBe(cards);
  });
});
