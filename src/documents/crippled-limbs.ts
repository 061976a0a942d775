/**
 * §3.2.5 crippled limbs on an actor's record (`system.crippledLimbs`, a gmOnlyField): the Narrator's client adds one
 * with the hit that cripples it (actor.ts startDamage), the hit's Undo takes it back, and once the counters are back
 * where they stood before the hit the limb has mended and its entry goes. Speed and the weapons follow from the
 * record (data/actor/person.ts, attack/attack-roll.ts); the token's statuses show it (config/statuses.ts).
 */
import { LIMBS_PER_KIND, limbStillCrippled } from "../rules/crippled-limbs.js";
import type { Limb } from "../rules/attack.js";
import type { DamageCounters } from "../rules/types.js";

export type CrippledEntry = { limb: Limb; recordId: string; wounds: number; fatigue: number };

const still = (now: DamageCounters) => (e: CrippledEntry): boolean => limbStillCrippled({ limb: e.limb, before: { wounds: e.wounds, fatigue: e.fatigue } }, now);

/**
 * The record after a hit that cripples `limb`: the mended entries dropped, this one added with the counters before
 * the hit, unless both of that kind are crippled already (a third leg is not there to break).
 */
export function crippledAfterHit(entries: readonly CrippledEntry[], limb: Limb, before: DamageCounters, after: DamageCounters, recordId: string | undefined): CrippledEntry[] {
  const kept = entries.filter(still(after));
  if (kept.filter((e) => e.limb === limb).length >= LIMBS_PER_KIND) return kept;
  return [...kept, { limb, recordId: recordId ?? "", wounds: before.wounds, fatigue: before.fatigue }];
}

/** The record once a recorded hit is undone: its own entry gone, whatever else stands. Null when it holds none. */
export function crippledAfterUndo(entries: readonly CrippledEntry[], recordId: string): CrippledEntry[] | null {
  const kept = entries.filter((e) => e.recordId !== recordId);
  return kept.length === entries.length ? null : kept;
}

/** The record with the mended limbs gone; null when nothing has mended. */
export function crippledAfterHealing(entries: readonly CrippledEntry[], now: DamageCounters): CrippledEntry[] | null {
  const kept = entries.filter(still(now));
  return kept.length === entries.length ? null : kept;
}
