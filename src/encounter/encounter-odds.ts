/**
 * The "Encounter odds" tool's entry (scene control, combat tracker, macro, game.genesys.encounterOdds): the sides from
 * the selected tokens or a combat, who was left out told in warnings, then the dialog, or with `prompt: false` a run
 * at once (a macro's, the self-test's) whose results come back and may be posted. Narrators only, on every path: the
 * odds read the foes' hidden stats.
 */
import { openEncounterOddsDialog } from "./encounter-odds-dialog.js";
import type { EncounterResults } from "../rules/sim/encounter.js";
import { combatEntries, lineupOf, selectedEntries, type EncounterEntry, type EncounterLineup } from "./encounter-sides.js";
import { postOddsCard } from "./odds-card.js";
import { applySettings, defaultSettings, OddsSession, type RawSettings } from "./odds-session.js";

/** What a macro may ask; every field is checked. */
export interface EncounterOddsRequest {
  /** "selection" (the selected tokens), "combat" (the viewed combat), or a Combat's id. Default: the selection, else the viewed combat. */
  from?: string;
  /** false: run at once without the dialog and answer the results. */
  prompt?: boolean;
  /** With prompt false: post the card too. */
  post?: boolean;
  fights?: number;
  seed?: number;
  roundLimit?: number;
  /** Metres between every attacker and every target; null or left out: range ignored. */
  distance?: number | null;
  /** Per side [party, foes]: "focusWeakest" | "spread". */
  targeting?: [string, string];
  /** Per side: "never" | "whenHurt" | "whenTargeted" | "whenHurtAndTargeted". */
  defence?: [string, string];
}

const warn = (key: string, data: Record<string, string> = {}): void => void ui.notifications.warn(game.i18n.format(key, data));

interface CombatLike {
  id: string | null;
  combatants: { contents: readonly { name?: string | null; actor?: unknown; token?: { disposition?: unknown } | null }[] };
}

function combatById(id: string | null): CombatLike | null {
  const combats = game.combats as unknown as { get(id: string): CombatLike | undefined } | undefined; // the collection, read by id only
  if (id === null) return game.combat ?? null;
  return combats?.get(id) ?? null;
}

function entriesFor(from: string | undefined): EncounterEntry[] | null {
  if (from === undefined) {
    const selected = selectedEntries();
    if (selected.length > 0) return selected;
    const combat = combatById(null);
    return combat ? combatEntries(combat) : [];
  }
  if (from === "selection") return selectedEntries();
  const combat = combatById(from === "combat" ? null : from);
  if (!combat) {
    warn("GENESYS.Odds.Warn.NoCombat");
    return null;
  }
  return combatEntries(combat);
}

/** The two sides for a request, warning about each one left out; null (warned) when a side is empty. */
export function encounterLineup(from?: string): EncounterLineup | null {
  const entries = entriesFor(from);
  if (!entries) return null;
  if (entries.length === 0) {
    warn("GENESYS.Odds.Warn.NoTokens");
    return null;
  }
  const lineup = lineupOf(entries, (key) => game.i18n.localize(key));
  for (const left of lineup.leftOut) warn(`GENESYS.Odds.Left.${left.reason}`, { name: left.name });
  if (lineup.party.length === 0 || lineup.foes.length === 0) {
    warn("GENESYS.Odds.Warn.TwoSides");
    return null;
  }
  return lineup;
}

export const sideNames = (): [string, string] => [game.i18n.localize("GENESYS.Odds.Side.party"), game.i18n.localize("GENESYS.Odds.Side.foes")];

function rawSettings(r: EncounterOddsRequest): RawSettings {
  const raw: RawSettings = {};
  if (r.targeting !== undefined) raw.targeting = Array.isArray(r.targeting) ? [r.targeting[0], r.targeting[1]] : [r.targeting, r.targeting];
  if (r.defence !== undefined) raw.defence = Array.isArray(r.defence) ? [r.defence[0], r.defence[1]] : [r.defence, r.defence];
  if (r.distance !== undefined) raw.distance = r.distance;
  if (r.fights !== undefined) raw.fights = r.fights;
  if (r.seed !== undefined) raw.seed = r.seed;
  if (r.roundLimit !== undefined) raw.roundLimit = r.roundLimit;
  return raw;
}

/**
 * Opens the odds dialog (answers null), or with `prompt: false` runs the fights and answers their results. Null with
 * a warning for a player, a bad request, or sides that cannot be made.
 */
export async function encounterOdds(request: EncounterOddsRequest = {}): Promise<EncounterResults | null> {
  if (!game.user.isGM) {
    warn("GENESYS.Odds.Warn.NarratorOnly");
    return null;
  }
  const given: unknown = request; // a macro may pass anything
  if (typeof given !== "object" || given === null || (request.from !== undefined && typeof request.from !== "string")) {
    warn("GENESYS.Odds.Warn.BadRequest", { field: "from" });
    return null;
  }
  const settings = applySettings(defaultSettings(), rawSettings(request));
  if (!settings.ok) {
    warn("GENESYS.Odds.Warn.BadRequest", { field: settings.field });
    return null;
  }
  const lineup = encounterLineup(request.from);
  if (!lineup) return null;
  const session = new OddsSession(lineup, sideNames(), settings.settings);
  if (request.prompt !== false) {
    await openEncounterOddsDialog(session);
    return null;
  }
  const results = await session.run({
    onRefused: (reason) => {
      warn("GENESYS.Odds.Warn.Refused", { reason });
    },
  });
  if (results && request.post === true) await postOddsCard(results);
  return results;
}
