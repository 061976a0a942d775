/**
 * The small dialog before a check roll: difficulty (the §1.7.2 ladder, another margin, or unknown to the
 * player for a blind roll §1.7.3), a situational modifier, and the chance of success as the inputs change.
 */
import { partLabel, sumParts } from "../effects/check-effects.js";
import { asForm } from "../compat/dom.js";
import { DIFFICULTY_LADDER } from "../rules/check.js";
import { DIFFICULTIES, type DifficultyKey } from "../rules/types.js";
import { checkPreview, scores, type CheckPlan } from "./check-request.js";
import { GenesysActor } from "../documents/actor.js";
import { influenceDifficulty } from "../rules/check.js";
import { CHARACTERISTICS } from "../rules/types.js";
import { contestFromCheck } from "../contest/contest-flow.js";
import { percent, signed } from "../format/numbers.js";
import { type CheckDialogResult, type CheckFormValues, parseCheckForm, initialFormValues } from "./check-form.js";

export const CHECK_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/check-dialog.hbs";

/** What the form's named controls hold (select, inputs, checkbox). */
export function readCheckForm(form: HTMLFormElement): CheckFormValues {
  const control = (name: string) => form.elements.namedItem(name);
  const text = (name: string): string => {
    const el = control(name);
    return el && "value" in el ? el.value : "";
  };
  const box = control("rollAnyway");
  const influence = control("influence");
  const chosen = influence && "selectedOptions" in influence ? (influence.selectedOptions as HTMLCollectionOf<HTMLOptionElement>)[0] : undefined; // a select's
  return {
    // Only with a targeted opponent (targetedInfluence): otherwise the form has no such control.
    ...(influence ? { influence: text("influence"), influenceActor: text("influenceActor"), influenceShift: Number(chosen?.dataset["shift"] ?? 0) } : {}),
    difficulty: text("difficulty"),
    custom: text("custom"),
    modifiers: text("modifiers"),
    rollAnyway: box !== null && "checked" in box && box.checked === true,
  };
}

/** The live part of the dialog for the current values. */
export interface DialogPreview {
  /** "72 %", or "—" when the difficulty is unknown or not a number. */
  chance: string;
  automatic: boolean;
  impossible: boolean;
  customVisible: boolean;
  blind: boolean;
}

/** §1.7.1 chance, automatic success (A-15) and impossibility for what the form holds now. */
export function dialogPreview(plan: Pick<CheckPlan, "grade" | "conditionPenalty"> & Partial<Pick<CheckPlan, "effects">>, values: CheckFormValues): DialogPreview {
  const answer = parseCheckForm(values);
  const valid = (n: number | null): n is number => n !== null && Number.isInteger(n);
  // The typed modifier is the situational one; the effects' come on top, as prepareCheck adds them to the roll.
  const preview = valid(answer.difficulty) && Number.isInteger(answer.modifiers)
    ? checkPreview({ grade: plan.grade, modifiers: answer.modifiers + sumParts(plan.effects ?? []), conditionPenalty: plan.conditionPenalty, difficulty: answer.difficulty + (values.influenceShift ?? 0) })
    : null;
  return {
    chance: preview ? percent(preview.percent / 100) : "—",
    automatic: preview?.automatic ?? false,
    impossible: preview?.impossible ?? false,
    customVisible: values.difficulty === "custom",
    blind: answer.blind,
  };
}

export type CheckDialogContext = {
  label: string;
  grade: { label: string; value: number };
  condition: { label: string; value: string } | null;
  /** Modifiers from effects and statuses, one line each with its source ("Anello di forza +1"). */
  effects: { label: string; value: string }[];
  difficulty: { label: string; options: { value: string; label: string; selected: boolean }[]; custom: string; customLabel: string };
  modifiers: { label: string; value: number };
  influence: InfluenceContext | null;
  preview: DialogPreview & { chanceLabel: string; automaticText: string; impossibleText: string; blindText: string; rollAnywayLabel: string };
};

/** §1.7.4 the one targeted token's actor (not the roller), whose characteristics may influence the check. */
export interface InfluenceOpponent {
  actorUuid: string;
  name: string;
  scores: Readonly<Record<(typeof CHARACTERISTICS)[number], number | null>>;
}

export function targetedInfluence(plan: Pick<CheckPlan, "actorUuid">): InfluenceOpponent | null {
  const targets = [...game.user.targets];
  const actor: unknown = targets.length === 1 ? targets[0]?.actor : null;
  if (!(actor instanceof GenesysActor) || actor.uuid === plan.actorUuid || !actor.genesys) return null;
  return { actorUuid: actor.uuid, name: actor.name, scores: scores(actor.genesys) };
}

type InfluenceContext = {
  label: string;
  actorUuid: string;
  options: { value: string; label: string; shift: number; disabled: boolean }[];
};

/** The influence choice: none, or one of the opponent's characteristics with its shift (those it lacks disabled). */
export function influenceContext(opponent: InfluenceOpponent, i18n: { localize(key: string): string; format(key: string, data?: Record<string, string>): string }): InfluenceContext {
  return {
    label: i18n.format("GENESYS.Check.InfluenceOf", { name: opponent.name }),
    actorUuid: opponent.actorUuid,
    options: [
      { value: "", label: i18n.localize("GENESYS.Check.InfluenceNone"), shift: 0, disabled: false },
      ...CHARACTERISTICS.map((key) => {
        const score = opponent.scores[key];
        const name = i18n.localize(`GENESYS.Characteristic.${key}`);
        const shift = score === null ? 0 : influenceDifficulty(0, score);
        return { value: key, label: score === null ? name : `${name} ${String(score)} (${signed(shift)})`, shift, disabled: score === null };
      }),
    ],
  };
}

/** The template context, every text localized. */
export function checkDialogContext(plan: CheckPlan, i18n: { localize(key: string): string; format(key: string, data?: Record<string, string>): string } = game.i18n, opponent: InfluenceOpponent | null = null): CheckDialogContext {
  const values = initialFormValues({ ...plan, modifiers: plan.situational });
  const step = (key: DifficultyKey) => ({
    value: key,
    label: `${i18n.localize(`GENESYS.Difficulty.${key}`)} (${String(DIFFICULTY_LADDER[key])})`,
    selected: values.difficulty === key,
  });
  return {
    label: plan.label,
    grade: { label: i18n.localize(plan.kind === "skill" ? "GENESYS.Check.Grade" : "GENESYS.Check.Score"), value: plan.grade },
    condition: plan.conditionPenalty === 0
      ? null
      : { label: i18n.format("GENESYS.Check.ConditionPenalty", { condition: i18n.localize(`GENESYS.Condition.${plan.condition}`) }), value: signed(plan.conditionPenalty) },
    effects: plan.effects.map((p) => ({ label: partLabel(p, (k) => i18n.localize(k)), value: signed(p.value) })),
    difficulty: {
      label: i18n.localize("GENESYS.Check.Difficulty"),
      options: [
        ...DIFFICULTIES.map(step),
        { value: "custom", label: i18n.localize("GENESYS.Check.DifficultyCustom"), selected: values.difficulty === "custom" },
        { value: "blind", label: i18n.localize("GENESYS.Check.DifficultyBlind"), selected: values.difficulty === "blind" },
      ],
      custom: values.custom,
      customLabel: i18n.localize("GENESYS.Check.CustomMargin"),
    },
    modifiers: { label: i18n.localize("GENESYS.Check.Modifiers"), value: plan.situational },
    influence: opponent ? influenceContext(opponent, i18n) : null,
    preview: {
      ...dialogPreview(plan, values),
      chanceLabel: i18n.localize("GENESYS.Check.Chance"),
      automaticText: i18n.localize("GENESYS.Check.AutomaticHint"),
      impossibleText: i18n.localize("GENESYS.Check.ImpossibleHint"),
      blindText: i18n.localize("GENESYS.Check.BlindHint"),
      rollAnywayLabel: i18n.localize("GENESYS.Check.RollAnyway"),
    },
  };
}

type DialogI18n = { localize(key: string): string };

/**
 * The main button's words and icon: an automatic success (A-15) not ticked "roll anyway" is announced without dice,
 * and the button says so.
 */
export function rollButton(preview: Pick<DialogPreview, "automatic">, rollAnyway: boolean, i18n: DialogI18n = game.i18n): { label: string; icon: string } {
  return preview.automatic && !rollAnyway
    ? { label: i18n.localize("GENESYS.Check.Announce"), icon: "fa-solid fa-bullhorn" }
    : { label: i18n.localize("GENESYS.Check.Roll"), icon: "fa-solid fa-dice" };
}

/** Rewrites the main button (DialogV2 renders it from its config) when the preview changes what it will do. */
function showRollButton(root: HTMLElement, button: { label: string; icon: string }): void {
  const element = root.querySelector<HTMLButtonElement>("button[data-action='roll']");
  if (!element) return;
  const icon = document.createElement("i");
  icon.className = button.icon;
  icon.setAttribute("inert", "");
  const label = document.createElement("span");
  label.textContent = button.label;
  element.replaceChildren(icon, label);
}

/** Keeps the chance, the notices and the main button in step with the inputs. */
function bindLivePreview(root: HTMLElement, plan: CheckPlan): void {
  const form = asForm(root) ?? root.querySelector("form");
  if (!form) return;
  const update = (): void => {
    const values = readCheckForm(form);
    const p = dialogPreview(plan, values);
    showRollButton(root, rollButton(p, values.rollAnyway));
    const chance = form.querySelector("[data-chance]");
    if (chance) chance.textContent = p.chance;
    const toggle = (selector: string, visible: boolean): void => {
      form.querySelector<HTMLElement>(selector)?.toggleAttribute("hidden", !visible);
    };
    toggle("[data-custom]", p.customVisible);
    toggle("[data-automatic]", p.automatic);
    toggle("[data-impossible]", p.impossible);
    toggle("[data-blind]", p.blind);
  };
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  update();
}

/**
 * What the roll button's callback returns (parseCheckForm). DialogV2 resolves with the button's action string when a
 * callback gives null (BeneosBattlemaps/beneos-module scripts/beneos_cloud.js), and null when closed: neither is an
 * answer. Numbers may be NaN as typed; rollCheck warns about those, so only the shape is checked.
 */
function isResult(value: unknown): value is CheckDialogResult {
  if (typeof value !== "object" || value === null) return false;
  // Any object: each field is read as unknown and checked here.
  const { difficulty, modifiers, blind, rollAnyway } = value as Record<string, unknown>;
  return (difficulty === null || typeof difficulty === "number") && typeof modifiers === "number" && typeof blind === "boolean" && typeof rollAnyway === "boolean";
}

/** Opens the dialog; resolves to the answer, or null when it is closed or cancelled. */
export async function promptCheck(plan: CheckPlan): Promise<CheckDialogResult | null> {
  const opponent = targetedInfluence(plan);
  const content = await foundry.applications.handlebars.renderTemplate(CHECK_DIALOG_TEMPLATE, checkDialogContext(plan, game.i18n, opponent));
  const initial = initialFormValues(plan);
  const main = rollButton(dialogPreview(plan, initial), initial.rollAnyway);
  // The types of DialogV2.wait are loose in 13.345.1 (V13-API §6.6): read the answer as unknown and check it.
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.format("GENESYS.Check.DialogTitle", { label: plan.label }), icon: "fa-solid fa-dice-d10" },
    classes: ["genesys", "genesys-check-dialog"],
    content,
    buttons: [
      {
        action: "roll",
        label: main.label,
        icon: main.icon,
        default: true,
        callback: (_event, button) => (button.form ? parseCheckForm(readCheckForm(button.form)) : null),
      },
      // §1.7.5 with a token targeted, a contest with it instead of a check; the dialog then rolls nothing.
      ...(opponent
        ? [{
            action: "contest",
            label: game.i18n.format("GENESYS.Contest.WithTarget", { name: opponent.name }),
            icon: "fa-solid fa-people-arrows",
            callback: () => {
              void contestFromCheck(plan, opponent.actorUuid);
              return null;
            },
          }]
        : []),
      { action: "cancel", label: game.i18n.localize("GENESYS.Check.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    render: (_event, dialog) => {
      bindLivePreview(dialog.element, plan);
    },
    rejectClose: false,
  });
  return isResult(answer) ? answer : null;
}
