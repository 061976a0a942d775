/**
 * The Rolls of an attack card's dice rebuilt from what its state recorded: a sealed card's message carries no Roll
 * (sealed-card.ts), so its Reveal gives the open card the Rolls it would have had, in row order (attack, defence,
 * damage), for Foundry to keep across reloads. A record whose formula is not a plain sum of dice is left out.
 */
import { knownRoll } from "../documents/known-roll.js";
import type { AttackCardState } from "./attack-card.js";

export function cardRolls(state: AttackCardState): Roll.Any[] {
  const records = state.order.flatMap((id) => {
    const row = state.rows[id];
    if (!row) return [];
    return [row.attack, row.defence?.kind === "roll" ? row.defence.roll : null, row.damage];
  });
  return records.flatMap((record) => {
    const roll = record ? knownRoll(record.formula, record.dice) : null;
    return roll ? [roll] : [];
  });
}
