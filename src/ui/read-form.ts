/** A dialog's form as plain values, for the dialogs' parsers. */
import { asInput, asSelect } from "../compat/dom.js";

/** A form's named controls as text (checkboxes as booleans). */
export type FormValues = Record<string, string | boolean>;

/** Reads every named control of a form. */
export function readForm(form: HTMLFormElement): FormValues {
  const values: FormValues = {};
  for (const el of Array.from(form.elements)) {
    const input = asInput(el);
    const control = input ?? asSelect(el);
    if (!control?.name) continue;
    values[control.name] = input?.type === "checkbox" ? input.checked : control.value;
  }
  return values;
}
