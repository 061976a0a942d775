/**
 * From "this actor clicked that characteristic or skill" to the inputs of a check roll (§1.7.1).
 * Pure helpers: every number comes from the actor's prepared data and from src/rules; nothing is rolled here.
 */
import { AnimalModel } from "../data/actor/animal.js";
import { checkEffectParts, sumParts } from "../effects/check-effects.js";
import type { SourcedPart } from "../effects/effect-math.js";
import { SkillModel } from "../data/item/skill.js";
import { isAutomaticSuccess, isImpossible, checkThreshold, type CheckSetup } from "../rules/check.js";
import { checkSuccessProbability } from "../rules/odds.js";
import { CHARACTERISTICS, type CharacteristicKey, type ConditionKey } from "../rules/types.js";
import type { GenesysActor } from "../documents/actor.js";
import type { GenesysCheckOptions } from "./genesys-roll.js";
import type { CheckRequestOptions } from "../documents/check-options.js";

/** Everything a check needs, ready for the dialog and the roll. */
export interface CheckPlan {
  actorUuid: string;
  actorName: string;
  /** Skill name or localized characteristic name. */
  label: string;
  kind: "characteristic" | "skill";
  characteristic: CharacteristicKey | null;
  skillId: string | null;
  /** Skill grade, or the characteristic score for a check on a characteristic (§1.7.1). */
  grade: number;
  /** §1.5.2 −2 Weak, −5 Exhausted, 0 otherwise. */
  conditionPenalty: number;
  condition: ConditionKey;
  /** Esperienza, for §1.8.2 condition 3 (0 when the actor has none, so it never earns that way). */
  experience: number;
  difficulty: number | null;
  /** Every modifier but the condition penalty: the situational one plus the effects' (see `effects`). */
  modifiers: number;
  /** The situational modifier alone, as asked (what a dialog shows and a request re-sends). */
  situational: number;
  /** Modifiers from Active Effects and statuses (a fever's −5, §3.3.3), each with its source; included in `modifiers`. */
  effects: SourcedPart[];
  blind: boolean;
}

/** The options a check roll of this plan is built with (GenesysCheckRoll.build), open or blind, before any point. */
export function checkRollOptions(plan: CheckPlan, blind: boolean): GenesysCheckOptions {
  return {
    difficulty: plan.difficulty,
    grade: plan.grade,
    modifiers: plan.modifiers,
    effects: plan.effects,
    conditionPenalty: plan.conditionPenalty,
    condition: plan.condition,
    label: plan.label,
    blind,
    actorUuid: plan.actorUuid,
    skillId: plan.skillId,
    experience: plan.experience,
    increment: null,
  };
}

/** A refused request: an i18n key and its format data, shown to the user as a warning. */
export interface CheckRefusal {
  warning: string;
  data: Record<string, string>;
}

export type CheckRequest = { ok: true; plan: CheckPlan } | { ok: false; refusal: CheckRefusal };

/** The outlook of a check before the dice are rolled (§1.7.1, A-15). */
export interface CheckPreview {
  /** Probability of success 0–1, from the 2D10 table. */
  chance: number;
  /** Whole percent for display (72 for 0.72). */
  percent: number;
  automatic: boolean;
  impossible: boolean;
  threshold: number;
}

/** Only what the helpers read from an actor. */
export type CheckActor = Pick<GenesysActor, "uuid" | "name" | "genesys" | "items">;

const refuse = (warning: string, data: Record<string, string> = {}): CheckRequest => ({ ok: false, refusal: { warning, data } });

/** A whole number, or undefined when it is anything else (NaN, Infinity, 2.5, "3"). */
function wholeNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) ? value : undefined;
}

/** A bad value as a warning can quote it: short, since it may come from another client. */
export function show(value: unknown): string {
  if (value === null) return "null";
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value).slice(0, 40) : typeof value;
}

export function isCharacteristic(value: unknown): value is CharacteristicKey {
  return typeof value === "string" && (CHARACTERISTICS as readonly string[]).includes(value);
}

/** Scores as rolls use them: Destrezza already lowered by armour for people (§2.4.1); animals may lack some (§3.3.1). */
export function scores(sys: NonNullable<CheckActor["genesys"]>): Readonly<Record<CharacteristicKey, number | null>> {
  return sys instanceof AnimalModel ? sys.characteristics : sys.effective;
}

/**
 * §1.7.1 turns a request into a plan, or explains why there can be no roll: unknown characteristic or skill,
 * a modifier or difficulty that is not a whole number, an actor Collapsed or dead (§1.5.2: no rolls at all).
 */
export function prepareCheck(actor: CheckActor, options: CheckRequestOptions, localize: (key: string) => string): CheckRequest {
  const raw = options as Record<string, unknown>; // a macro may pass anything: read the fields as unknown
  const sys = actor.genesys;
  if (!sys) return refuse("GENESYS.Check.Warn.NotGenesys", { name: actor.name });

  const modifiers = raw["modifiers"] === undefined ? 0 : wholeNumber(raw["modifiers"]);
  if (modifiers === undefined) return refuse("GENESYS.Check.Warn.BadModifier", { value: show(raw["modifiers"]) });
  const difficulty = raw["difficulty"] === undefined || raw["difficulty"] === null ? null : wholeNumber(raw["difficulty"]);
  if (difficulty === undefined) return refuse("GENESYS.Check.Warn.BadDifficulty", { value: show(raw["difficulty"]) });
  const blind = raw["blind"] === true;

  const characteristic = raw["characteristic"];
  const skillId = raw["skillId"];
  if ((characteristic === undefined) === (skillId === undefined)) return refuse("GENESYS.Check.Warn.NoTarget");

  let kind: CheckPlan["kind"];
  let label: string;
  let grade: number | null;
  let reference: CharacteristicKey | null = null;
  if (skillId !== undefined) {
    const item = typeof skillId === "string" && skillId !== "" ? actor.items.get(skillId) : undefined;
    if (!item || !(item.system instanceof SkillModel)) return refuse("GENESYS.Check.Warn.UnknownSkill", { id: show(skillId) });
    kind = "skill";
    label = item.name;
    grade = item.system.grade;
    reference = item.system.characteristic;
  } else {
    if (!isCharacteristic(characteristic)) return refuse("GENESYS.Check.Warn.UnknownCharacteristic", { key: show(characteristic) });
    kind = "characteristic";
    label = localize(`GENESYS.Characteristic.${characteristic}`);
    grade = scores(sys)[characteristic];
    reference = characteristic;
  }
  if (grade === null) return refuse("GENESYS.Check.Warn.NoScore", { label });

  const penalty = sys.condition.penalty;
  if (penalty === null) {
    return refuse("GENESYS.Check.Warn.CannotRoll", { name: actor.name, condition: localize(`GENESYS.Condition.${sys.condition.key}`) });
  }

  const effects = checkEffectParts(sys, reference);
  return {
    ok: true,
    plan: {
      actorUuid: actor.uuid,
      actorName: actor.name,
      label,
      kind,
      characteristic: kind === "characteristic" && isCharacteristic(characteristic) ? characteristic : null,
      skillId: kind === "skill" && typeof skillId === "string" ? skillId : null,
      grade,
      conditionPenalty: penalty,
      condition: sys.condition.key,
      experience: scores(sys).experience ?? 0,
      difficulty,
      modifiers: modifiers + sumParts(effects),
      situational: modifiers,
      effects,
      blind,
    },
  };
}

/** The rules' view of a check: the condition penalty is one more modifier (§1.7.1). */
export function checkSetup(input: { grade: number; modifiers: number; conditionPenalty: number; difficulty: number }): CheckSetup {
  return { grade: input.grade, modifiers: input.modifiers + input.conditionPenalty, difficulty: input.difficulty };
}

/** §1.7.1 chance, automatic success and impossibility before rolling; null without a declared difficulty. */
export function checkPreview(input: { grade: number; modifiers: number; conditionPenalty: number; difficulty: number | null }): CheckPreview | null {
  if (input.difficulty === null) return null;
  const setup = checkSetup({ ...input, difficulty: input.difficulty });
  const chance = checkSuccessProbability(setup);
  return {
    chance,
    percent: Math.round(chance * 100),
    automatic: isAutomaticSuccess(setup),
    impossible: isImpossible(setup),
    threshold: checkThreshold(setup),
  };
}
