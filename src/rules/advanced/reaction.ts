import { die, int, nat, oneOf } from "../errors.js";
import { reputationReactionModifier } from "./reputation-effects.js";

/** §3.1.3 Reazione delle Comparse: the five reactions, worst first. */
export const REACTION_BAND_KEYS = ["veryBad", "bad", "neutral", "good", "excellent"] as const;
export type ReactionBand = (typeof REACTION_BAND_KEYS)[number];

/** §3.1.3 reaction table: inclusive total range of each band (open-ended at both extremes). */
export const REACTION_BANDS: readonly Readonly<{ band: ReactionBand; min: number; max: number }>[] = Object.freeze([
  Object.freeze({ band: "veryBad", min: -Infinity, max: 5 }),
  Object.freeze({ band: "bad", min: 6, max: 8 }),
  Object.freeze({ band: "neutral", min: 9, max: 12 }),
  Object.freeze({ band: "good", min: 13, max: 15 }),
  Object.freeze({ band: "excellent", min: 16, max: Infinity }),
] as const);

/** §3.1.3 the situations the book lists as examples of reaction modifiers. */
export const REACTION_MODIFIER_KEYS = [
  "animalIntelligence",
  "hatred",
  "peoplesAtOdds",
  "veryDifferentCulture",
  "similarCulture",
  "muchInCommon",
] as const;
export type ReactionModifierKey = (typeof REACTION_MODIFIER_KEYS)[number];

/** §3.1.3 modifiers to the reaction roll. */
export const REACTION_MODIFIERS: Readonly<Record<ReactionModifierKey, number>> = Object.freeze({
  animalIntelligence: -4,
  hatred: -4,
  peoplesAtOdds: -2,
  veryDifferentCulture: -1,
  similarCulture: 1,
  muchInCommon: 2,
});

/** §3.1.3 band of a reaction total. */
export function reactionBand(total: number): ReactionBand {
  const t = int("total", total);
  const row = REACTION_BANDS.find((b) => t >= b.min && t <= b.max);
  // The bands cover every integer; this only guards the table against a bad edit.
  if (row === undefined) throw new Error(`reaction table has no band for ${String(t)}`);
  return row.band;
}

/** A rolled reaction with its breakdown. */
export interface NpcReaction {
  total: number;
  band: ReactionBand;
  /** Sum of the listed situation modifiers and the free GM modifier. */
  situationModifier: number;
  reputationModifier: number;
}

/**
 * §3.1.3 reaction = Protagonist's Fascino + 1D6 + modifiers (+ Reputation modifier when recognised, §3.1.4).
 * `otherModifier` is the Narrator's own adjustment (dress, manners, past history).
 */
export function npcReaction(input: {
  charm: number;
  d6: number;
  modifiers?: readonly ReactionModifierKey[];
  otherModifier?: number;
  reputationModifier?: number;
}): NpcReaction {
  const charm = nat("charm", input.charm);
  const d6 = die("d6", input.d6, 6);
  const listed = (input.modifiers ?? []).reduce(
    (sum, key, i) => sum + REACTION_MODIFIERS[oneOf(`modifiers[${String(i)}]`, key, REACTION_MODIFIER_KEYS)],
    0,
  );
  const situationModifier = listed + int("otherModifier", input.otherModifier ?? 0);
  // trunc(±20 / 5) bounds the Reputation modifier (§3.1.4).
  const reputationModifier = int("reputationModifier", input.reputationModifier ?? 0, -4, 4);
  const total = charm + d6 + situationModifier + reputationModifier;
  return { total, band: reactionBand(total), situationModifier, reputationModifier };
}

/**
 * §3.1.3/§3.1.4 what the Extra's nature adds to the chosen modifiers: a creature with animal intelligence always takes
 * the −4 and, never recognising anyone, never gets the Protagonist's Reputation modifier; a person gets it only when
 * he recognised the Protagonist.
 */
export function reactionSetup(input: {
  extraIsAnimal: boolean;
  modifiers: readonly ReactionModifierKey[];
  recognised: boolean;
  reputation: number;
}): { modifiers: ReactionModifierKey[]; reputationModifier: number } {
  const chosen = input.modifiers.map((key, i) => oneOf(`modifiers[${String(i)}]`, key, REACTION_MODIFIER_KEYS));
  const keys = input.extraIsAnimal ? [...chosen, "animalIntelligence" as const] : chosen;
  const recognised = input.recognised && !input.extraIsAnimal;
  return {
    modifiers: REACTION_MODIFIER_KEYS.filter((key) => keys.includes(key)),
    reputationModifier: recognised ? reputationReactionModifier(input.reputation) : 0,
  };
}
