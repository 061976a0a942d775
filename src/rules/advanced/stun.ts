import { int, nat, oneOf } from "../errors.js";
import { resolveOptions } from "../options.js";
import type { RulesOptions } from "../options.js";
import type { ManeuverKey } from "../types.js";

/** Result of the optional stun check after a hit. */
export interface StunCheck {
  /** False when the optional stun rule is off: nobody is knocked down. */
  applies: boolean;
  /** Damage received before armour or natural protection. */
  difficulty: number;
  knockedDown: boolean;
  /** Check total − difficulty: > 0 keeps the victim standing. */
  margin: number;
}

/**
 * §3.2.2 Stordimento (optional rule `stunRule`): a Forza check not beating the damage received,
 * counted before armour, knocks the victim down — even when armour absorbed every point (D-35).
 */
export function stunCheck(input: { strengthCheckTotal: number; damageBeforeArmour: number }, options: Partial<RulesOptions> = {}): StunCheck {
  const total = int("strengthCheckTotal", input.strengthCheckTotal);
  const difficulty = nat("damageBeforeArmour", input.damageBeforeArmour);
  const applies = resolveOptions(options).stunRule;
  return { applies, difficulty, knockedDown: applies && total <= difficulty, margin: total - difficulty };
}

/** §3.2.2 how someone attacks a prone character (A-42: any non-melee attack counts as "from long range"). */
export const ATTACK_REACHES = ["melee", "ranged"] as const;
export type AttackReach = (typeof ATTACK_REACHES)[number];

/** §3.2.2 modifiers to the rolls of whoever attacks a prone target. */
export const PRONE_MODIFIERS: Readonly<Record<AttackReach, Readonly<{ attack: number; defence: number }>>> = Object.freeze({
  melee: Object.freeze({ attack: 1, defence: 1 }),
  ranged: Object.freeze({ attack: -2, defence: 0 }),
});

/** §3.2.2 the attacker's modifiers against a prone target. */
export function proneTargetModifiers(reach: AttackReach): Readonly<{ attack: number; defence: number }> {
  return PRONE_MODIFIERS[oneOf("reach", reach, ATTACK_REACHES)];
}

/** §3.2.2 standing up: an ordinary Movement maneuver that covers no distance. */
export const STAND_UP: Readonly<{ maneuver: ManeuverKey; displacementMetres: number }> = Object.freeze({
  maneuver: "movement",
  displacementMetres: 0,
});
