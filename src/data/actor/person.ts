/** Schema and derivation shared by Protagonisti (character) and Comparse (npc): §1.2–§1.6. */
import { DERIVED_KEYS } from "../../effects/effect-keys.js";
import { applyModifiers, changesByTarget, type EffectModifier, type SourcedPart } from "../../effects/effect-math.js";
import { immunityCause } from "../../effects/effect-keys.js";
import { encumbranceLevelOnly, speedUnderLoad, type EncumbranceLevel } from "../../rules/advanced/encumbrance.js";
import type { LosingControlCause } from "../../rules/advanced/losing-control.js";
import { feverCheckModifier, NO_FEVER } from "../../rules/advanced/venom-fever.js";
import { armourShortfall, deriveParameters } from "../../rules/characteristics.js";
import type { CharacteristicKey } from "../../rules/types.js";
import { crippledCount, crippledSpeed } from "../../rules/crippled-limbs.js";
import type { Limb } from "../../rules/attack.js";
import { fameBand, reputationBand, type FameBandKey, type ReputationBandKey } from "../../rules/reputation.js";
import type { RulesOptions } from "../../rules/options.js";
import type { Characteristics } from "../../rules/types.js";
import { characteristicField, counterField, healthFields, htmlField, intField, narratorFields, optionalIntField, optionalRealField, realField } from "../fields.js";
import { deriveHealth, type HealthDerived } from "./health.js";

const fields = foundry.data.fields;

export function personSchema() {
  return {
    characteristics: new fields.SchemaField({
      dexterity: characteristicField(),
      experience: characteristicField(),
      charm: characteristicField(),
      strength: characteristicField(),
      perception: characteristicField(),
    }),
    /** A Narrator's per-actor override of a derived parameter; null = use the book's formula. */
    overrides: new fields.SchemaField({
      reflexes: optionalIntField(0, 60),
      resistance: optionalIntField(1, 999),
      speed: optionalIntField(0, 100),
    }),
    ...healthFields(),
    fame: intField(0, 0, 12),
    reputation: intField(0, -20, 20),
    /**
     * §3.1.1 deprivation clocks, advanced by world time (src/time): days may be fractional, as time passes by the hour.
     * `points` is how much of fatigue.deprivation each kind accounts for, since each recovers in its own way;
     * `deadline` the hours left before death once one kind alone would make the character collapse (2D6, A-35).
     */
    deprivation: new fields.SchemaField({
      hoursAwake: realField(0, 10_000),
      daysWithoutFood: realField(0, 1_000),
      hoursWithoutWater: realField(0, 10_000),
      points: new fields.SchemaField({ sleep: counterField(), hunger: counterField(), thirst: counterField() }),
      deadline: new fields.SchemaField({ hunger: optionalRealField(12), thirst: optionalRealField(12) }),
    }),
    biography: htmlField(),
    /**
     * §3.2.5 the limbs aimed hits crippled, each with the counters before its hit (it mends once they are back
     * there); written by the Narrator's client with the hit and taken back with its Undo (documents/crippled-limbs.ts).
     */
    crippledLimbs: new fields.ArrayField(
      new fields.SchemaField({
        limb: new fields.StringField({ required: true, choices: ["arm", "leg"], initial: "arm" }),
        recordId: new fields.StringField({ required: true, blank: true, initial: "" }),
        wounds: intField(0, 0, 999),
        fatigue: intField(0, 0, 999),
      }),
      { required: true, initial: () => [], max: 8 },
    ),
    ...narratorFields(),
  };
}
export type PersonSchema = ReturnType<typeof personSchema>;

/** What worn armour contributes (§2.4.1): the best Df on the trunk, where unaimed hits land, and the worst Forza shortfall of any piece. */
export type ArmourSummary = { defence: number; minStrength: number; shortfall: number; names: string[] };

/**
 * Where each number's changes come from (Active Effects, armour, load, fever), for the sheet's and the dialogs' lines.
 * A part's `label` is a name (item or effect); `i18n` marks the system's own sources, which the UI words itself.
 */
export type ModifierSources = {
  characteristics: Record<CharacteristicKey, SourcedPart[]>;
  derived: Record<"reflexes" | "resistance" | "speed", SourcedPart[]>;
  /** Modifiers to every check, and to the checks on each characteristic and on its skills (§1.7.1). */
  checks: { all: SourcedPart[]; by: Record<CharacteristicKey, SourcedPart[]> };
  /** §1.4/§3.1.6 causes of losing control an effect makes the actor immune to. */
  immunities: LosingControlCause[];
  /** Changes GeneSys could not apply (not a whole number, or a kind a score cannot take). */
  ignored: number;
};

/** §3.1.5 what the actor carries and how: the lightest way the load can be borne. */
export type LoadSummary = { kg: number; level: EncumbranceLevel };

export type PersonDerived = HealthDerived & {
  sources: ModifierSources;
  load: LoadSummary;
  derived: { reflexes: number; resistance: number; speed: number; dexterity: number };
  /** §3.2.5 the arms and legs crippled now (their hits' damage not yet healed). */
  crippled: Record<Limb, number>;
  /** What the book's formulas give with the effects and load applied, shown next to a Narrator's override. */
  formula: { reflexes: number; resistance: number; speed: number };
  /** Characteristics as used by rolls: effects applied, Destrezza then lowered by armour. */
  effective: Characteristics;
  /** Characteristics with the effects applied, before armour (what skills rest on: §1.3.2, the rules apply the FM). */
  modified: Characteristics;
  armour: ArmourSummary;
  fameBand: FameBandKey;
  reputationBand: ReputationBandKey;
};

export type PersonSource = {
  characteristics: Characteristics;
  overrides: { reflexes: number | null; resistance: number | null; speed: number | null };
  wounds: { value: number };
  fatigue: { value: number; deprivation: number };
  poison: { doses: number; fever?: { startsInHours: number | null; hoursLeft: number | null } };
  fame: number;
  reputation: number;
  /** §3.2.5 absent in data prepared before the field existed. */
  crippledLimbs?: readonly { limb: Limb; recordId: string; wounds: number; fatigue: number }[];
};

export type WornArmour = { name: string; defence: number; minStrength: number; coversTrunk: boolean };

/** What prepare-person gathers from the items besides armour: effects in force and the load carried. */
export type PersonInputs = { modifiers?: readonly EffectModifier[]; carriedKg?: number };

/** Summarises the armour an actor wears (several pieces: the best Df counts, the heaviest FM hinders). */
export function summariseArmour(strength: number, worn: readonly WornArmour[]): ArmourSummary {
  let defence = 0;
  let minStrength = 0;
  for (const a of worn) {
    if (a.coversTrunk) defence = Math.max(defence, a.defence);
    minStrength = Math.max(minStrength, a.minStrength);
  }
  return { defence, minStrength, shortfall: armourShortfall(strength, minStrength), names: worn.map((a) => a.name) };
}

/**
 * §1.2.2 derived parameters with overrides, §2.4.1 armour effects, §1.5 condition, §1.6 bands, §3.1.5 load, and the
 * Active Effects: characteristic changes before derivation (so skills and derived values follow, §1.3.2/A-11), derived
 * changes after the formula, a Narrator's override last.
 */
export function derivePerson(source: PersonSource, worn: readonly WornArmour[], options: Partial<RulesOptions>, inputs: PersonInputs = {}): PersonDerived {
  const aimed = changesByTarget(inputs.modifiers ?? []);
  let ignored = 0;
  const c = { ...source.characteristics };
  // Keyed in CHARACTERISTICS order, as the sheet lists them.
  const changed = (key: CharacteristicKey): SourcedPart[] => {
    const applied = applyModifiers(c[key], aimed.characteristic[key]);
    c[key] = applied.value;
    ignored += applied.ignored.length;
    return applied.parts;
  };
  const characteristicParts: Record<CharacteristicKey, SourcedPart[]> = {
    dexterity: changed("dexterity"),
    experience: changed("experience"),
    charm: changed("charm"),
    strength: changed("strength"),
    perception: changed("perception"),
  };
  const armour = summariseArmour(c.strength, worn);
  const params = deriveParameters(c, { armourShortfall: armour.shortfall }, options);
  const load = { kg: inputs.carriedKg ?? 0, level: encumbranceLevelOnly(c.strength, inputs.carriedKg ?? 0) };
  const armourPart = (value: number): SourcedPart[] => (value === 0 ? [] : [{ label: armour.names.join(", "), value, i18n: "GENESYS.Effects.Source.Armour" }]);
  const unhindered = deriveParameters(c, {}, options);
  const formula = { reflexes: params.reflexes, resistance: params.resistance, speed: params.speed };
  const derivedParts: ModifierSources["derived"] = {
    reflexes: armourPart(params.reflexes - unhindered.reflexes),
    resistance: [],
    speed: armourPart(params.speed - unhindered.speed),
  };
  for (const key of DERIVED_KEYS) {
    const applied = applyModifiers(formula[key], aimed.derived[key]);
    formula[key] = applied.value;
    derivedParts[key].push(...applied.parts);
    ignored += applied.ignored.length;
  }
  const loaded = speedUnderLoad(formula.speed, load.level);
  if (loaded !== formula.speed) derivedParts.speed.push({ label: "", value: loaded - formula.speed, i18n: "GENESYS.Effects.Source.Unbearable" });
  formula.speed = loaded;
  // §3.2.5 broken legs: Speed 1 with one, half a metre with both, until their hits' damage is healed.
  const now = { wounds: source.wounds.value, fatigue: source.fatigue.value };
  const crippled = crippledCount((source.crippledLimbs ?? []).map((l) => ({ limb: l.limb, before: { wounds: l.wounds, fatigue: l.fatigue } })), now);
  const hobbled = crippledSpeed(formula.speed, crippled.leg);
  if (hobbled !== formula.speed) derivedParts.speed.push({ label: "", value: hobbled - formula.speed, i18n: "GENESYS.Effects.Source.CrippledLeg" });
  formula.speed = hobbled;
  characteristicParts.dexterity.push(...armourPart(params.effectiveDexterity - c.dexterity));

  // Each check change is aimed at one scope, so each is counted once here. A check only takes additions (§1.7.1).
  const checkParts = (scope: CharacteristicKey | "all"): SourcedPart[] => {
    const changes = aimed.check[scope];
    const adds = changes.filter((m) => m.kind === "add");
    const applied = applyModifiers(0, adds, -999);
    ignored += changes.length - adds.length + applied.ignored.length;
    return applied.parts;
  };
  const fever = feverCheckModifier(source.poison.fever ?? NO_FEVER);
  const all = checkParts("all");
  if (fever !== 0) all.push({ label: "", value: fever, i18n: "GENESYS.Effects.Source.Fever" });
  const checks = {
    all,
    by: { dexterity: checkParts("dexterity"), experience: checkParts("experience"), charm: checkParts("charm"), strength: checkParts("strength"), perception: checkParts("perception") },
  };
  // Each cause once, in the order first named (a handful at most: no Set needed).
  const immunities: LosingControlCause[] = [];
  for (const m of aimed.immunity) {
    const cause = immunityCause(m.value);
    if (!cause) ignored += 1;
    else if (!immunities.includes(cause)) immunities.push(cause);
  }

  const derived = {
    reflexes: source.overrides.reflexes ?? formula.reflexes,
    resistance: source.overrides.resistance ?? formula.resistance,
    speed: source.overrides.speed ?? formula.speed,
    dexterity: params.effectiveDexterity,
  };
  // Copied, then Destrezza replaced (the same keys in the same order as a spread with it): V8 reads this back faster.
  const effective: Characteristics = { ...c };
  effective.dexterity = params.effectiveDexterity;
  const health = deriveHealth(source, derived.resistance);
  // Listed rather than spread in: V8 builds a spread followed by more keys on a slow path.
  return {
    wounds: health.wounds,
    fatigue: health.fatigue,
    poison: health.poison,
    condition: health.condition,
    bars: health.bars,
    derived,
    crippled,
    formula,
    effective,
    modified: c,
    armour,
    load,
    sources: { characteristics: characteristicParts, derived: derivedParts, checks, immunities, ignored },
    fameBand: fameBand(source.fame),
    reputationBand: reputationBand(source.reputation),
  };
}
