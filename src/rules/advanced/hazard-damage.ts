import { RulesError, int, nat, oneOf } from "../errors.js";
import { DAMAGE_TYPES, type DamageType } from "../types.js";

/**
 * A Narrator's arbitrary damage (§3.1.2 generic damage, §3.2.6 explosive dice): a fixed amount ("12") or dice of one
 * size with an optional constant ("3D6+2", "2D3−1", "8D6"). Nothing else: no Forza term, no other dice expressions.
 */
export interface HazardDamageSpec {
  dice: number;
  faces: HazardDamageFaces;
  flat: number;
}

/** Dice sizes a hazard may roll: the D6 of the book, D3 (a halved D6, §0.2) and the D10 of setting modules. */
export const HAZARD_DAMAGE_FACES = [3, 6, 10] as const;
export type HazardDamageFaces = (typeof HAZARD_DAMAGE_FACES)[number];

/** More dice than any table needs, for any hazard (an arbitrary damage, a fall): a typing slip, not a hazard. */
export const HAZARD_MAX_DICE = 100;

const HAZARD_PATTERN = /^(?:(\d{1,3})\s*D\s*(\d{1,2})\s*(?:([+\-−])\s*(\d{1,4}))?|(\d{1,4}))$/i;

/** §3.1.2 the notation of an arbitrary damage, checked: anything but "N", "ND6", "ND6+M", "ND6−M" is refused. */
export function parseHazardDamage(text: unknown): HazardDamageSpec {
  const expected = "a damage such as 12, 3D6, 3D6+2 or 2D3−1";
  if (typeof text !== "string") throw new RulesError("formula", text, expected);
  const match = HAZARD_PATTERN.exec(text.trim());
  if (!match) throw new RulesError("formula", text, expected);
  const [, count, faces, sign, digits, fixed] = match;
  if (fixed !== undefined) return { dice: 0, faces: 6, flat: Number(fixed) };
  const dice = int("dice", Number(count), 1, HAZARD_MAX_DICE);
  const face = Number(faces);
  if (!(HAZARD_DAMAGE_FACES as readonly number[]).includes(face)) throw new RulesError("faces", face, "3, 6 or 10");
  const flat = digits === undefined ? 0 : (sign === "+" ? 1 : -1) * Number(digits);
  return { dice, faces: face as HazardDamageFaces, flat }; // one of HAZARD_DAMAGE_FACES, checked above
}

/** The notation back, as the card shows it: "3D6+2", "2D3−1", "12". */
export function formatHazardDamage(spec: HazardDamageSpec): string {
  if (spec.dice === 0) return String(spec.flat);
  const flat = spec.flat === 0 ? "" : spec.flat > 0 ? `+${String(spec.flat)}` : `−${String(-spec.flat)}`;
  return `${String(spec.dice)}D${String(spec.faces)}${flat}`;
}

/** The Foundry dice formula for the spec ("3d6 + 2"), or null for a fixed amount (nothing to roll). */
export function hazardRollFormula(spec: HazardDamageSpec): string | null {
  if (spec.dice === 0) return null;
  return `${String(spec.dice)}d${String(spec.faces)}`;
}

/** §3.1.2 the damage of the dice rolled plus the constant, never below 0. */
export function hazardDamageTotal(spec: HazardDamageSpec, rolled: readonly number[]): number {
  if (rolled.length !== spec.dice) throw new RulesError("rolled", rolled.length, `${String(spec.dice)} dice`);
  let sum = spec.flat;
  for (const [i, value] of rolled.entries()) sum += int(`rolled[${String(i)}]`, value, 1, spec.faces);
  return Math.max(0, sum);
}

/** What harms a character outside an attack (§3.1.2) or in a blast (§3.2.6). */
export const HAZARD_KINDS = ["fall", "flames", "damage", "explosion"] as const;
export type HazardKind = (typeof HAZARD_KINDS)[number];

/**
 * §3.2.2 the optional stun check follows a hit by an attack: a blast is one, and so may be a Narrator's arbitrary
 * damage (a club from the dark); a fall or the flames are no blow, so they never call for it.
 */
export function hazardCallsForStun(kind: HazardKind): boolean {
  const k = oneOf("kind", kind, HAZARD_KINDS);
  return k === "explosion" || k === "damage";
}

/** §3.1.2 the damage type of a hazard: trauma for a fall, wounding for flames, the Narrator's choice otherwise. */
export function hazardDamageType(kind: HazardKind, chosen?: DamageType): DamageType {
  const k = oneOf("kind", kind, HAZARD_KINDS);
  if (k === "fall") return "trauma";
  if (k === "flames") return "wounding";
  return oneOf("type", chosen, DAMAGE_TYPES);
}

/** §3.1.2 conventional armour never stops a fall or the flames; for other damage the Narrator says. */
export function hazardArmourApplies(kind: HazardKind, narratorSays = true): boolean {
  const k = oneOf("kind", kind, HAZARD_KINDS);
  if (k === "fall" || k === "flames") return false;
  if (typeof narratorSays !== "boolean") throw new RulesError("armourApplies", narratorSays, "a boolean");
  return narratorSays;
}

/** §3.1.2 protective clothing against the flames: a whole number of points ≥ 0 (the Narrator's ruling). */
export function flameProtection(value: unknown): number {
  return nat("protection", value);
}
