/**
 * The Narrator's "Encounter odds" window: each side's members and policy, the distance, fights, seed and round limit;
 * Run plays the fights in slices with a progress bar and Cancel, then shows the results as a table with bars; Post
 * whispers the summary to the Narrators. It only gathers settings and shows what src/rules/sim measured.
 */
import { asForm } from "../compat/dom.js";
import { oddsCardContext, postOddsCard, type OddsCardContext } from "./odds-card.js";
import { applySettings, randomSeed, type OddsSession, type RawSettings } from "./odds-session.js";
import type { OddsI18n } from "./odds-view.js";
import { DEFENCE_POLICIES, TARGETING_POLICIES } from "../rules/sim/policy.js";
import { SYSTEM_ID } from "../settings/rules-settings.js";
import { readForm, type FormValues } from "../ui/read-form.js";

export const ODDS_DIALOG_TEMPLATE = `systems/${SYSTEM_ID}/templates/dialogs/encounter-odds-dialog.hbs`;

type Choice = { value: string; label: string; selected: boolean };

export interface OddsDialogContext {
  sides: { index: number; name: string; members: string[]; targeting: Choice[]; defence: Choice[] }[];
  distance: string;
  fights: number;
  seed: number;
  roundLimit: number;
  running: boolean;
  progress: { percent: number; text: string } | null;
  cancelled: boolean;
  results: OddsCardContext | null;
  /** The window's own labels. */
  ui: Record<(typeof UI_LABELS)[number][0], string>;
}

const UI_LABELS = [
  ["targeting", "GENESYS.Odds.Field.targeting"],
  ["defence", "GENESYS.Odds.Field.defence"],
  ["distance", "GENESYS.Odds.Field.distance"],
  ["fights", "GENESYS.Odds.Field.fights"],
  ["seed", "GENESYS.Odds.Field.seed"],
  ["roundLimit", "GENESYS.Odds.Field.roundLimit"],
  ["rangeIgnored", "GENESYS.Odds.RangeIgnored"],
  ["reseed", "GENESYS.Odds.Reseed"],
  ["cancelled", "GENESYS.Odds.Cancelled"],
  ["cancel", "GENESYS.Odds.Cancel"],
  ["run", "GENESYS.Odds.Run"],
  ["post", "GENESYS.Odds.Post"],
] as const;

/** What the window shows for the session now (also rendered in tests with the real template). */
export function oddsDialogContext(session: OddsSession, i18n: OddsI18n): OddsDialogContext {
  const s = session.settings;
  const members = [session.lineup.party, session.lineup.foes];
  const results = session.results ? oddsCardContext(session.results, i18n) : null;
  const percent = s.fights > 0 ? Math.round((session.done / s.fights) * 100) : 0;
  return {
    sides: ([0, 1] as const).map((i) => ({
      index: i,
      name: session.sideNames[i],
      members: (members[i] ?? []).map((m) => m.actor.name),
      targeting: TARGETING_POLICIES.map((k) => ({ value: k, label: i18n.localize(`GENESYS.Odds.Targeting.${k}`), selected: s.policies[i].targeting === k })),
      defence: DEFENCE_POLICIES.map((k) => ({ value: k, label: i18n.localize(`GENESYS.Odds.Defence.${k}`), selected: s.policies[i].defence === k })),
    })),
    distance: s.distanceMetres === null ? "" : String(s.distanceMetres),
    fights: s.fights,
    seed: s.seed,
    roundLimit: s.roundLimit,
    running: session.state === "running",
    progress: session.state === "running" || session.state === "cancelled" ? { percent, text: i18n.format("GENESYS.Odds.Progress", { done: String(session.done), of: String(s.fights) }) } : null,
    cancelled: session.state === "cancelled",
    results,
    ui: Object.fromEntries(UI_LABELS.map(([k, key]) => [k, i18n.localize(key)])) as OddsDialogContext["ui"], // built from the full label list
  };
}

const numberOf = (v: string | boolean | undefined): number | null => {
  const t = typeof v === "string" ? v.trim().replace(/\u2212/g, "-") : "";
  return t === "" ? null : Number(t);
};

/** The form's fields as settings to check (an empty distance: range ignored; an empty number keeps its value). */
export function settingsFromForm(values: FormValues): RawSettings {
  const raw: RawSettings = {
    targeting: [values["targeting.0"], values["targeting.1"]],
    defence: [values["defence.0"], values["defence.1"]],
    distance: numberOf(values["distance"]),
  };
  const fights = numberOf(values["fights"]);
  const seed = numberOf(values["seed"]);
  const roundLimit = numberOf(values["roundLimit"]);
  if (fights !== null) raw.fights = fights;
  if (seed !== null) raw.seed = seed;
  if (roundLimit !== null) raw.roundLimit = roundLimit;
  return raw;
}

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

export class EncounterOddsDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: "genesys-encounter-odds",
    tag: "form",
    classes: ["genesys", "genesys-odds-dialog"],
    window: { title: "GENESYS.Odds.Title", icon: "fa-solid fa-scale-unbalanced", resizable: true },
    position: { width: 480 },
    // Enter in a field submits the form: the window reads its fields only when Run is pressed.
    form: { handler: EncounterOddsDialog.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: {
      oddsRun: EncounterOddsDialog.#onRun,
      oddsCancel: EncounterOddsDialog.#onCancel,
      oddsPost: EncounterOddsDialog.#onPost,
      oddsReseed: EncounterOddsDialog.#onReseed,
    },
  };

  static override PARTS = { body: { template: ODDS_DIALOG_TEMPLATE } };

  /** Set once, right after construction (the options object of ApplicationV2 takes only its own keys). */
  session: OddsSession | null = null;

  protected override _prepareContext(): Promise<Record<string, unknown>> {
    const session = this.session;
    return Promise.resolve(session ? { ...oddsDialogContext(session, game.i18n) } : {});
  }

  /** Reads the form into the session; false (warned) when a field does not fit. */
  #readSettings(session: OddsSession): boolean {
    const form = asForm(this.element);
    if (!form) return true;
    const applied = applySettings(session.settings, settingsFromForm(readForm(form)));
    if (!applied.ok) {
      ui.notifications.warn(game.i18n.format("GENESYS.Odds.Warn.BadRequest", { field: game.i18n.localize(`GENESYS.Odds.Field.${applied.field}`) }));
      return false;
    }
    session.settings = applied.settings;
    return true;
  }

  /** The bar and its text follow the run without a whole re-render per slice. */
  #showProgress(done: number, of: number): void {
    const bar = this.element.querySelector<HTMLElement>("[data-odds-progress]");
    const text = this.element.querySelector<HTMLElement>("[data-odds-progress-text]");
    const percent = of > 0 ? Math.round((done / of) * 100) : 0;
    if (bar) bar.style.width = `${String(percent)}%`;
    if (text) text.textContent = game.i18n.format("GENESYS.Odds.Progress", { done: String(done), of: String(of) });
  }

  static async #onRun(this: EncounterOddsDialog): Promise<void> {
    const session = this.session;
    if (!session || session.state === "running") return;
    if (!game.user.isGM) {
      ui.notifications.warn(game.i18n.localize("GENESYS.Odds.Warn.NarratorOnly"));
      return;
    }
    if (!this.#readSettings(session)) return;
    const running = session.run({
      onProgress: (done, of) => {
        this.#showProgress(done, of);
      },
      onRefused: (reason) => void ui.notifications.warn(game.i18n.format("GENESYS.Odds.Warn.Refused", { reason })),
    });
    // The first slice starts only after this render has drawn the bar (runInSlices yields after each slice).
    await this.render();
    await running;
    await this.render();
  }

  static async #onSubmit(this: EncounterOddsDialog): Promise<void> {
    await Promise.resolve();
  }

  static #onCancel(this: EncounterOddsDialog): void {
    this.session?.cancel();
  }

  static async #onPost(this: EncounterOddsDialog): Promise<void> {
    const results = this.session?.results;
    if (results) await postOddsCard(results);
  }

  static async #onReseed(this: EncounterOddsDialog): Promise<void> {
    const session = this.session;
    if (!session || session.state === "running") return;
    this.#readSettings(session);
    session.settings = { ...session.settings, seed: randomSeed() };
    await this.render();
  }
}

/** Opens the window for a prepared session (Narrators only). */
export async function openEncounterOddsDialog(session: OddsSession): Promise<EncounterOddsDialog | null> {
  if (!game.user.isGM) {
    ui.notifications.warn(game.i18n.localize("GENESYS.Odds.Warn.NarratorOnly"));
    return null;
  }
  const dialog = new EncounterOddsDialog();
  dialog.session = session;
  await dialog.render({ force: true });
  return dialog;
}
