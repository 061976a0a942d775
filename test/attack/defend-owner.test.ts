/**
 * §2.3.3 a defence is its target's owner's to roll: a player at the console who sends a defence intent for a target
 * they do not own is refused on the Narrator's client, and the card is left as it was.
 */
import { describe, expect, it } from "vitest";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { CARD_INTENTS } from "../../src/attack/card-intent-kinds.js";
import { foundryDouble } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import type { ChatMessage } from "../foundry/chat.js";
import { Roll } from "../foundry/dice.js";
import { DODGE_WITH_DEXTERITY, answerFor, attackCard, dice, itemId, npc, playerId, rowOf, shooter, targetActors, useCardWorld } from "./helpers.js";

useCardWorld();

const asP = <T>(fn: () => Promise<T>): Promise<T> => onClient(foundryDouble().users.find((u) => !u.isGM)!, fn);

/** The Narrator's gunman shoots this target (22): its row waits for the defence. */
async function cardAt(ownership?: object) {
  const gunman = await shooter();
  const target = await npc("Bersaglio", ownership ? { ownership } : {});
  targetActors(target);
  const pistol = itemId(gunman, "Pistola");
  dice(5, 5);
  const message = (await attackCard(gunman, pistol, { answer: answerFor(gunman, pistol, { distances: [4] }) }))!;
  dice(10, 10);
  const roll = (await new Roll("2d10").evaluate()).toJSON();
  return { message, payload: { messageId: message.id, rowId: "r0", answer: DODGE_WITH_DEXTERITY, roll } };
}

describe("the defence intent checks the target's owner", () => {
  it("a player who does not own the target may not defend for it: refused, the card unchanged", async () => {
    const { message, payload } = await cardAt();
    const before = JSON.stringify((message as unknown as ChatMessage).flags); // the double's message keeps its flags
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, payload))).toEqual({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    expect(rowOf(message, "r0").defence).toBeNull();
    expect(JSON.stringify((message as unknown as ChatMessage).flags)).toBe(before); // as above
  });

  it("an observer of the target is no owner either", async () => {
    const { message, payload } = await cardAt({ default: 0, [playerId()]: 2 });
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, payload))).toEqual({ ok: false, warning: "GENESYS.Attack.Warn.NotAllowed" });
    expect(rowOf(message, "r0").defence).toBeNull();
  });

  it("the target's owner may: the defence is recorded (20 + 7 = 27)", async () => {
    const { message, payload } = await cardAt({ default: 0, [playerId()]: 3 });
    expect(await asP(() => sendIntent(CARD_INTENTS.defend, payload))).toEqual({ ok: true });
    expect(rowOf(message, "r0").defence).toMatchObject({ kind: "roll", grade: 7, roll: { total: 27 } });
  });
});
