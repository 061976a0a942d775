/** §3.1.3 the reaction dialog: whom the Extra meets (a Protagonist's sheet or typed numbers), the book's modifiers as boxes. */
import { REACTION_MODIFIERS, REACTION_MODIFIER_KEYS, type ReactionModifierKey } from "../rules/advanced/reaction.js";
import { signed } from "../format/numbers.js";
import { formNumber, formText, isRecord, isStringArray, openToolDialog, ticked, type FormValues, type ToolI18n } from "./tool-dialog.js";

export const REACTION_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/reaction-dialog.hbs";
export const CUSTOM_PROTAGONIST = "custom";

/** A Protagonist the dialog offers: an actor's uuid and what the book reads from him. */
export interface ProtagonistChoice {
  uuid: string;
  name: string;
  charm: number;
  reputation: number;
}

export interface ReactionAnswer {
  /** A choice's uuid, or CUSTOM_PROTAGONIST for the typed numbers. */
  protagonist: string;
  charm: number;
  reputation: number;
  modifiers: ReactionModifierKey[];
  otherModifier: number;
  recognised: boolean;
  hidden: boolean;
}

export function parseReactionForm(values: FormValues): ReactionAnswer {
  return {
    protagonist: formText(values, "protagonist"),
    charm: formNumber(values, "charm"),
    reputation: formNumber(values, "reputation"),
    modifiers: ticked(values, "mod", REACTION_MODIFIER_KEYS),
    otherModifier: formNumber(values, "other"),
    recognised: values["recognised"] === true,
    hidden: values["hidden"] === true,
  };
}

export function isReactionAnswer(value: unknown): value is ReactionAnswer {
  if (!isRecord(value)) return false;
  const v = value;
  return typeof v["protagonist"] === "string" && typeof v["charm"] === "number" && typeof v["reputation"] === "number" && isStringArray(v["modifiers"])
    && typeof v["otherModifier"] === "number" && typeof v["recognised"] === "boolean" && typeof v["hidden"] === "boolean";
}

export function reactionDialogContext(extra: { name: string; animal: boolean }, choices: readonly ProtagonistChoice[], i18n: ToolI18n) {
  return {
    extra: extra.name,
    animal: extra.animal,
    hint: i18n.localize(extra.animal ? "GENESYS.Tools.Reaction.AnimalHint" : "GENESYS.Tools.Reaction.Hint"),
    protagonists: [
      ...choices.map((c, i) => ({ value: c.uuid, label: i18n.format("GENESYS.Tools.Reaction.Choice", { name: c.name, charm: String(c.charm), reputation: signed(c.reputation) }), selected: i === 0 })),
      { value: CUSTOM_PROTAGONIST, label: i18n.localize("GENESYS.Tools.Reaction.CustomProtagonist"), selected: choices.length === 0 },
    ],
    customHidden: choices.length > 0,
    modifiers: REACTION_MODIFIER_KEYS.map((k) => ({
      name: `mod.${k}`,
      label: `${i18n.localize(`GENESYS.Tools.Reaction.Modifier.${k}`)} (${signed(REACTION_MODIFIERS[k])})`,
      // An animal always takes the −4 (rules/advanced/reaction.ts reactionSetup): shown ticked and fixed.
      checked: extra.animal && k === "animalIntelligence",
      disabled: extra.animal && k === "animalIntelligence",
    })),
    labels: {
      protagonist: i18n.localize("GENESYS.Tools.Reaction.Protagonist"),
      charm: i18n.localize("GENESYS.Characteristic.charm"),
      reputation: i18n.localize("GENESYS.Sheet.Reputation"),
      modifiers: i18n.localize("GENESYS.Tools.Modifiers"),
      other: i18n.localize("GENESYS.Tools.Other"),
      recognised: i18n.localize("GENESYS.Tools.Reaction.Recognised"),
      hidden: i18n.localize("GENESYS.Tools.Hidden"),
    },
  };
}

export function promptReaction(extra: { name: string; animal: boolean }, choices: readonly ProtagonistChoice[]): Promise<ReactionAnswer | null> {
  return openToolDialog({
    title: game.i18n.format("GENESYS.Tools.Reaction.DialogTitle", { extra: extra.name }),
    icon: "fa-solid fa-handshake",
    template: REACTION_DIALOG_TEMPLATE,
    context: reactionDialogContext(extra, choices, game.i18n),
    button: game.i18n.localize("GENESYS.Tools.Roll"),
    parse: parseReactionForm,
    isAnswer: isReactionAnswer,
    customSelect: "protagonist",
  });
}
