/**
 * §1.8.2 a player's open check earns its point on the Narrator's client (dice/open-check-award.ts): once per card, for
 * a card of one roll, a few per minute per player, and for cards posted while no Narrator was connected, once one is.
 * Attacks with forged cards from the console (review of issue 19): several pending rolls on one card, the same card
 * settled twice, a flood of winning cards.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gmQueue } from "../../src/authority/serial-queue.js";
import { GenesysCheckRoll } from "../../src/dice/genesys-roll.js";
import { resetSettleMemory, settleLimits, sweepPendingCards } from "../../src/dice/open-check-award.js";
import { asPlayer, bootSystem, foundryDouble, users } from "../foundry/boot.js";
import { HUMAN, dice, jack, lastMessage, rollOf, skillData, skillId } from "./helpers.js";

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
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
    expect(rollOf(lastMessage()).options.increment?.status).toBe("stored");
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
    expect(skillData(actor, "Arrampicata").increment).toBe(2);
    expect(rollOf(lastMessage()).options.increment?.status).toBe("failed");
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
    expect(skillData(actor, "Arrampicata").increment).toBe(1);
  });
});
