import { nat, real } from "../errors.js";

/** §3.1.5 Ingombro: the three ways of carrying a load, lightest first. */
export const LIFTING_MODES = ["oneArm", "bothArms", "shoulders"] as const;
export type LiftingMode = (typeof LIFTING_MODES)[number];

/** §3.1.5 kilograms liftable per point of Forza in each way. */
export const LIFTING_KG_PER_STRENGTH: Readonly<Record<LiftingMode, number>> = Object.freeze({
  oneArm: 4,
  bothArms: 16,
  shoulders: 20,
});

/** §3.1.5 indicative human lifting capacities in kg: 4 × FOR, 16 × FOR, 20 × FOR. */
export function liftingCapacity(strength: number): Readonly<Record<LiftingMode, number>> {
  const s = nat("strength", strength);
  return Object.freeze({
    oneArm: LIFTING_KG_PER_STRENGTH.oneArm * s,
    bothArms: LIFTING_KG_PER_STRENGTH.bothArms * s,
    shoulders: LIFTING_KG_PER_STRENGTH.shoulders * s,
  });
}

/** §3.1.5 armour hinders its wearer when its FOR minima exceeds his Forza (as in §2.4). */
export function isArmourEncumbering(strength: number, fm: number): boolean {
  return nat("fm", fm) > nat("strength", strength);
}

/** §3.1.5 the lightest way a load can be carried, or "unbearable" beyond 20 × FOR. */
export const ENCUMBRANCE_LEVELS = [...LIFTING_MODES, "unbearable"] as const;
export type EncumbranceLevel = (typeof ENCUMBRANCE_LEVELS)[number];

/** Which capacities a load exceeds, for the sheet. */
export interface Encumbrance {
  level: EncumbranceLevel;
  exceeds: Readonly<Record<LiftingMode, boolean>>;
  capacity: Readonly<Record<LiftingMode, number>>;
}

/** §3.1.5 compare a load with the capacities; a load equal to a capacity is still within it ("up to"). */
export function encumbranceLevel(strength: number, carriedKg: number): Encumbrance {
  const capacity = liftingCapacity(strength);
  const kg = real("carriedKg", carriedKg, 0);
  const exceeds = Object.freeze({
    oneArm: kg > capacity.oneArm,
    bothArms: kg > capacity.bothArms,
    shoulders: kg > capacity.shoulders,
  });
  const level = LIFTING_MODES.find((mode) => !exceeds[mode]) ?? "unbearable";
  return { level, exceeds, capacity };
}

/** §3.1.5 the level alone, as encumbranceLevel reads it, without the capacity tables (each preparation asks for it). */
export function encumbranceLevelOnly(strength: number, carriedKg: number): EncumbranceLevel {
  const s = nat("strength", strength);
  const kg = real("carriedKg", carriedKg, 0);
  for (const mode of LIFTING_MODES) if (kg <= LIFTING_KG_PER_STRENGTH[mode] * s) return mode;
  return "unbearable";
}

/**
 * §3.1.5 a load beyond 20 × FOR cannot be borne at all: whoever tries to carry it does not move (Velocità 0) until he
 * puts something down. Any other load leaves Velocità as it is (the book hinders only through armour's FM).
 */
export function speedUnderLoad(speed: number, level: EncumbranceLevel): number {
  const s = nat("speed", speed);
  return level === "unbearable" ? 0 : s;
}
