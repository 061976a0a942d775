import { RulesError, die, int, nat, oneOf } from "./errors.js";
import { MANEUVER_INITIATIVE } from "./maneuvers.js";
import { MANEUVERS } from "./types.js";
import type { DiceRoller, ManeuverKey } from "./types.js";

/** §2.1 one combat turn is 1 second of game time. */
export const SECONDS_PER_TURN = 1;

/**
 * A participant in a fight. `tieBreak` is the rank kept for the whole fight among those with equal Riflessi
 * (higher = won the dice tie-break = counts as faster); 0 when nobody shares the Riflessi.
 */
export interface Combatant {
  id: string;
  reflexes: number;
  tieBreak: number;
}

/** One participant's entry for the execution phase of a turn. */
export interface ExecutionEntry extends Combatant {
  maneuver: ManeuverKey;
  /** A held action (§2.1.2) that has been triggered: it precedes every normal action. */
  held?: boolean;
  /** Caught by surprise: cannot act in the first turn (§3.2.1). */
  surprised?: boolean;
  /** Position in this turn's declaration order; when every entry has one it replaces Riflessi/tie-break for ties. */
  declaredIndex?: number;
}

/** A slot of the execution order. */
export interface ExecutionSlot<T extends ExecutionEntry = ExecutionEntry> {
  id: string;
  /** Riflessi + initiative of the maneuver (§2.1.1). */
  value: number;
  held: boolean;
  entry: T;
}

/** §2.1.1 (A-32) the die rolled by each tied combatant. */
export const TIE_BREAK_FACES = 10;

/** Rerolls allowed before a roller is judged broken (a fair D10 never gets near this). */
const MAX_TIE_BREAK_ROUNDS = 100;

/** §2.1.1 the tie-break of a fight: rank per id (1 = slowest of its group) and every die each id rolled. */
export interface TieBreakResult {
  ranks: Readonly<Record<string, number>>;
  rolls: Readonly<Record<string, readonly number[]>>;
}

/** §2.1.1 execution value: Riflessi + initiative of the declared maneuver. */
export function executionValue(reflexes: number, maneuver: ManeuverKey): number {
  return nat("reflexes", reflexes) + MANEUVER_INITIATIVE[oneOf("maneuver", maneuver, MANEUVERS)];
}

/** §2.1.1 groups of ids sharing the same Riflessi (two or more): the fights' tie-breaks to roll at its start. */
export function tieGroups(combatants: readonly Pick<Combatant, "id" | "reflexes">[]): string[][] {
  const byReflexes = new Map<number, string[]>();
  combatants.forEach((c, i) => {
    const reflexes = nat(`combatants[${String(i)}].reflexes`, c.reflexes);
    const group = byReflexes.get(reflexes) ?? [];
    group.push(c.id);
    byReflexes.set(reflexes, group);
  });
  return [...byReflexes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, ids]) => ids)
    .filter((ids) => ids.length > 1);
}

/**
 * §2.1.1 (A-32) tie-break: within each group every combatant rolls 1D10, those still tied reroll among themselves.
 * Ranks run 1…n inside a group, n for the highest roller; they are kept until the end of the fight.
 */
export function rollTieBreaks(groups: readonly (readonly string[])[], roller: DiceRoller): TieBreakResult {
  const ranks: Record<string, number> = {};
  const rolls: Record<string, number[]> = {};
  const seen = new Set<string>();
  groups.forEach((group, g) => {
    group.forEach((id, i) => {
      checkId(`groups[${String(g)}][${String(i)}]`, id);
      if (seen.has(id)) throw new RulesError(`groups[${String(g)}][${String(i)}]`, id, "an id listed once");
      seen.add(id);
      rolls[id] = [];
    });
    // Slowest first, so the position in this list is the rank.
    const ordered = rankByRolls(group, roller, rolls, 0);
    ordered.forEach((id, position) => (ranks[id] = position + 1));
  });
  return { ranks, rolls };
}

/** Order ids slowest → fastest by 1D10, rerolling each subgroup of equal results on its own. */
function rankByRolls(ids: readonly string[], roller: DiceRoller, rolls: Record<string, number[]>, round: number): string[] {
  if (ids.length <= 1) return [...ids];
  if (round >= MAX_TIE_BREAK_ROUNDS) throw new Error(`Tie-break still tied after ${String(round)} rerolls: the dice roller is broken`);
  const results = roller(ids.length, TIE_BREAK_FACES);
  const byResult = new Map<number, string[]>();
  ids.forEach((id, i) => {
    const r = die(`tieBreakRoll[${id}]`, results[i], TIE_BREAK_FACES);
    rolls[id]?.push(r);
    byResult.set(r, [...(byResult.get(r) ?? []), id]);
  });
  return [...byResult.entries()].sort(([a], [b]) => a - b).flatMap(([, tied]) => rankByRolls(tied, roller, rolls, round + 1));
}

/** A combatant id: a non-empty string (values may come from untyped Foundry data). */
function checkId(name: string, id: unknown): void {
  if (typeof id !== "string" || id === "") throw new RulesError(name, id, "a non-empty id");
}

/** Check ids, Riflessi and tie-breaks: two combatants may not share both Riflessi and tie-break (roll it first). */
function validateCombatants(combatants: readonly Combatant[], name: string): void {
  const ids = new Set<string>();
  const keys = new Map<string, string>();
  combatants.forEach((c, i) => {
    const at = `${name}[${String(i)}]`;
    checkId(`${at}.id`, c.id);
    if (ids.has(c.id)) throw new RulesError(`${at}.id`, c.id, "unique within the fight");
    ids.add(c.id);
    const key = `${String(nat(`${at}.reflexes`, c.reflexes))}/${String(nat(`${at}.tieBreak`, c.tieBreak))}`;
    const other = keys.get(key);
    if (other !== undefined) throw new RulesError(`${at}.tieBreak`, c.tieBreak, `different from ${other}'s (equal Riflessi: roll the tie-break)`);
    keys.set(key, c.id);
  });
}

/** Faster of two combatants by Riflessi, then kept tie-break: negative when `a` is faster. */
function fasterFirst(a: Combatant, b: Combatant): number {
  return b.reflexes - a.reflexes || b.tieBreak - a.tieBreak;
}

/** §2.1.1 declaration order: ascending Riflessi, the tie-break loser first (the faster hears the others). */
export function declarationOrder<T extends Combatant>(combatants: readonly T[]): T[] {
  validateCombatants(combatants, "combatants");
  return [...combatants].sort((a, b) => fasterFirst(b, a));
}

/**
 * §2.1.1–§2.1.2 execution order of a turn: triggered held actions first (higher Riflessi, then tie-break),
 * then descending Riflessi + initiative; a tie goes to the later declarer (higher Riflessi, then tie-break winner).
 * With `firstTurn`, surprised combatants are left out (§3.2.1). A strict total order on distinct combatants.
 */
export function executionOrder<T extends ExecutionEntry>(entries: readonly T[], flags: { firstTurn?: boolean } = {}): ExecutionSlot<T>[] {
  validateCombatants(entries, "entries");
  const withIndex = entries.filter((e) => e.declaredIndex !== undefined).length;
  if (withIndex !== 0 && withIndex !== entries.length) {
    const missing = entries.findIndex((e) => e.declaredIndex === undefined);
    throw new RulesError(`entries[${String(missing)}].declaredIndex`, undefined, "given for every entry or for none");
  }
  const indices = new Set<number>();
  entries.forEach((e, i) => {
    if (e.declaredIndex === undefined) return;
    const index = int(`entries[${String(i)}].declaredIndex`, e.declaredIndex, 0);
    if (indices.has(index)) throw new RulesError(`entries[${String(i)}].declaredIndex`, index, "unique within the turn");
    indices.add(index);
  });
  const slots = entries
    .filter((e) => !(flags.firstTurn === true && e.surprised === true))
    .map((entry) => ({ id: entry.id, value: executionValue(entry.reflexes, entry.maneuver), held: entry.held === true, entry }));
  return slots.sort(compareSlots);
}

/** Negative when `a` acts before `b`. */
function compareSlots(a: ExecutionSlot, b: ExecutionSlot): number {
  if (a.held !== b.held) return a.held ? -1 : 1;
  if (a.held) return fasterFirst(a.entry, b.entry);
  if (a.value !== b.value) return b.value - a.value;
  const ai = a.entry.declaredIndex;
  const bi = b.entry.declaredIndex;
  if (ai !== undefined && bi !== undefined) return bi - ai;
  return fasterFirst(a.entry, b.entry);
}
