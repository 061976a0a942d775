/** The time card as every client reads it, and its Undo; time-intents.ts answers. */
import { requestIntent } from "../authority/intent-channel.js";
import { authoredByGm } from "../chat/authored.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { readTimeCard, type TimeCardState } from "./time-card.js";
import { TIME_CARD_FLAG } from "./time-card-flag.js";

export const TIME_INTENTS = { passes: "genesys.timePasses", undo: "genesys.timeUndo", death: "genesys.timeDeath" } as const;

/** The card's state from a message only a Narrator's client could have written, or null. */
export function timeCardOf(message: ChatMessage.Implementation | ChatMessage.Stored): TimeCardState | null {
  // The flag is read as unknown and checked field by field (readTimeCard); the FlagConfig entry is the attack card's.
  const flags = message.flags as Record<string, Record<string, unknown> | undefined>;
  return authoredByGm(message) ? readTimeCard(flags[SYSTEM_ID]?.[TIME_CARD_FLAG]) : null;
}

/** The card's Undo button. */
export async function requestTimeUndo(messageId: string): Promise<boolean> {
  return requestIntent(TIME_INTENTS.undo, { messageId });
}

/** A row's "confirm the death" (undo false) or its Undo (true). */
export async function requestTimeDeath(messageId: string, actorUuid: string, undo: boolean): Promise<boolean> {
  return requestIntent(TIME_INTENTS.death, { messageId, actorUuid, undo });
}
