/**
 * §1.8.2 a player's open check earns its point on the Narrator's client (check/open-check-award.ts): once per card, for
 * a card of one roll, a few per minute per player, and for cards posted while no Narrator was connected, once one is.
 * Attacks with forged cards from the console (review of issue 19): several pending rolls on one card, the same card
 * settled twice, a flood of winning cards. The card's difficulty and modifier are the player's word, and they decide
 * the point: it is claimed, and a Narrator awards it or lets it go (check/claimed-point.ts); a Narrator's own card, or
 * one for a character opened for free editing, stores it at once.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { gmQueue } from "../../src/authority/serial-queue.js";
import { GenesysCheckRoll, checkCardContext } from "../../src/check/genesys-roll.js";
import { resetSettleMemory, settleLimits, sweepPendingCards } from "../../src/check/open-check-award.js";
import { CLAIMED_POINT_INTENT, decideClaimedPoint } from "../../src/check/claimed-point.js";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { asPlayer, bootSystem, foundryDouble, users } from "../foundry/boot.js";
import { HUMAN, dice, jack, lastMessage, rollOf, skillData, skillId } from "./helpers.js";
import { decorateMessage } from "../../src/chat/card-decorators.js";

beforeAll(async () => {
  await bootSystem();
});

const limit = settleLimits.perMinute;
beforeEach(() => {
  foundryDouble().notifications.length = 0;
  settleLimits.perMinute = 100;
  resetSettleMemory();
});
afterEach(() => {
  settleLimits.perMinute = limit;
});

const settle = (): Promise<void> => gmQueue.run(() => Promise.resolve());
/** A card of these rolls, as a console would post it (plain data: fvtt-types wants its own branded create data). */
const post = (rolls: GenesysCheckRoll[]): Promise<unknown> => ChatMessage.create({ content: "", rolls: rolls.map((r) => r.toJSON()) } as unknown as ChatMessage.CreateData);

/** A winning Arrampicata roll (10 + 10 + grade 10 against 23: more than 13 needed, a point) marked pending. */
async function pendingRoll(actorUuid: string, skill: string): Promise<GenesysCheckRoll> {
  dice(10, 10);
  const roll = GenesysCheckRoll.build({ difficulty: 23, grade: 10, modifiers: 0, conditionPenalty: 0, condition: "normal", label: "Arrampicata", blind: false, actorUuid, skillId: skill, experience: HUMAN.experience });
  await roll.evaluate();
  roll.options.increment = { reason: "hardSuccess", status: "pending", points: 0, grade: null };
  return roll;
}

describe("a player's pending points", () => {
  it("a card of six pending rolls earns nothing; a card of one earns its point, once", async () => {
    const actor = await jack({ ownership: { default: 0, [users().player.id]: 3 } });
    const id = skillId(actor, "Arrampicata");
    const six = await Promise.all(Array.from({ length: 6 }, () => pendingRoll(actor.uuid, id)));
    await asPlayer(() => post(six));
    await settle();
    expect(skillData(actor, "Arrampicata")).toMatchObject({ earned: 0, increment: 0 });
    expect(rollOf(lastMessage()).options.increment?.status).toBe("failed");
    const one = await pendingRoll(actor.uuid, id);
    await asPlayer(() => post([one]));
    await settle();
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
    expect(rollOf(lastMessage()).options.increment?.status).toBe("claimed");
    const card = game.messages.contents.at(-1)?.id ?? "";
    expect(await decideClaimedPoint(card, true)).toBe(true);
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
    expect(rollOf(lastMessage()).options.increment?.status).toBe("stored");
    // Decided once: a second click, or the card posted again as it was, is nothing new.
    expect(await decideClaimedPoint(card, true)).toBe(false);
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
  });

  it("past the limit a minute, a winning card earns nothing", async () => {
    settleLimits.perMinute = 2;
    const actor = await jack({ ownership: { default: 0, [users().player.id]: 3 } });
    const id = skillId(actor, "Arrampicata");
    for (let i = 0; i < 3; i++) {
      const roll = await pendingRoll(actor.uuid, id);
      await asPlayer(() => post([roll]));
      await settle();
    }
    expect(game.messages.contents.slice(-3).map((m) => rollOf(m).options.increment?.status)).toEqual(["claimed", "claimed", "failed"]);
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
  });

  it("a card posted while no Narrator is connected stays pending; the Narrator's client settles it at ready", async () => {
    const { gm } = users();
    const actor = await jack({ ownership: { default: 0, [users().player.id]: 3 } });
    gm.active = false;
    try {
      dice(8, 8);
      await asPlayer(() => actor.rollCheck({ skillId: skillId(actor, "Arrampicata"), difficulty: 25, prompt: false }));
      await settle();
      expect(rollOf(lastMessage()).options.increment?.status).toBe("pending");
    } finally {
      gm.active = true;
    }
    sweepPendingCards(GenesysCheckRoll);
    await settle();
    expect(rollOf(lastMessage()).options.increment?.status).toBe("claimed");
  });
});

describe("a claimed point, decided by a Narrator", () => {
  async function claimed(ownership: object = { default: 0, [users().player.id]: 3 }) {
    const actor = await jack({ ownership });
    const roll = await pendingRoll(actor.uuid, skillId(actor, "Arrampicata"));
    await asPlayer(() => post([roll]));
    await settle();
    return { actor, card: game.messages.contents.at(-1)?.id ?? "" };
  }

  it("a card its author sets back to claimed after the award is not awarded again", async () => {
    const { actor, card } = await claimed();
    expect(await decideClaimedPoint(card, true)).toBe(true);
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
    const message = game.messages.get(card);
    const roll = rollOf(lastMessage());
    roll.options.increment = { reason: "hardSuccess", status: "claimed", points: 0, grade: null };
    await asPlayer(() => (message as unknown as { update(d: object): Promise<unknown> }).update({ rolls: [roll.toJSON()] })); // the author's own edit
    expect(rollOf(lastMessage()).options.increment?.status).toBe("claimed");
    expect(await decideClaimedPoint(card, true)).toBe(false);
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
  });

  it("let go: nothing stored, and the card says so", async () => {
    const { actor, card } = await claimed();
    expect(await decideClaimedPoint(card, false)).toBe(true);
    expect(rollOf(lastMessage()).options.increment?.status).toBe("withheld");
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
  });

  it("a player decides nothing, from the card or the console", async () => {
    const { actor, card } = await claimed();
    expect(await asPlayer(() => sendIntent(CLAIMED_POINT_INTENT, { messageId: card, award: true }))).toMatchObject({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
    expect(rollOf(lastMessage()).options.increment?.status).toBe("claimed");
  });

  it("awarded, the card is worked out again: a grade the actor does not have is no point", async () => {
    const { actor, card } = await claimed();
    await actor.items.get(skillId(actor, "Arrampicata"))?.update({ system: { bought: 2 } });
    expect(await decideClaimedPoint(card, true)).toBe(true);
    expect(rollOf(lastMessage()).options.increment?.status).toBe("failed");
    expect(skillData(actor, "Arrampicata").increment).toBe(0);
  });

  it("a card posted as claimed from the console, with no pending step, is worked out again the same way", async () => {
    const actor = await jack({ ownership: { default: 0, [users().player.id]: 3 } });
    const roll = await pendingRoll(actor.uuid, skillId(actor, "Arrampicata"));
    roll.options.increment = { reason: "hardSuccess", status: "claimed", points: 0, grade: null };
    const other = await jack();
    roll.options.actorUuid = other.uuid; // not the player's
    await asPlayer(() => post([roll]));
    await settle();
    expect(await decideClaimedPoint(game.messages.contents.at(-1)?.id ?? "", true)).toBe(true);
    expect(rollOf(lastMessage()).options.increment?.status).toBe("notOwner");
    expect(skillData(other, "Arrampicata").increment).toBe(0);
  });

  it("a character the Narrator opened for free editing stores its point at once", async () => {
    const actor = await jack({ ownership: { default: 0, [users().player.id]: 3 } });
    await actor.update({ system: { freeEdit: true } });
    const roll = await pendingRoll(actor.uuid, skillId(actor, "Arrampicata"));
    await asPlayer(() => post([roll]));
    await settle();
    expect(rollOf(lastMessage()).options.increment?.status).toBe("stored");
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
  });

  it("only a Narrator's card has the buttons, and a Narrator's click on Award stores the point", async () => {
    const { actor, card } = await claimed();
    const base = { label: "Arrampicata", kind: "skill" as const, grade: 10, modifiers: 0, effects: null, conditionPenalty: 0, condition: "normal" as const, difficulty: 23, blind: false, dice: [10, 10], total: 30, result: null, isPrivate: false, rolled: true };
    const increment = { reason: "hardSuccess" as const, status: "claimed" as const, points: 0, grade: null };
    const i18n = { localize: (k: string) => k, format: (k: string) => k };
    expect(checkCardContext({ ...base, increment, narrator: true }, i18n).increment?.buttons).toEqual({ award: "GENESYS.Check.Increment.Award", letGo: "GENESYS.Check.Increment.LetGo" });
    expect(checkCardContext({ ...base, increment, narrator: false }, i18n).increment?.buttons).toBeNull();
    expect(checkCardContext({ ...base, increment: { ...increment, status: "stored" }, narrator: true }, i18n).increment?.buttons).toBeNull();
    // The render hook wires the buttons the template drew; the click goes through the intent.
    const clicks: (() => void)[] = [];
    const button = { dataset: { claimedPoint: "award" }, disabled: false, addEventListener: (_: string, fn: (e: { preventDefault(): void }) => void) => clicks.push(() => { fn({ preventDefault: () => undefined }); }) };
    const html = { querySelectorAll: () => [button], querySelector: () => null };
    await decorateMessage(game.messages.get(card), html as unknown as HTMLElement); // the stand-in has what wire() touches
    expect(clicks).toHaveLength(1);
    clicks[0]?.();
    await settle();
    await vi.waitFor(() => {
      expect(skillData(actor, "Arrampicata").increment).toBe(1);
    });
  });
});
