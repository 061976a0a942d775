/** A check's form values and what they answer, for the dialog and for a quick roll without one. */
import { difficultyValue, DIFFICULTY_LADDER } from "../rules/check.js";
import { DIFFICULTIES, type DifficultyKey } from "../rules/types.js";
import { isCharacteristic, type CheckPlan } from "./check-request.js";
import type { CheckAnswer } from "./check-flow.js";

/** The player's answer, as the check flow takes it. */
export type CheckDialogResult = CheckAnswer;

/** The form's raw values. */
export interface CheckFormValues {
  /** A ladder key, "custom" or "blind". */
  difficulty: string;
  custom: string;
  modifiers: string;
  rollAnyway: boolean;
  /** §1.7.4 the targeted opponent's characteristic ("" for none), its actor, and the shift it gives the difficulty. */
  influence?: string;
  influenceActor?: string;
  influenceShift?: number;
}

const DEFAULT_STEP: DifficultyKey = "medium";

function isDifficultyKey(value: string): value is DifficultyKey {
  return (DIFFICULTIES as readonly string[]).includes(value);
}

/** "−2" typed with a real minus, "+3", "" (= 0): a number, NaN when it is not one. */
function toNumber(text: string): number {
  const clean = text.trim().replace(/\u2212/g, "-");
  return clean === "" ? 0 : Number(clean);
}

/** Reads the form into a result; the difficulty comes from the rules' ladder. */
export function parseCheckForm(values: CheckFormValues): CheckDialogResult {
  const blind = values.difficulty === "blind";
  let difficulty: number | null;
  if (blind) difficulty = null;
  else if (values.difficulty === "custom") difficulty = values.custom.trim() === "" ? Number.NaN : toNumber(values.custom);
  else if (isDifficultyKey(values.difficulty)) difficulty = difficultyValue(values.difficulty);
  else difficulty = Number.NaN;
  const influence = isCharacteristic(values.influence) && values.influenceActor ? { actorUuid: values.influenceActor, characteristic: values.influence } : null;
  return { difficulty, modifiers: toNumber(values.modifiers), blind, rollAnyway: values.rollAnyway, ...(influence ? { influence } : {}) };
}

/** The initial values: the requested difficulty picks its ladder step, another margin goes to "custom". */
export function initialFormValues(plan: Pick<CheckPlan, "difficulty" | "modifiers" | "blind">): CheckFormValues {
  let difficulty: string = DEFAULT_STEP;
  let custom = "";
  if (plan.blind) difficulty = "blind";
  else if (plan.difficulty !== null) {
    const step = DIFFICULTIES.find((key) => DIFFICULTY_LADDER[key] === plan.difficulty);
    if (step) difficulty = step;
    else {
      difficulty = "custom";
      custom = String(plan.difficulty);
    }
  }
  return { difficulty, custom, modifiers: String(plan.modifiers), rollAnyway: false };
}
