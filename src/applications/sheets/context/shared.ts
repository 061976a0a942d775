/**
 * Pieces of sheet context shared by every actor sheet: localized choices, Ferite/Fatica bars, condition, item rows.
 * Pure functions of already-prepared data (the data models ask src/rules for every number); no Foundry runtime.
 */
import type { SkillGradeBreakdown } from "../../../rules/skill.js";
import type { HealthDerived } from "../../../data/actor/health.js";
import { conditionThresholds } from "../../../rules/condition.js";
import { CHARACTERISTICS, type CharacteristicKey } from "../../../rules/types.js";

/** What a context builder needs from the running game: translations and who is looking. */
export interface SheetEnv {
  localize: (key: string) => string;
  format: (key: string, data: Record<string, string>) => string;
  isGM: boolean;
  editable: boolean;
  /** The viewer has only Limited permission: show who it is, not the numbers. */
  limited: boolean;
}

/** Portrait, name, type and a few headline numbers shown above the tabs. */
export interface SheetHeader {
  name: string;
  img: string;
  typeLabel: string;
  stats: { key: string; label: string; value: string }[];
  /** An actor the Narrator opened for free editing says so to everyone; only a Narrator gets the switch. */
  freeEdit?: { open: boolean; toggle: boolean };
  /** §3.2.5 the limbs crippled now ("Gamba inservibile ×2"), each with what it stops. */
  crippled?: { label: string; hint: string }[];
}

/** The header's free-editing tag and switch (authority/protected-edit.ts). */
export function freeEditHeader(open: boolean, env: SheetEnv): { open: boolean; toggle: boolean } {
  return { open, toggle: env.isGM && env.editable };
}

export interface SelectOption {
  value: string;
  label: string;
  selected: boolean;
}

/** Options for a `<select>`, each label an i18n key under `prefix`. */
export function selectOptions(values: readonly (string | number)[], selected: string | number | null, prefix: string, env: SheetEnv): SelectOption[] {
  return values.map((v) => ({ value: String(v), label: env.localize(`${prefix}.${String(v)}`), selected: String(v) === String(selected) }));
}

/** Options for a `<multi-checkbox>` over a set-valued field. */
export function setOptions(values: readonly string[], chosen: Iterable<string>, prefix: string, env: SheetEnv): SelectOption[] {
  const set = new Set(chosen);
  return values.map((v) => ({ value: v, label: env.localize(`${prefix}.${v}`), selected: set.has(v) }));
}

export function characteristicLabel(key: CharacteristicKey, env: SheetEnv): string {
  return env.localize(`GENESYS.Characteristic.${key}`);
}

export function characteristicOptions(selected: CharacteristicKey, env: SheetEnv): SelectOption[] {
  return selectOptions(CHARACTERISTICS, selected, "GENESYS.Characteristic", env);
}

export { signed } from "../../../format/numbers.js";
import { signed } from "../../../format/numbers.js";

export interface BarContext {
  key: "wounds" | "fatigue";
  label: string;
  value: number;
  max: number;
  /** Width of the filled part, 0–100 (display only). */
  percent: number;
  /** Form field of the stored counter. */
  name: string;
}

export interface ConditionContext {
  key: HealthDerived["condition"]["key"];
  label: string;
  /** −2, −5, "—" when no roll is possible at all. */
  penalty: string;
  hasPenalty: boolean;
  conscious: boolean;
  /** S = Ferite + Fatica against the thresholds of this Resistenza (§1.5.2). */
  sum: number;
  thresholds: { normalMax: number; weakMax: number; exhaustedMax: number; deadMinWounds: number };
  summary: string;
}

export interface HealthContext {
  bars: BarContext[];
  condition: ConditionContext;
  deprivation: number;
  poison: { doses: number; effect: string; effectKey: string };
}

function bar(key: BarContext["key"], value: number, max: number, env: SheetEnv): BarContext {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return { key, label: env.localize(`GENESYS.Sheet.Health.${key}`), value, max, percent, name: `system.${key}.value` };
}

/** Bars, condition badge and poison line from the derived health of any actor. */
export function healthContext(health: HealthDerived, env: SheetEnv): HealthContext {
  const { condition } = health;
  const thresholds = conditionThresholds(health.wounds.max);
  const sum = health.wounds.value + health.fatigue.value;
  const penalty = condition.penalty === null ? "—" : signed(condition.penalty);
  return {
    bars: [bar("wounds", health.wounds.value, health.wounds.max, env), bar("fatigue", health.fatigue.value, health.fatigue.max, env)],
    condition: {
      key: condition.key,
      label: env.localize(`GENESYS.Condition.${condition.key}`),
      penalty,
      hasPenalty: condition.penalty !== 0,
      conscious: condition.conscious,
      sum,
      thresholds: { normalMax: thresholds.normalMax, weakMax: thresholds.weakMax, exhaustedMax: thresholds.exhaustedMax, deadMinWounds: thresholds.deadMinWounds },
      summary: env.format("GENESYS.Sheet.Health.Summary", {
        sum: String(sum),
        normal: String(thresholds.normalMax),
        weak: String(thresholds.weakMax),
        exhausted: String(thresholds.exhaustedMax),
        dead: String(thresholds.deadMinWounds),
      }),
    },
    deprivation: health.fatigue.deprivation,
    poison: { doses: health.poison.doses, effectKey: health.poison.effect, effect: env.localize(`GENESYS.Sheet.Poison.${health.poison.effect}`) },
  };
}

/** The few fields every embedded-item row shows. */
export interface ItemRowBase {
  id: string;
  name: string;
  img: string;
}

export function itemRowBase(item: Item.Implementation): ItemRowBase {
  return { id: item.id ?? "", name: item.name, img: item.img ?? "icons/svg/item-bag.svg" };
}

/** Rows in the order the user dragged them into (the items' `sort`), ties (never sorted: 0) by name. */
export function bySort<T extends { name: string; sort: number }>(rows: T[]): T[] {
  return rows.sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
}

export { kilograms as kg } from "../../../format/numbers.js";

/** "8 + 5 + 2" (or with "− 2 armatura"): how a skill grade is made up (§1.3.2, §2.4.1). */
export function gradeBreakdownText(b: SkillGradeBreakdown, env: SheetEnv): string {
  return env.format(b.armourPenalty > 0 ? "GENESYS.Sheet.Skill.BreakdownArmour" : "GENESYS.Sheet.Skill.Breakdown", {
    base: String(b.base),
    bought: String(b.bought),
    earned: String(b.earned),
    armour: String(b.armourPenalty),
  });
}
