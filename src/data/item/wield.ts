/** What a weapon mode does in a given wielder's hands, asked of the rules (§2.4.1). */
import { weaponShortfallPenalty } from "../../rules/attack.js";
import type { RulesOptions } from "../../rules/options.js";
import type { DamageType } from "../../rules/types.js";
import { DEFAULT_THROWN_RANGE, UNARMED, damageRange, formatDamage, halfDamageDistance, unarmedDamageRange, weaponRange, type DamageSpec } from "../../rules/weapons.js";
import { resolveOption } from "../../rules/options.js";

/** The stored shape of a damage field (see fields.ts damageField). */
export type DamageFieldValue = { dice: number; faces: number; strength: boolean; flat: number; type: DamageType };

export type WieldedWeapon = {
  /** §2.4.1 −2 per point of Forza below FM. */
  attackPenalty: number;
  damage: { book: string; formula: string; min: number; max: number; type: DamageType };
  /** Gittata in metres; null for melee reach. */
  range: number | null;
  /** Past this distance damage is halved; null for melee and explosive weapons. */
  halfDamageFrom: number | null;
};

type ModeInput = { key: string; minStrength: number; range: { kind: "reach" | "metres" | "strength" | "unprinted"; value: number }; damage: DamageFieldValue };

/** The book's notation keeps Forza inside the brackets: a stored flat amount is its modifier when Forza is added. */
export function toDamageSpec(d: DamageFieldValue): DamageSpec {
  return { dice: d.dice, faces: d.faces as DamageSpec["faces"], strengthBonus: d.strength ? d.flat : null, flat: d.strength ? 0 : d.flat, type: d.type };
}

/** Gittata in metres for these hands; null when the weapon only reaches adjacent targets. */
function modeRange(range: ModeInput["range"], strength: number, options: Partial<RulesOptions>): number | null {
  switch (range.kind) {
    case "reach":
      return null;
    case "metres":
      return weaponRange({ metres: range.value }, strength);
    case "strength":
      return weaponRange({ strengthMultiple: range.value }, strength);
    case "unprinted":
      return resolveOption(options, "thrownSpearRangeFromStrength") ? weaponRange(DEFAULT_THROWN_RANGE, strength) : null;
  }
}

export function wieldWeapon(mode: ModeInput, strength: number, explosive: boolean, options: Partial<RulesOptions>): WieldedWeapon {
  if (mode.key === "unarmed") {
    return {
      attackPenalty: 0,
      damage: { book: UNARMED.book, formula: UNARMED.foundry, ...unarmedDamageRange(strength), type: UNARMED.type },
      range: null,
      halfDamageFrom: null,
    };
  }
  const spec = toDamageSpec(mode.damage);
  const text = formatDamage(spec);
  const { min, max } = damageRange(spec, strength);
  const range = modeRange(mode.range, strength, options);
  return {
    attackPenalty: weaponShortfallPenalty(strength, mode.minStrength),
    damage: { book: text.book, formula: text.foundry, min, max, type: spec.type },
    range,
    halfDamageFrom: range === null || explosive ? null : halfDamageDistance(range),
  };
}
