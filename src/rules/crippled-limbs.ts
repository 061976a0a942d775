import { nat, oneOf, real } from "./errors.js";
import { LIMBS, type Limb } from "./attack.js";
import type { DamageCounters } from "./types.js";

/** §3.2.5 a limb a hit crippled, with the victim's counters before that hit: it mends once they are back there. */
export interface CrippledLimb {
  limb: Limb;
  before: DamageCounters;
}

/** §3.2.5 each person has two arms and two legs: a crippling hit on a limb already crippled twice adds nothing. */
export const LIMBS_PER_KIND = 2;

/** §3.2.5 "unusable until the damage is completely healed": the hit's Ferite and Fatica are not both gone yet. */
export function limbStillCrippled(limb: CrippledLimb, now: DamageCounters): boolean {
  return nat("wounds", now.wounds) > nat("before.wounds", limb.before.wounds) || nat("fatigue", now.fatigue) > nat("before.fatigue", limb.before.fatigue);
}

/** §3.2.5 the arms and legs crippled now, each kind at most two. */
export function crippledCount(limbs: readonly CrippledLimb[], now: DamageCounters): Record<Limb, number> {
  const count: Record<Limb, number> = { arm: 0, leg: 0 };
  for (const l of limbs) if (limbStillCrippled(l, now)) count[oneOf("limb", l.limb, LIMBS)] += 1;
  return { arm: Math.min(LIMBS_PER_KIND, count.arm), leg: Math.min(LIMBS_PER_KIND, count.leg) };
}

/** §3.2.5 a human's Speed with broken legs: 1 with one, half a metre a turn (dragging oneself) with both. */
export function crippledSpeed(speed: number, legs: number): number {
  const s = real("speed", speed, 0);
  const l = nat("legs", legs);
  if (l === 0) return s;
  return Math.min(s, l === 1 ? 1 : 0.5);
}

/**
 * §3.2.5 a crippled arm holds nothing. Our reading: a two-handed mode needs both arms, any other weapon one; unarmed
 * blows (a kick) need none.
 */
export function canWieldWith(mode: "melee" | "oneHanded" | "twoHanded" | "thrown" | "ranged" | "unarmed", crippledArms: number): boolean {
  const arms = 2 - Math.min(2, nat("crippledArms", crippledArms));
  if (mode === "unarmed") return true;
  return mode === "twoHanded" ? arms === 2 : arms >= 1;
}
