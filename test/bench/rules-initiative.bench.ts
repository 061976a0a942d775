import { bench, describe } from "vitest";
import { declarationOrder, executionOrder } from "../../src/rules/initiative.js";
import type { ExecutionEntry } from "../../src/rules/initiative.js";
import { MANEUVERS } from "../../src/rules/types.js";

/** Budget for ordering one turn of a 200-combatant fight: read the figure off `npm run bench`. */
const BUDGET_MS = 20;

const entries: ExecutionEntry[] = Array.from({ length: 200 }, (_, i) => ({
  id: `c${String(i)}`,
  reflexes: (i * 7) % 15,
  tieBreak: Math.floor(i / 15),
  maneuver: MANEUVERS[i % MANEUVERS.length] ?? "attack",
  held: i % 23 === 0,
  surprised: i % 31 === 0,
}));

describe(`§2.1.1 ordering 200 combatants (budget ${String(BUDGET_MS)} ms)`, () => {
  bench("executionOrder", () => {
    executionOrder(entries, { firstTurn: true });
  });

  bench("declarationOrder", () => {
    declarationOrder(entries);
  });
});
