/**
 * The contest card (§1.7.5 Lancio su Contrasto, §1.8.2): its state, the events that move it on, and the context its
 * template shows. Pure: the state lives in the flags of a message the active GM's client authored (contest-intents.ts),
 * the outcome of each round is resolveContrast's, the increment points are contrastIncrements'.
 */
import { incrementText, type Localizer } from "../check/genesys-roll.js";
import { signed } from "../format/numbers.js";
import { resolveContrast } from "../rules/check.js";
import { contrastIncrements, INCREMENT_REASONS } from "../rules/increment.js";
import { CHARACTERISTICS, CONDITIONS, type CharacteristicKey, type ConditionKey } from "../rules/types.js";
import type { IncrementRecord } from "../documents/check-options.js";

export const CONTEST_FLAG = "contest";
export const CONTEST_CARD_TEMPLATE = "systems/genesys-gdr/templates/chat/contest-card.hbs";

/**
 * The most rounds a card holds: the reader refuses more (a flag cannot grow without end) and the writer refuses the
 * reroll that would pass it, so every card it writes can still be read.
 */
export const MAX_CONTEST_ROUNDS = 100;

export const SIDE_IDS = ["a", "b"] as const;
export type SideId = (typeof SIDE_IDS)[number];

/** One participant: who rolls, with what, and the Narrator's situational modifier for them. */
export interface ContestSide {
  actorUuid: string;
  name: string;
  kind: "skill" | "characteristic";
  skillId: string | null;
  characteristic: CharacteristicKey | null;
  /** The skill's name or the characteristic's key for the card (localized at render). */
  label: string;
  modifiers: number;
}

/** A side's roll, with the grade and condition penalty its actor had when it rolled (prepareCheck's). */
export interface ContestRoll {
  dice: [number, number];
  grade: number;
  modifiers: number;
  conditionPenalty: number;
  condition: ConditionKey;
  /** Esperienza at the roll, for §1.8.2 condition 3. */
  experience: number;
  total: number;
}

export type RoundResult = { outcome: "win"; winner: SideId; margin: number } | { outcome: "tie" };

/** One exchange of rolls; a tie the Narrator rerolls starts another, the earlier ones stay as history. */
export interface ContestRound {
  a: ContestRoll | null;
  b: ContestRoll | null;
  result: RoundResult | null;
}

/** How the contest ended: a winner, or the Narrator's intermediate outcome after a tie (§1.7.5). */
export type ContestSettlement = { outcome: "win"; winner: SideId; margin: number } | { outcome: "intermediate" };

export interface ContestState {
  version: 1;
  a: ContestSide;
  b: ContestSide;
  /** §1.8.2 the side that stood in the advantageous position, or null: the Narrator's word. */
  advantaged: SideId | null;
  rounds: ContestRound[];
  settled: ContestSettlement | null;
  /** The points the settlement awarded, once (null before it). */
  increments: Record<SideId, IncrementRecord | null> | null;
}

export const otherSide = (side: SideId): SideId => (side === "a" ? "b" : "a");

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === "string";
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isSide = (v: unknown): v is SideId => v === "a" || v === "b";
const isDie = (v: unknown): boolean => isInt(v) && v >= 1 && v <= 10;

function isContestSide(v: unknown): v is ContestSide {
  if (!isObject(v) || !isString(v["actorUuid"]) || !isString(v["name"]) || !isString(v["label"]) || !isInt(v["modifiers"])) return false;
  if (v["kind"] === "skill") return isString(v["skillId"]) && v["characteristic"] === null;
  return v["kind"] === "characteristic" && v["skillId"] === null && (CHARACTERISTICS as readonly unknown[]).includes(v["characteristic"]);
}

function isRoll(v: unknown): v is ContestRoll {
  if (v === null) return true;
  if (!isObject(v) || !Array.isArray(v["dice"]) || v["dice"].length !== 2 || !v["dice"].every(isDie)) return false;
  if (![v["grade"], v["modifiers"], v["conditionPenalty"], v["experience"], v["total"]].every(isInt)) return false;
  return (CONDITIONS as readonly unknown[]).includes(v["condition"]);
}

function isResult(v: unknown): boolean {
  if (v === null) return true;
  if (!isObject(v)) return false;
  return v["outcome"] === "tie" || (v["outcome"] === "win" && isSide(v["winner"]) && isInt(v["margin"]));
}

function isRecord(v: unknown): boolean {
  return v === null || (isObject(v) && (INCREMENT_REASONS as readonly unknown[]).includes(v["reason"]) && isString(v["status"]) && isInt(v["points"]));
}

/** The card's state from a flag, or null when it is not one (a message of the wrong shape is no card at all). */
export function readContestState(raw: unknown): ContestState | null {
  if (!isObject(raw) || raw["version"] !== 1 || !isContestSide(raw["a"]) || !isContestSide(raw["b"])) return null;
  if (!(raw["advantaged"] === null || isSide(raw["advantaged"]))) return null;
  const rounds = raw["rounds"];
  if (!Array.isArray(rounds) || rounds.length === 0 || rounds.length > MAX_CONTEST_ROUNDS) return null;
  if (!rounds.every((r: unknown) => isObject(r) && isRoll(r["a"]) && isRoll(r["b"]) && isResult(r["result"]))) return null;
  const settled = raw["settled"];
  if (!(settled === null || (isObject(settled) && (settled["outcome"] === "intermediate" || isResult(settled))))) return null;
  const inc = raw["increments"];
  if (!(inc === null || (isObject(inc) && isRecord(inc["a"]) && isRecord(inc["b"])))) return null;
  // Checked field by field above; what is left are plain values this module wrote.
  return raw as unknown as ContestState;
}

/** A new contest: one open round. */
export function newContest(a: ContestSide, b: ContestSide, advantaged: SideId | null): ContestState {
  return { version: 1, a, b, advantaged, rounds: [{ a: null, b: null, result: null }], settled: null, increments: null };
}

export function currentRound(state: ContestState): ContestRound {
  const round = state.rounds.at(-1);
  if (!round) throw new Error("unreachable: a contest always has a round");
  return round;
}

/** Whether the Narrator must choose between a reroll and an intermediate outcome (§1.7.5). */
export function awaitsTieChoice(state: ContestState): boolean {
  return state.settled === null && currentRound(state).result?.outcome === "tie";
}

/** Whether `side` may roll now: the contest is open and that side has not rolled this round. */
export function mayRoll(state: ContestState, side: SideId): boolean {
  const round = currentRound(state);
  return state.settled === null && round.result === null && round[side] === null;
}

export type ContestUpdate = { ok: true; state: ContestState } | { ok: false; reason: "stale" | "invalid" | "tooManyRounds" };

/**
 * §1.7.5 one side's roll: the round resolves (resolveContrast) once both have rolled; a win settles the contest. The
 * total is the dice plus the recorded grade and modifiers, whatever the caller put in `total`.
 */
export function withRoll(state: ContestState, side: SideId, roll: ContestRoll): ContestUpdate {
  if (!mayRoll(state, side)) return { ok: false, reason: "stale" };
  if (!isRoll(roll)) return { ok: false, reason: "invalid" };
  const checked: ContestRoll = { ...roll, total: roll.dice[0] + roll.dice[1] + roll.grade + roll.modifiers + roll.conditionPenalty };
  const round: ContestRound = { ...currentRound(state), [side]: checked };
  let settled: ContestSettlement | null = null;
  if (round.a && round.b) {
    const result = resolveContrast(SIDE_IDS.map((id) => {
      const r = id === "a" ? round.a : round.b;
      if (!r) throw new Error("unreachable: both sides rolled");
      return { id, dice: r.dice[0] + r.dice[1], grade: r.grade, modifiers: r.modifiers + r.conditionPenalty };
    }));
    if (result.outcome === "win" && isSide(result.winner)) {
      round.result = { outcome: "win", winner: result.winner, margin: result.margin };
      settled = { outcome: "win", winner: result.winner, margin: result.margin };
    } else round.result = { outcome: "tie" };
  }
  return { ok: true, state: { ...state, rounds: [...state.rounds.slice(0, -1), round], settled } };
}

/** §1.7.5 the Narrator's answer to a tie: both roll again (the tied round stays on the card), or an intermediate outcome. */
export function withTieChoice(state: ContestState, choice: "reroll" | "intermediate"): ContestUpdate {
  if (!awaitsTieChoice(state)) return { ok: false, reason: "stale" };
  if (choice === "reroll" && state.rounds.length >= MAX_CONTEST_ROUNDS) return { ok: false, reason: "tooManyRounds" };
  if (choice === "reroll") return { ok: true, state: { ...state, rounds: [...state.rounds, { a: null, b: null, result: null }] } };
  return { ok: true, state: { ...state, settled: { outcome: "intermediate" }, increments: { a: null, b: null } } };
}

/** §1.8.2 the Narrator changes who stood in the advantageous position, while nothing is settled. */
export function withAdvantage(state: ContestState, advantaged: SideId | null): ContestUpdate {
  if (state.settled !== null) return { ok: false, reason: "stale" };
  return { ok: true, state: { ...state, advantaged } };
}

/** §1.7.5 the Narrator's situational modifier for one side, before that side rolls (its roll records it). */
export function withModifiers(state: ContestState, side: SideId, modifiers: number): ContestUpdate {
  if (!mayRoll(state, side)) return { ok: false, reason: "stale" };
  if (!isInt(modifiers)) return { ok: false, reason: "invalid" };
  return { ok: true, state: { ...state, [side]: { ...state[side], modifiers } } };
}

/** What each side of a won contest earned (§1.8.2 conditions 2 and 3); only skills take points. */
export function earnedPoints(state: ContestState): Record<SideId, ReturnType<typeof contrastIncrements>["winner"]> | null {
  const settled = state.settled;
  const round = currentRound(state);
  if (settled?.outcome !== "win" || !round.a || !round.b) return null;
  const winnerId = settled.winner;
  const loserId = otherSide(winnerId);
  const side = (r: ContestRoll) => ({ dice: r.dice[0] + r.dice[1], grade: r.grade, modifiers: r.modifiers + r.conditionPenalty, experience: r.experience });
  const winnerRoll = round[winnerId];
  const loserRoll = round[loserId];
  if (!winnerRoll || !loserRoll) return null;
  const points = contrastIncrements({ ...side(winnerRoll), opponentAdvantaged: state.advantaged === loserId }, side(loserRoll));
  const skillOnly = (id: SideId, award: typeof points.winner) => (state[id].kind === "skill" ? award : { earned: false, reason: null });
  return { [winnerId]: skillOnly(winnerId, points.winner), [loserId]: skillOnly(loserId, points.loser) } as Record<SideId, typeof points.winner>; // both keys set just above
}

// ───────────────────────── the card's context ─────────────────────────

/** Who is looking: buttons only for what they may do (the GM's client decides anyway). */
export interface ContestViewer {
  isGM: boolean;
  owns: (actorUuid: string) => boolean;
}

export const NO_CONTEST_VIEWER: ContestViewer = { isGM: false, owns: () => false };

type SideContext = {
  id: SideId;
  name: string;
  label: string;
  advantaged: boolean;
  winner: boolean;
  roll: { dice: number[]; lines: { label: string; value: string }[]; total: number } | null;
  canRoll: boolean;
  rollLabel: string;
  /** The Narrator's control for this side's modifier, until it rolls. */
  modifier: { label: string; title: string; value: number } | null;
  waiting: string | null;
  increment: { text: string; cssClass: string } | null;
};

export type ContestCardContext = {
  title: string;
  cssClass: string;
  sides: SideContext[];
  verdict: { text: string; cssClass: string } | null;
  history: { text: string }[];
  historyLabel: string;
  tie: { prompt: string; reroll: string; intermediate: string } | null;
  advantage: { label: string; options: { value: string; label: string; selected: boolean }[] } | null;
  advantageNote: string | null;
};

function sideLabel(side: ContestSide, i18n: Localizer): string {
  return side.kind === "characteristic" && side.characteristic ? i18n.localize(`GENESYS.Characteristic.${side.characteristic}`) : side.label;
}

function rollLines(roll: ContestRoll, side: ContestSide, i18n: Localizer): { label: string; value: string }[] {
  const lines = [{ label: i18n.localize(side.kind === "skill" ? "GENESYS.Check.Grade" : "GENESYS.Check.Score"), value: String(roll.grade) }];
  if (roll.modifiers !== 0) lines.push({ label: i18n.localize("GENESYS.Check.Modifiers"), value: signed(roll.modifiers) });
  if (roll.conditionPenalty !== 0) {
    lines.push({ label: i18n.localize(`GENESYS.Condition.${roll.condition}`), value: signed(roll.conditionPenalty) });
  }
  return lines;
}

function roundText(round: ContestRound, index: number, state: ContestState, i18n: Localizer): string {
  const a = round.a?.total ?? "—";
  const b = round.b?.total ?? "—";
  const result = round.result?.outcome === "tie" ? i18n.localize("GENESYS.Contest.Tie") : "";
  return i18n.format("GENESYS.Contest.RoundLine", { n: String(index + 1), a: `${state.a.name} ${String(a)}`, b: `${state.b.name} ${String(b)}`, result });
}

/** Everything the card shows, localized: the template only lays it out. */
export function contestCardContext(state: ContestState, viewer: ContestViewer, i18n: Localizer = game.i18n): ContestCardContext {
  const round = currentRound(state);
  const settled = state.settled;
  const sides = SIDE_IDS.map((id): SideContext => {
    const side = state[id];
    const roll = round[id];
    const canRoll = mayRoll(state, id) && (viewer.isGM || viewer.owns(side.actorUuid));
    const increment = state.increments?.[id] ?? null;
    return {
      id,
      name: side.name,
      label: sideLabel(side, i18n),
      advantaged: state.advantaged === id,
      winner: settled?.outcome === "win" && settled.winner === id,
      roll: roll ? { dice: [...roll.dice], lines: rollLines(roll, side, i18n), total: roll.total } : null,
      canRoll,
      rollLabel: i18n.localize("GENESYS.Contest.Roll"),
      modifier: viewer.isGM && mayRoll(state, id) ? { label: i18n.localize("GENESYS.Contest.ModifierShort"), title: i18n.localize("GENESYS.Contest.Modifier"), value: side.modifiers } : null,
      waiting: roll === null && !canRoll && mayRoll(state, id) ? i18n.localize("GENESYS.Contest.Waiting") : null,
      increment: increment ? incrementText(increment, i18n) : null,
    };
  });
  let verdict: ContestCardContext["verdict"] = null;
  if (settled?.outcome === "win") {
    verdict = { text: i18n.format("GENESYS.Contest.Wins", { name: state[settled.winner].name, margin: String(settled.margin) }), cssClass: "win" };
  } else if (settled?.outcome === "intermediate") {
    verdict = { text: i18n.localize("GENESYS.Contest.Intermediate"), cssClass: "intermediate" };
  } else if (awaitsTieChoice(state)) {
    verdict = { text: i18n.localize("GENESYS.Contest.TieVerdict"), cssClass: "tie" };
  }
  const tie = awaitsTieChoice(state) && viewer.isGM
    ? { prompt: i18n.localize("GENESYS.Contest.TiePrompt"), reroll: i18n.localize("GENESYS.Contest.Reroll"), intermediate: i18n.localize("GENESYS.Contest.IntermediateButton") }
    : null;
  const advantage = viewer.isGM && settled === null
    ? {
        label: i18n.localize("GENESYS.Contest.AdvantageLabel"),
        options: [
          { value: "", label: i18n.localize("GENESYS.Contest.AdvantageNone"), selected: state.advantaged === null },
          ...SIDE_IDS.map((id) => ({ value: id, label: state[id].name, selected: state.advantaged === id })),
        ],
      }
    : null;
  const advantageNote = !advantage && state.advantaged !== null ? i18n.format("GENESYS.Contest.AdvantageNote", { name: state[state.advantaged].name }) : null;
  return {
    title: i18n.localize("GENESYS.Contest.Title"),
    cssClass: settled ? (settled.outcome === "win" ? "settled" : "intermediate") : awaitsTieChoice(state) ? "tie" : "open",
    sides,
    verdict,
    history: state.rounds.slice(0, -1).map((r, i) => ({ text: roundText(r, i, state, i18n) })),
    historyLabel: i18n.localize("GENESYS.Contest.History"),
    tie,
    advantage,
    advantageNote,
  };
}
