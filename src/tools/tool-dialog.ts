/**
 * What the three Narrator tool dialogs (reaction, recognition, losing control) share: a form rendered from a template,
 * one button that reads it, and the answer checked for shape before anyone uses it (DialogV2 resolves with the button's
 * action string when its callback gives null, and with null when closed: neither is an answer).
 */
import { asForm } from "../compat/dom.js";
import { readForm, type FormValues } from "../ui/read-form.js";

export type { FormValues };

/** Localized texts, as every context builder takes them. */
export interface ToolI18n {
  localize(key: string): string;
  format(key: string, data?: Record<string, string>): string;
}

/** "−2" with a real minus, "+3", "" (= 0): a number, NaN when it is not one. */
export function formNumber(values: FormValues, name: string): number {
  const raw = values[name];
  const clean = (typeof raw === "string" ? raw : "").trim().replace(/\u2212/g, "-");
  return clean === "" ? 0 : Number(clean);
}

export const formText = (values: FormValues, name: string): string => {
  const raw = values[name];
  return typeof raw === "string" ? raw : "";
};

/** The keys whose checkbox `prefix.key` is ticked, in the table's order. */
export function ticked<K extends string>(values: FormValues, prefix: string, keys: readonly K[]): K[] {
  return keys.filter((k) => values[`${prefix}.${k}`] === true);
}

export async function openToolDialog<T>(config: {
  title: string;
  icon: string;
  template: string;
  context: object;
  button: string;
  parse: (values: FormValues) => T;
  isAnswer: (value: unknown) => value is T;
  /** The select whose "custom" choice shows the `[data-custom]` fields. */
  customSelect?: string;
  /** Wires the rendered form (a kind select showing its own fields, say). */
  bind?: (root: HTMLElement) => void;
}): Promise<T | null> {
  const content = await foundry.applications.handlebars.renderTemplate(config.template, { ...config.context });
  // The types of DialogV2.wait are loose in 13.345.1 (V13-API §6.6): read the answer as unknown and check it.
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: config.title, icon: config.icon },
    classes: ["genesys", "genesys-tool-dialog"],
    content,
    buttons: [
      { action: "roll", label: config.button, icon: "fa-solid fa-dice", default: true, callback: (_event, button) => (button.form ? config.parse(readForm(button.form)) : null) },
      { action: "cancel", label: game.i18n.localize("GENESYS.Check.Cancel"), icon: "fa-solid fa-xmark" },
    ],
    render: (_event, dialog) => {
      if (config.customSelect) bindCustomFields(dialog.element, config.customSelect);
      config.bind?.(dialog.element);
    },
    rejectClose: false,
  });
  return config.isAnswer(answer) ? answer : null;
}

/** A plain object (an answer is checked field by field after this). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

/** The `[data-custom]` fields show only while the select named `select` is on "custom". */
export function bindCustomFields(root: HTMLElement, select: string): void {
  const form = asForm(root) ?? root.querySelector("form");
  const control = form?.querySelector<HTMLSelectElement>(`select[name='${select}']`);
  const fields = form?.querySelectorAll<HTMLElement>("[data-custom]");
  if (!control || !fields) return;
  const update = (): void => {
    for (const f of Array.from(fields)) f.toggleAttribute("hidden", control.value !== "custom");
  };
  control.addEventListener("change", update);
  update();
}
