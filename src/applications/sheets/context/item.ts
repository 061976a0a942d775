/**
 * Context for the item sheet: one section per item type. Values are the stored ones for editing, plus what the
 * data model derived (a skill's grade, a weapon in its owner's hands) when the item belongs to an actor.
 */
import { itemEffectRows, type EffectsListContext } from "./effects.js";
import { ARMOUR_COVERAGE, ArmorModel, BODY_AREAS } from "../../../data/item/armor.js";
import { GearModel } from "../../../data/item/gear.js";
import { SkillModel } from "../../../data/item/skill.js";
import { inCreation } from "../../../data/actor/creation.js";
import { TraitModel } from "../../../data/item/trait.js";
import { RANGE_KINDS, WEAPON_MODE_KEYS, WeaponModel } from "../../../data/item/weapon.js";
import { toDamageSpec } from "../../../data/item/wield.js";
import { LOSING_CONTROL_CAUSES } from "../../../rules/advanced/losing-control.js";
import { DAMAGE_TYPES } from "../../../rules/types.js";
import { DAMAGE_FACES, formatDamage, UNARMED } from "../../../rules/weapons.js";
import { characteristicOptions, gradeBreakdownText, kg, selectOptions, setOptions, signed, type SelectOption, type SheetEnv, type SheetHeader } from "./shared.js";

export interface SkillSection {
  characteristics: SelectOption[];
  bought: number;
  earned: number;
  increment: number;
  related: boolean;
  slug: string;
  grade: number | null;
  breakdown: string;
  /** §1.3.3 the owner finished creation and this viewer is a player: allocated grades are the Narrator's. */
  boughtLocked: boolean;
  /** §1.3.3 the owner is in creation and this viewer is a player: earned grades wait for play (§1.8). */
  earnedLocked: boolean;
}

export interface WeaponModeSection {
  index: number;
  prefix: string;
  active: boolean;
  keys: SelectOption[];
  label: string;
  /** This mode's own skill (blank = the weapon's): options among the owner's skills, or the slug as text. */
  skill: string;
  skillOptions: SelectOption[];
  book: string;
  dice: number;
  faces: SelectOption[];
  strength: boolean;
  flat: number;
  types: SelectOption[];
  minStrength: number;
  magazine: number | null;
  preparation: number;
  rangeKinds: SelectOption[];
  rangeValue: number;
  multiAttack: number;
}

export interface WeaponSection {
  /** Owned weapons pick among the owner's skills; others take the skill's slug as text. */
  owned: boolean;
  skill: string;
  skillOptions: SelectOption[];
  modes: WeaponModeSection[];
  canRemoveMode: boolean;
  rounds: number | null;
  reflexesModifier: number;
  explosive: boolean;
  ready: boolean;
  weight: number;
  /** What the active mode does in the owner's hands (null when unowned). */
  wielded: { damage: string; range: string; halfDamageFrom: number | null; attackPenalty: string; formula: string } | null;
}

export interface ArmourSection {
  defence: number;
  minStrength: number;
  coverage: SelectOption[];
  byAreas: boolean;
  areas: SelectOption[];
  bypassPenalties: SelectOption[];
  worn: boolean;
  weight: number;
}

export interface GearSection {
  quantity: number;
  weight: number;
  totalWeight: string;
  checkBonus: number;
  bonusApplies: string;
  /** §3.1.5 the FOR minima the Narrator gives a bulky object (it counts only with the world setting on). */
  minStrength: number;
}

export interface TraitSection {
  immunities: SelectOption[];
}

export interface ItemSheetData {
  header: SheetHeader;
  /** The item's Active Effects, which transfer to its owner (context/effects.ts). */
  effectsList: EffectsListContext;
  editable: boolean;
  owner: string | null;
  skill: SkillSection | null;
  weapon: WeaponSection | null;
  armor: ArmourSection | null;
  gear: GearSection | null;
  trait: TraitSection | null;
  description: { source: string; enriched: string };
}

export interface ItemSheetInput {
  item: Item.Implementation;
  env: SheetEnv;
  enrichedDescription: string;
}

function skillSection(item: Item.Implementation, sys: SkillModel, env: SheetEnv): SkillSection {
  const b = sys.breakdown;
  return {
    characteristics: characteristicOptions(sys.characteristic, env),
    bought: sys.bought,
    earned: sys.earned,
    increment: sys.increment,
    related: sys.related,
    slug: sys.slug,
    grade: sys.grade,
    breakdown: b ? gradeBreakdownText(b, env) : env.localize("GENESYS.Sheet.Skill.Unowned"),
    boughtLocked: !env.isGM && inCreation(item.actor) === false,
    earnedLocked: !env.isGM && inCreation(item.actor) === true,
  };
}

function weaponSection(item: Item.Implementation, sys: WeaponModel, env: SheetEnv): WeaponSection {
  const activeIndex = sys.modes[sys.mode] ? sys.mode : 0;
  const owned: { slug: string; name: string }[] = [];
  for (const i of item.actor?.items ?? []) if (i.system instanceof SkillModel) owned.push({ slug: i.system.slug, name: i.name });
  owned.sort((a, b) => a.name.localeCompare(b.name));
  const skillOptions = (chosen: string, blank: string): SelectOption[] => {
    const options = owned.map((o) => ({ value: o.slug, label: o.name, selected: o.slug === chosen }));
    if (chosen && !options.some((o) => o.selected)) options.push({ value: chosen, label: chosen, selected: true });
    return [{ value: "", label: blank, selected: chosen === "" }, ...options];
  };
  const w = sys.wielded;
  return {
    owned: item.actor !== null,
    skill: sys.skill,
    skillOptions: skillOptions(sys.skill, "—"),
    modes: sys.modes.map((m, index) => ({
      index,
      prefix: `system.modes.${String(index)}`,
      active: index === activeIndex,
      keys: selectOptions(WEAPON_MODE_KEYS, m.key, "GENESYS.WeaponMode", env),
      label: env.localize(`GENESYS.WeaponMode.${m.key}`),
      skill: m.skill,
      skillOptions: skillOptions(m.skill, env.localize("GENESYS.Sheet.Weapon.SameSkill")),
      book: m.key === "unarmed" ? UNARMED.book : formatDamage(toDamageSpec(m.damage)).book,
      dice: m.damage.dice,
      faces: DAMAGE_FACES.map((f) => ({ value: String(f), label: `D${String(f)}`, selected: f === m.damage.faces })),
      strength: m.damage.strength,
      flat: m.damage.flat,
      types: selectOptions(DAMAGE_TYPES, m.damage.type, "GENESYS.DamageType", env),
      minStrength: m.minStrength,
      magazine: m.magazine,
      preparation: m.preparation,
      rangeKinds: selectOptions(RANGE_KINDS, m.range.kind, "GENESYS.RangeKind", env),
      rangeValue: m.range.value,
      multiAttack: m.multiAttack,
    })),
    canRemoveMode: sys.modes.length > 1,
    rounds: sys.rounds,
    reflexesModifier: sys.reflexesModifier,
    explosive: sys.explosive,
    ready: sys.ready,
    weight: sys.weight,
    wielded: w
      ? {
          damage: `${w.damage.book} (${String(w.damage.min)}–${String(w.damage.max)})`,
          range: w.range === null ? env.localize("GENESYS.Sheet.Weapon.Reach") : `${String(w.range)} m`,
          halfDamageFrom: w.halfDamageFrom,
          attackPenalty: signed(w.attackPenalty),
          formula: w.damage.formula,
        }
      : null,
  };
}

const BYPASS_PENALTIES = [-2, -3, -4, -5, -6] as const;

function armourSection(sys: ArmorModel, env: SheetEnv): ArmourSection {
  return {
    defence: sys.defence,
    minStrength: sys.minStrength,
    coverage: selectOptions(ARMOUR_COVERAGE, sys.coverage, "GENESYS.Coverage", env),
    byAreas: sys.coverage === "areas",
    areas: setOptions(BODY_AREAS, sys.areas, "GENESYS.BodyArea", env),
    bypassPenalties: [
      { value: "", label: env.localize("GENESYS.Sheet.Armour.NoGap"), selected: sys.bypassPenalty === null },
      ...BYPASS_PENALTIES.map((p) => ({ value: String(p), label: signed(p), selected: p === sys.bypassPenalty })),
    ],
    worn: sys.worn,
    weight: sys.weight,
  };
}

/** Everything the item sheet's templates read. */
export function buildItemContext({ item, env, enrichedDescription }: ItemSheetInput): ItemSheetData {
  const sys = item.system;
  const description = sys instanceof SkillModel || sys instanceof WeaponModel || sys instanceof ArmorModel || sys instanceof GearModel || sys instanceof TraitModel ? sys.description : "";
  return {
    effectsList: { rows: itemEffectRows(item, env, env.isGM), editable: env.editable },
    header: {
      name: item.name,
      img: item.img ?? "icons/svg/item-bag.svg",
      typeLabel: env.localize(`TYPES.Item.${item.type}`),
      stats: item.actor ? [{ key: "owner", label: env.localize("GENESYS.Sheet.Item.Owner"), value: item.actor.name }] : [],
    },
    editable: env.editable,
    owner: item.actor?.name ?? null,
    skill: sys instanceof SkillModel ? skillSection(item, sys, env) : null,
    weapon: sys instanceof WeaponModel ? weaponSection(item, sys, env) : null,
    armor: sys instanceof ArmorModel ? armourSection(sys, env) : null,
    gear: sys instanceof GearModel ? { quantity: sys.quantity, weight: sys.weight, totalWeight: kg(sys.totalWeight), checkBonus: sys.checkBonus, bonusApplies: sys.bonusApplies, minStrength: sys.minStrength } : null,
    trait: sys instanceof TraitModel ? { immunities: setOptions(LOSING_CONTROL_CAUSES, sys.immunities, "GENESYS.LosingControlCause", env) } : null,
    description: { source: description, enriched: enrichedDescription },
  };
}
