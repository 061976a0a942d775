/**
 * Claims on an attack card (issue 19): the bonuses a roll owes to its player's word alone, with nothing on the scene
 * or the tracker to check them against. They stay on the card as claims, and a Narrator may strike one: the roll then
 * counts without it and the row's outcome is worked out again (attack-card.ts, "strike"); restoring takes it back.
 * The dice and parts stay as rolled, so the card always shows what was claimed and what the Narrator struck.
 */
import { advantageBonus, type AdvantageKey, type RollKind } from "../rules/attack.js";
import type { RollPart } from "../effects/roll-parts.js";

/**
 * What a player may claim on their own word: an advantage row (§2.3.4) on either roll; outside a started combat, the
 * Focalizzazione on an attack (§2.2.4) and the Difesa and the dive on a defence (§2.2.1).
 */
export const CLAIM_KEYS = ["advantage", "focus", "defenceManeuver", "dive"] as const;
export type ClaimKey = (typeof CLAIM_KEYS)[number];

export const CLAIM_ROLLS: readonly RollKind[] = ["attack", "defence"];

export interface Claim {
  roll: RollKind;
  key: ClaimKey;
  /** What the claim adds to its roll: the whole part, or for an advantage the player's row beside a grapple's. */
  value: number;
  struck: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function isClaim(v: unknown): v is Claim {
  if (!isObject(v)) return false;
  const { roll, key, value, struck } = v;
  return (CLAIM_ROLLS as readonly unknown[]).includes(roll) && (CLAIM_KEYS as readonly unknown[]).includes(key)
    && typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 50 && typeof struck === "boolean";
}

/** A row's stored claims: absent on older cards and on a Narrator's own rolls. */
export function isClaims(v: unknown): v is Claim[] | undefined {
  return v === undefined || (Array.isArray(v) && v.length <= CLAIM_KEYS.length * CLAIM_ROLLS.length && v.every(isClaim));
}

/** What the struck claims took off one roll. */
export function struckValue(claims: readonly Claim[] | undefined, roll: RollKind): number {
  return (claims ?? []).filter((c) => c.roll === roll && c.struck).reduce((s, c) => s + c.value, 0);
}

/**
 * The claims of one roll, read from its parts: `advantages` are the rows the player named (a grapple's are the
 * hold's, not theirs), `unchecked` the parts that stood on their word because no tracker spoke. Only bonuses are claims.
 */
export function rollClaims(roll: RollKind, parts: readonly RollPart[], advantages: readonly AdvantageKey[], unchecked: readonly ClaimKey[]): Claim[] {
  const claims: Claim[] = [];
  const advantage = advantageBonus(advantages, roll);
  if (advantage > 0 && parts.some((p) => p.key === "advantage")) claims.push({ roll, key: "advantage", value: advantage, struck: false });
  for (const key of unchecked) {
    if (key === "advantage") continue;
    const value = parts.filter((p) => p.key === key).reduce((s, p) => s + p.value, 0);
    if (value > 0) claims.push({ roll, key, value, struck: false });
  }
  return claims;
}
