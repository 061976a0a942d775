/** Schema and derivation shared by Protagonisti (character) and Comparse (npc): §1.2–§1.6. */
import { armourShortfall, deriveParameters } from "../../rules/characteristics.js";
import { fameBand, reputationBand, type FameBandKey, type ReputationBandKey } from "../../rules/reputation.js";
import type { RulesOptions } from "../../rules/options.js";
import type { Characteristics } from "../../rules/types.js";
import { characteristicField, counterField, healthFields, htmlField, intField, optionalIntField, optionalRealField, realField } from "../fields.js";
import { deriveHealth, type HealthDerived } from "./health.js";

const fields = foundry.data.fields;

export function personSchema() {
  return {
    characteristics: new fields.SchemaField({
      dexterity: characteristicField(),
      experience: characteristicField(),
      charm: characteristicField(),
      strength: characteristicField(),
      perception: characteristicField(),
    }),
    /** A Narrator's per-actor override of a derived parameter; null = use the book's formula. */
    overrides: new fields.SchemaField({
      reflexes: optionalIntField(0, 60),
      resistance: optionalIntField(1, 999),
      speed: optionalIntField(0, 100),
    }),
    ...healthFields(),
    fame: intField(0, 0, 12),
    reputation: intField(0, -20, 20),
    /**
     * §3.1.1 deprivation clocks, advanced by world time (src/time): days may be fractional, as time passes by the hour.
     * `points` is how much of fatigue.deprivation each kind accounts for, since each recovers in its own way;
     * `deadline` the hours left before death once one kind alone would make the character collapse (2D6, A-35).
     */
    deprivation: new fields.SchemaField({
      hoursAwake: realField(0, 10_000),
      daysWithoutFood: realField(0, 1_000),
      hoursWithoutWater: realField(0, 10_000),
      points: new fields.SchemaField({ sleep: counterField(), hunger: counterField(), thirst: counterField() }),
      deadline: new fields.SchemaField({ hunger: optionalRealField(12), thirst: optionalRealField(12) }),
    }),
    biography: htmlField(),
  };
}
export type PersonSchema = ReturnType<typeof personSchema>;

/** What worn armour contributes (§2.4.1): the best Df on the trunk, where unaimed hits land, and the worst Forza shortfall of any piece. */
export type ArmourSummary = { defence: number; minStrength: number; shortfall: number; names: string[] };

export type PersonDerived = HealthDerived & {
  derived: { reflexes: number; resistance: number; speed: number; dexterity: number };
  /** What the book's formulas give, shown next to a Narrator's override. */
  formula: { reflexes: number; resistance: number; speed: number };
  /** Characteristics as used by rolls: Destrezza already lowered by armour. */
  effective: Characteristics;
  armour: ArmourSummary;
  fameBand: FameBandKey;
  reputationBand: ReputationBandKey;
};

export type PersonSource = {
  characteristics: Characteristics;
  overrides: { reflexes: number | null; resistance: number | null; speed: number | null };
  wounds: { value: number };
  fatigue: { value: number; deprivation: number };
  poison: { doses: number; fever?: { startsInHours: number | null; hoursLeft: number | null } };
  fame: number;
  reputation: number;
};

export type WornArmour = { name: string; defence: number; minStrength: number; coversTrunk: boolean };

/** Summarises the armour an actor wears (several pieces: the best Df counts, the heaviest FM hinders). */
export function summariseArmour(strength: number, worn: readonly WornArmour[]): ArmourSummary {
  let defence = 0;
  let minStrength = 0;
  for (const a of worn) {
    if (a.coversTrunk) defence = Math.max(defence, a.defence);
    minStrength = Math.max(minStrength, a.minStrength);
  }
  return { defence, minStrength, shortfall: armourShortfall(strength, minStrength), names: worn.map((a) => a.name) };
}

/** §1.2.2 derived parameters with overrides, §2.4.1 armour effects, §1.5 condition, §1.6 bands. */
export function derivePerson(source: PersonSource, worn: readonly WornArmour[], options: Partial<RulesOptions>): PersonDerived {
  const c = source.characteristics;
  const armour = summariseArmour(c.strength, worn);
  const params = deriveParameters(c, { armourShortfall: armour.shortfall }, options);
  const derived = {
    reflexes: source.overrides.reflexes ?? params.reflexes,
    resistance: source.overrides.resistance ?? params.resistance,
    speed: source.overrides.speed ?? params.speed,
    dexterity: params.effectiveDexterity,
  };
  const effective: Characteristics = { ...c, dexterity: params.effectiveDexterity };
  return {
    ...deriveHealth(source, derived.resistance),
    derived,
    formula: { reflexes: params.reflexes, resistance: params.resistance, speed: params.speed },
    effective,
    armour,
    fameBand: fameBand(source.fame),
    reputationBand: reputationBand(source.reputation),
  };
}
