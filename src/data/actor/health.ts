/** Ferite, Fatica and condition, derived the same way for every actor type (§1.5). */
import { canAct, canDefend, conditionOf, conditionPenalty, conditionThresholds, isConscious } from "../../rules/condition.js";
import { poisonEffect, type PoisonEffect } from "../../rules/advanced/generic-damage.js";
import { feverActive, NO_FEVER, type FeverState } from "../../rules/advanced/venom-fever.js";
import type { ConditionKey } from "../../rules/types.js";

export type HealthSource = {
  wounds: { value: number };
  fatigue: { value: number; deprivation: number };
  poison: { doses: number; fever?: FeverState };
  timeCarry?: { rest: number; activity: number; sleep: number; food: number; water: number };
};

export type ConditionState = {
  key: ConditionKey;
  /** Check penalty (0, −2, −5); null when the actor cannot roll at all (collapsed, dead). */
  penalty: number | null;
  canAct: boolean;
  canDefend: boolean;
  conscious: boolean;
};

/**
 * What the token bars show (CONFIG.Actor.trackableAttributes, src/canvas/token-bars.ts): what is left before the two
 * §1.5.2 limits, so that a bar is full for someone unhurt and empty at the limit. Foundry fills a bar by value/max and
 * draws the first one green when full, red when empty (daggerheart module/canvas/placeables/token.mjs reads the same
 * {value, max} in its `_drawBar`), so Ferite and Fatica, which count up, read backwards on a bar; a margin reads right
 * with no drawing code.
 */
export type TokenBars = {
  /** Ferite still to take before death (Ferite > R): empty means dead. */
  life: { value: number; max: number };
  /** Ferite + Fatica still to take before collapsing (S > ⌈7R/8⌉): empty means collapsed (or dead). */
  consciousness: { value: number; max: number };
};

export type HealthDerived = {
  wounds: { value: number; max: number };
  fatigue: { value: number; max: number; deprivation: number };
  /** §3.3.3 `feverish` while the fever of a mild poisoning runs (its onset over, its days not). */
  poison: { doses: number; effect: PoisonEffect; fever: FeverState; feverish: boolean };
  condition: ConditionState;
  bars: TokenBars;
};

/** Derives bars, condition and poison effect from the stored counters and the actor's Resistenza. */
export function deriveHealth(source: HealthSource, resistance: number): HealthDerived {
  const safeResistance = Math.max(1, resistance);
  const key = conditionOf({ wounds: source.wounds.value, fatigue: source.fatigue.value }, safeResistance);
  const limits = conditionThresholds(safeResistance);
  const strain = source.wounds.value + source.fatigue.value;
  return {
    wounds: { value: source.wounds.value, max: safeResistance },
    fatigue: { value: source.fatigue.value, max: safeResistance, deprivation: Math.min(source.fatigue.deprivation, source.fatigue.value) },
    poison: {
      doses: source.poison.doses,
      effect: poisonEffect(source.poison.doses, safeResistance),
      fever: source.poison.fever ?? NO_FEVER,
      feverish: feverActive(source.poison.fever ?? NO_FEVER),
    },
    condition: { key, penalty: conditionPenalty(key), canAct: canAct(key), canDefend: canDefend(key), conscious: isConscious(key) },
    bars: {
      life: { value: Math.max(0, limits.deadMinWounds - source.wounds.value), max: limits.deadMinWounds },
      consciousness: { value: Math.max(0, limits.collapsedMin - strain), max: limits.collapsedMin },
    },
  };
}
