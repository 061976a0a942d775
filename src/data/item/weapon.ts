/** Armi (§2.4): one or more modes (one-handed, two-handed, thrown…), each with its own Dn, FM, C, P and Gt. */
import type { EmptyObject } from "fvtt-types/utils";
import type { RulesOptions } from "../../rules/options.js";
import { damageField, htmlField, approvalsField, intField, optionalIntField, realField } from "../fields.js";
import { wieldWeapon, type DamageFieldValue, type WieldedWeapon } from "./wield.js";

const fields = foundry.data.fields;

/** "unarmed" follows §2.3.7 (FOR − 1D6 trauma, never below 0) whatever its damage field says. */
export const WEAPON_MODE_KEYS = ["melee", "oneHanded", "twoHanded", "thrown", "ranged", "unarmed"] as const;
export type WeaponModeKey = (typeof WEAPON_MODE_KEYS)[number];
/**
 * §2.4.1 Gittata: none (melee reach), fixed metres, a multiple of the attacker's Forza (thrown), or "unprinted":
 * a thrown mode the book prints without Gt (the spear), which A-06 reads as FOR × 2 when that setting is on.
 */
export const RANGE_KINDS = ["reach", "metres", "strength", "unprinted"] as const;

export function weaponModeField() {
  return new fields.SchemaField({
    key: new fields.StringField({ required: true, choices: [...WEAPON_MODE_KEYS], initial: "melee" }),
    /** Skill slug for this mode when it differs from the weapon's (a knife thrown uses "lancio"); blank = the weapon's. */
    skill: new fields.StringField({ required: true, blank: true, initial: "" }),
    damage: damageField({ dice: 1, faces: 6, strength: true, flat: 0 }),
    minStrength: intField(0, 0, 30),
    /** C: rounds in a full magazine; null for weapons without one. */
    magazine: optionalIntField(1, 1_000),
    /** P: Preparation maneuvers before attacking, or to reload a magazine weapon. */
    preparation: intField(0, 0, 20),
    range: new fields.SchemaField({
      kind: new fields.StringField({ required: true, choices: [...RANGE_KINDS], initial: "reach" }),
      /** Metres, or the Forza multiple. */
      value: realField(0, 100_000),
    }),
    /** §3.2.3 attack rolls allowed in one maneuver. */
    multiAttack: intField(1, 1, 100),
  });
}

const DEFAULT_MODE = {
  key: "melee" as const,
  skill: "",
  damage: { dice: 1, faces: 6, strength: true, flat: 0, type: "wounding" as const },
  minStrength: 0,
  magazine: null,
  preparation: 0,
  range: { kind: "reach" as const, value: 0 },
  multiAttack: 1,
};

export function weaponSchema() {
  return {
    /** Slug of the skill the attack rolls use (see SkillModel.slug). */
    skill: new fields.StringField({ required: true, blank: true, initial: "" }),
    // A new weapon starts with one melee mode, 1D6+[FOR] / F, so it can attack at once.
    modes: new fields.ArrayField(weaponModeField(), { required: true, min: 1, initial: () => [DEFAULT_MODE] }),
    /** Index of the mode in use. */
    mode: intField(0, 0, 20),
    /** Rounds left in the magazine; null for weapons without one. */
    rounds: optionalIntField(0, 1_000),
    /** §2.1.1 some weapons slow their wielder: a modifier to Riflessi (setting modules give values). */
    reflexesModifier: intField(0, -10, 10),
    /** §3.2.6 explodes on impact: blast damage, no half damage at long range. */
    explosive: new fields.BooleanField({ initial: false }),
    /** Drawn and loaded: only a ready weapon can attack (§2.3.1). */
    ready: new fields.BooleanField({ initial: false }),
    weight: realField(0, 10_000),
    description: htmlField(),
    approvals: approvalsField(),
  };
}
export type WeaponSchema = ReturnType<typeof weaponSchema>;

export type WeaponMode = { key: WeaponModeKey; skill: string; minStrength: number; magazine: number | null; preparation: number; range: { kind: (typeof RANGE_KINDS)[number]; value: number }; multiAttack: number; damage: DamageFieldValue };

export type WeaponDerived = {
  /** The mode in use (the first one when the stored index is out of range). */
  active: WeaponMode | null;
  /** Skill slug the active mode rolls with. */
  skillSlug: string;
  /** Filled in by the owning actor: what this weapon does in these hands. */
  wielded: WieldedWeapon | null;
};

export class WeaponModel extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation, EmptyObject, WeaponDerived> {
  static override LOCALIZATION_PREFIXES = ["GENESYS.Item.Weapon"];

  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }

  override prepareDerivedData(): void {
    this.active = this.modes[this.mode] ?? this.modes[0] ?? null;
    this.skillSlug = this.active?.skill || this.skill;
    this.wielded = null;
  }

  /** Called by the owning actor with its Forza: FM shortfall, damage formula and range for these hands. */
  applyActor(strength: number, options: Partial<RulesOptions>): WieldedWeapon | null {
    this.wielded = this.active ? wieldWeapon(this.active, strength, this.explosive, options) : null;
    return this.wielded;
  }
}
