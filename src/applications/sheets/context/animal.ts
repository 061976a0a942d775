/**
 * Context for the animal sheet (§3.3): printed values as stored, speeds, grades per environment, natural damage,
 * capabilities and venom. The numbers come from AnimalModel (which asked src/rules); nothing is recomputed here.
 */
import type { AnimalModel } from "../../../data/actor/animal.js";
import { GearModel } from "../../../data/item/gear.js";
import { TraitModel } from "../../../data/item/trait.js";
import { ANIMAL_CAPABILITY_CONDITIONS, ANIMAL_CAPABILITY_KEYS, ANIMAL_ENVIRONMENTS, ANIMAL_TRAIT_KEYS, SPEED_MODES } from "../../../rules/advanced/animals.js";
import { DAMAGE_FACES } from "../../../rules/weapons.js";
import { DAMAGE_TYPES } from "../../../rules/types.js";
import { freeEditing } from "../../../authority/protected-edit-request.js";
import { bySort, characteristicLabel, freeEditHeader, healthContext, itemRowBase, selectOptions, setOptions, signed, type HealthContext, type ItemRowBase, type SelectOption, type SheetEnv, type SheetHeader } from "./shared.js";

export interface AnimalCharacteristicBox {
  key: "strength" | "dexterity" | "perception" | "charm" | "experience";
  label: string;
  value: number | null;
  /** Fascino and Esperienza may be left blank (beings without reason, §3.3.1). */
  optional: boolean;
  name: string;
}

export interface SpeedRow {
  index: number;
  metres: number;
  modes: SelectOption[];
  label: string;
}

export interface EnvironmentRow {
  index: number;
  environments: SelectOption[];
  label: string;
  attack: number | null;
  defence: number | null;
  canAct: boolean;
  /** The grades that apply there, falling back to the usual ones (AnimalModel.gradesIn). */
  effective: { attack: number; defence: string; canAct: boolean };
}

export interface CapabilityRow {
  index: number;
  key: string;
  keys: SelectOption[];
  label: string;
  customLabel: string;
  bonus: number;
  bonusText: string;
  /** Where the bonus applies; the first option (blank) means always. */
  conditions: SelectOption[];
  conditionLabel: string;
}

export interface AnimalSheetData {
  header: SheetHeader;
  isGM: boolean;
  editable: boolean;
  limited: boolean;
  characteristics: AnimalCharacteristicBox[];
  resistance: number;
  reflexes: number;
  speed: number;
  speeds: SpeedRow[];
  canRemoveSpeed: boolean;
  health: HealthContext;
  attack: {
    grade: number;
    defence: number | null;
    defenceText: string;
    defenceMissing: boolean;
    defenceEstimated: boolean;
    attacksPerTurn: number;
    natural: string;
  };
  damage: {
    book: string;
    formula: string;
    range: string;
    dice: number;
    flat: number;
    strength: boolean;
    faces: SelectOption[];
    types: SelectOption[];
  };
  naturalArmour: number;
  environments: EnvironmentRow[];
  capabilities: CapabilityRow[];
  /** Capabilities without a number (holds its breath an hour…). */
  traits: SelectOption[];
  venom: { has: boolean; dice: number; maxPerDay: number; injectedToday: number; summary: string };
  items: (ItemRowBase & { typeLabel: string })[];
  description: { source: string; enriched: string };
  gmNotes: { source: string; enriched: string } | null;
}

export interface AnimalSheetInput {
  actor: Actor.Implementation;
  system: AnimalModel;
  env: SheetEnv;
  enriched: { description: string; gmNotes: string | null };
}

const CAPABILITY_CHOICES = [...ANIMAL_CAPABILITY_KEYS, "custom"] as const;

function capabilityRow(cap: AnimalModel["capabilities"][number], index: number, env: SheetEnv): CapabilityRow {
  // Blank ("always") is valid at runtime although fvtt-types types only the choices.
  const condition: string = cap.condition;
  const known = (ANIMAL_CAPABILITY_KEYS as readonly string[]).includes(cap.key);
  const keyLabel = known ? env.localize(`GENESYS.AnimalCapability.${cap.key}`) : "";
  return {
    index,
    key: cap.key,
    keys: selectOptions(CAPABILITY_CHOICES, known ? cap.key : "custom", "GENESYS.AnimalCapability", env),
    label: cap.label || keyLabel || cap.key,
    customLabel: cap.label,
    bonus: cap.bonus,
    bonusText: signed(cap.bonus),
    conditions: [
      { value: "", label: env.localize("GENESYS.Sheet.Animal.Always"), selected: condition === "" },
      ...selectOptions(ANIMAL_CAPABILITY_CONDITIONS, condition, "GENESYS.AnimalCapabilityCondition", env),
    ],
    conditionLabel: condition ? env.localize(`GENESYS.AnimalCapabilityCondition.${condition}`) : "",
  };
}

/** Everything the animal sheet's templates read. */
export function buildAnimalContext({ actor, system, env, enriched }: AnimalSheetInput): AnimalSheetData {
  const c = system.characteristics;
  const characteristics: AnimalCharacteristicBox[] = (["strength", "dexterity", "perception", "charm", "experience"] as const).map((key) => ({
    key,
    label: characteristicLabel(key, env),
    value: c[key],
    optional: key === "charm" || key === "experience",
    name: `system.characteristics.${key}`,
  }));
  const defence = system.attack.defence;
  const items: (AnimalSheetData["items"][number] & { sort: number })[] = [];
  for (const item of actor.items) {
    if (item.system instanceof TraitModel || item.system instanceof GearModel) {
      items.push({ ...itemRowBase(item), typeLabel: env.localize(`TYPES.Item.${item.type}`), sort: item.sort });
    }
  }
  const venom = system.venom;
  return {
    header: {
      name: actor.name,
      img: actor.img ?? "icons/svg/pawprint.svg",
      typeLabel: env.localize("TYPES.Actor.animal"),
      freeEdit: freeEditHeader(freeEditing(actor), env),
      stats: [
        ...(["reflexes", "resistance", "speed"] as const).map((k) => ({ key: k, label: env.localize(`GENESYS.Derived.${k}`), value: String(system.derived[k]) })),
        { key: "attack", label: env.localize("GENESYS.Sheet.Animal.Attack"), value: String(system.attack.grade) },
        { key: "defence", label: env.localize("GENESYS.Sheet.Animal.Defence"), value: defence === null ? "—" : String(defence) },
        { key: "armour", label: env.localize("GENESYS.Sheet.Header.Protection"), value: String(system.naturalArmour) },
      ],
    },
    isGM: env.isGM,
    editable: env.editable,
    limited: env.limited,
    characteristics,
    resistance: system.derived.resistance,
    reflexes: system.derived.reflexes,
    speed: system.derived.speed,
    speeds: system.speeds.map((s, index) => ({
      index,
      metres: s.metres,
      modes: selectOptions(SPEED_MODES, s.mode, "GENESYS.SpeedMode", env),
      label: env.localize(`GENESYS.SpeedMode.${s.mode}`),
    })),
    canRemoveSpeed: system.speeds.length > 1,
    health: healthContext(system, env),
    attack: {
      grade: system.attack.grade,
      defence,
      defenceText: defence === null ? "—" : String(defence),
      defenceMissing: defence === null,
      defenceEstimated: system.attack.defenceEstimated,
      attacksPerTurn: system.attack.attacksPerTurn,
      natural: system.attack.natural,
    },
    damage: {
      book: system.damage.book,
      formula: system.damage.formula,
      range: `${String(system.damage.min)}–${String(system.damage.max)}`,
      dice: system.attack.damage.dice,
      flat: system.attack.damage.flat,
      strength: system.attack.damage.strength,
      faces: DAMAGE_FACES.map((f) => ({ value: String(f), label: `D${String(f)}`, selected: f === system.attack.damage.faces })),
      types: selectOptions(DAMAGE_TYPES, system.attack.damage.type, "GENESYS.DamageType", env),
    },
    naturalArmour: system.naturalArmour,
    environments: system.environments.map((e, index) => {
      const g = system.gradesIn(e.environment);
      return {
        index,
        environments: selectOptions(ANIMAL_ENVIRONMENTS, e.environment, "GENESYS.AnimalEnvironment", env),
        label: env.localize(`GENESYS.AnimalEnvironment.${e.environment}`),
        attack: e.attack,
        defence: e.defence,
        canAct: e.canAct,
        effective: { attack: g.attack, defence: g.defence === null ? "—" : String(g.defence), canAct: g.canAct },
      };
    }),
    capabilities: system.capabilities.map((cap, i) => capabilityRow(cap, i, env)),
    traits: setOptions(ANIMAL_TRAIT_KEYS, system.traits, "GENESYS.AnimalTrait", env),
    venom: {
      has: system.hasVenom,
      dice: venom.dice,
      maxPerDay: venom.maxPerDay,
      injectedToday: venom.injectedToday,
      summary: system.hasVenom
        ? env.format("GENESYS.Sheet.Animal.VenomSummary", { dice: String(venom.dice), max: String(venom.maxPerDay), today: String(venom.injectedToday) })
        : env.localize("GENESYS.Sheet.Animal.NoVenom"),
    },
    items: bySort(items),
    description: { source: system.description, enriched: enriched.description },
    gmNotes: env.isGM ? { source: system.gmNotes, enriched: enriched.gmNotes ?? system.gmNotes } : null,
  };
}
