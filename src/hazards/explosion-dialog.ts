/** §3.2.6 the explosion dialog: where it goes off (template or targeted token), its damage, and a dodged projectile. */
import { asForm, asInput } from "../compat/dom.js";
import { DAMAGE_TYPES } from "../rules/types.js";
import { openHazardDialog } from "./hazard-dialog.js";
import { formNumber, formText, isRecord, type FormValues, type ToolI18n } from "../tools/tool-dialog.js";

export const EXPLOSION_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/explosion-dialog.hbs";

export interface ExplosionAnswer {
  at: string;
  formula: string;
  type: string;
  dodged: boolean;
  throwerDistance: number;
  hidden: boolean;
}

export function parseExplosionForm(values: FormValues): ExplosionAnswer {
  const dodged = values["dodged"] === true;
  return {
    at: formText(values, "at"),
    formula: formText(values, "formula"),
    type: formText(values, "type"),
    dodged,
    throwerDistance: formText(values, "throwerDistance").trim() === "" ? Number.NaN : formNumber(values, "throwerDistance"),
    hidden: values["hidden"] === true,
  };
}

export function isExplosionAnswer(value: unknown): value is ExplosionAnswer {
  if (!isRecord(value)) return false;
  return ["at", "formula", "type"].every((k) => typeof value[k] === "string") && typeof value["throwerDistance"] === "number"
    && typeof value["dodged"] === "boolean" && typeof value["hidden"] === "boolean";
}

/** `hasTarget`: one token is targeted, so the blast on it is offered first. */
export function explosionDialogContext(hasTarget: boolean, i18n: ToolI18n) {
  return {
    formula: "8D6",
    points: [
      { value: "template", label: i18n.localize("GENESYS.Hazard.Dialog.AtTemplate"), selected: !hasTarget },
      { value: "target", label: i18n.localize("GENESYS.Hazard.Dialog.AtTarget"), selected: hasTarget },
    ],
    types: DAMAGE_TYPES.map((t) => ({ value: t, label: i18n.localize(`GENESYS.DamageType.${t}`), selected: t === "wounding" })),
    labels: {
      at: i18n.localize("GENESYS.Hazard.Dialog.At"),
      formula: i18n.localize("GENESYS.Hazard.Dialog.Formula"),
      type: i18n.localize("GENESYS.Hazard.Dialog.Type"),
      dodged: i18n.localize("GENESYS.Hazard.Dialog.Dodged"),
      throwerDistance: i18n.localize("GENESYS.Hazard.Dialog.ThrowerDistance"),
      hidden: i18n.localize("GENESYS.Tools.Hidden"),
    },
    hints: { point: i18n.localize("GENESYS.Hazard.Dialog.PointHint"), dodged: i18n.localize("GENESYS.Hazard.Dialog.DodgedHint") },
  };
}

/** The thrower's distance shows only while "dodged" is ticked. */
export function bindDodged(root: HTMLElement): void {
  const form = asForm(root) ?? root.querySelector("form");
  const box = asInput(form?.querySelector("input[name='dodged']") ?? null);
  const fields = form?.querySelectorAll<HTMLElement>("[data-dodged]");
  if (!box || !fields) return;
  const update = (): void => {
    for (const f of Array.from(fields)) f.toggleAttribute("hidden", !box.checked);
  };
  box.addEventListener("change", update);
  update();
}

export function promptExplosion(hasTarget: boolean): Promise<ExplosionAnswer | null> {
  return openHazardDialog({
    title: game.i18n.localize("GENESYS.Hazard.Explosion.DialogTitle"),
    icon: "fa-solid fa-bomb",
    template: EXPLOSION_DIALOG_TEMPLATE,
    context: explosionDialogContext(hasTarget, game.i18n),
    button: game.i18n.localize("GENESYS.Hazard.Explosion.SetOff"),
    parse: parseExplosionForm,
    isAnswer: isExplosionAnswer,
    bind: bindDodged,
  });
}
