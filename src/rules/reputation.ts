import { int } from "./errors.js";

/** §1.6 valid range of Fama. */
export const FAME_MIN = 0;
export const FAME_MAX = 12;
/** §1.6 valid range of Reputazione. */
export const REPUTATION_MIN = -20;
export const REPUTATION_MAX = 20;

/** A row of a §1.6 interpretation table: inclusive bounds. */
export interface ScoreBand<K extends string> {
  key: K;
  min: number;
  max: number;
}

/** §1.6 Fame table keys, least to most famous. */
export const FAME_BAND_KEYS = ["almostUnknown", "scarcelyFamous", "famous", "veryFamous"] as const;
export type FameBandKey = (typeof FAME_BAND_KEYS)[number];

/** §1.6 Reputation table keys, worst to best. */
export const REPUTATION_BAND_KEYS = ["monster", "criminal", "braggart", "ordinary", "goodPerson", "hero", "greatHero"] as const;
export type ReputationBandKey = (typeof REPUTATION_BAND_KEYS)[number];

/** §1.6 Fame table: 0–3 almost unknown, 4–6 scarcely famous, 7–9 famous, 10–12 very famous. */
export const FAME_BANDS: readonly Readonly<ScoreBand<FameBandKey>>[] = Object.freeze([
  Object.freeze({ key: "almostUnknown", min: 0, max: 3 }),
  Object.freeze({ key: "scarcelyFamous", min: 4, max: 6 }),
  Object.freeze({ key: "famous", min: 7, max: 9 }),
  Object.freeze({ key: "veryFamous", min: 10, max: 12 }),
] as const);

/** §1.6 Reputation table, from monster (−20…−15) to great hero / saint (15…20). */
export const REPUTATION_BANDS: readonly Readonly<ScoreBand<ReputationBandKey>>[] = Object.freeze([
  Object.freeze({ key: "monster", min: -20, max: -15 }),
  Object.freeze({ key: "criminal", min: -14, max: -10 }),
  Object.freeze({ key: "braggart", min: -9, max: -5 }),
  Object.freeze({ key: "ordinary", min: -4, max: 4 }),
  Object.freeze({ key: "goodPerson", min: 5, max: 9 }),
  Object.freeze({ key: "hero", min: 10, max: 14 }),
  Object.freeze({ key: "greatHero", min: 15, max: 20 }),
] as const);

function bandOf<K extends string>(bands: readonly Readonly<ScoreBand<K>>[], value: number): K {
  const band = bands.find((b) => value >= b.min && value <= b.max);
  // The bands tile the validated range with no gap, so a miss is a bug in the tables, not bad input.
  if (band === undefined) throw new Error(`no band for ${String(value)}`);
  return band.key;
}

/** §1.6 Fama, checked to lie in 0–12. */
export function checkFame(fame: number): number {
  return int("fame", fame, FAME_MIN, FAME_MAX);
}

/** §1.6 Reputazione, checked to lie in −20…20. */
export function checkReputation(reputation: number): number {
  return int("reputation", reputation, REPUTATION_MIN, REPUTATION_MAX);
}

/** §1.6 how the Fame table reads a Fama score. */
export function fameBand(fame: number): FameBandKey {
  return bandOf(FAME_BANDS, checkFame(fame));
}

/** §1.6 how the Reputation table reads a Reputazione score. */
export function reputationBand(reputation: number): ReputationBandKey {
  return bandOf(REPUTATION_BANDS, checkReputation(reputation));
}

/** §1.6 a Narrator's change to Fama (only he changes it; deeds never do by themselves), kept within 0–12. */
export function adjustFame(fame: number, delta: number): number {
  const next = checkFame(fame) + int("delta", delta);
  return Math.min(FAME_MAX, Math.max(FAME_MIN, next));
}

/** §1.6 a Narrator's change to Reputazione, kept within −20…20. */
export function adjustReputation(reputation: number, delta: number): number {
  const next = checkReputation(reputation) + int("delta", delta);
  return Math.min(REPUTATION_MAX, Math.max(REPUTATION_MIN, next));
}
