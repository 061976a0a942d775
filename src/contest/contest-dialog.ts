/**
 * The small dialog before a contest (§1.7.5): what each side rolls (the opponent the same by default), the Narrator's
 * situational modifier for each, and who stood in the advantageous position (§1.8.2, A-14), worked out from the
 * grades and modifiers as they are chosen and changeable by the Narrator. A player's modifiers and advantage are
 * disabled here and replaced on the Narrator's client anyway.
 */
import { asForm } from "../compat/dom.js";
import { advantagedBy, contestPlan } from "./contest-plan.js";
import type { ContestRequest } from "./contest-flow.js";
import type { SideId } from "./contest-card.js";
import { defaultOpponentChoice, type SideChoice } from "./contest-opponent.js";
import { SkillModel } from "../data/item/skill.js";
import { isCharacteristic } from "../check/check-request.js";
import type { GenesysActor } from "../documents/actor.js";
import { CHARACTERISTICS } from "../rules/types.js";

export const CONTEST_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/contest-dialog.hbs";

type I18n = { localize(key: string): string; format(key: string, data?: Record<string, string>): string };

export { defaultOpponentChoice, type SideChoice } from "./contest-opponent.js";

/** A choice in the form: "skill:<id>" / "char:<key>". */

export function choiceValue(choice: SideChoice): string {
  return choice.skillId !== null ? `skill:${choice.skillId}` : `char:${choice.characteristic ?? ""}`;
}

export function readChoice(value: string): SideChoice | null {
  const [kind, key = ""] = value.split(":", 2);
  if (kind === "skill" && key !== "") return { skillId: key, characteristic: null };
  if (kind === "char" && isCharacteristic(key)) return { skillId: null, characteristic: key };
  return null;
}

interface ChoiceOption {
  value: string;
  label: string;
  selected: boolean;
  disabled: boolean;
}

/** The actor's skills and characteristics with their grades; those it lacks (an animal's Fascino) are disabled. */
export function sideChoices(actor: GenesysActor, selected: string, i18n: I18n = game.i18n): ChoiceOption[] {
  const options: ChoiceOption[] = [];
  for (const item of actor.items) {
    if (!(item.system instanceof SkillModel) || !item.id) continue;
    const planned = contestPlan(actor, { skillId: item.id, characteristic: null, modifiers: 0 });
    const value = choiceValue({ skillId: item.id, characteristic: null });
    options.push({ value, label: planned.ok ? `${item.name} (${String(planned.plan.grade)})` : item.name, selected: value === selected, disabled: !planned.ok });
  }
  for (const key of CHARACTERISTICS) {
    const planned = contestPlan(actor, { skillId: null, characteristic: key, modifiers: 0 });
    const value = choiceValue({ skillId: null, characteristic: key });
    const name = i18n.localize(`GENESYS.Characteristic.${key}`);
    options.push({ value, label: planned.ok ? `${name} (${String(planned.plan.grade)})` : name, selected: value === selected, disabled: !planned.ok });
  }
  return options;
}

/** The form's raw values. */
export interface ContestFormValues {
  a: { choice: string; modifiers: string };
  b: { choice: string; modifiers: string };
  advantaged: string;
}

const toNumber = (text: string): number => {
  const clean = text.trim().replace(/\u2212/g, "-");
  return clean === "" ? 0 : Number(clean);
};

/** The request the form describes, or null when a choice is not one of the offered ones. */
export function parseContestForm(values: ContestFormValues): ContestRequest | null {
  const a = readChoice(values.a.choice);
  const b = readChoice(values.b.choice);
  if (!a || !b) return null;
  const advantaged: SideId | null = values.advantaged === "a" || values.advantaged === "b" ? values.advantaged : null;
  return { a: { ...a, modifiers: toNumber(values.a.modifiers) }, b: { ...b, modifiers: toNumber(values.b.modifiers) }, advantaged };
}

/** §1.8.2 who is advantaged for the form's choices, as the Narrator's client would work it out. */
export function suggestedAdvantage(actor: GenesysActor, opponent: GenesysActor, request: ContestRequest): SideId | null {
  const a = contestPlan(actor, request.a);
  const b = contestPlan(opponent, request.b);
  return a.ok && b.ok ? advantagedBy(a.plan, b.plan) : null;
}

export type ContestDialogContext = {
  /** `locked`: a player's choice for an opponent they do not own, which the Narrator's client sets by default anyway. */
  sides: { id: SideId; name: string; choices: ChoiceOption[]; locked: boolean }[];
  chooseLabel: string;
  modifierLabel: string;
  modifierHint: string;
  isGM: boolean;
  advantage: { label: string; hint: string; options: { value: string; label: string; selected: boolean }[] };
};

export function contestDialogContext(
  actor: GenesysActor,
  opponent: GenesysActor,
  mine: SideChoice,
  isGM: boolean,
  i18n: I18n = game.i18n,
  choosesOpponent: boolean = isGM,
): ContestDialogContext {
  const theirs = defaultOpponentChoice(actor, mine, opponent);
  const request: ContestRequest = { a: { ...mine, modifiers: 0 }, b: { ...theirs, modifiers: 0 } };
  const advantaged = suggestedAdvantage(actor, opponent, request);
  return {
    sides: [
      { id: "a", name: actor.name, choices: sideChoices(actor, choiceValue(mine), i18n), locked: false },
      { id: "b", name: opponent.name, choices: sideChoices(opponent, choiceValue(theirs), i18n), locked: !choosesOpponent },
    ],
    chooseLabel: i18n.localize("GENESYS.Contest.Side"),
    modifierLabel: i18n.localize("GENESYS.Contest.Modifier"),
    modifierHint: i18n.localize("GENESYS.Contest.ModifierGmHint"),
    isGM,
    advantage: {
      label: i18n.localize("GENESYS.Contest.AdvantageLabel"),
      hint: i18n.localize("GENESYS.Contest.AdvantageHint"),
      options: [
        { value: "", label: i18n.localize("GENESYS.Contest.AdvantageNone"), selected: advantaged === null },
        { value: "a", label: actor.name, selected: advantaged === "a" },
        { value: "b", label: opponent.name, selected: advantaged === "b" },
      ],
    },
  };
}

export function readContestForm(form: HTMLFormElement): ContestFormValues {
  const text = (name: string): string => {
    const el = form.elements.namedItem(name);
    return el && "value" in el ? el.value : "";
  };
  return {
    a: { choice: text("a.choice"), modifiers: text("a.modifiers") },
    b: { choice: text("b.choice"), modifiers: text("b.modifiers") },
    advantaged: text("advantaged"),
  };
}

/** Keeps a locked opponent's choice at the default for the side the player picks (the Narrator's client holds to it). */
function bindLockedOpponent(root: HTMLElement, actor: GenesysActor, opponent: GenesysActor): void {
  const form = asForm(root) ?? root.querySelector("form");
  const mine = form?.querySelector<HTMLSelectElement>("select[name='a.choice']");
  const theirs = form?.querySelector<HTMLSelectElement>("select[name='b.choice']");
  if (!mine || !theirs) return;
  // The select's own listener runs before bindAdvantage's on the form (bubbling): its suggestion sees this choice.
  mine.addEventListener("change", () => {
    const choice = readChoice(mine.value);
    if (choice) theirs.value = choiceValue(defaultOpponentChoice(actor, choice, opponent));
  });
}

/** Keeps the suggested advantage in step with the choices until the Narrator picks one by hand. */
function bindAdvantage(root: HTMLElement, actor: GenesysActor, opponent: GenesysActor): void {
  const form = asForm(root) ?? root.querySelector("form");
  const select = form?.querySelector<HTMLSelectElement>("select[name='advantaged']");
  if (!form || !select) return;
  let byHand = false;
  select.addEventListener("change", () => {
    byHand = true;
  });
  form.addEventListener("change", (event) => {
    if (event.target === select || byHand) return;
    const request = parseContestForm(readContestForm(form));
    if (request) select.value = suggestedAdvantage(actor, opponent, request) ?? "";
  });
}

const isRequest = (value: unknown): value is ContestRequest => typeof value === "object" && value !== null && "a" in value && "b" in value;

/** Opens the dialog; the request, or null when closed or cancelled. */
export async function promptContest(actor: GenesysActor, opponent: GenesysActor, mine: SideChoice): Promise<ContestRequest | null> {
  const isGM = game.user.isGM;
  // fvtt-types types game.user as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  const choosesOpponent = isGM || opponent.testUserPermission(game.user, "OWNER");
  const context = contestDialogContext(actor, opponent, mine, isGM, game.i18n, choosesOpponent);
  const content = await foundry.applications.handlebars.renderTemplate(CONTEST_DIALOG_TEMPLATE, context);
  // The types of DialogV2.wait are loose in 13.345.1 (V13-API §6.6): read the answer as unknown and check it.
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("GENESYS.Contest.DialogTitle", { a: actor.name, b: opponent.name }), icon: "fa-solid fa-people-arrows" },
    classes: ["genesys", "genesys-check-dialog", "genesys-contest-dialog"],
    content,
    buttons: [
      {
        action: "start",
        label: game.i18n.localize("GENESYS.Contest.Start"),
        icon: "fa-solid fa-people-arrows",
        default: true,
        callback: (_event, button) => (button.form ? parseContestForm(readContestForm(button.form)) : null),
      },
      { action: "cancel", label: game.i18n.localize("GENESYS.Contest.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    render: (_event, dialog) => {
      if (!choosesOpponent) bindLockedOpponent(dialog.element, actor, opponent);
      bindAdvantage(dialog.element, actor, opponent);
    },
    rejectClose: false,
  });
  if (!isRequest(answer)) return null;
  if (isGM) return answer;
  // A player's modifiers and advantage are the Narrator's to give: sent as none, worked out there; so is what an
  // opponent the player does not own rolls (the default for the side the player chose).
  const b = choosesOpponent ? answer.b : defaultOpponentChoice(actor, answer.a, opponent);
  return { a: { ...answer.a, modifiers: 0 }, b: { ...b, modifiers: 0 }, advantaged: "auto" };
}
