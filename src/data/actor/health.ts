/** Ferite, Fatica and condition, derived the same way for every actor type (§1.5). */
import { canAct, canDefend, conditionOf, conditionPenalty, isConscious } from "../../rules/condition.js";
import { poisonEffect, type PoisonEffect } from "../../rules/advanced/generic-damage.js";
import type { ConditionKey } from "../../rules/types.js";

export type HealthSource = {
  wounds: { value: number };
  fatigue: { value: number; deprivation: number };
  poison: { doses: number };
};

export type ConditionState = {
  key: ConditionKey;
  /** Check penalty (0, −2, −5); null when the actor cannot roll at all (collapsed, dead). */
  penalty: number | null;
  canAct: boolean;
  canDefend: boolean;
  conscious: boolean;
};

export type HealthDerived = {
  wounds: { value: number; max: number };
  fatigue: { value: number; max: number; deprivation: number };
  poison: { doses: number; effect: PoisonEffect };
  condition: ConditionState;
};

/** Derives bars, condition and poison effect from the stored counters and the actor's Resistenza. */
export function deriveHealth(source: HealthSource, resistance: number): HealthDerived {
  const safeResistance = Math.max(1, resistance);
  const key = conditionOf({ wounds: source.wounds.value, fatigue: source.fatigue.value }, safeResistance);
  return {
    wounds: { value: source.wounds.value, max: safeResistance },
    fatigue: { value: source.fatigue.value, max: safeResistance, deprivation: Math.min(source.fatigue.deprivation, source.fatigue.value) },
    poison: { doses: source.poison.doses, effect: poisonEffect(source.poison.doses, safeResistance) },
    condition: { key, penalty: conditionPenalty(key), canAct: canAct(key), canDefend: canDefend(key), conscious: isConscious(key) },
  };
}
