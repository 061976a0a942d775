/** The attack card's buttons, by name: what the chat log wires before the attack flow itself has loaded. */

export const CARD_ACTIONS = ["defend", "static", "rollDamage", "apply", "applySelected", "undo", "undoHit", "stun", "strike", "advantage", "diveJump"] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

export function isCardAction(value: unknown): value is CardAction {
  return typeof value === "string" && (CARD_ACTIONS as readonly string[]).includes(value);
}
