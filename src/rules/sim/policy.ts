/**
 * How each side of a simulated fight plays: the choices the book leaves to the players and the Narrator, reduced to
 * a few documented policies the Narrator picks per side. These are not rules; every rule they lead to is the book's.
 *
 * Fixed for every side (IMPL, documented once here):
 * - Only Attacco and Difesa are chosen; Preparazione is forced to reload an empty magazine (P maneuvers) or to draw
 *   the next weapon when a thrown one is gone, Movimento to stand up after a knock-down (§3.2.2).
 *   Focalizzazione, dives, grapples, aimed shots and holding an action are never used.
 * - Weapons are drawn and loaded when the fight starts. Each combatant uses the attack with the best expected
 *   damage per maneuver against the enemy side (ties: the one listed first) and reloads it when empty.
 * - Targets are chosen among conscious enemies only: a collapsed enemy is left alone (the fight is decided once a
 *   whole side is down). A declared target that is already down when the slot comes, or during a multiple attack,
 *   is replaced by the policy's next choice (the declaration fixes the maneuver, not the victim).
 * - A multiple attack (§3.2.3) makes every roll it may (up to the rounds left); its targets count as adjacent.
 */
import { oneOf } from "../errors.js";

/** Who an attacker picks. */
export const TARGETING_POLICIES = ["focusWeakest", "spread"] as const;
export type TargetingPolicy = (typeof TARGETING_POLICIES)[number];

/** When a combatant declares Difesa instead of Attacco. */
export const DEFENCE_POLICIES = ["never", "whenHurt", "whenTargeted", "whenHurtAndTargeted"] as const;
export type DefencePolicy = (typeof DEFENCE_POLICIES)[number];

/** One side's policy. */
export interface SidePolicy {
  /**
   * focusWeakest: every attacker picks the conscious enemy closest to going down (fewest points of Ferite + Fatica
   * to collapse, or of Ferite to die); spread: the enemy the fewest allies have declared on so far this turn, then
   * the weakest. Ties: the enemy listed first.
   */
  targeting: TargetingPolicy;
  /**
   * never: always Attacco. whenHurt: Difesa once Weak or worse (a condition penalty applies). whenTargeted: Difesa
   * when an enemy who declared earlier (a slower one, §2.1.1) declared an attack on this combatant. whenHurtAndTargeted:
   * both at once. A combatant with no usable attack always declares Difesa.
   */
  defence: DefencePolicy;
}

export const DEFAULT_SIDE_POLICY: Readonly<SidePolicy> = Object.freeze({ targeting: "focusWeakest", defence: "never" });

/** Check a policy, filling what is left out from the default. */
export function sidePolicy(policy: Partial<SidePolicy> = {}, at = "policy"): SidePolicy {
  return {
    targeting: oneOf(`${at}.targeting`, policy.targeting ?? DEFAULT_SIDE_POLICY.targeting, TARGETING_POLICIES),
    defence: oneOf(`${at}.defence`, policy.defence ?? DEFAULT_SIDE_POLICY.defence, DEFENCE_POLICIES),
  };
}

/** The policy's answer for a combatant who could attack: declare Difesa? */
export function declaresDefence(policy: DefencePolicy, hurt: boolean, targeted: boolean): boolean {
  switch (policy) {
    case "never":
      return false;
    case "whenHurt":
      return hurt;
    case "whenTargeted":
      return targeted;
    case "whenHurtAndTargeted":
      return hurt && targeted;
  }
}

/**
 * The policy's target among `count` enemies starting at `first` in the arrays: `standing[i]` non-zero when conscious,
 * `margin[i]` points left before going down, `declaredOn[i]` allies already declared on it this turn. −1 when none stands.
 */
export function pickTarget(
  policy: TargetingPolicy,
  first: number,
  count: number,
  standing: Uint8Array,
  margin: Int32Array,
  declaredOn: Int32Array,
): number {
  const spread = policy === "spread";
  let best = -1;
  let bestLoad = 0;
  let bestMargin = 0;
  for (let i = first; i < first + count; i++) {
    if ((standing[i] ?? 0) === 0) continue;
    const load = spread ? (declaredOn[i] ?? 0) : 0;
    const m = margin[i] ?? 0;
    if (best < 0 || load < bestLoad || (load === bestLoad && m < bestMargin)) {
      best = i;
      bestLoad = load;
      bestMargin = m;
    }
  }
  return best;
}
