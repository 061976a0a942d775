import { RulesError, die, int, nat, oneOf, real } from "./errors.js";
import { d3FromD6 } from "./dice.js";
import { resolveOptions } from "./options.js";
import type { RulesOptions } from "./options.js";
import { AIMED_AREAS, isLimb } from "./attack.js";
import type { AimedArea } from "./attack.js";
import { DAMAGE_TYPES } from "./types.js";
import type { DamageCounters, DamageType } from "./types.js";

/** §2.3.6 damage points → Ferite/Fatica: F all Ferite, S all Fatica, T ceil(d/2) Fatica + floor(d/2) Ferite. */
export function convertDamage(amount: number, type: DamageType): DamageCounters {
  const d = nat("amount", amount);
  switch (oneOf("type", type, DAMAGE_TYPES)) {
    case "wounding":
      return { wounds: d, fatigue: 0 };
    case "shock":
      return { wounds: 0, fatigue: d };
    case "trauma":
      return { wounds: Math.floor(d / 2), fatigue: Math.ceil(d / 2) };
  }
}

/** §2.3.6 armour or natural protection subtracts its Df; damage never goes below 0. */
export function applyArmour(damage: number, defence: number): number {
  return Math.max(0, nat("damage", damage) - nat("defence", defence));
}

/** §2.3.7 Colpi a Mani Nude: FOR − 1D6 trauma, never below 0 (EX-11). */
export function unarmedDamage(strength: number, d6: number): number {
  return Math.max(0, nat("strength", strength) - die("d6", d6, 6));
}

// ───────────────────────── §3.2.6 explosions ─────────────────────────

/** §3.2.6 damage lost per metre from the explosion point. */
export const BLAST_REDUCTION_PER_METRE = 4;

/** §3.2.6 metres counted for the blast: whole metres (floor) by default, or the exact distance. */
export function blastMetres(metres: number, options: Partial<RulesOptions>): number {
  const m = real("metres", metres, 0);
  return resolveOptions(options).blastDistance === "floorMetres" ? Math.floor(m) : m;
}

/**
 * §3.2.6 blast damage at a distance from the explosion point (0 = direct target): −4 per metre, never below 0
 * (D-33: 30 at 0/1/7/8 m → 30/26/2/0). With exact distances a fractional result is rounded down.
 */
export function blastDamage(rolled: number, metres: number, options: Partial<RulesOptions> = {}): number {
  const d = nat("rolled", rolled);
  return Math.max(0, Math.floor(d - BLAST_REDUCTION_PER_METRE * blastMetres(metres, options)));
}

/** §3.2.7 an explosive projectile that grazes bursts automatically this far from the target. */
export const GRAZING_LANDING_DISTANCE = 1;

/** §3.2.7 where a grazing hit explodes: 1 m from the target for explosives, on target (null: no blast) otherwise. */
export function grazingLandingDistance(explosive: boolean): number | null {
  return explosive ? GRAZING_LANDING_DISTANCE : null;
}

/** §3.2.6 within this distance from the attacker a dodged thrown/lobbed explosive lands 1D3 m away, else 1D6 m. */
export const EXPLOSION_LANDING_NEAR_METRES = 15;

/** §3.2.6 which die places a dodged thrown or parabolic explosive, from the attacker–target distance. */
export function explosionLandingDie(distanceToTarget: number): "D3" | "D6" {
  return real("distanceToTarget", distanceToTarget, 0) <= EXPLOSION_LANDING_NEAR_METRES ? "D3" : "D6";
}

/** §3.2.6 metres between the target and the landing point, from the D6 rolled (halved up into a D3 when near). */
export function explosionLandingDistance(distanceToTarget: number, d6: number): number {
  return explosionLandingDie(distanceToTarget) === "D3" ? d3FromD6(d6) : die("d6", d6, 6);
}

// ───────────────────────── §3.2.2 stun ─────────────────────────

/** §3.2.2 optional stun rule: the Forza check fails (target knocked down) unless its total beats the stun difficulty. */
export function knockedDown(strengthCheckTotal: number, stunDifficulty: number): boolean {
  return !(int("strengthCheckTotal", strengthCheckTotal) > nat("stunDifficulty", stunDifficulty));
}

// ───────────────────────── §3.2.x the damage pipeline ─────────────────────────

/** One hit, as the damage pipeline needs it. */
export interface DamageInput {
  /** Damage rolled (weapon Dn, unarmed, explosion dice), before any reduction. */
  rolled: number;
  type: DamageType;
  /** Tie under the optional grazing rule (§3.2.7). */
  grazing?: boolean;
  /** Ranged hit beyond 2/3 Gt (§2.4.1); ignored for explosives. */
  rangedBeyondHalf?: boolean;
  explosive?: boolean;
  /** Metres from the explosion point (explosives only; 0 or omitted = direct target, 1 m after a grazing hit). */
  blastDistance?: number;
  aimedArea?: AimedArea;
  /** Shot aimed at a gap in the armour (§3.2.5): Df ignored. */
  bypassArmour?: boolean;
  /** Df of armour or natural protection (0 for none). */
  armourDefence: number;
  /** False when the armour does not cover the area hit, or cannot stop this damage (falls, flames). Default true. */
  armourCovers?: boolean;
  /** Forza of the target: disarming (§3.2.5) and crippled limbs. */
  targetStrength: number;
}

export type DamageStepKey = "rolled" | "grazing" | "rangeHalf" | "blast" | "aimedWeapon" | "armour" | "limb" | "vital";

/** Damage after one step of the pipeline. */
export interface DamageStep {
  key: DamageStepKey;
  value: number;
}

export interface DamageResult {
  /** The steps that applied, in order, each with the damage after it. */
  steps: DamageStep[];
  /** §3.2.2 difficulty of the optional stun check: damage after steps 2–4, before armour. */
  stunDifficulty: number;
  /** The optional stun rule is in use, so the target must make the Forza check. */
  stunCheck: boolean;
  /** Damage right after armour (step 7; 0 when aimed at a weapon). */
  afterArmour: number;
  /** Damage finally converted (after limb halving or vital doubling). */
  inflicted: number;
  wounds: number;
  fatigue: number;
  /** Aimed at a weapon: it drops when the damage exceeds twice the target's Forza. */
  disarmed?: boolean;
  /** Aimed at a limb: unusable until healed when the hit's Ferite + Fatica exceed the target's Forza. */
  limbDisabled?: boolean;
}

/**
 * §3.2.x (DERIVED order) one hit from the rolled damage to Ferite and Fatica:
 * grazing ½ → beyond 2/3 Gt ½ unless explosive → blast −4/m → stun difficulty →
 * aimed at weapon: no damage, disarm if d > 2×FOR → armour (min 0) unless bypassed/not covering →
 * limb ½ → vital ×2 → conversion → crippled limb if ΔFerite + ΔFatica > FOR. Halvings round down.
 */
export function resolveDamage(input: DamageInput, options: Partial<RulesOptions> = {}): DamageResult {
  const opts = resolveOptions(options);
  let d = nat("rolled", input.rolled);
  const type = oneOf("type", input.type, DAMAGE_TYPES);
  const defence = nat("armourDefence", input.armourDefence);
  const strength = nat("targetStrength", input.targetStrength);
  const area = input.aimedArea === undefined ? "trunk" : oneOf("aimedArea", input.aimedArea, AIMED_AREAS);
  const explosive = input.explosive === true;
  if (input.blastDistance !== undefined && !explosive) {
    throw new RulesError("blastDistance", input.blastDistance, "omitted unless the attack is explosive");
  }
  const steps: DamageStep[] = [{ key: "rolled", value: d }];
  const step = (key: DamageStepKey, value: number): void => {
    d = value;
    steps.push({ key, value });
  };

  // §3.2.7 grazing halves before armour, explosives too (the pipeline's step 2); an explosive then bursts 1 m away (step 4).
  if (input.grazing === true) step("grazing", Math.floor(d / 2));
  if (input.rangedBeyondHalf === true && !explosive) step("rangeHalf", Math.floor(d / 2));
  const blastAt = input.blastDistance ?? (explosive && input.grazing === true ? GRAZING_LANDING_DISTANCE : undefined);
  if (blastAt !== undefined) step("blast", blastDamage(d, real("blastDistance", blastAt, 0), options));
  const stunDifficulty = d;

  if (area === "weapon") {
    const disarmed = d > 2 * strength;
    step("aimedWeapon", 0);
    return { steps, stunDifficulty, stunCheck: opts.stunRule, afterArmour: 0, inflicted: 0, wounds: 0, fatigue: 0, disarmed };
  }

  if (input.armourCovers !== false && input.bypassArmour !== true && defence > 0) step("armour", applyArmour(d, defence));
  const afterArmour = d;
  if (isLimb(area)) step("limb", Math.floor(d / 2));
  if (area === "vital") step("vital", d * 2);

  const { wounds, fatigue } = convertDamage(d, type);
  const result: DamageResult = { steps, stunDifficulty, stunCheck: opts.stunRule, afterArmour, inflicted: d, wounds, fatigue };
  if (isLimb(area)) result.limbDisabled = wounds + fatigue > strength;
  return result;
}
