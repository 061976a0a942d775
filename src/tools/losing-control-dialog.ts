/** §3.1.6 the losing-control dialog: the cause (fear, disgust, shock), the Esperienza check's difficulty and modifier. */
import { LOSING_CONTROL_CAUSES } from "../rules/advanced/losing-control.js";
import { DIFFICULTY_LADDER, difficultyValue } from "../rules/check.js";
import { DIFFICULTIES, type DifficultyKey } from "../rules/types.js";
import { formNumber, formText, isRecord, openToolDialog, type FormValues, type ToolI18n } from "./tool-dialog.js";

export const LOSING_CONTROL_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/losing-control-dialog.hbs";

export interface LosingControlAnswer {
  /** As chosen: the tool refuses what is not a cause of the book. */
  cause: string;
  /** NaN when the custom margin is not a number: the tool refuses it. */
  difficulty: number;
  modifiers: number;
  blind: boolean;
}

const isStep = (v: string): v is DifficultyKey => (DIFFICULTIES as readonly string[]).includes(v);

export function parseLosingControlForm(values: FormValues): LosingControlAnswer {
  const step = formText(values, "difficulty");
  const difficulty = isStep(step) ? difficultyValue(step) : step === "custom" && formText(values, "custom").trim() !== "" ? formNumber(values, "custom") : Number.NaN;
  return { cause: formText(values, "cause"), difficulty, modifiers: formNumber(values, "modifiers"), blind: values["blind"] === true };
}

export function isLosingControlAnswer(value: unknown): value is LosingControlAnswer {
  if (!isRecord(value)) return false;
  return typeof value["cause"] === "string" && typeof value["difficulty"] === "number" && typeof value["modifiers"] === "number" && typeof value["blind"] === "boolean";
}

export function losingControlDialogContext(names: readonly string[], i18n: ToolI18n) {
  return {
    subject: names.join(", "),
    hint: i18n.localize("GENESYS.Tools.LosingControl.Hint"),
    causes: LOSING_CONTROL_CAUSES.map((c) => ({ value: c, label: i18n.localize(`GENESYS.LosingControlCause.${c}`), selected: c === "fear" })),
    difficulties: [
      ...DIFFICULTIES.map((k) => ({ value: k, label: `${i18n.localize(`GENESYS.Difficulty.${k}`)} (${String(DIFFICULTY_LADDER[k])})`, selected: k === "medium" })),
      { value: "custom", label: i18n.localize("GENESYS.Check.DifficultyCustom"), selected: false },
    ],
    labels: {
      cause: i18n.localize("GENESYS.Tools.LosingControl.Cause"),
      difficulty: i18n.localize("GENESYS.Check.Difficulty"),
      custom: i18n.localize("GENESYS.Check.CustomMargin"),
      modifiers: i18n.localize("GENESYS.Check.Modifiers"),
      blind: i18n.localize("GENESYS.Tools.LosingControl.Blind"),
    },
  };
}

export function promptLosingControl(names: readonly string[]): Promise<LosingControlAnswer | null> {
  return openToolDialog({
    title: game.i18n.localize("GENESYS.Tools.LosingControl.DialogTitle"),
    icon: "fa-solid fa-face-grimace",
    template: LOSING_CONTROL_DIALOG_TEMPLATE,
    context: losingControlDialogContext(names, game.i18n),
    button: game.i18n.localize("GENESYS.Tools.LosingControl.Offer"),
    parse: parseLosingControlForm,
    isAnswer: isLosingControlAnswer,
    customSelect: "difficulty",
  });
}
