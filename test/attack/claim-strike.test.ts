/**
 * Issue 19, claims in the Narrator's sight: a bonus that stood on the player's word alone (an advantage row; outside a
 * started combat the Focalizzazione, Difesa and the dive) stays on the card as a claim. A Narrator strikes it and the
 * roll counts without it, the outcome worked out again; restoring takes the strike back. A hit on someone's counters
 * is undone first. A player can neither strike nor restore, from the card or from the console.
 */
import { describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { applyCardEvent, attackCardContext, type AttackRow, type AttackCardState } from "../../src/attack/attack-card.js";
import { onCardAction } from "../../src/attack/attack-flow.js";
import { rollClaims } from "../../src/attack/card-claims.js";
import { CARD_INTENTS } from "../../src/attack/card-intent-kinds.js";
import type { CardMessage } from "../../src/attack/card-render.js";
import { advantageBonus } from "../../src/rules/attack.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { defenceManeuverBonus } from "../../src/rules/maneuvers.js";
import { foundryDouble, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { DODGE_WITH_DEXTERITY, answerFor, attackCard, dice, itemId, npc, playerId, rowOf, shooter, targetActors, useCardWorld } from "./helpers.js";

useCardWorld();

const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(users().player, fn);
const warningsSince = (n: number): string => foundryDouble().notifications.slice(n).filter((x) => x.level === "warn").map((x) => x.message).join(" | ");
const i18n = {
  lang: "en",
  localize: (key: string): string => key,
  format: (key: string, data: Record<string, string> = {}): string => `${key}(${Object.entries(data).map(([k, v]) => `${k}:${v}`).join(",")})`,
};

/** The player's Jack shoots an NPC, claiming that row of the advantage table; the card it posted. */
async function playerShot(advantages: string[]): Promise<{ message: CardMessage; jack: Awaited<ReturnType<typeof shooter>> }> {
  const jack = await shooter(undefined, { default: 0, [playerId()]: 3 });
  const thug = await npc("Scagnozzo");
  const pistol = itemId(jack, "Pistola");
  dice(7, 8);
  const message = await asP(async () => {
    targetActors(thug);
    return attackCard(jack, pistol, { answer: { ...answerFor(jack, pistol, { distances: [4] }), advantages: advantages as never } });
  });
  if (!message) throw new Error("no card");
  return { message, jack };
}

/** The Narrator's gunman shoots a hero the player owns; the card, waiting for the hero's defence. */
async function shotAtPlayersHero(): Promise<CardMessage> {
  const gunman = await shooter();
  const hero = await npc("Eroe", { ownership: { default: 0, [playerId()]: 3 } });
  const pistol = itemId(gunman, "Pistola");
  dice(5, 5);
  targetActors(hero);
  const message = await attackCard(gunman, pistol, { answer: answerFor(gunman, pistol, { distances: [4] }) });
  if (!message) throw new Error("no card");
  return message;
}

describe("the strike, as the card's state sees it", () => {
  const row = (over: Partial<AttackRow>): AttackRow => ({
    id: "r0",
    target: { actorUuid: "Actor.t", tokenUuid: null, name: "T" },
    distance: null,
    beyondHalf: false,
    parts: [{ key: "advantage", value: 6 }],
    chance: null,
    attack: { formula: "2d10 + 16", dice: [5, 5], total: 26 },
    defence: { kind: "static", difficulty: 22 },
    outcome: "hit",
    damage: { formula: "2d6", dice: [3, 4], total: 7 },
    applied: null,
    undone: false,
    undo: null,
    claims: [{ roll: "attack", key: "advantage", value: 6, struck: false }],
    ...over,
  });
  const card = (r: AttackRow) => ({ rows: { r0: r } }) as unknown as AttackCardState; // applyCardEvent reads the rows only

  it("striking takes the claim off the total: 26 − 6 = 20 against 22 misses, and the damage is set aside until it is restored", () => {
    const struck = applyCardEvent(card(row({})), { type: "strike", rowId: "r0", roll: "attack", key: "advantage", struck: true }, {});
    if (!struck.ok) throw new Error(struck.reason);
    expect(struck.row).toMatchObject({ outcome: "miss", damage: null, setAside: { total: 7 }, attack: { total: 26 } });
    expect(struck.row.claims?.[0]?.struck).toBe(true);
    const back = applyCardEvent(card(struck.row), { type: "strike", rowId: "r0", roll: "attack", key: "advantage", struck: false }, {});
    if (!back.ok) throw new Error(back.reason);
    expect(back.row).toMatchObject({ outcome: "hit", damage: { total: 7 }, setAside: null });
  });

  it("a struck defence claim lowers the defence total: a miss becomes a hit", () => {
    const defended = row({
      defence: { kind: "roll", label: "Schivare", grade: 10, parts: [{ key: "advantage", value: 4 }], roll: { formula: "2d10 + 14", dice: [7, 7], total: 28 } },
      outcome: "miss",
      damage: null,
      claims: [{ roll: "defence", key: "advantage", value: 4, struck: false }],
    });
    const struck = applyCardEvent(card(defended), { type: "strike", rowId: "r0", roll: "defence", key: "advantage", struck: true }, {});
    expect(struck).toMatchObject({ ok: true, row: { outcome: "hit", damage: null } });
  });

  it("refused while the hit is on someone's counters, twice in a row, or for a claim the row does not hold", () => {
    const applied = row({ applied: { change: {} as never, venom: null, recordId: "x" } });
    expect(applyCardEvent(card(applied), { type: "strike", rowId: "r0", roll: "attack", key: "advantage", struck: true }, {})).toEqual({ ok: false, reason: "stale" });
    const spread = row({ spread: [{ actorUuid: "Actor.o", tokenUuid: null, name: "O", applied: { change: {} as never, venom: null, recordId: "y" }, undone: false, undo: null }] });
    expect(applyCardEvent(card(spread), { type: "strike", rowId: "r0", roll: "attack", key: "advantage", struck: true }, {})).toEqual({ ok: false, reason: "stale" });
    expect(applyCardEvent(card(row({})), { type: "strike", rowId: "r0", roll: "attack", key: "advantage", struck: false }, {})).toEqual({ ok: false, reason: "stale" });
    expect(applyCardEvent(card(row({})), { type: "strike", rowId: "r0", roll: "attack", key: "focus", struck: true }, {})).toEqual({ ok: false, reason: "stale" });
  });

  it("a defence cannot bring claims already struck, or claims on the attack", () => {
    const open = row({ defence: null, outcome: null, damage: null, claims: [] });
    const defence = { kind: "roll" as const, label: "Schivare", grade: 10, parts: [], roll: { formula: "2d10 + 10", dice: [5, 5], total: 20 } };
    expect(applyCardEvent(card(open), { type: "defend", rowId: "r0", defence, claims: [{ roll: "defence", key: "dive", value: 3, struck: true }] }, {})).toEqual({ ok: false, reason: "invalid" });
    expect(applyCardEvent(card(open), { type: "defend", rowId: "r0", defence, claims: [{ roll: "attack", key: "advantage", value: 3, struck: false }] }, {})).toEqual({ ok: false, reason: "invalid" });
  });

  it("a claim is only a bonus: a grapple's row beside the player's counts as the hold's", () => {
    expect(rollClaims("attack", [{ key: "advantage", value: 5 }], ["behindOpponent"], [])).toEqual([{ roll: "attack", key: "advantage", value: advantageBonus(["behindOpponent"], "attack"), struck: false }]);
    // Cover helps defence rolls only: claimed on an attack, it adds nothing and is no claim.
    expect(rollClaims("attack", [{ key: "advantage", value: 0 }], ["coverHalf"], [])).toEqual([]);
    expect(rollClaims("defence", [{ key: "dive", value: 3 }, { key: "defenceManeuver", value: 0 }], [], ["defenceManeuver", "dive"])).toEqual([{ roll: "defence", key: "dive", value: 3, struck: false }]);
  });
});

describe("the dialogs offer a player only what their word may claim", () => {
  it("no grapple rows, and a note that the card shows the claim; the Narrator's dialog has every row", async () => {
    const { attackDialogContext, defenceDialogContext } = await import("../../src/attack/attack-dialog.js");
    const { prepareAttack } = await import("../../src/attack/attack-roll.js");
    const { defencePlan } = await import("../../src/attack/defence-plan.js");
    const jack = await shooter();
    const thug = await npc("Scagnozzo");
    const plan = prepareAttack(jack, itemId(jack, "Pistola"), [{ actor: thug, tokenUuid: null, name: "Scagnozzo", distance: 4 }], (k) => k);
    if (!plan.ok) throw new Error(plan.refusal.warning);
    const keys = (isGM: boolean) => attackDialogContext(plan.value, {}, isGM, i18n).advantages.map((a) => a.key);
    expect(keys(false)).toEqual(["opponentBlinded", "partiallyVisible", "behindOpponent"]);
    expect(keys(true)).toContain("opponentGrappling");
    const row = { id: "r0", target: { actorUuid: thug.uuid, tokenUuid: null, name: "Scagnozzo" }, attack: { formula: "", dice: [1, 1], total: 20 } } as unknown as AttackRow; // defencePlan reads these
    const defence = defencePlan(thug, row, false, (k) => k);
    if (!defence) throw new Error("no defence plan");
    expect(defenceDialogContext(defence, i18n, false).advantages.map((a) => a.key)).toEqual(["opponentBlinded", "partiallyVisible", "behindOpponent"]);
    expect(defenceDialogContext(defence, i18n, true).advantages.map((a) => a.key)).toContain("opponentImmobilised");
    expect(defenceDialogContext(defence, i18n, false).labels["ClaimNote"]).toBe("GENESYS.Attack.Dialog.ClaimNote");
  });
});

describe("a player's claim on a real card", () => {
  it("stays on the card as a claim; the Narrator strikes it, the hit becomes a miss, and restores it", async () => {
    const { message } = await playerShot(["opponentBlinded"]);
    const rolled = rowOf(message, "r0");
    expect(rolled.claims).toEqual([{ roll: "attack", key: "advantage", value: 6, struck: false }]);
    // The Narrator sets the target 3 below the total: a hit with the claim, a miss without it.
    expect(await onCardAction(message, "static", "r0", { staticDifficulty: rolled.attack.total - 3 })).toBe(true);
    expect(rowOf(message, "r0").outcome).toBe("hit");
    expect(await onCardAction(message, "strike", "r0", { claim: "attack:advantage" })).toBe(true);
    expect(rowOf(message, "r0")).toMatchObject({ outcome: "miss", attack: { total: rolled.attack.total }, claims: [{ struck: true }] });
    expect(await onCardAction(message, "strike", "r0", { claim: "attack:advantage" })).toBe(true);
    expect(rowOf(message, "r0")).toMatchObject({ outcome: "hit", claims: [{ struck: false }] });
  });

  it("the card shows every viewer the claim; only a Narrator gets the button, and not while the hit stands", async () => {
    const { message, jack } = await playerShot(["behindOpponent"]);
    const state = rowOf(message, "r0");
    const cardState = { ...(message.flags["genesys-gdr"] as { attack: AttackCardState }).attack };
    const player = attackCardContext(cardState, { isGM: false, owns: (u) => u === jack.uuid }, i18n).rows[0]?.attack.claims;
    const gm = attackCardContext(cardState, { isGM: true, owns: () => true }, i18n).rows[0]?.attack.claims;
    expect(player).toEqual([{ text: "GENESYS.Attack.Claim.Claimed(part:GENESYS.Attack.Modifier.advantage,value:+1)", cssClass: "claimed", claim: "attack:advantage", button: null }]);
    expect(gm?.[0]?.button).toMatchObject({ icon: "fa-ban" });
    expect(state.claims).toHaveLength(1);
  });

  it("a hit on the target's counters is undone first; then the strike turns it into a miss and its damage is set aside", async () => {
    const { message } = await playerShot(["opponentBlinded"]);
    const total = rowOf(message, "r0").attack.total;
    await onCardAction(message, "static", "r0", { staticDifficulty: total - 3 });
    expect(await asP(() => onCardAction(message, "rollDamage", "r0"))).toBe(true);
    const damage = rowOf(message, "r0").damage;
    expect(await asP(() => onCardAction(message, "apply", "r0"))).toBe(true);
    const gmView = attackCardContext({ ...(message.flags["genesys-gdr"] as { attack: AttackCardState }).attack }, { isGM: true, owns: () => true }, i18n);
    expect(gmView.rows[0]?.attack.claims[0]?.button).toBeNull();
    const since = foundryDouble().notifications.length;
    expect(await onCardAction(message, "strike", "r0", { claim: "attack:advantage" })).toBe(false);
    expect(warningsSince(since)).toContain("GENESYS.Attack.Warn.StrikeUndoFirst");
    expect(rowOf(message, "r0").claims?.[0]?.struck).toBe(false);
    expect(await onCardAction(message, "undo", "r0")).toBe(true);
    expect(await onCardAction(message, "strike", "r0", { claim: "attack:advantage" })).toBe(true);
    const struck = rowOf(message, "r0");
    expect(struck).toMatchObject({ outcome: "miss", damage: null, undone: true });
    expect(struck.setAside).toEqual(damage);
  });

  it("a player strikes nothing, from the card or the console, not even their own claim", async () => {
    const { message } = await playerShot(["opponentBlinded"]);
    const since = foundryDouble().notifications.length;
    expect(await asP(() => onCardAction(message, "strike", "r0", { claim: "attack:advantage" }))).toBe(false);
    const ids = { messageId: message.id, rowId: "r0" };
    expect(await asP(() => sendIntent(CARD_INTENTS.strike, { ...ids, roll: "attack", key: "advantage", struck: true }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    expect(warningsSince(since)).toContain("GENESYS.Attack.Warn.NotAllowed");
    expect(rowOf(message, "r0").claims?.[0]?.struck).toBe(false);
  });

  it("a forged strike is refused: an unknown roll or key, a claim the row does not hold", async () => {
    const { message } = await playerShot(["opponentBlinded"]);
    const ids = { messageId: message.id, rowId: "r0" };
    expect(await sendIntent(CARD_INTENTS.strike, { ...ids, roll: "damage", key: "advantage", struck: true })).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(await sendIntent(CARD_INTENTS.strike, { ...ids, roll: "attack", key: "grade", struck: true })).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(await sendIntent(CARD_INTENTS.strike, { ...ids, roll: "attack", key: "focus", struck: true })).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NoClaim" });
    expect(await sendIntent(CARD_INTENTS.strike, { ...ids, roll: "attack", key: "advantage", struck: "yes" })).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
  });

  it("cover is a row of the table: a player's cover beside another row is a sum, refused", async () => {
    const message = await shotAtPlayersHero();
    const since = foundryDouble().notifications.length;
    dice(6, 6);
    const defence = { ...DODGE_WITH_DEXTERITY, cover: "coverThreeQuarters" as const, advantages: ["opponentBlinded" as const] };
    expect(await asP(() => onCardAction(message, "defend", "r0", { defence }))).toBe(false);
    expect(warningsSince(since)).toContain("GENESYS.Attack.Warn.Advantage.tooMany");
    expect(rowOf(message, "r0").defence).toBeNull();
  });

  it("a struck dive takes its fall with it: the defender stands; restored, he lies down again", async () => {
    const message = await shotAtPlayersHero();
    dice(6, 6);
    expect(await asP(() => onCardAction(message, "defend", "r0", { defence: { ...DODGE_WITH_DEXTERITY, maneuver: true, dive: true } }))).toBe(true);
    const heroId = (rowOf(message, "r0").target.actorUuid ?? "").replace("Actor.", "");
    const statuses = (): boolean => {
      const hero: unknown = game.actors.get(heroId);
      return hero instanceof GenesysActor && hero.statuses.has("prone");
    };
    expect(statuses()).toBe(true);
    expect(await onCardAction(message, "strike", "r0", { claim: "defence:dive" })).toBe(true);
    expect(statuses()).toBe(false);
    expect(await onCardAction(message, "strike", "r0", { claim: "defence:dive" })).toBe(true);
    expect(statuses()).toBe(true);
  });

  it("the Narrator's own advantages are no claims", async () => {
    const gunman = await shooter();
    const thug = await npc("Scagnozzo");
    const pistol = itemId(gunman, "Pistola");
    dice(7, 8);
    targetActors(thug);
    const message = await attackCard(gunman, pistol, { answer: { ...answerFor(gunman, pistol, { distances: [4] }), advantages: ["opponentBlinded", "behindOpponent"] } });
    if (!message) throw new Error("no card");
    expect(rowOf(message, "r0").claims).toBeUndefined();
  });

  it("a player's defence outside a fight: the advantage row and Difesa are claims; struck, the defence counts without them", async () => {
    const message = await shotAtPlayersHero();
    dice(6, 6);
    const defence = { ...DODGE_WITH_DEXTERITY, maneuver: true, cover: "coverThreeQuarters" as const };
    const since = foundryDouble().notifications.length;
    const defended = await asP(() => onCardAction(message, "defend", "r0", { defence }));
    expect(warningsSince(since)).toBe("");
    expect(defended).toBe(true);
    const row = rowOf(message, "r0");
    const maneuver = defenceManeuverBonus(7);
    expect(row.claims).toEqual([
      { roll: "defence", key: "advantage", value: 4, struck: false },
      { roll: "defence", key: "defenceManeuver", value: maneuver, struck: false },
    ]);
    const rolled = row.defence?.kind === "roll" ? row.defence.roll.total : NaN;
    expect(await onCardAction(message, "strike", "r0", { claim: "defence:defenceManeuver" })).toBe(true);
    const ctx = attackCardContext({ ...(message.flags["genesys-gdr"] as { attack: AttackCardState }).attack }, { isGM: true, owns: () => true }, i18n);
    expect(ctx.rows[0]?.defence?.total).toBe(rolled - maneuver);
    expect(ctx.rows[0]?.defence?.claims.map((c) => c.cssClass)).toEqual(["claimed", "struck"]);
  });
});
