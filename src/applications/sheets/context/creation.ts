/**
 * The creation-mode block of a Protagonista's sheet (§1.3.3): the allowance meter, its warnings, and what the Finish
 * button does for this viewer. Numbers come from the data model (CharacterModel#creationBalance, src/rules); this
 * only words them.
 */
import { CharacterModel } from "../../../data/actor/character.js";
import type { BudgetLine, CreationBalance } from "../../../rules/skill.js";
import { formatCount } from "../../../format/plural.js";
import type { SheetEnv } from "./shared.js";

export interface CreationMeterLine {
  key: "characteristicPoints" | "skillGrades";
  label: string;
  spent: number;
  budget: number;
  status: BudgetLine["status"];
  /** Width of the filled bar, 0–100 (display only). */
  percent: number;
  /** "3 left", "2 over", "all spent". */
  state: string;
}

export interface CreationContext {
  /** The character is in creation: the meter and the Finish button show. */
  active: boolean;
  lines: CreationMeterLine[];
  /** Over the allowance: the warning shown above the button. */
  warning: string | null;
  /** Under the allowance: a note that points are left (finishing then asks first). */
  note: string | null;
  canFinish: boolean;
  canReopen: boolean;
  /** After creation, for a player: allocated grades are the Narrator's now. */
  lockedHint: string | null;
}

function meterLine(key: CreationMeterLine["key"], line: BudgetLine, env: SheetEnv): CreationMeterLine {
  const state =
    line.status === "exact"
      ? env.localize("GENESYS.Creation.State.Exact")
      : env.format(line.status === "over" ? "GENESYS.Creation.State.Over" : "GENESYS.Creation.State.Left", { n: String(Math.abs(line.left)) });
  const percent = line.budget > 0 ? Math.min(100, Math.round((line.spent / line.budget) * 100)) : line.spent > 0 ? 100 : 0;
  return { key, label: env.localize(`GENESYS.Creation.${key}`), spent: line.spent, budget: line.budget, status: line.status, percent, state };
}

/** What is over or left, in words, for the warning and the confirmation ("characteristics 2, grades 1"). */
function summary(balance: CreationBalance, status: "over" | "under", env: SheetEnv): string {
  const lines = (["characteristicPoints", "skillGrades"] as const).filter((k) => balance[k].status === status);
  return lines.map((k) => formatCount(env, `GENESYS.Creation.Amount.${k}`, Math.abs(balance[k].left))).join(", ");
}

/** The block's context, or null for a Comparsa (no creation mode) and a viewer who may not see the numbers. */
export function buildCreationContext(system: unknown, env: SheetEnv): CreationContext | null {
  if (!(system instanceof CharacterModel) || env.limited) return null;
  const active = system.creation.active;
  const balance = system.creationBalance();
  const underAny = balance.characteristicPoints.status === "under" || balance.skillGrades.status === "under";
  return {
    active,
    lines: [meterLine("characteristicPoints", balance.characteristicPoints, env), meterLine("skillGrades", balance.skillGrades, env)],
    warning: active && balance.over ? env.format(env.isGM ? "GENESYS.Creation.Warning.OverGM" : "GENESYS.Creation.Warning.Over", { what: summary(balance, "over", env) }) : null,
    note: active && underAny ? env.format("GENESYS.Creation.Warning.Under", { what: summary(balance, "under", env) }) : null,
    canFinish: active && env.editable,
    canReopen: !active && env.isGM,
    lockedHint: !active && !env.isGM && env.editable ? env.localize("GENESYS.Creation.LockedHint") : null,
  };
}

/** What pressing Finish does: lock at once is never offered, since a player cannot undo it. */
export type FinishVerdict = { kind: "refuse"; message: string } | { kind: "confirm"; message: string };

/** §1.3.3 over the allowance only the Narrator may finish (after confirming); under it, anyone is asked first. */
export function finishVerdict(balance: CreationBalance, env: SheetEnv): FinishVerdict {
  if (balance.over && !env.isGM) return { kind: "refuse", message: env.format("GENESYS.Creation.Refused.OverBudgetSheet", { what: summary(balance, "over", env) }) };
  const key = balance.over ? "GENESYS.Creation.Confirm.Over" : balance.exact ? "GENESYS.Creation.Confirm.Exact" : "GENESYS.Creation.Confirm.Under";
  const what = summary(balance, balance.over ? "over" : "under", env);
  return { kind: "confirm", message: env.format(key, { what }) };
}
