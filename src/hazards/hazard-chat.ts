/** A hazard card's state as a client may trust it, and what its buttons ask (hazard-buttons.ts wires them; hazard-intents.ts answers). */
import { requestIntent } from "../authority/intent-channel.js";
import { authoredByGm } from "../chat/authored.js";
import { openedHazardOf, readHazardCard, type HazardCardState } from "./hazard-card.js";
import { hazardFlagOf } from "./hazard-card-flag.js";

export const HAZARD_UNDO_INTENT = "genesys.hazardUndo";
export const HAZARD_STUN_INTENT = "genesys.hazardStun";

/** The card's state from a message only a Narrator's client could have written (a hidden one opened here), or null. */
export function hazardCardOf(message: ChatMessage.Implementation | ChatMessage.Stored): HazardCardState | null {
  if (!authoredByGm(message)) return null;
  return readHazardCard(hazardFlagOf(message)) ?? openedHazardOf(message);
}

/** Asks the Narrator's client to undo one row (its record id) or "all" rows of the card. */
export function requestHazardUndo(messageId: string, recordId: string): Promise<boolean> {
  return requestIntent(HAZARD_UNDO_INTENT, { messageId, recordId });
}

/** Asks the Narrator's client for a row's stun check. */
export function requestHazardStun(messageId: string, recordId: string): Promise<boolean> {
  return requestIntent(HAZARD_STUN_INTENT, { messageId, recordId });
}
