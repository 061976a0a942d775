/**
 * The change keys GeneSys reads itself (the data model applies them, core leaves them alone: effects/active-effect.ts):
 * - `system.characteristics.<key>`: a characteristic before derivation, so skills and derived values follow (§1.3.2, A-11);
 * - `system.derived.<reflexes|resistance|speed>`: a derived value after the book's formula (§1.2.2);
 * - `genesys.skill.<key or id>`: a skill's grade, the skill named by its key (`system.key`, else its folded name) or id;
 * - `genesys.check` / `genesys.check.<characteristic>`: a modifier to every check, or to checks on that characteristic
 *   and on the skills resting on it (§1.7.1);
 * - `genesys.immunity`: the value names a cause of losing control the owner is immune to (§1.4, §3.1.6).
 */
import { LOSING_CONTROL_CAUSES, type LosingControlCause } from "../rules/advanced/losing-control.js";
import { CHARACTERISTICS, type CharacteristicKey } from "../rules/types.js";

export const DERIVED_KEYS = ["reflexes", "resistance", "speed"] as const;
export type DerivedKey = (typeof DERIVED_KEYS)[number];

export type EffectTarget =
  | { kind: "characteristic"; key: CharacteristicKey }
  | { kind: "derived"; key: DerivedKey }
  | { kind: "skill"; ref: string }
  | { kind: "check"; scope: CharacteristicKey | "all" }
  | { kind: "immunity" };

function isOneOf<T extends string>(value: string, list: readonly T[]): value is T {
  return (list as readonly string[]).includes(value);
}

/** What a change key aims at, or null for a key GeneSys does not handle (core applies those as usual). */
export function parseEffectKey(key: string): EffectTarget | null {
  const k = key.trim();
  const characteristic = /^system\.characteristics\.([a-z]+)$/.exec(k)?.[1];
  if (characteristic !== undefined) return isOneOf(characteristic, CHARACTERISTICS) ? { kind: "characteristic", key: characteristic } : null;
  const derived = /^system\.derived\.([a-z]+)$/.exec(k)?.[1];
  if (derived !== undefined) return isOneOf(derived, DERIVED_KEYS) ? { kind: "derived", key: derived } : null;
  const skill = /^genesys\.skill\.(.+)$/.exec(k)?.[1];
  if (skill !== undefined) return { kind: "skill", ref: skill };
  if (k === "genesys.check") return { kind: "check", scope: "all" };
  const scope = /^genesys\.check\.([a-z]+)$/.exec(k)?.[1];
  if (scope !== undefined) return isOneOf(scope, CHARACTERISTICS) ? { kind: "check", scope } : null;
  if (k === "genesys.immunity") return { kind: "immunity" };
  return null;
}

/** Whether core must leave this key to GeneSys (every key under `genesys.`, and the ones parseEffectKey knows). */
export function isGenesysKey(key: string): boolean {
  return key.trim().startsWith("genesys.") || parseEffectKey(key) !== null;
}

/** The cause an immunity change names, or null when the value names none. */
export function immunityCause(value: string): LosingControlCause | null {
  const v = value.trim();
  return isOneOf(v, LOSING_CONTROL_CAUSES) ? v : null;
}
