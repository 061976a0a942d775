/**
 * §2.1.1 bookkeeping of the fight's tie-breaks: which Riflessi groups still need one, and where a
 * newcomer lands in a group whose order is already kept. Every die and every ranking comes from
 * src/rules/initiative.ts (tieGroups, rollTieBreaks); this file only decides who has to roll.
 */
import { rollTieBreaks, tieGroups } from "../rules/initiative.js";
import type { DiceRoller } from "../rules/types.js";

/** A combatant as the tie-break sees it: `kept` is its rank from an earlier roll at these Riflessi, null when it has none. */
export interface TieBreakMember {
  id: string;
  reflexes: number;
  kept: number | null;
}

/** The outcome for one group of equal Riflessi: the new ranks (1 = slowest) and every die each member rolled. */
export interface TieBreakAssignment {
  reflexes: number;
  ranks: Record<string, number>;
  rolls: Record<string, number[]>;
}

/**
 * Rolls only where needed. A group in which nobody has a rank yet rolls as the book says (everyone 1D10, ties reroll).
 * A group whose order is already kept stays in that order: each member without a rank (a newcomer, or someone whose
 * Riflessi changed) duels the kept members from the slowest up with the same tie-break, and stops at its first loss.
 * Several newcomers are first ranked among themselves, and a faster newcomer never lands below a slower one.
 */
export function assignTieBreaks(members: readonly TieBreakMember[], roller: DiceRoller): TieBreakAssignment[] {
  const byId = new Map(members.map((m) => [m.id, m]));
  const out: TieBreakAssignment[] = [];
  for (const group of tieGroups(members)) {
    const inGroup = group.map((id) => byId.get(id)).filter((m): m is TieBreakMember => m !== undefined);
    const reflexes = inGroup[0]?.reflexes ?? 0;
    const keptRanks = new Set<number>();
    const kept: TieBreakMember[] = [];
    const fresh: string[] = [];
    // A rank shared by two members cannot order them: the second one rolls again.
    for (const m of [...inGroup].sort((a, b) => (a.kept ?? 0) - (b.kept ?? 0))) {
      if (m.kept !== null && !keptRanks.has(m.kept)) {
        keptRanks.add(m.kept);
        kept.push(m);
      } else fresh.push(m.id);
    }
    if (fresh.length === 0) continue;
    const rolls: Record<string, number[]> = {};
    const record = (result: { rolls: Readonly<Record<string, readonly number[]>> }): void => {
      for (const [id, dice] of Object.entries(result.rolls)) rolls[id] = [...(rolls[id] ?? []), ...dice];
    };
    let order: string[];
    if (kept.length === 0) {
      const result = rollTieBreaks([fresh], roller);
      record(result);
      order = rankedIds(result.ranks);
    } else {
      order = kept.map((m) => m.id);
      let newcomers = fresh;
      if (fresh.length > 1) {
        const result = rollTieBreaks([fresh], roller);
        record(result);
        newcomers = rankedIds(result.ranks);
      }
      let floor = 0;
      for (const id of newcomers) {
        let position = floor;
        while (position < order.length) {
          const rival = order[position] ?? "";
          const duel = rollTieBreaks([[rival, id]], roller);
          record(duel);
          if ((duel.ranks[id] ?? 0) < (duel.ranks[rival] ?? 0)) break;
          position++;
        }
        order.splice(position, 0, id);
        floor = position + 1;
      }
    }
    out.push({ reflexes, ranks: Object.fromEntries(order.map((id, i) => [id, i + 1])), rolls });
  }
  return out;
}

/** Ids sorted by rank, slowest first. */
function rankedIds(ranks: Readonly<Record<string, number>>): string[] {
  return Object.entries(ranks)
    .sort(([, a], [, b]) => a - b)
    .map(([id]) => id);
}
