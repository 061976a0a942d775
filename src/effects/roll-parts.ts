/**
 * Effects and statuses as parts of an attack or defence roll. §2.3.1/§2.3.3 treat both as checks on the skill used, so
 * a check modifier (`genesys.check`, `genesys.check.<the skill's characteristic>`) and the fever's −5 (§3.3.3) count
 * there as on any check (§1.7.1); no effect key singles out attack or defence rolls.
 */
import type { ModifierPart } from "../rules/attack.js";
import { partLabel } from "./check-effects.js";
import type { SourcedPart } from "./effect-math.js";

/** The key every effect's part carries on a card; its `label` (and `i18n` for the system's own sources) names it. */
export const EFFECT_PART_KEY = "effect";

/** A roll's modifier: the rules' own (key only), or an effect's with its source. */
export type RollPart = ModifierPart & { label?: string; i18n?: string };

/** The effects' parts as roll modifiers, zero ones left out (the rules' breakdowns list only non-zero parts). */
export function effectRollParts(parts: readonly SourcedPart[]): RollPart[] {
  return parts.filter((p) => p.value !== 0).map((p) => ({ key: EFFECT_PART_KEY, value: p.value, label: p.label, ...(p.i18n === undefined ? {} : { i18n: p.i18n }) }));
}

/** A roll part's line label: an effect's source, else the rules' key worded under `prefix`. */
export function rollPartLabel(part: RollPart, prefix: string, localize: (key: string) => string): string {
  if (part.key !== EFFECT_PART_KEY || typeof part.label !== "string") return localize(`${prefix}.${part.key}`);
  return partLabel(typeof part.i18n === "string" ? { label: part.label, value: part.value, i18n: part.i18n } : { label: part.label, value: part.value }, localize);
}
