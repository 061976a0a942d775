/**
 * The encounter odds on a chat card for the Narrators only: it is whispered to them (gm mode), since the odds are
 * made from hidden stats of the foes. The Narrator's client posts it; a player's client is refused before anything.
 */
import { applyMessageMode } from "../compat/message-mode.js";
import type { EncounterResults } from "../rules/sim/encounter.js";
import { oddsView, type OddsI18n, type OddsView } from "./odds-view.js";

export const ODDS_CARD_TEMPLATE = "systems/genesys-gdr/templates/chat/encounter-odds-card.hbs";

export interface OddsCardContext {
  title: string;
  meta: string;
  odds: OddsView;
  party: OddsView["sides"][number] | null;
  labels: Record<"wins" | "anyDown" | "anyDead" | "rounds" | "fighter" | "collapsed" | "dead" | "bothDown", string>;
}

export function oddsCardContext(results: EncounterResults, i18n: OddsI18n): OddsCardContext {
  const odds = oddsView(results, i18n);
  return {
    title: i18n.localize("GENESYS.Odds.Title"),
    meta: i18n.format("GENESYS.Odds.Meta", { fights: odds.fights }),
    odds,
    party: odds.sides[0] ?? null,
    labels: {
      wins: i18n.localize("GENESYS.Odds.Wins"),
      anyDown: i18n.localize("GENESYS.Odds.AnyDown"),
      anyDead: i18n.localize("GENESYS.Odds.AnyDead"),
      rounds: i18n.localize("GENESYS.Odds.Rounds"),
      fighter: i18n.localize("GENESYS.Odds.Fighter"),
      collapsed: i18n.localize("GENESYS.Odds.Collapsed"),
      dead: i18n.localize("GENESYS.Odds.Dead"),
      bothDown: i18n.localize("GENESYS.Odds.BothDown"),
    },
  };
}

/** Posts the summary whispered to the Narrators; null on a player's client (warned) or when nothing was created. */
export async function postOddsCard(results: EncounterResults): Promise<ChatMessage.Stored | null> {
  if (!game.user.isGM) {
    ui.notifications.warn(game.i18n.localize("GENESYS.Odds.Warn.NarratorOnly"));
    return null;
  }
  const content = await foundry.applications.handlebars.renderTemplate(ODDS_CARD_TEMPLATE, { ...oddsCardContext(results, game.i18n) });
  const data: ChatMessage.CreateData = { speaker: { alias: game.i18n.localize("GENESYS.Odds.Speaker") }, content };
  applyMessageMode(data, "gm");
  return (await ChatMessage.implementation.create(data)) ?? null;
}
