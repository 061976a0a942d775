/**
 * The Narrator's request dialog: which check (a characteristic, or a skill the candidates have), its difficulty (a
 * §1.7.2 step, another margin, or none) shown or hidden, blind or not (§1.7.3), and who is asked (the selected and
 * targeted tokens, the players' characters). It only gathers the answer; request-intents.ts makes the card.
 */
import { asForm } from "../compat/dom.js";
import { SkillModel } from "../data/item/skill.js";
import type { RequestCandidate } from "./request-recipients.js";
import type { RequestSpec } from "./request-plan.js";
import type { RequestedCheckSpec } from "./request-spec.js";
import { DIFFICULTY_LADDER } from "../rules/check.js";
import { CHARACTERISTICS, DIFFICULTIES, type DifficultyKey } from "../rules/types.js";
import { isCharacteristic } from "../check/check-request.js";

export const REQUEST_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/request-dialog.hbs";

type I18n = { localize(key: string): string; format(key: string, data?: Record<string, string>): string };

export interface SkillChoice {
  key: string;
  name: string;
}

/** Each skill the candidates have, once by key, sorted by name. */
export function skillChoices(actors: readonly { items: Iterable<{ name: string; system: unknown }> }[]): SkillChoice[] {
  const byKey = new Map<string, string>();
  for (const actor of actors) {
    for (const item of actor.items) if (item.system instanceof SkillModel && !byKey.has(item.system.slug)) byKey.set(item.system.slug, item.name);
  }
  return [...byKey].map(([key, name]) => ({ key, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The form's raw values. */
export interface RequestFormValues {
  /** "skill:<key>" or "characteristic:<key>". */
  check: string;
  /** A ladder key, "custom" or "none". */
  difficulty: string;
  custom: string;
  hidden: boolean;
  blind: boolean;
  /** Indexes into the candidates. */
  recipients: number[];
}

export type RequestDialogContext = {
  checks: { label: string; groups: { label: string; options: { value: string; label: string; selected: boolean }[] }[] };
  difficulty: { label: string; options: { value: string; label: string; selected: boolean }[]; custom: string; customLabel: string; customVisible: boolean };
  hidden: { label: string; checked: boolean; hint: string };
  blind: { label: string; checked: boolean; hint: string };
  recipients: { label: string; none: string; list: { index: number; name: string; source: string; checked: boolean }[] };
};

function initialDifficulty(difficulty: number | null): { key: string; custom: string } {
  if (difficulty === null) return { key: "none", custom: "" };
  const step = DIFFICULTIES.find((k) => DIFFICULTY_LADDER[k] === difficulty);
  return step ? { key: step, custom: "" } : { key: "custom", custom: String(difficulty) };
}

/** The template context, every text localized; `initial` is what a journal's button or a macro pre-filled. */
export function requestDialogContext(initial: Partial<RequestedCheckSpec>, skills: readonly SkillChoice[], candidates: readonly RequestCandidate[], chosen: readonly number[], i18n: I18n = game.i18n): RequestDialogContext {
  const selectedCheck = initial.skill ? `skill:${initial.skill}` : `characteristic:${initial.characteristic ?? "perception"}`;
  const skillOptions = skills.map((s) => ({ value: `skill:${s.key}`, label: s.name, selected: selectedCheck === `skill:${s.key}` }));
  // A pre-filled skill none of the candidates has is still offered, under its key.
  if (initial.skill && !skills.some((s) => s.key === initial.skill)) skillOptions.unshift({ value: `skill:${initial.skill}`, label: initial.skill, selected: true });
  const difficulty = initialDifficulty(initial.difficulty ?? null);
  return {
    checks: {
      label: i18n.localize("GENESYS.Request.Check"),
      groups: [
        {
          label: i18n.localize("GENESYS.Request.Characteristics"),
          options: CHARACTERISTICS.map((c) => ({ value: `characteristic:${c}`, label: i18n.localize(`GENESYS.Characteristic.${c}`), selected: selectedCheck === `characteristic:${c}` })),
        },
        { label: i18n.localize("GENESYS.Request.Skills"), options: skillOptions },
      ],
    },
    difficulty: {
      label: i18n.localize("GENESYS.Check.Difficulty"),
      options: [
        ...DIFFICULTIES.map((k: DifficultyKey) => ({ value: k, label: `${i18n.localize(`GENESYS.Difficulty.${k}`)} (${String(DIFFICULTY_LADDER[k])})`, selected: difficulty.key === k })),
        { value: "custom", label: i18n.localize("GENESYS.Check.DifficultyCustom"), selected: difficulty.key === "custom" },
        { value: "none", label: i18n.localize("GENESYS.Check.DifficultyUndeclared"), selected: difficulty.key === "none" },
      ],
      custom: difficulty.custom,
      customLabel: i18n.localize("GENESYS.Check.CustomMargin"),
      customVisible: difficulty.key === "custom",
    },
    hidden: { label: i18n.localize("GENESYS.Request.HideDifficulty"), checked: initial.hidden === true, hint: i18n.localize("GENESYS.Request.HideDifficultyHint") },
    blind: { label: i18n.localize("GENESYS.Request.Blind"), checked: initial.blind === true, hint: i18n.localize("GENESYS.Request.BlindHint") },
    recipients: {
      label: i18n.localize("GENESYS.Request.Recipients"),
      none: i18n.localize("GENESYS.Request.NoCandidates"),
      list: candidates.map((c, index) => ({ index, name: c.name, source: i18n.localize(`GENESYS.Request.Source.${c.source}`), checked: chosen.includes(index) })),
    },
  };
}

/** The answer as the request takes it; a refusal key when the form does not make one. */
export function parseRequestForm(values: RequestFormValues, candidates: readonly RequestCandidate[]): { ok: true; spec: RequestSpec } | { ok: false; warning: string } {
  const [kind, key = ""] = values.check.split(":");
  let skill: string | null = null;
  let characteristic: RequestSpec["characteristic"] = null;
  if (kind === "skill" && key !== "") skill = key;
  else if (kind === "characteristic" && isCharacteristic(key)) characteristic = key;
  else return { ok: false, warning: "GENESYS.Check.Warn.NoTarget" };
  let difficulty: number | null;
  if (values.difficulty === "none") difficulty = null;
  else if (values.difficulty === "custom") {
    const typed = values.custom.trim();
    difficulty = /^\d{1,2}$/.test(typed) ? Number(typed) : Number.NaN;
  } else difficulty = (DIFFICULTIES as readonly string[]).includes(values.difficulty) ? DIFFICULTY_LADDER[values.difficulty as DifficultyKey] : Number.NaN;
  if (difficulty !== null && !Number.isInteger(difficulty)) return { ok: false, warning: "GENESYS.Request.Warn.BadDifficulty" };
  const recipients = values.recipients.flatMap((i) => {
    const c = candidates[i];
    return c ? [{ actorUuid: c.actorUuid, tokenUuid: c.tokenUuid, name: c.name }] : [];
  });
  if (recipients.length === 0) return { ok: false, warning: "GENESYS.Request.Warn.NoRecipients" };
  return { ok: true, spec: { skill, characteristic, difficulty, hidden: values.hidden && difficulty !== null, blind: values.blind, recipients } };
}

/** What the form's named controls hold. */
export function readRequestForm(form: HTMLFormElement): RequestFormValues {
  const control = (name: string): unknown => form.elements.namedItem(name);
  const text = (name: string): string => {
    const el = control(name);
    return typeof el === "object" && el !== null && "value" in el && typeof el.value === "string" ? el.value : "";
  };
  const box = (name: string): boolean => {
    const el = control(name);
    return typeof el === "object" && el !== null && "checked" in el && el.checked === true;
  };
  const recipients = [...form.querySelectorAll<HTMLInputElement>("input[name='recipient']")].filter((i) => i.checked).map((i) => Number(i.value));
  return { check: text("check"), difficulty: text("difficulty"), custom: text("custom"), hidden: box("hidden"), blind: box("blind"), recipients };
}

/** Shows the custom margin only when chosen, and "hidden" only with a difficulty to hide. */
function bindLive(root: HTMLElement): void {
  const form = asForm(root) ?? root.querySelector("form");
  if (!form) return;
  const update = (): void => {
    const values = readRequestForm(form);
    form.querySelector<HTMLElement>("[data-custom]")?.toggleAttribute("hidden", values.difficulty !== "custom");
    form.querySelector<HTMLElement>("[data-hidden-difficulty]")?.toggleAttribute("hidden", values.difficulty === "none");
  };
  form.addEventListener("change", update);
  update();
}

/** Opens the dialog; the spec, or null when closed, cancelled or refused (with a warning). */
export async function promptRequest(initial: Partial<RequestedCheckSpec>, skills: readonly SkillChoice[], candidates: readonly RequestCandidate[], chosen: readonly number[]): Promise<RequestSpec | null> {
  const content = await foundry.applications.handlebars.renderTemplate(REQUEST_DIALOG_TEMPLATE, requestDialogContext(initial, skills, candidates, chosen));
  // The types of DialogV2.wait are loose in 13.345.1 (V13-API §6.6): read the answer as unknown and check it.
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.localize("GENESYS.Request.DialogTitle"), icon: "fa-solid fa-bullhorn" },
    classes: ["genesys", "genesys-request-dialog"],
    content,
    buttons: [
      {
        action: "send",
        label: game.i18n.localize("GENESYS.Request.Send"),
        icon: "fa-solid fa-bullhorn",
        default: true,
        callback: (_event, button) => (button.form ? parseRequestForm(readRequestForm(button.form), candidates) : null),
      },
      { action: "cancel", label: game.i18n.localize("GENESYS.Check.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    render: (_event, dialog) => {
      bindLive(dialog.element);
    },
    rejectClose: false,
  });
  if (typeof answer !== "object" || answer === null || !("ok" in answer)) return null;
  // The send button's callback answered parseRequestForm's shape.
  const parsed = answer as ReturnType<typeof parseRequestForm>;
  if (!parsed.ok) {
    ui.notifications.warn(game.i18n.localize(parsed.warning));
    return null;
  }
  return parsed.spec;
}
