/**
 * The Narrator's client writes one row of an attack card at a time: a commit names only the row it changed, so a write
 * of another row of the same card that lands meanwhile (another writer's) is kept, not overwritten by the stale rest of
 * the card this client read before.
 */
import { describe, expect, it } from "vitest";
import { onCardAction } from "../../src/attack/attack-flow.js";
import { ATTACK_FLAG, SYSTEM_SCOPE, applyCardEvent } from "../../src/attack/attack-card.js";
import { rulesOptions } from "../../src/settings/rules-settings.js";
import type { ChatMessage } from "../foundry/chat.js";
import { personOf } from "../documents/helpers.js";
import { DODGE_WITH_DEXTERITY, answerFor, attackCard, dice, itemId, npc, rowOf, shooter, skill, stateOf, targetActors, useCardWorld, TWO_SHOT_PISTOL } from "./helpers.js";

useCardWorld();


/** The card's flag in an update's changes, as commit writes it. */
function cardFlag(changes: Record<string, unknown>): Record<string, unknown> | undefined {
  const flags = changes["flags"] as Record<string, Record<string, unknown> | undefined> | undefined; // an update's changes, read as the flags they carry
  const card = flags?.[SYSTEM_SCOPE]?.[ATTACK_FLAG];
  return typeof card === "object" && card !== null ? (card as Record<string, unknown>) : undefined; // an object under our flag
}

function rowsWritten(changes: Record<string, unknown>): Record<string, unknown> | undefined {
  const rows = cardFlag(changes)?.["rows"];
  return typeof rows === "object" && rows !== null ? (rows as Record<string, unknown>) : undefined; // an object of rows by id
}

/** Has this update of the card's flags touched row `id`? */
function writesRow(changes: Record<string, unknown>, id: string): boolean {
  return rowsWritten(changes)?.[id] !== undefined;
}

describe("a card commit writes its row only", () => {
  it("Apply on row r0 keeps a write of row r1 that landed while the Narrator's client worked on r0", async () => {
    const gunman = await shooter([skill("Pistola", 12), TWO_SHOT_PISTOL]);
    const first = await npc("Primo");
    const second = await npc("Secondo");
    targetActors(first, second);
    const pistol = itemId(gunman, "Pistola");
    dice(5, 5, 5, 5); // two attacks of 22
    const message = (await attackCard(gunman, pistol, { answer: answerFor(gunman, pistol, { distances: [4, 4], rolls: 2 }) }))!;
    dice(1, 1);
    await onCardAction(message, "defend", "r0", { defence: DODGE_WITH_DEXTERITY }); // 2 + 7 = 9: hit
    dice(2, 2, 2, 2); // 8
    await onCardAction(message, "rollDamage", "r0");
    expect(rowOf(message, "r1").defence).toBeNull();

    // Another writer's change to row r1 (a static difficulty, as the Narrator's own commit would write it) lands just
    // before this client's write of r0, after this client read the card.
    const double = message as unknown as ChatMessage; // the card is the double's message: its update can be wrapped
    const update = double.update.bind(double);
    let interleaved = false;
    double.update = async (changes: Record<string, unknown>) => {
      if (!interleaved && writesRow(changes, "r0")) {
        interleaved = true;
        const r1 = applyCardEvent(stateOf(message), { type: "static", rowId: "r1", difficulty: 30 }, rulesOptions());
        if (!r1.ok) throw new Error(r1.reason);
        await update({ flags: { [SYSTEM_SCOPE]: { [ATTACK_FLAG]: { rows: { r1: r1.row } } } } });
      }
      return update(changes);
    };
    expect(await onCardAction(message, "apply", "r0")).toBe(true);

    expect(interleaved).toBe(true);
    expect(personOf(first).wounds.value).toBe(8);
    expect(rowOf(message, "r0").applied?.change.after.wounds).toBe(8);
    // The write of r0 named r0 alone: r1's difficulty stands.
    expect(rowOf(message, "r1").defence).toEqual({ kind: "static", difficulty: 30 });
    const written = double.updates.at(-1) ?? {};
    expect(Object.keys(cardFlag(written) ?? {})).toEqual(["rows"]);
    expect(Object.keys(rowsWritten(written) ?? {})).toEqual(["r0"]);
  });
});
