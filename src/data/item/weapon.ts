/** Armi (§2.4): one or more modes (one-handed, two-handed, thrown…), each with its own Dn, FM, C, P and Gt. */
import type { EmptyObject } from "fvtt-types/utils";
import type { RulesOptions } from "../../rules/options.js";
import { damageField, htmlField, approvalsField, intField, optionalIntField, realField } from "../fields.js";
import { wieldWeapon, type DamageFieldValue, type WieldedWeapon } from "./wield.js";
import { ownerOf, same } from "../remembered.js";

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
    const mode = this.active;
    if (!mode) {
      this.wielded = null;
      return null;
    }
    const item = ownerOf(this);
    const last = item === null ? undefined : remembered.get(item);
    if (last !== undefined && wieldedFrom(last, mode, strength, this.explosive, options)) {
      this.wielded = last.wielded;
      return last.wielded;
    }
    const wielded = wieldWeapon(mode, strength, this.explosive, options);
    if (item !== null) remember(item, last, mode, strength, this.explosive, options, wielded);
    this.wielded = wielded;
    return wielded;
  }
}

/**
 * A wielding with what wieldWeapon read to make it and a copy of what it held then: the mode's values, the wielder's
 * Forza, and the options object with the one option wieldWeapon reads of it (a thrown mode printed without Gittata,
 * A-06; the world's options object is replaced, not changed, when a setting changes). An option wieldWeapon comes to
 * read must be added here.
 */
type WieldingMade = {
  key: string; minStrength: number; rangeKind: string; rangeValue: number; dice: number; faces: number; withStrength: boolean; flat: number; type: string;
  strength: number; explosive: boolean; options: Partial<RulesOptions>; spear: unknown; wielded: WieldedWeapon; as: WieldedWeapon;
};

/** Each weapon's last wielding, by its item: handed out again for the same inputs, as SkillModel does its breakdown. */
const remembered = new WeakMap<object, WieldingMade>();

/** Keeps a new wielding for the item, in the record it had if any (a changed weapon then costs no new memory). */
function remember(item: object, last: WieldingMade | undefined, mode: WeaponMode, strength: number, explosive: boolean, options: Partial<RulesOptions>, w: WieldedWeapon): void {
  const m = last ?? emptyMade(w);
  const d = mode.damage;
  m.key = mode.key;
  m.minStrength = mode.minStrength;
  m.rangeKind = mode.range.kind;
  m.rangeValue = mode.range.value;
  m.dice = d.dice;
  m.faces = d.faces;
  m.withStrength = d.strength;
  m.flat = d.flat;
  m.type = d.type;
  m.strength = strength;
  m.explosive = explosive;
  m.options = options;
  m.spear = options.thrownSpearRangeFromStrength;
  m.wielded = w;
  // The record's own copy, refilled field by field.
  const a = m.as;
  a.attackPenalty = w.attackPenalty;
  a.range = w.range;
  a.halfDamageFrom = w.halfDamageFrom;
  const ad = a.damage;
  ad.book = w.damage.book;
  ad.formula = w.damage.formula;
  ad.min = w.damage.min;
  ad.max = w.damage.max;
  ad.type = w.damage.type;
  if (last === undefined) remembered.set(item, m);
}

/** A record of the right shape, filled in by remember. */
function emptyMade(w: WieldedWeapon): WieldingMade {
  return {
    key: "", minStrength: 0, rangeKind: "", rangeValue: 0, dice: 0, faces: 0, withStrength: false, flat: 0, type: "", strength: 0, explosive: false, options: {}, spear: undefined,
    wielded: w, as: { attackPenalty: 0, damage: { book: "", formula: "", min: 0, max: 0, type: w.damage.type }, range: null, halfDamageFrom: null },
  };
}

/** Whether `m` came from these inputs (the same options object, unchanged) and still holds what it was made with. */
function wieldedFrom(m: WieldingMade, mode: WeaponMode, strength: number, explosive: boolean, options: Partial<RulesOptions>): boolean {
  const d = mode.damage;
  const inputsSame =
    m.key === mode.key && same(m.minStrength, mode.minStrength) && m.rangeKind === mode.range.kind && same(m.rangeValue, mode.range.value) &&
    same(m.dice, d.dice) && same(m.faces, d.faces) && m.withStrength === d.strength && same(m.flat, d.flat) && m.type === d.type &&
    same(m.strength, strength) && m.explosive === explosive && m.options === options && m.spear === options.thrownSpearRangeFromStrength;
  if (!inputsSame) return false;
  const w = m.wielded;
  const a = m.as;
  return same(w.attackPenalty, a.attackPenalty) && same(w.range, a.range) && same(w.halfDamageFrom, a.halfDamageFrom) &&
    w.damage.book === a.damage.book && w.damage.formula === a.damage.formula && same(w.damage.min, a.damage.min) && same(w.damage.max, a.damage.max) && w.damage.type === a.damage.type;
}
