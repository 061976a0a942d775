/**
 * Who receives an attack card, by the roll mode the attacker chose. The card is made by the GM's client, so the
 * modes are spelled out here instead of ChatMessage.applyRollMode, which whispers "self" to the creating user.
 * - public: everyone.
 * - private GM roll: the Narrators and the attacker's player (the target's owners see nothing and cannot defend).
 * - blind: the Narrators only; the attacker's player is told that a blind roll was made.
 * - self: treated as a private GM roll, since the Narrator decides the card and cannot be kept out of it.
 */
import { normalizeMessageMode } from "../compat/message-mode.js";

export type CardMode = "public" | "gm" | "blind";

/** The card's mode from the attacker's chat mode (either generation's spelling, compat/message-mode.ts). */
export function cardMode(rollMode: unknown, blindChosen: boolean): CardMode {
  const mode = normalizeMessageMode(rollMode);
  if (blindChosen || mode === "blind") return "blind";
  return mode === "public" ? "public" : "gm";
}

/** The message fields for a mode: whispered recipients (none = public) and Foundry's blind flag. */
export function cardRecipients(mode: CardMode, requesterId: string, gmIds: readonly string[]): { whisper: string[]; blind: boolean } {
  if (mode === "public") return { whisper: [], blind: false };
  if (mode === "blind") return { whisper: [...gmIds], blind: true };
  return { whisper: [...new Set([...gmIds, requesterId])], blind: false };
}
