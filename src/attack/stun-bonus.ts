import { prepareCheck, type CheckRefusal } from "../check/check-request.js";
import type { GenesysActor } from "../documents/actor.js";

const localize = (key: string): string => game.i18n.localize(key);

/**
 * What the stun check adds to its 2D10: the victim's Forza with its condition penalty and its effects, as for any
 * check on a characteristic (§1.7.1, through prepareCheck); a refusal when the victim cannot roll at all.
 */
export function stunBonus(target: GenesysActor, difficulty: number): { ok: true; bonus: number } | { ok: false; refusal: CheckRefusal } {
  const request = prepareCheck(target, { characteristic: "strength", difficulty }, localize);
  if (!request.ok) return request;
  const { grade, modifiers, conditionPenalty } = request.plan;
  return { ok: true, bonus: grade + modifiers + conditionPenalty };
}
