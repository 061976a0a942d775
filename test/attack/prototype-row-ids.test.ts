/** A row id naming an Object.prototype member ("constructor") is an unknown row (found by a hostile review). */
import { beforeAll, describe, expect, it } from "vitest";
import { requestIntent } from "../../src/authority/intent-channel.js";
import { askForCheck } from "../../src/request/request-flow.js";
import { REQUEST_INTENTS } from "../../src/request/request-plan.js";
import { bootSystem, foundryDouble, users } from "../foundry/boot.js";
import { onClient } from "../foundry/clients.js";
import { createActor } from "../documents/helpers.js";
import { HUMAN, skill } from "../check/helpers.js";

beforeAll(async () => {
  await bootSystem();
});

describe("prototype row ids", () => {
  it("rowId 'constructor' gets CardChanged, not a warning naming 'Object'", async () => {
    const { player } = users();
    const jack = await createActor({ name: "Jack", type: "character", system: { characteristics: HUMAN }, items: [skill("Corsa", 12)], ownership: { default: 0, [player.id]: 3 } });
    const card = await askForCheck({ skill: "corsa" }, { recipients: [jack], prompt: false });
    expect(card).not.toBeNull();
    const from = foundryDouble().notifications.length;
    expect(await onClient(player, () => requestIntent(REQUEST_INTENTS.roll, { messageId: card!.id, rowId: "constructor", roll: null }))).toBe(false);
    expect(foundryDouble().notifications.slice(from).map((n) => n.message).join()).toContain("GENESYS.Request.Warn.CardChanged");
  });
});
