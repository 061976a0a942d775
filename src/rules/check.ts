import { diceSum, int, nat, oneOf, RulesError } from "./errors.js";
import { HUMAN_AVERAGE } from "./characteristics.js";
import { sumDice } from "./dice.js";
import { DIFFICULTIES } from "./types.js";
import type { DiceRoller, DifficultyKey } from "./types.js";

/** §1.7.2 difficulty margins, Trivial 5 … Absurd 40. */
export const DIFFICULTY_LADDER: Readonly<Record<DifficultyKey, number>> = Object.freeze({
  trivial: 5,
  easy: 10,
  medium: 15,
  complex: 20,
  difficult: 25,
  veryDifficult: 30,
  extreme: 35,
  absurd: 40,
});

/** §1.7.1 the 2D10 extremes. */
export const CHECK_DICE_MIN = 2;
export const CHECK_DICE_MAX = 20;
/** `minimumDice` value meaning no 2D10 result can succeed. */
export const IMPOSSIBLE_DICE = CHECK_DICE_MAX + 1;

/** §1.7.2 the margin of a named difficulty. */
export function difficultyValue(key: DifficultyKey): number {
  return DIFFICULTY_LADDER[oneOf("difficulty", key, DIFFICULTIES)];
}

/** What a check needs before the dice are rolled (§1.7.1). */
export interface CheckSetup {
  /** Skill grade, or the characteristic score for a check on a characteristic. */
  grade: number;
  /** Sum of every modifier, condition penalty included (−2 Weak, −5 Exhausted). Default 0. */
  modifiers?: number;
  /** Difficulty margin; may be below 5 or above 40 after influence or static-target adjustments. */
  difficulty: number;
}

/** A check with its 2D10 result. */
export interface CheckInput extends CheckSetup {
  /** The natural 2D10 sum, 2–20. */
  dice: number;
}

/** The full reading of a check roll. */
export interface CheckResult {
  dice: number;
  total: number;
  /** total > difficulty: a tie fails. */
  success: boolean;
  /** total − difficulty (≥ 1 on success). */
  margin: number;
  /** T = difficulty − grade − modifiers: the dice must exceed it. */
  threshold: number;
  /** Smallest 2D10 that succeeds, T + 1 clamped to 2…21; 21 means no roll can succeed. */
  minimumDice: number;
  /** Even the minimum roll succeeds, so the Narrator may skip the roll. */
  automatic: boolean;
  /** Not even 20 succeeds (T ≥ 20). */
  impossible: boolean;
}

interface Prepared {
  grade: number;
  modifiers: number;
  difficulty: number;
  threshold: number;
}

function prepare(setup: CheckSetup): Prepared {
  const grade = nat("grade", setup.grade);
  const modifiers = int("modifiers", setup.modifiers ?? 0);
  const difficulty = int("difficulty", setup.difficulty);
  return { grade, modifiers, difficulty, threshold: difficulty - grade - modifiers };
}

/** §1.7.1 T = difficulty − grade − modifiers: the 2D10 result must exceed it. */
export function checkThreshold(setup: CheckSetup): number {
  return prepare(setup).threshold;
}

/** §1.7.1 success is certain when grade + modifiers + 2 > difficulty: the roll may be skipped. */
export function isAutomaticSuccess(setup: CheckSetup): boolean {
  return prepare(setup).threshold < CHECK_DICE_MIN;
}

/** §1.7.1 success is impossible when even 20 on the dice does not exceed the difficulty (T ≥ 20). */
export function isImpossible(setup: CheckSetup): boolean {
  return prepare(setup).threshold >= CHECK_DICE_MAX;
}

/** §1.7.1 Lancio di Verifica: total = 2D10 + grade + modifiers, success iff total > difficulty. */
export function resolveCheck(input: CheckInput): CheckResult {
  const dice = diceSum("dice", input.dice, 2, 10);
  const { grade, modifiers, difficulty, threshold } = prepare(input);
  const total = dice + grade + modifiers;
  return {
    dice,
    total,
    success: total > difficulty,
    margin: total - difficulty,
    threshold,
    minimumDice: Math.min(IMPOSSIBLE_DICE, Math.max(CHECK_DICE_MIN, threshold + 1)),
    automatic: threshold < CHECK_DICE_MIN,
    impossible: threshold >= CHECK_DICE_MAX,
  };
}

/** §1.7.1 check roll with the 2D10 taken from an injected roller. */
export function rollCheck(roller: DiceRoller, setup: CheckSetup): CheckResult {
  const results = roller(2, 10);
  if (results.length !== 2) throw new RulesError("roller", results.length, "a roller returning exactly 2 dice");
  return resolveCheck({ ...setup, dice: sumDice(results, 10) });
}

/** §1.7.1 check on a characteristic ("LV su Forza"…): the score stands in for the grade. */
export function resolveCharacteristicCheck(input: {
  dice: number;
  score: number;
  modifiers?: number;
  difficulty: number;
}): CheckResult {
  const score = nat("score", input.score);
  return resolveCheck({ dice: input.dice, grade: score, modifiers: input.modifiers ?? 0, difficulty: input.difficulty });
}

/** §1.7.4 Lancio su Influenza: the other individual's departure from the human 7 is added to the difficulty. */
export function influenceDifficulty(baseDifficulty: number, opponentCharacteristic: number): number {
  return int("baseDifficulty", baseDifficulty) + nat("opponentCharacteristic", opponentCharacteristic) - HUMAN_AVERAGE;
}

/** One side of a contrast roll. */
export interface ContrastParticipant {
  id: string;
  dice: number;
  grade: number;
  modifiers?: number;
}

/** A participant's total in a contrast roll. */
export interface ContrastTotal {
  id: string;
  total: number;
}

/** §1.7.5 outcome: a single winner, or a tie among the highest totals (the Narrator rerolls or rules a middle outcome). */
export type ContrastResult =
  | { outcome: "win"; winner: string; margin: number; totals: readonly ContrastTotal[] }
  | { outcome: "tie"; tied: readonly string[]; margin: 0; totals: readonly ContrastTotal[] };

/** §1.7.5 Lancio su Contrasto: everyone rolls at once, the highest total wins; `totals` is sorted best first. */
export function resolveContrast(participants: readonly ContrastParticipant[]): ContrastResult {
  const list: unknown = participants; // JavaScript callers may pass anything
  if (!Array.isArray(list) || list.length < 2) {
    throw new RulesError("participants", participants, "a list of at least two participants");
  }
  const seen = new Set<string>();
  const totals = participants.map((p, i): ContrastTotal => {
    const name = `participants[${String(i)}]`;
    const id: unknown = p.id; // JavaScript callers may pass anything
    if (typeof id !== "string" || seen.has(id)) throw new RulesError(`${name}.id`, id, "a unique string id");
    seen.add(id);
    const dice = diceSum(`${name}.dice`, p.dice, 2, 10);
    const total = dice + nat(`${name}.grade`, p.grade) + int(`${name}.modifiers`, p.modifiers ?? 0);
    return { id, total };
  });
  totals.sort((a, b) => b.total - a.total);
  const [first, second] = totals;
  if (first === undefined || second === undefined) throw new Error("unreachable: two participants were checked");
  if (first.total === second.total) {
    return { outcome: "tie", tied: totals.filter((t) => t.total === first.total).map((t) => t.id), margin: 0, totals };
  }
  return { outcome: "win", winner: first.id, margin: first.total - second.total, totals };
}
