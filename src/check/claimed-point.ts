/**
 * §1.8.2 the increment point a player's open check claims (open-check-award.ts): its difficulty and modifier are the
 * player's word, so a Narrator awards it from the card, or lets it go. The card's numbers are worked out again from
 * the actor before the point is stored, as when it was posted. The card is the player's to edit, so what was decided
 * is kept where only a Narrator writes (a hidden world setting of the cards decided): a card decided once, set back to
 * "claimed" by its author, is not decided again.
 */
import { registerCardDecorator } from "../chat/card-decorators.js";
import type { CardMessage } from "../chat/authored.js";
import { requestIntent } from "../authority/intent-channel.js";
import type { GenesysCheckRoll } from "./genesys-roll.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";

export type CheckRollClass = typeof GenesysCheckRoll;

export const CLAIMED_POINT_INTENT = "check.claimedPoint";
/** The world setting of the cards whose point a Narrator decided (the latest ones). */
export const DECIDED_POINTS_SETTING = "decidedPoints";
/** The one check roll of a card whose point is claimed, or null. */
export function claimedRoll(rolls: CheckRollClass, message: CardMessage): GenesysCheckRoll | null {
  const [roll, ...others] = message.rolls;
  return others.length === 0 && roll instanceof rolls && roll.options.increment?.status === "claimed" ? roll : null;
}

/** Asks for the decision on a card's claimed point (a Narrator's click). */
export function decideClaimedPoint(messageId: string, award: boolean): Promise<boolean> {
  return requestIntent(CLAIMED_POINT_INTENT, { messageId, award });
}

/** Wires a Narrator's buttons under a claimed point (the card's template draws them for Narrators only). */
function wire(rolls: CheckRollClass, message: CardMessage, html: HTMLElement): void {
  if (!game.user.isGM || !claimedRoll(rolls, message)) return;
  for (const button of Array.from(html.querySelectorAll<HTMLButtonElement>("button[data-claimed-point]"))) {
    const award = button.dataset["claimedPoint"] === "award";
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      void decideClaimedPoint(message.id ?? "", award).finally(() => {
        button.disabled = false;
      });
    });
  }
}

/** The decided points' setting and the card's buttons, on every client. Call at init. */
export function registerClaimedPointCards(rolls: CheckRollClass): void {
  game.settings.register(SYSTEM_ID, DECIDED_POINTS_SETTING, { scope: "world", config: false, type: Array, default: [] });
  registerCardDecorator((message, html) => { wire(rolls, message, html); });
}
