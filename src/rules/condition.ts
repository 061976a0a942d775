import { nat, oneOf, pos } from "./errors.js";
import { CONDITIONS } from "./types.js";
import type { ConditionKey, DamageCounters } from "./types.js";

/** §1.5.2 the last S (Ferite + Fatica) of each condition, and where collapse and death begin. */
export interface ConditionThresholds {
  /** Largest S that leaves the character Normal (S ≤ R/2). */
  normalMax: number;
  /** Largest S that is at worst Weak (S ≤ 3R/4); equals `normalMax` when no integer S is Weak. */
  weakMax: number;
  /** Largest S that is at worst Exhausted (S ≤ ceil(7R/8)). */
  exhaustedMax: number;
  /** Smallest S that makes the character Collapse. */
  collapsedMin: number;
  /** Smallest Ferite that kill (Ferite > R). */
  deadMinWounds: number;
}

/** ceil(7R/8): the book rounds this threshold up, unlike 1/2 and 3/4. */
function collapseLimit(r: number): number {
  return Math.ceil((7 * r) / 8);
}

/**
 * §1.5.2 condition from the damage counters: death looks at Ferite alone (> R); the rest at S = Ferite + Fatica.
 * 1/2 and 3/4 are compared exactly (2S > R, 4S > 3R); Fatica alone never kills, only collapses.
 */
export function conditionOf(counters: DamageCounters, resistance: number): ConditionKey {
  const wounds = nat("wounds", counters.wounds);
  const fatigue = nat("fatigue", counters.fatigue);
  const r = pos("resistance", resistance);
  if (wounds > r) return "dead";
  const s = wounds + fatigue;
  if (s > collapseLimit(r)) return "collapsed";
  if (4 * s > 3 * r) return "exhausted";
  if (2 * s > r) return "weak";
  return "normal";
}

/** §1.5.2 the derived threshold table row for a Resistenza. */
export function conditionThresholds(resistance: number): ConditionThresholds {
  const r = pos("resistance", resistance);
  const exhaustedMax = collapseLimit(r);
  return {
    normalMax: Math.floor(r / 2),
    weakMax: Math.floor((3 * r) / 4),
    exhaustedMax,
    collapsedMin: exhaustedMax + 1,
    deadMinWounds: r + 1,
  };
}

/** §1.5.2 the Ferite a lethal cause adds (§3.1.1 starvation): enough for Ferite > R, none once already past it. */
export function woundsToDie(wounds: number, resistance: number): number {
  return Math.max(0, conditionThresholds(resistance).deadMinWounds - nat("wounds", wounds));
}

/**
 * §1.5.2 penalty to every check roll (A-39: attack and defence rolls too): 0, −2 Weak, −5 Exhausted (not cumulative).
 * Collapsed and dead characters make no rolls at all, so they get `null` rather than a number a caller
 * could silently add: the caller must decide what an unconscious character's "roll" means (usually: none).
 */
export function conditionPenalty(condition: ConditionKey): number | null {
  switch (oneOf("condition", condition, CONDITIONS)) {
    case "normal":
      return 0;
    case "weak":
      return -2;
    case "exhausted":
      return -5;
    case "collapsed":
    case "dead":
      return null;
  }
}

/** §1.5.2 position in the list best → worst (0 normal … 4 dead), to compare conditions. */
export function conditionSeverity(condition: ConditionKey): number {
  return CONDITIONS.indexOf(oneOf("condition", condition, CONDITIONS));
}

/** §1.5.2 conscious unless Collapsed or dead; A-28: a Collapsed character wakes once S ≤ ceil(7R/8) again. */
export function isConscious(condition: ConditionKey): boolean {
  return conditionSeverity(condition) < conditionSeverity("collapsed");
}

/** §1.5.2 only a conscious character declares and executes maneuvers. */
export function canAct(condition: ConditionKey): boolean {
  return isConscious(condition);
}

/** §1.5.2, §2.3.3 an unconscious character makes no defence roll: he is a static target. */
export function canDefend(condition: ConditionKey): boolean {
  return isConscious(condition);
}
