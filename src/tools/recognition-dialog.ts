/** §3.1.4 the recognition dialog: who looks at the Protagonists (some never recognise) and the situation's modifiers. */
import { RECOGNITION_MODIFIERS, RECOGNITION_MODIFIER_KEYS, RECOGNITION_OBSERVERS, type RecognitionModifierKey, type RecognitionObserver } from "../rules/advanced/reputation-effects.js";
import { signed } from "../format/numbers.js";
import { formNumber, formText, isRecord, isStringArray, openToolDialog, ticked, type FormValues, type ToolI18n } from "./tool-dialog.js";

export const RECOGNITION_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/recognition-dialog.hbs";

export interface RecognitionAnswer {
  /** As typed: the tool refuses what is not an observer the book names. */
  observer: string;
  modifiers: RecognitionModifierKey[];
  otherModifier: number;
  hidden: boolean;
}

export function parseRecognitionForm(values: FormValues): RecognitionAnswer {
  return {
    observer: formText(values, "observer"),
    modifiers: ticked(values, "mod", RECOGNITION_MODIFIER_KEYS),
    otherModifier: formNumber(values, "other"),
    hidden: values["hidden"] === true,
  };
}

export function isRecognitionAnswer(value: unknown): value is RecognitionAnswer {
  if (!isRecord(value)) return false;
  return typeof value["observer"] === "string" && isStringArray(value["modifiers"]) && typeof value["otherModifier"] === "number" && typeof value["hidden"] === "boolean";
}

export function recognitionDialogContext(names: readonly string[], i18n: ToolI18n) {
  return {
    subject: names.join(", "),
    hint: i18n.localize("GENESYS.Tools.Recognition.Hint"),
    observers: RECOGNITION_OBSERVERS.map((o: RecognitionObserver) => ({ value: o, label: i18n.localize(`GENESYS.Tools.Recognition.Observer.${o}`), selected: o === "person" })),
    modifiers: RECOGNITION_MODIFIER_KEYS.map((k) => ({ name: `mod.${k}`, label: `${i18n.localize(`GENESYS.Tools.Recognition.Modifier.${k}`)} (${signed(RECOGNITION_MODIFIERS[k])})` })),
    labels: {
      observer: i18n.localize("GENESYS.Tools.Recognition.Observer.label"),
      modifiers: i18n.localize("GENESYS.Tools.Modifiers"),
      other: i18n.localize("GENESYS.Tools.Other"),
      hidden: i18n.localize("GENESYS.Tools.Hidden"),
    },
  };
}

export function promptRecognition(names: readonly string[]): Promise<RecognitionAnswer | null> {
  return openToolDialog({
    title: game.i18n.localize("GENESYS.Tools.Recognition.DialogTitle"),
    icon: "fa-solid fa-eye",
    template: RECOGNITION_DIALOG_TEMPLATE,
    context: recognitionDialogContext(names, game.i18n),
    button: game.i18n.localize("GENESYS.Tools.Roll"),
    parse: parseRecognitionForm,
    isAnswer: isRecognitionAnswer,
  });
}
