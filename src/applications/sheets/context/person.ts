/**
 * Context for the Protagonista / Comparsa sheet, built from the prepared actor. Every number is read from the data
 * model (which asked src/rules) or asked of src/rules here; the template only lays it out.
 */
import { mayType, type LockState } from "../protected-inputs.js";
import { freeEditing } from "../../../authority/protected-edit-request.js";
import type { CharacterModel } from "../../../data/actor/character.js";
import { inCreation } from "../../../data/actor/creation.js";
import type { NpcModel } from "../../../data/actor/npc.js";
import { ArmorModel } from "../../../data/item/armor.js";
import { GearModel } from "../../../data/item/gear.js";
import { SkillModel } from "../../../data/item/skill.js";
import { TraitModel } from "../../../data/item/trait.js";
import { WeaponModel } from "../../../data/item/weapon.js";
import { encumbranceLevel, LIFTING_MODES } from "../../../rules/advanced/encumbrance.js";
import { partLabel } from "../../../effects/check-effects.js";
import type { SourcedPart } from "../../../effects/effect-math.js";
import { actorEffectRows, type EffectsListContext } from "./effects.js";
import { CHARACTERISTICS, type CharacteristicKey } from "../../../rules/types.js";
import { buildCreationContext, type CreationContext } from "./creation.js";
import { slugAsName } from "../../../format/skill-slug.js";
import { bySort, characteristicLabel, freeEditHeader, gradeBreakdownText, healthContext, itemRowBase, kg, signed, type HealthContext, type ItemRowBase, type SheetEnv, type SheetHeader } from "./shared.js";

export type PersonSystem = CharacterModel | NpcModel;

export interface CharacteristicBox {
  key: CharacteristicKey;
  label: string;
  /** Stored score (what the player edits). */
  value: number;
  /** Score used by rolls (Destrezza lowered by heavy armour). */
  effective: number;
  reduced: boolean;
  name: string;
  /** Where the score used differs from the stored one: "Anello di forza +1, Armatura (Corazza) −2". */
  sources: string;
  /** §1.3.3 a player's Protagonista finished creation: the scores are the Narrator's to change (data/actor/creation.ts). */
  locked: boolean;
}

export interface DerivedBox {
  key: "reflexes" | "resistance" | "speed";
  label: string;
  value: number;
  /** What the book's formula gives, shown when the Narrator fixed another value. */
  formula: number;
  overridden: boolean;
  override: number | null;
  overrideName: string;
  hint: string;
  /** What moved the value from the book's formula (effects, armour, load), one source each. */
  sources: string;
  /** Only the Narrator types an override (documents/derived-overrides.ts). */
  overrideLocked: boolean;
}

export interface SkillRow extends ItemRowBase {
  grade: number | null;
  base: number;
  bought: number;
  earned: number;
  armourPenalty: number;
  increment: number;
  related: boolean;
  breakdown: string;
}

export interface SkillGroup {
  key: CharacteristicKey;
  label: string;
  value: number;
  skills: SkillRow[];
}

export interface WeaponModeChip {
  index: number;
  label: string;
  active: boolean;
}

export interface WeaponRow extends ItemRowBase {
  ready: boolean;
  modes: WeaponModeChip[];
  multipleModes: boolean;
  damage: string;
  damageRange: string;
  formula: string;
  range: string;
  halfDamageFrom: number | null;
  attackPenalty: number;
  attackPenaltyText: string;
  skillName: string;
  skillGrade: number | null;
  skillId: string | null;
  /** The row's main button: attack with this weapon (its tooltip names the weapon). */
  attackLabel: string;
  /** The secondary icon: a plain check of the weapon's skill, no attack. */
  checkLabel: string;
  rounds: number | null;
  magazine: number | null;
  /** The reload button's words, while the magazine is not full; null otherwise. */
  reloadLabel: string | null;
}

export interface ArmourRow extends ItemRowBase {
  worn: boolean;
  defence: number;
  minStrength: number;
  coverage: string;
  weight: number;
}

export interface GearRow extends ItemRowBase {
  quantity: number;
  weight: number;
  totalWeight: string;
  checkBonus: string;
  bonusApplies: string;
}

export interface TraitRow extends ItemRowBase {
  immunities: string;
}

export interface PersonSheetData {
  header: SheetHeader;
  effectsList: EffectsListContext;
  isNpc: boolean;
  isGM: boolean;
  editable: boolean;
  limited: boolean;
  characteristics: CharacteristicBox[];
  derived: DerivedBox[];
  health: HealthContext;
  armour: { defence: number; minStrength: number; shortfall: number; names: string; hindered: boolean; summary: string };
  fame: { value: number; band: string };
  reputation: { value: number; band: string };
  deprivation: { hoursAwake: number; daysWithoutFood: number; hoursWithoutWater: number };
  skillGroups: SkillGroup[];
  hasSkills: boolean;
  weapons: WeaponRow[];
  armours: ArmourRow[];
  gear: GearRow[];
  traits: TraitRow[];
  inventory: { totalWeight: string; level: string; levelKey: string; capacities: { key: string; label: string; kg: string; exceeded: boolean }[] };
  biography: { source: string; enriched: string };
  /** Only present for the Narrator (npc sheets). */
  gmNotes: { source: string; enriched: string } | null;
  /** §1.3.3 creation mode of a Protagonista; null for a Comparsa. */
  creation: CreationContext | null;
}

export interface PersonSheetInput {
  actor: Actor.Implementation;
  system: PersonSystem;
  env: SheetEnv;
  enriched: { biography: string; gmNotes: string | null };
}

/** What the viewer may type here (sheets/protected-inputs.ts, which also closes the inputs on render). */
function lockState(actor: Actor.Implementation, system: PersonSystem, env: SheetEnv): LockState {
  return { isGM: env.isGM, freeEdit: freeEditing(actor), inCreation: inCreation(actor) === true };
}

function characteristicBoxes(actor: Actor.Implementation, system: PersonSystem, env: SheetEnv): CharacteristicBox[] {
  const locked = !mayType("Actor", actor.type, "characteristics.strength", lockState(actor, system, env));
  return CHARACTERISTICS.map((key) => ({
    key,
    label: characteristicLabel(key, env),
    value: system.characteristics[key],
    effective: system.effective[key],
    reduced: system.effective[key] !== system.characteristics[key],
    name: `system.characteristics.${key}`,
    sources: sourcesText(system.sources.characteristics[key], env),
    locked,
  }));
}

function derivedBoxes(actor: Actor.Implementation, system: PersonSystem, env: SheetEnv): DerivedBox[] {
  const overrideLocked = !mayType("Actor", actor.type, "overrides.reflexes", lockState(actor, system, env));
  const formula = system.formula;
  return (["reflexes", "resistance", "speed"] as const).map((key) => {
    const override = system.overrides[key];
    const overridden = override !== null;
    return {
      key,
      label: env.localize(`GENESYS.Derived.${key}`),
      value: system.derived[key],
      formula: formula[key],
      overridden,
      override,
      overrideName: `system.overrides.${key}`,
      hint: overridden
        ? env.format("GENESYS.Sheet.Derived.Overridden", { formula: String(formula[key]) })
        : env.localize(`GENESYS.Sheet.Derived.Formula.${key}`),
      sources: sourcesText(system.sources.derived[key], env),
      overrideLocked,
    };
  });
}

/** The parts of a number as one line, each with its source (the system's own sources worded by their key). */
function sourcesText(parts: readonly SourcedPart[], env: SheetEnv): string {
  return parts.map((p) => `${partLabel(p, (k) => env.localize(k))} ${signed(p.value)}`).join(", ");
}

function skillRow(item: Item.Implementation, sys: SkillModel, env: SheetEnv): SkillRow {
  const b = sys.breakdown;
  return {
    ...itemRowBase(item),
    grade: sys.grade,
    base: b?.base ?? 0,
    bought: b?.bought ?? sys.bought,
    earned: b?.earned ?? sys.earned,
    armourPenalty: b?.armourPenalty ?? 0,
    increment: sys.increment,
    related: sys.related,
    breakdown: b ? gradeBreakdownText(b, env) : "",
  };
}

/** Skills under their reference characteristic (as the book writes them), in the order the rows were dragged into, then
 *  alphabetical; also indexed by slug for weapons. */
function groupSkills(actor: Actor.Implementation, system: PersonSystem, env: SheetEnv): { groups: SkillGroup[]; bySlug: Map<string, SkillRow> } {
  const sorted = CHARACTERISTICS.map((key) => ({ key, rows: [] as (SkillRow & { sort: number })[] }));
  const bySlug = new Map<string, SkillRow>();
  for (const item of actor.items) {
    const sys = item.system;
    if (!(sys instanceof SkillModel)) continue;
    const row = skillRow(item, sys, env);
    bySlug.set(sys.slug, row);
    sorted.find((g) => g.key === sys.characteristic)?.rows.push({ ...row, sort: item.sort });
  }
  const groups = sorted.map(({ key, rows }): SkillGroup => ({ key, label: characteristicLabel(key, env), value: system.effective[key], skills: bySort(rows) }));
  return { groups: groups.filter((g) => g.skills.length > 0), bySlug };
}

function weaponRow(item: Item.Implementation, sys: WeaponModel, skills: Map<string, SkillRow>, env: SheetEnv): WeaponRow {
  const active = sys.modes[sys.mode] ? sys.mode : 0;
  const wielded = sys.wielded;
  const skill = sys.skillSlug ? skills.get(sys.skillSlug) : undefined;
  const penalty = wielded?.attackPenalty ?? 0;
  // A weapon whose skill the actor lacks names it readably, and says it is missing (its attack is refused for it).
  const skillName = skill?.name ?? (sys.skillSlug ? env.format("GENESYS.Sheet.Weapon.SkillMissing", { skill: slugAsName(sys.skillSlug) }) : "—");
  return {
    ...itemRowBase(item),
    ready: sys.ready,
    modes: sys.modes.map((m, index) => ({ index, label: env.localize(`GENESYS.WeaponMode.${m.key}`), active: index === active })),
    multipleModes: sys.modes.length > 1,
    damage: wielded?.damage.book ?? "—",
    damageRange: wielded ? `${String(wielded.damage.min)}–${String(wielded.damage.max)}` : "",
    formula: wielded?.damage.formula ?? "",
    range: !wielded ? "—" : wielded.range === null ? env.localize("GENESYS.Sheet.Weapon.Reach") : `${String(wielded.range)} m`,
    halfDamageFrom: wielded?.halfDamageFrom ?? null,
    attackPenalty: penalty,
    attackPenaltyText: penalty === 0 ? "" : signed(penalty),
    skillName,
    skillGrade: skill?.grade ?? null,
    skillId: skill?.id ?? null,
    // An undrawn weapon's button says why it would be refused (the click still tells it, as a notice).
    attackLabel: env.format(sys.ready ? "GENESYS.Sheet.Weapon.AttackWith" : "GENESYS.Attack.Warn.NotReady", { weapon: item.name }),
    checkLabel: env.format("GENESYS.Sheet.Weapon.SkillCheck", { skill: skillName }),
    rounds: sys.rounds ?? 0,
    magazine: sys.active?.magazine ?? null,
    reloadLabel: sys.active?.magazine && (sys.rounds ?? 0) < sys.active.magazine ? env.format("GENESYS.Sheet.Weapon.Reload", { weapon: item.name }) : null,
  };
}

function armourRow(item: Item.Implementation, sys: ArmorModel, env: SheetEnv): ArmourRow {
  const coverage =
    sys.coverage === "areas"
      ? [...sys.areas].map((a) => env.localize(`GENESYS.BodyArea.${a}`)).join(", ") || env.localize("GENESYS.Coverage.areas")
      : env.localize(`GENESYS.Coverage.${sys.coverage}`);
  return { ...itemRowBase(item), worn: sys.worn, defence: sys.defence, minStrength: sys.minStrength, coverage, weight: sys.weight };
}

function gearRow(item: Item.Implementation, sys: GearModel): GearRow {
  return {
    ...itemRowBase(item),
    quantity: sys.quantity,
    weight: sys.weight,
    totalWeight: kg(sys.totalWeight),
    checkBonus: sys.checkBonus === 0 ? "" : signed(sys.checkBonus),
    bonusApplies: sys.bonusApplies,
  };
}

function traitRow(item: Item.Implementation, sys: TraitModel, env: SheetEnv): TraitRow {
  return { ...itemRowBase(item), immunities: [...sys.immunities].map((c) => env.localize(`GENESYS.LosingControlCause.${c}`)).join(", ") };
}

/** §3.1.5 everything carried, weighed against the lifting capacities of this Forza. */
function inventory(strength: number, carriedKg: number, env: SheetEnv): PersonSheetData["inventory"] {
  const enc = encumbranceLevel(strength, carriedKg);
  return {
    totalWeight: kg(carriedKg),
    levelKey: enc.level,
    level: env.localize(`GENESYS.Encumbrance.${enc.level}`),
    capacities: LIFTING_MODES.map((mode) => ({ key: mode, label: env.localize(`GENESYS.Encumbrance.${mode}`), kg: kg(enc.capacity[mode]), exceeded: enc.exceeds[mode] })),
  };
}

/** Everything the person sheet's templates read. */
export function buildPersonContext({ actor, system, env, enriched }: PersonSheetInput): PersonSheetData {
  const { groups, bySlug } = groupSkills(actor, system, env);
  const weapons: (WeaponRow & { sort: number })[] = [];
  const armours: (ArmourRow & { sort: number })[] = [];
  const gear: (GearRow & { sort: number })[] = [];
  const traits: (TraitRow & { sort: number })[] = [];
  for (const item of actor.items) {
    const sys = item.system;
    const sort = item.sort;
    if (sys instanceof WeaponModel) {
      weapons.push({ ...weaponRow(item, sys, bySlug, env), sort });
    } else if (sys instanceof ArmorModel) {
      armours.push({ ...armourRow(item, sys, env), sort });
    } else if (sys instanceof GearModel) {
      gear.push({ ...gearRow(item, sys), sort });
    } else if (sys instanceof TraitModel) {
      traits.push({ ...traitRow(item, sys, env), sort });
    }
  }
  const isNpc = actor.type === "npc";
  const armour = system.armour;
  return {
    header: {
      name: actor.name,
      img: actor.img ?? "icons/svg/mystery-man.svg",
      typeLabel: env.localize(`TYPES.Actor.${actor.type}`),
      freeEdit: freeEditHeader(freeEditing(actor), env),
      crippled: (["arm", "leg"] as const).filter((l) => system.crippled[l] > 0).map((l) => ({
        label: `${env.localize(`GENESYS.Status.${l === "arm" ? "crippledArm" : "crippledLeg"}`)}${system.crippled[l] > 1 ? " ×2" : ""}`,
        hint: env.localize(`GENESYS.Sheet.Crippled.${l}`),
      })),
      stats: [
        ...(["reflexes", "resistance", "speed"] as const).map((k) => ({ key: k, label: env.localize(`GENESYS.Derived.${k}`), value: String(system.derived[k]) })),
        { key: "armour", label: env.localize("GENESYS.Sheet.Header.Armour"), value: String(armour.defence) },
      ],
    },
    isNpc,
    effectsList: { rows: actorEffectRows(actor, env, env.isGM), editable: env.editable },
    isGM: env.isGM,
    editable: env.editable,
    limited: env.limited,
    characteristics: characteristicBoxes(actor, system, env),
    derived: derivedBoxes(actor, system, env),
    health: healthContext(system, env),
    armour: {
      defence: armour.defence,
      minStrength: armour.minStrength,
      shortfall: armour.shortfall,
      names: armour.names.join(", "),
      hindered: armour.shortfall > 0,
      summary:
        armour.names.length === 0
          ? env.localize("GENESYS.Sheet.Armour.None")
          : env.format(armour.shortfall > 0 ? "GENESYS.Sheet.Armour.SummaryHindered" : "GENESYS.Sheet.Armour.Summary", {
              defence: String(armour.defence),
              minStrength: String(armour.minStrength),
              shortfall: String(armour.shortfall),
            }),
    },
    fame: { value: system.fame, band: env.localize(`GENESYS.FameBand.${system.fameBand}`) },
    reputation: { value: system.reputation, band: env.localize(`GENESYS.ReputationBand.${system.reputationBand}`) },
    deprivation: { ...system.deprivation },
    skillGroups: groups,
    hasSkills: groups.length > 0,
    weapons: bySort(weapons),
    armours: bySort(armours),
    gear: bySort(gear),
    traits: bySort(traits),
    inventory: inventory(system.effective.strength, system.load.kg, env),
    biography: { source: system.biography, enriched: enriched.biography },
    gmNotes: env.isGM ? { source: system.gmNotes, enriched: enriched.gmNotes ?? system.gmNotes } : null,
    creation: buildCreationContext(system, env),
  };
}
