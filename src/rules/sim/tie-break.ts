/**
 * §2.1.1 the fight-start tie-break among equal Riflessi, drawn in one pass. rollTieBreaks rolls 1D10 each and
 * rerolls the tied among themselves: the dice are independent and alike, so every order of a group comes out with
 * the same chance. Drawing that order directly (a Fisher–Yates shuffle) gives the same odds with no dice, maps or
 * lists, which matters when a fight is replayed ten thousand times (the tests check both against each other).
 */
import type { SeededRandom } from "./prng.js";

/**
 * Fill `ranks[0…size)` with a uniformly random order of 1…size (rank 1 = slowest, as rollTieBreaks numbers them)
 * and answer which of the size! orders it is (0 … size! − 1), so that callers can cache what the order decides.
 */
export function drawTieBreakRanks(random: SeededRandom, size: number, ranks: Int32Array): number {
  for (let i = 0; i < size; i++) ranks[i] = i + 1;
  let key = 0;
  for (let i = size - 1; i > 0; i--) {
    const j = random.below(i + 1);
    const swap = ranks[i] ?? 0;
    ranks[i] = ranks[j] ?? 0;
    ranks[j] = swap;
    key = key * (i + 1) + j;
  }
  return key;
}

/** Number of orders of a group: size!, the radix of its part of a cache key. */
export function tieBreakOrders(size: number): number {
  let orders = 1;
  for (let i = 2; i <= size; i++) orders *= i;
  return orders;
}
