/**
 * The simulator's results as the dialog and the chat card show them: shares as whole percents with their 95 %
 * interval, bar widths, and the fights stopped at the round limit spelled out when there are any. Texts arrive
 * localized; the numbers are the simulator's, only rounded here.
 */
import type { EncounterResults } from "../rules/sim/encounter.js";
import type { ShareEstimate } from "../rules/sim/stats.js";
import { percent, tenths } from "../format/numbers.js";

export interface OddsI18n {
  localize(key: string): string;
  format(key: string, data?: Record<string, string>): string;
}

export interface ShareView {
  /** "62%" (the user's locale's percent). */
  text: string;
  /** "60%–64%". */
  interval: string;
  /** 0–100, for a bar's width. */
  width: number;
}

export interface OddsView {
  fights: string;
  seed: string;
  roundLimit: string;
  sides: { name: string; wins: ShareView; anyDown: ShareView; anyDead: ShareView; party: boolean }[];
  rounds: { text: string; interval: string };
  /** Said only when some fight was stopped undecided. */
  stopped: { text: string; share: ShareView } | null;
  bothDown: ShareView | null;
  fighters: { name: string; side: string; attack: string; collapsed: ShareView; dead: ShareView }[];
}

export function shareView(share: ShareEstimate, lang: string = game.i18n.lang || "it"): ShareView {
  return {
    text: percent(share.p, lang),
    interval: `${percent(share.low, lang)}–${percent(share.high, lang)}`,
    width: Math.round(share.p * 1000) / 10,
  };
}

const number = (n: number): string => n.toLocaleString(game.i18n.lang || "it");
/** Expected rounds: "6,0" in Italian, "6.0" in English. */
const rounds = (n: number): string => tenths(n, undefined, true);

export function oddsView(results: EncounterResults, i18n: OddsI18n): OddsView {
  const sideNames = results.sides.map((s) => s.name);
  const stopped = results.stoppedAtRoundLimit;
  return {
    fights: number(results.fights),
    seed: String(results.seed),
    roundLimit: String(results.roundLimit),
    sides: results.sides.map((s, i) => ({ name: s.name, wins: shareView(s.wins), anyDown: shareView(s.anyDown), anyDead: shareView(s.anyDead), party: i === 0 })),
    rounds: { text: rounds(results.rounds.mean), interval: `${rounds(results.rounds.low)}–${rounds(results.rounds.high)}` },
    stopped: stopped.count > 0 ? { text: i18n.format("GENESYS.Odds.Stopped", { count: number(stopped.count), limit: String(results.roundLimit) }), share: shareView(stopped) } : null,
    bothDown: results.bothDown.count > 0 ? shareView(results.bothDown) : null,
    fighters: results.fighters.map((f) => ({
      name: f.name,
      side: sideNames[f.side] ?? "",
      attack: f.attack || i18n.localize("GENESYS.Odds.NoAttack"),
      collapsed: shareView(f.collapsed),
      dead: shareView(f.dead),
    })),
  };
}
