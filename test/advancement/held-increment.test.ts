/**
 * §1.8.2 with §1.7.3: the point a blind check earned waits on the Narrator's sealed card, which shows it pending and
 * lets the Narrator award it now (the card stays sealed) or reveal without it; once, through the active Narrator.
 */
import { describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { SEAL_ACT_INTENT, SEAL_REVEAL_INTENT, decorateSealedCard, sealedCardOf } from "../../src/chat/sealed-card.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import type { ChatMessage } from "../foundry/chat.js";
import { diceDouble } from "../foundry/dice.js";
import { jack, readableByAnyone, sealedRollOf, skill, skillData, skillId } from "../check/helpers.js";
import { dice, playerId, useCardWorld } from "../attack/helpers.js";

useCardWorld();

const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(users().player, fn);
type Card = ChatMessage & Parameters<typeof sealedCardOf>[0];
const asCard = (m: unknown): Card => m as Card; // the double's message stands in for Foundry's

/** The roll of a revealed check card, as Foundry renders it. */
function sealedRollOfRevealed(card: Card): { render(): Promise<string> } {
  const roll = card.rolls[0] as unknown as { render(): Promise<string> } | undefined; // the double keeps the GenesysCheckRoll itself
  if (!roll) throw new Error("no roll on the revealed card");
  return roll;
}

/** A stand-in for the rendered message's element: only .message-content is read and written. */
function messageElement(stored: string) {
  const content = { innerHTML: stored, addEventListener: () => undefined };
  const html = { querySelector: (selector: string) => (selector === ".message-content" ? content : null) } as unknown as HTMLElement;
  return { html, content };
}

/** The player's Jack climbs blind: EX-07, Arrampicata 10 against 25 with 8 + 8, a hard success (T = 15). */
async function blindClimb(points = 0): Promise<{ actor: GenesysActor; card: Card }> {
  const actor = await jack({ items: [skill("Arrampicata", 10, points)], ownership: { default: 0, [playerId()]: 3 } });
  dice(8, 8);
  await asP(() => actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, blind: true, prompt: false }));
  return { actor, card: asCard(diceDouble().messages.at(-1)) };
}

describe("a held-back increment point on the Narrator's sealed card", () => {
  it("shows as pending, with Award now and Reveal without the point; a check that earned none offers neither", async () => {
    const { card } = await blindClimb();
    const { html, content } = messageElement(card.content);
    expect(await decorateSealedCard(card, html)).toBe(true);
    expect(content.innerHTML).toContain("GENESYS.Check.Increment.Blind");
    expect(content.innerHTML).toContain('data-sealed-action="act" data-sealed-id="award"');
    expect(content.innerHTML).toContain('data-sealed-action="reveal" data-sealed-id="withhold"');
    // The player's client sees the placeholder only: nothing of the point.
    expect(readableByAnyone(card)).not.toMatch(/increment|award/i);

    const other = await jack({ ownership: { default: 0, [playerId()]: 3 } });
    dice(9, 9);
    await asP(() => other.rollCheck({ skillId: skillId(other, "Corsa"), difficulty: 20, blind: true, prompt: false }));
    const plain = asCard(diceDouble().messages.at(-1));
    const shown = messageElement(plain.content);
    await decorateSealedCard(plain, shown.html);
    expect(shown.content.innerHTML).not.toContain("data-sealed-id");
  });

  it("Award now puts the point on the skill once; the card stays sealed and its Reveal awards nothing more", async () => {
    const { actor, card } = await blindClimb();
    expect(await sendIntent(SEAL_ACT_INTENT, { messageId: card.id, action: "award" })).toEqual({ ok: true, info: "GENESYS.Seal.Awarded", data: { points: "1", max: "6", grade: "" } });
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
    expect(sealedCardOf(card)).not.toBeNull();
    expect(sealedRollOf(card).options.increment).toMatchObject({ status: "stored", points: 1 });
    expect(card.rolls).toEqual([]);
    // A second click finds the choice gone: still one point.
    expect(await sendIntent(SEAL_ACT_INTENT, { messageId: card.id, action: "award" })).toEqual({ ok: false, warning: "GENESYS.Seal.Warn.ActionGone" });
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: card.id, variant: "withhold" })).toEqual({ ok: false, warning: "GENESYS.Seal.Warn.ActionGone" });
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: card.id })).toEqual({ ok: true });
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
    expect((card.rolls[0]?.options as { increment?: unknown }).increment).toMatchObject({ status: "stored", points: 1 });
  });

  it("the sixth point awarded raises the grade", async () => {
    const { actor, card } = await blindClimb(5);
    expect(await sendIntent(SEAL_ACT_INTENT, { messageId: card.id, action: "award" })).toMatchObject({ ok: true, info: "GENESYS.Seal.AwardedGrade", data: { grade: "11" } });
    const climbing = skillData(actor, "Arrampicata");
    expect([climbing.increment, climbing.earned, climbing.grade]).toEqual([0, 1, 11]);
  });

  it("Reveal without the point opens the card saying so, and the skill keeps its count", async () => {
    const { actor, card } = await blindClimb(2);
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: card.id, variant: "withhold" })).toEqual({ ok: true });
    expect(sealedCardOf(card)).toBeNull();
    expect(skillData(actor, "Arrampicata").increment).toBe(2);
    expect((card.rolls[0]?.options as { increment?: unknown }).increment).toMatchObject({ status: "withheld" });
    expect(await sealedRollOfRevealed(card).render()).toContain("GENESYS.Check.Increment.Withheld");
    expect(await sendIntent(SEAL_REVEAL_INTENT, { messageId: card.id })).toEqual({ ok: true });
    expect(skillData(actor, "Arrampicata").increment).toBe(2);
  });

  it("a hostile player at the console can neither award nor withhold: refused, nothing changed", async () => {
    const { actor, card } = await blindClimb();
    const flags = JSON.stringify(card.flags);
    expect(await asP(() => sendIntent(SEAL_ACT_INTENT, { messageId: card.id, action: "award" }))).toEqual({ ok: false, warning: "GENESYS.Seal.Warn.NarratorsOnly" });
    expect(await asP(() => sendIntent(SEAL_REVEAL_INTENT, { messageId: card.id, variant: "withhold" }))).toEqual({ ok: false, warning: "GENESYS.Seal.Warn.NarratorsOnly" });
    // Nor can he write the point himself past the card: the sealed value is not his to read or write.
    expect(JSON.stringify(card.flags)).toBe(flags);
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
    // Made-up actions and forged ids are refused by the Narrator's client as well.
    expect(await sendIntent(SEAL_ACT_INTENT, { messageId: card.id, action: "grant99" })).toEqual({ ok: false, warning: "GENESYS.Seal.Warn.ActionGone" });
    expect(await sendIntent(SEAL_ACT_INTENT, { messageId: "../x", action: "award" })).toEqual({ ok: false, warning: "GENESYS.Authority.Invalid" });
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
  });
});
