/** §3.1.2 the generic damage dialog: a fall (height, jump or accident, the Destrezza check), the flames or a damage. */
import { asForm } from "../compat/dom.js";
import { FALL_KINDS } from "../rules/advanced/generic-damage.js";
import { DAMAGE_TYPES } from "../rules/types.js";
import { formNumber, formText, isRecord, openToolDialog, type FormValues, type ToolI18n } from "../tools/tool-dialog.js";

export const HAZARD_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/hazard-dialog.hbs";

export interface HazardAnswer {
  kind: string;
  height: number;
  cause: string;
  check: boolean;
  protection: number;
  formula: string;
  type: string;
  armour: boolean;
  hidden: boolean;
}

export const HAZARD_DIALOG_KINDS = ["fall", "flames", "damage"] as const;

/** The form as typed: the tool refuses what the rules do not accept (a negative height, a formula with other terms). */
export function parseHazardForm(values: FormValues): HazardAnswer {
  const height = formText(values, "height").trim() === "" ? Number.NaN : formNumber(values, "height");
  return {
    kind: formText(values, "kind"),
    height,
    cause: formText(values, "cause"),
    check: values["check"] === true,
    protection: formNumber(values, "protection"),
    formula: formText(values, "formula"),
    type: formText(values, "type"),
    armour: values["armour"] === true,
    hidden: values["hidden"] === true,
  };
}

export function isHazardAnswer(value: unknown): value is HazardAnswer {
  if (!isRecord(value)) return false;
  const strings = ["kind", "cause", "formula", "type"].every((k) => typeof value[k] === "string");
  const numbers = ["height", "protection"].every((k) => typeof value[k] === "number");
  const flags = ["check", "armour", "hidden"].every((k) => typeof value[k] === "boolean");
  return strings && numbers && flags;
}

export function hazardDialogContext(names: readonly string[], i18n: ToolI18n) {
  return {
    subject: names.join(", "),
    kinds: HAZARD_DIALOG_KINDS.map((k, i) => ({ value: k, label: i18n.localize(`GENESYS.Hazard.Kind.${k}`), selected: i === 0 })),
    causes: FALL_KINDS.map((c) => ({ value: c, label: i18n.localize(`GENESYS.Hazard.Fall.Cause.${c}`), selected: c === "accident" })),
    types: DAMAGE_TYPES.map((t) => ({ value: t, label: i18n.localize(`GENESYS.DamageType.${t}`), selected: t === "trauma" })),
    labels: {
      kind: i18n.localize("GENESYS.Hazard.Dialog.Kind"),
      height: i18n.localize("GENESYS.Hazard.Dialog.Height"),
      cause: i18n.localize("GENESYS.Hazard.Dialog.Cause"),
      check: i18n.localize("GENESYS.Hazard.Dialog.Check"),
      protection: i18n.localize("GENESYS.Hazard.Dialog.Protection"),
      formula: i18n.localize("GENESYS.Hazard.Dialog.Formula"),
      type: i18n.localize("GENESYS.Hazard.Dialog.Type"),
      armour: i18n.localize("GENESYS.Hazard.Dialog.Armour"),
      hidden: i18n.localize("GENESYS.Tools.Hidden"),
    },
    hints: { fall: i18n.localize("GENESYS.Hazard.Dialog.FallHint"), flames: i18n.localize("GENESYS.Hazard.Dialog.FlamesHint") },
  };
}

/** Shows only the section of the chosen kind. */
export function bindHazardKind(root: HTMLElement): void {
  const form = asForm(root) ?? root.querySelector("form");
  const select = form?.querySelector<HTMLSelectElement>("select[name='kind']");
  const sections = form?.querySelectorAll<HTMLElement>("[data-hazard-kind]");
  if (!select || !sections) return;
  const update = (): void => {
    for (const s of Array.from(sections)) s.toggleAttribute("hidden", s.dataset["hazardKind"] !== select.value);
  };
  select.addEventListener("change", update);
  update();
}

/** A hazard dialog (this one or the explosion's): the tools' dialog, with its form wired by `bind`. */
export async function openHazardDialog<T>(config: Parameters<typeof openToolDialog<T>>[0] & { bind: (root: HTMLElement) => void }): Promise<T | null> {
  return openToolDialog(config);
}

export function promptHazard(names: readonly string[]): Promise<HazardAnswer | null> {
  return openHazardDialog({
    title: game.i18n.localize("GENESYS.Hazard.Dialog.Title"),
    icon: "fa-solid fa-person-falling-burst",
    template: HAZARD_DIALOG_TEMPLATE,
    context: hazardDialogContext(names, game.i18n),
    button: game.i18n.localize("GENESYS.Hazard.Dialog.Apply"),
    parse: parseHazardForm,
    isAnswer: isHazardAnswer,
    bind: bindHazardKind,
  });
}
