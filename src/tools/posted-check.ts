/**
 * A check a Narrator tool rolled for someone (a fall's Destrezza, a hazard's stun Forza) read back from the card the
 * check flow posted: the tool acts on that result. The card may be open, sealed (a blind check: this Narrator's client
 * opens it) or an automatic success announced without dice.
 */
import { openSealed, sealedCardOf } from "../chat/sealed-card.js";
import { GenesysCheckRoll } from "../check/genesys-roll.js";
import type { CheckMessage } from "../documents/check-options.js";

export type PostedCheck = { automatic: true } | { automatic: false; roll: GenesysCheckRoll };

/** The check's roll as its card has it, or null when it cannot be read (a seal that does not open, another roll). */
export async function postedCheck(message: CheckMessage): Promise<PostedCheck | null> {
  let roll: unknown = message.rolls[0];
  const sealed = roll === undefined ? sealedCardOf(message) : null;
  if (sealed) {
    const opened = await openSealed(message, sealed);
    if (!opened.ok) return null;
    try {
      // Sealed by the Narrator's client from roll.toJSON() (check/check-intents.ts); fromData rebuilds that class.
      roll = GenesysCheckRoll.fromData(opened.value as Parameters<typeof GenesysCheckRoll.fromData>[0]);
    } catch {
      return null;
    }
  }
  if (roll === undefined) return { automatic: true };
  return roll instanceof GenesysCheckRoll ? { automatic: false, roll } : null;
}
