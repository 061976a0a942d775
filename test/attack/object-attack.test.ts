/**
 * §2.3.5 an attack at an inanimate object: with no token targeted the attack dialog opens at "an object", the card's
 * row waits for the Narrator's static difficulty (the book's table: a beer bottle 20), range counts (§2.3.2: 12 m is
 * −2), a round is spent, and the roll resolves as an ordinary check: hit when the total beats the difficulty. Nobody
 * defends it and it takes no damage. A player's linked character and an unlinked token's own actor.
 */
import { describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { attack, objectTarget, onCardAction } from "../../src/attack/attack-flow.js";
import { renderCard } from "../../src/attack/card-render.js";
import { CARD_INTENTS } from "../../src/attack/card-intent-kinds.js";
import { STATIC_TARGETS } from "../../src/rules/attack.js";
import { defaultAnswer, prepareAttack } from "../../src/attack/attack-roll.js";
import { WeaponModel } from "../../src/data/item/weapon.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { Roll, diceDouble } from "../foundry/dice.js";
import { placeToken, sharedScene } from "../foundry/scenes.js";
import type { User } from "../foundry/documents.js";
import { HUMAN, PISTOL, dice, itemId, lastWarning, npc, playerId, rowOf, shooter, skill, stateOf, targetActors, useCardWorld } from "./helpers.js";

useCardWorld();

const playerUser = (): User => foundryDouble().users.find((u) => !u.isGM)!;
const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(playerUser(), fn);

function roundsOf(actor: GenesysActor): number | null {
  const weapon = actor.items.find((i) => i.type === "weapon")?.system;
  return weapon instanceof WeaponModel ? weapon.rounds : null;
}

/** The player's Jack (Pistola 12) shoots with nothing targeted: the dialog's answer is its own default, 12 m typed in. */
async function shootBottle(): Promise<{ jack: GenesysActor; message: ReturnType<typeof game.messages.contents.at> & object }> {
  const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
  const pistol = itemId(jack, "Pistola");
  const plan = prepareAttack(jack, pistol, [objectTarget()], (k) => k);
  if (!plan.ok) throw new Error(plan.refusal.warning);
  const base = defaultAnswer(plan.value);
  diceDouble().dialogAnswers.push({ ...base, targets: base.targets.map((t) => ({ ...t, distance: 12 })) });
  dice(6, 5);
  expect(await asP(() => attack(jack, pistol))).toBe(true);
  const message = game.messages.contents.at(-1);
  if (!message) throw new Error("no card");
  return { jack, message };
}

describe("§2.3.5 an attack at an object, from the attack dialog with no token targeted", () => {
  it("the dialog opens at an object: its note says the Narrator picks the difficulty; prone is locked", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    diceDouble().dialogAnswers.push(null);
    expect(await asP(() => attack(jack, itemId(jack, "Pistola")))).toBe(false);
    const content = diceDouble().dialogs.at(-1)?.content ?? "";
    expect(content).toContain("GENESYS.Attack.Object.Name");
    expect(content).toContain("GENESYS.Attack.Object.Hint");
    expect(content).toMatch(/name="prone\.0"[^>]*disabled/);
    expect(lastWarning()).toBe("");
  });

  it("the card's row names no actor and waits for the Narrator's difficulty; a round is spent (12 → 11)", async () => {
    const { jack, message } = await shootBottle();
    const row = rowOf(message, "r0");
    expect(row.target).toEqual({ actorUuid: null, tokenUuid: null, name: "GENESYS.Attack.Object.Name" });
    expect(row.distance).toBe(12);
    // §2.3.2 10 < 12 ≤ 20: −2; 6 + 5 + 12 − 2 = 21.
    expect(row.parts).toEqual([{ key: "range", value: -2 }]);
    expect(row.attack.total).toBe(21);
    expect([row.defence, row.outcome]).toEqual([null, null]);
    expect(roundsOf(jack)).toBe(11);
    const gm = await renderCard(stateOf(message), { isGM: true, owns: () => true });
    expect(gm).toContain('data-attack-action="static"');
    expect(gm).not.toContain('data-attack-action="defend"');
    expect(gm).toContain("GENESYS.Attack.Outcome.pendingObject");
    const owner = await renderCard(stateOf(message), { isGM: false, owns: () => true });
    expect(owner).not.toContain('data-attack-action="defend"');
    expect(owner).not.toContain('data-attack-action="static"');
  });

  it("a beer bottle (20): 21 beats it, a hit; a flying coin (30) it would not; no damage is rolled for an object", async () => {
    expect([STATIC_TARGETS.small, STATIC_TARGETS.minute]).toEqual([20, 30]);
    const { message } = await shootBottle();
    expect(await onCardAction(message, "static", "r0", { staticDifficulty: STATIC_TARGETS.small })).toBe(true);
    expect(rowOf(message, "r0").outcome).toBe("hit");
    const shown = await renderCard(stateOf(message), { isGM: true, owns: () => true });
    expect(shown).not.toContain('data-attack-action="rollDamage"');
    // The console's way round the missing button: refused, the row unchanged.
    const result = await asP(async () => sendIntent(CARD_INTENTS.damage, { messageId: message.id, rowId: "r0", roll: (await new Roll("4d6").evaluate()).toJSON() }));
    expect(result).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.ObjectNoDamage" });
    expect(rowOf(message, "r0").damage).toBeNull();

    const coin = await shootBottle();
    expect(await onCardAction(coin.message, "static", "r0", { staticDifficulty: STATIC_TARGETS.minute })).toBe(true);
    expect(rowOf(coin.message, "r0").outcome).toBe("miss");
  });

  it("a tie with the difficulty misses: an ordinary check must beat it (§1.7)", async () => {
    const { message } = await shootBottle();
    expect(await onCardAction(message, "static", "r0", { staticDifficulty: 21 })).toBe(true);
    expect(rowOf(message, "r0").outcome).toBe("miss");
  });

  it("the player may not set the difficulty, nor defend the object", async () => {
    const { message } = await shootBottle();
    expect(await asP(() => sendIntent(CARD_INTENTS.static, { messageId: message.id, rowId: "r0", difficulty: 0 }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    const roll = await asP(async () => (await new Roll("2d10").evaluate()).toJSON());
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, { messageId: message.id, rowId: "r0", answer: { choice: "dexterity", grade: null, maneuver: false, dive: false, cover: "none" }, roll }))).toMatchObject({ ok: false });
    expect(rowOf(message, "r0").outcome).toBeNull();
  });

  it("an unlinked token's own actor shoots a lock: its own pistol spends the round, the world actor's does not", async () => {
    const bandit = await npc("Bandito", { items: [skill("Pistola", 10), PISTOL] });
    const token = placeToken(sharedScene("Vicolo"), bandit);
    const found: unknown = token.actor;
    const actor: GenesysActor | null = found instanceof GenesysActor ? found : null;
    if (!actor) throw new Error("no token actor");
    const pistol = itemId(actor, "Pistola");
    const plan = prepareAttack(actor, pistol, [objectTarget()], (k) => k);
    if (!plan.ok) throw new Error(plan.refusal.warning);
    dice(7, 7);
    const base = defaultAnswer(plan.value);
    expect(await attack(actor, pistol, { targets: [objectTarget()], answer: { ...base, targets: base.targets.map((t) => ({ ...t, distance: 3 })) } })).toBe(true);
    const card = game.messages.contents.at(-1)!;
    // Within 5 m no range penalty: 7 + 7 + 10 = 24 against a door's 10.
    expect(rowOf(card, "r0").attack.total).toBe(24);
    expect(await onCardAction(card, "static", "r0", { staticDifficulty: STATIC_TARGETS.large })).toBe(true);
    expect(rowOf(card, "r0").outcome).toBe("hit");
    expect([roundsOf(actor), roundsOf(bandit)]).toEqual([11, 12]);
  });
});

describe("§2.3.5 what the Narrator's client refuses in an object's attack", () => {
  it("an object beside a targeted person, an object naming an actor or a token: refused, no card, no round spent", async () => {
    const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
    const thug = await npc("Scagnozzo", { system: { characteristics: HUMAN } });
    const pistol = itemId(jack, "Pistola");
    const cards = game.messages.size;
    const base = { actorUuid: jack.uuid, tokenUuid: null, itemId: pistol, rollMode: "publicroll", rolls: [(await new Roll("2d10").evaluate()).toJSON()] };
    const plan = prepareAttack(jack, pistol, [objectTarget()], (k) => k);
    if (!plan.ok) throw new Error(plan.refusal.warning);
    const answer = defaultAnswer(plan.value);
    for (const targets of [
      [{ object: true, actorUuid: null, tokenUuid: null, distance: 3 }, { actorUuid: thug.uuid, tokenUuid: null, distance: 3 }],
      [{ object: true, actorUuid: thug.uuid, tokenUuid: null, distance: 3 }],
      [{ object: true, actorUuid: null, tokenUuid: "Scene.x.Token.y", distance: 3 }],
    ]) {
      expect(await asP(() => sendIntent(CARD_INTENTS.attack, { ...base, targets, answer }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    }
    // Through the rules' own door: an object among other targets.
    expect(prepareAttack(jack, pistol, [objectTarget(), ...targetActors(thug).map((t) => ({ actor: thug, tokenUuid: t.document.uuid, name: thug.name, distance: 3 }))], (k) => k)).toMatchObject({ ok: false, refusal: { warning: "GENESYS.Attack.Warn.ObjectAlone" } });
    expect(game.messages.size).toBe(cards);
    expect(roundsOf(jack)).toBe(12);
  });
});
