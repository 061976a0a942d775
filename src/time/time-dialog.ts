/**
 * The Narrator's "time passes" dialog: how long, for whom (the selected tokens, or every actor the world setting names),
 * and what they did meanwhile. It only gathers the answers; time-intents.ts moves the clock and the world-time hook
 * applies the rules once.
 */
import { GenesysActor } from "../documents/actor.js";
import type { TimeAnswers } from "./time-plan.js";
import { PASTIMES } from "./pastimes.js";
import { requestTimePasses, type TimePassesRequest } from "./time-intents.js";
import { guarded } from "../ui/guarded.js";

export const TIME_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/time-dialog.hbs";
export const TIME_UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
export type TimeUnit = keyof typeof TIME_UNITS;

/** What the dialog answered. */
export interface TimeDialogAnswer {
  amount: number;
  unit: TimeUnit;
  who: "selected" | "all";
  answers: TimeAnswers;
}

interface Localizer { localize(key: string): string }

/** The dialog's texts and choices; "selected" is offered first when tokens are selected. */
export function timeDialogContext(i18n: Localizer, selectedCount: number): Record<string, unknown> {
  return {
    hint: i18n.localize("GENESYS.Time.Dialog.Hint"),
    amount: 8,
    labels: {
      duration: i18n.localize("GENESYS.Time.Dialog.Duration"),
      who: i18n.localize("GENESYS.Time.Dialog.Who"),
      pastime: i18n.localize("GENESYS.Time.Dialog.Pastime"),
      ate: i18n.localize("GENESYS.Time.Dialog.Ate"),
      drank: i18n.localize("GENESYS.Time.Dialog.Drank"),
    },
    units: (Object.keys(TIME_UNITS) as TimeUnit[]).map((value) => ({ value, label: i18n.localize(`GENESYS.Time.Unit.${value}`), selected: value === "hours" })),
    who: [
      { value: "selected", label: `${i18n.localize("GENESYS.Time.Dialog.Selected")} (${String(selectedCount)})`, selected: selectedCount > 0 },
      { value: "all", label: i18n.localize("GENESYS.Time.Dialog.All"), selected: selectedCount === 0 },
    ],
    pastimes: PASTIMES.map((value) => ({ value, label: i18n.localize(`GENESYS.Time.Pastime.${value}`), selected: value === "rest" })),
    ate: true,
    drank: true,
  };
}

/** The form as submitted, or null when it does not make sense (the caller warns). */
export function readTimeForm(data: { get(name: string): unknown }): TimeDialogAnswer | null {
  const amount = Number(data.get("amount"));
  const unit = data.get("unit");
  const who = data.get("who");
  const pastime = PASTIMES.find((p) => p === data.get("pastime"));
  if (!Number.isFinite(amount) || !(unit === "minutes" || unit === "hours" || unit === "days") || !(who === "selected" || who === "all") || !pastime) return null;
  return { amount, unit, who, answers: { pastime, ate: data.get("ate") !== null, drank: data.get("drank") !== null } };
}

function warn(key: string, data: Record<string, string> = {}): false {
  ui.notifications.warn(game.i18n.format(key, data));
  return false;
}

/**
 * The actors of the selected tokens (an unlinked token's own actor), each once; null, with a warning, when a selected
 * token's actor was deleted: nothing is advanced rather than a part of the party.
 */
export function selectedTimeActors(): GenesysActor[] | null {
  const tokens = canvas.tokens?.controlled ?? [];
  const actors: GenesysActor[] = [];
  for (const token of tokens) {
    const actor: unknown = token.actor;
    if (!(actor instanceof GenesysActor)) {
      warn("GENESYS.Time.Warn.TokenWithoutActor", { name: token.name });
      return null;
    }
    const found: GenesysActor = actor as GenesysActor; // narrowed above; the class's generic default reads as any
    if (!actors.includes(found)) actors.push(found);
  }
  return actors;
}

/** The request an answer makes, or null with a warning. */
export function timeRequestOf(answer: TimeDialogAnswer, selected: readonly GenesysActor[]): TimePassesRequest | null {
  const refusal = answer.amount < 0 ? "GENESYS.Time.Warn.Backwards"
    : !(answer.amount > 0) ? "GENESYS.Time.Warn.BadDuration"
    : answer.who === "selected" && selected.length === 0 ? "GENESYS.Macro.Warn.NoSelection" : null;
  if (refusal) {
    warn(refusal);
    return null;
  }
  return {
    seconds: Math.round(answer.amount * TIME_UNITS[answer.unit]),
    answers: answer.answers,
    actorUuids: answer.who === "selected" ? selected.map((a) => a.uuid) : null,
  };
}

/** Opens the dialog (Narrators only) and, confirmed, lets the time pass; true once it was applied. */
export async function openTimeDialog(): Promise<boolean> {
  return guarded(false, async () => {
    if (!game.user.isGM) return warn("GENESYS.Time.Warn.NarratorsOnly");
    const selected = selectedTimeActors();
    if (!selected) return false;
    const content = await foundry.applications.handlebars.renderTemplate(TIME_DIALOG_TEMPLATE, timeDialogContext(game.i18n, selected.length));
    // The types of DialogV2.wait are loose in 13.345.1 (V13-API §6.6): read the answer as unknown.
    const answer: unknown = await foundry.applications.api.DialogV2.wait({
      window: { title: game.i18n.localize("GENESYS.Time.Dialog.Title"), icon: "fa-solid fa-hourglass-half" },
      classes: ["genesys", "genesys-time-dialog"],
      content,
      buttons: [
        {
          action: "ok", label: game.i18n.localize("GENESYS.Time.Dialog.Confirm"), icon: "fa-solid fa-check", default: true,
          callback: (_event, button) => (button.form ? readTimeForm(new FormData(button.form)) : null),
        },
        { action: "cancel", label: game.i18n.localize("GENESYS.Combat.Close"), icon: "fa-solid fa-xmark" },
      ],
    });
    // The confirm button without a readable form answers its action: a duration that is not a number.
    if (answer === "ok") return warn("GENESYS.Time.Warn.BadDuration");
    if (typeof answer !== "object" || answer === null) return false;
    const read = answer as TimeDialogAnswer; // only the confirm callback answers an object, built by readTimeForm
    const request = timeRequestOf(read, selected);
    return request ? requestTimePasses(request) : false;
  });
}
