/** Where a hazard card keeps its state (hazards/hazard-card.ts), apart so that the chat log finds a card without loading its reader. */
import { SYSTEM_ID } from "../settings/rules-settings.js";

export const HAZARD_CARD_FLAG = "hazardCard";

/** The card's stored state, unread (readHazardCard checks it); undefined on any other message. */
export function hazardFlagOf(message: { flags: unknown }): unknown {
  // Flags are read as unknown and checked by readHazardCard; the FlagConfig entry is the attack card's.
  const flags = message.flags as Record<string, Record<string, unknown> | undefined>;
  return flags[SYSTEM_ID]?.[HAZARD_CARD_FLAG];
}
