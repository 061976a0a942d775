import { nat, oneOf } from "./errors.js";
import { resolveOption } from "./options.js";
import type { RulesOptions } from "./options.js";
import type { Characteristics } from "./types.js";

/** §1.2.1 the human standard score: every human characteristic oscillates around 7. */
export const HUMAN_AVERAGE = 7;

/** §1.2.2 the three derived parameters plus the Destrezza actually in use (after armour, §2.4.1). */
export interface DerivedParameters {
  reflexes: number;
  resistance: number;
  speed: number;
  effectiveDexterity: number;
}

/** The characteristics the derived parameters read; animals often lack Fascino and Esperienza (§3.3.1). */
export type PhysicalCharacteristics = Pick<Characteristics, "strength" | "dexterity" | "perception">;

const REFLEXES_ROUNDINGS = ["floor", "halfUp"] as const;

/**
 * §1.2.2 Riflessi = mean of Percezione and Destrezza "without decimals" (A-01: floor by default, or half up).
 * Scores are integers ≥ 0 with no upper bound: the book prints none, the elephant already has FOR 30.
 */
export function reflexes(perception: number, dexterity: number, options: Partial<RulesOptions> = {}): number {
  const sum = nat("perception", perception) + nat("dexterity", dexterity);
  const rounding = oneOf("options.reflexesRounding", resolveOption(options, "reflexesRounding"), REFLEXES_ROUNDINGS);
  // The sum is an integer, so the only fraction is .5: half up is ceil, floor is floor.
  return rounding === "floor" ? Math.floor(sum / 2) : Math.ceil(sum / 2);
}

/** §1.2.2 Resistenza = 4 × Forza. */
export function resistance(strength: number): number {
  return 4 * nat("strength", strength);
}

/** §1.2.2 Velocità = (Forza + Destrezza) / 3 to the nearest integer (thirds never tie). */
export function speed(strength: number, dexterity: number): number {
  return Math.round((nat("strength", strength) + nat("dexterity", dexterity)) / 3);
}

/** §2.4.1 armour FM shortfall: points of Forza missing to wear the armour freely (A-09: FM above FOR). */
export function armourShortfall(strength: number, armourMinStrength: number): number {
  return Math.max(0, nat("armourMinStrength", armourMinStrength) - nat("strength", strength));
}

/**
 * §1.2.2 derived parameters, with the §2.4.1 armour shortfall applied as A-10 reads it:
 * Destrezza −n and Velocità −n flat (never below 0); Riflessi from the reduced Destrezza only when
 * `armourShortfallLowersReflexes` (else from the unreduced one). Resistenza does not depend on armour.
 */
export function deriveParameters(
  characteristics: PhysicalCharacteristics,
  armour: { armourShortfall?: number } = {},
  options: Partial<RulesOptions> = {},
): DerivedParameters {
  const { strength, dexterity, perception } = characteristics;
  const shortfall = nat("armourShortfall", armour.armourShortfall ?? 0);
  const effectiveDexterity = Math.max(0, nat("dexterity", dexterity) - shortfall);
  const lowersReflexes = resolveOption(options, "armourShortfallLowersReflexes");
  return {
    reflexes: reflexes(perception, lowersReflexes ? effectiveDexterity : dexterity, options),
    resistance: resistance(strength),
    // the book states a flat −1 per point on Velocità, not a recomputation from the reduced DES.
    speed: Math.max(0, speed(strength, dexterity) - shortfall),
    effectiveDexterity,
  };
}
