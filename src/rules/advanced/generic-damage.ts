import { RulesError, diceSum, nat, oneOf, pos, real } from "../errors.js";
import type { DamageType } from "../types.js";
import { HAZARD_MAX_DICE } from "./hazard-damage.js";

/** §3.1.2 Cadute: metres of fall per 1D6 of trauma. */
export const FALL_METRES_PER_DIE = 1.5;

/**
 * §3.1.2 Cadute: D6s of trauma for a fall, one per full 1.5 m (3 m → 2, 4.4 m → 2, 4.5 m → 3). More than a
 * hazard's dice cap (HAZARD_MAX_DICE, 150 m and up) is refused: a typing slip, not a fall any table rolls.
 */
export function fallDice(heightMetres: number): number {
  // 2h is exact in floating point, so multiples of 1.5 m land exactly on an integer.
  const dice = Math.floor((2 * real("heightMetres", heightMetres, 0)) / 3);
  if (dice > HAZARD_MAX_DICE) throw new RulesError("heightMetres", heightMetres, `under ${String((HAZARD_MAX_DICE + 1) * FALL_METRES_PER_DIE)} (at most ${String(HAZARD_MAX_DICE)} dice)`);
  return dice;
}

/** §3.1.2 Cadute: how the fall began — a deliberate jump or dive, or an accident. */
export const FALL_KINDS = ["jump", "accident"] as const;
export type FallKind = (typeof FALL_KINDS)[number];

/** §3.1.2 Cadute: difficulty of the Destrezza check that softens the landing. */
export const FALL_DIFFICULTY: Readonly<Record<FallKind, number>> = Object.freeze({ jump: 15, accident: 30 });

/** §3.1.2 Cadute: difficulty of the Destrezza check for this kind of fall. */
export function fallDifficulty(kind: FallKind): number {
  return FALL_DIFFICULTY[oneOf("kind", kind, FALL_KINDS)];
}

/** Damage of one fall, converted to counters. */
export interface FallDamage {
  /** Trauma points after the 2D6 reduction, never below 0. */
  damage: number;
  /** Points removed by a successful Destrezza check (0 when it failed). */
  reduction: number;
  type: "trauma";
  /** Trauma splits as ceil(d/2) Fatica and floor(d/2) Ferite (§2.3.6). */
  fatigue: number;
  wounds: number;
}

/** §3.1.2 Cadute: trauma rolled minus 2D6 when the Destrezza check succeeded, min 0; armour never helps. */
export function fallDamage(input: { rolled: number; reductionRoll?: number; checkSucceeded: boolean }): FallDamage {
  const rolled = nat("rolled", input.rolled);
  if (typeof input.checkSucceeded !== "boolean") throw new RulesError("checkSucceeded", input.checkSucceeded, "a boolean");
  let reduction = 0;
  if (input.checkSucceeded) {
    if (input.reductionRoll === undefined) throw new RulesError("reductionRoll", undefined, "the 2D6 rolled after a successful check");
    reduction = diceSum("reductionRoll", input.reductionRoll, 2, 6);
  }
  const damage = Math.max(0, rolled - reduction);
  return { damage, reduction: Math.min(reduction, rolled), type: "trauma", fatigue: Math.ceil(damage / 2), wounds: Math.floor(damage / 2) };
}

/** §3.1.2 Fiamme: damage per turn spent burning; armour gives no protection, protective clothing may. */
export const FLAME_DAMAGE: Readonly<{ dice: number; faces: number; flat: number; type: DamageType; perTurn: true; armourApplies: false }> =
  Object.freeze({ dice: 2, faces: 6, flat: 0, type: "wounding", perTurn: true, armourApplies: false });

/** §3.1.2 Fiamme: Ferite for one turn in flames, less any GM-granted protection of special clothing. */
export function flameDamage(roll2d6: number, protection = 0): number {
  return Math.max(0, diceSum("roll2d6", roll2d6, FLAME_DAMAGE.dice, FLAME_DAMAGE.faces) - nat("protection", protection));
}

/** §3.1.2 Veleno: the stages of a poison, by doses taken. */
export const POISON_EFFECTS = ["none", "firstEffects", "full"] as const;
export type PoisonEffect = (typeof POISON_EFFECTS)[number];

/** §3.1.2 Veleno: first effects above R/3 doses, full effect above R doses (exact comparison). */
export function poisonEffect(doses: number, resistance: number): PoisonEffect {
  const d = nat("doses", doses);
  const r = pos("resistance", resistance);
  if (d > r) return "full";
  // doses > R/3 without fractions.
  if (3 * d > r) return "firstEffects";
  return "none";
}

/** §3.1.2 Veleno: doses left after `hours` of surviving the poison, one gone per full hour. */
export function dosesAfterHours(doses: number, hours: number): number {
  return Math.max(0, nat("doses", doses) - Math.floor(real("hours", hours, 0)));
}
