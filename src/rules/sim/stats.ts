/** The simulator's statistics (not rules of the book): how sure a count of simulated fights lets us be. */
import { RulesError, nat } from "../errors.js";

/** z for a two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

/** A share of fights with its 95 % interval. */
export interface ShareEstimate {
  /** Fights in which it happened. */
  count: number;
  /** Fights simulated. */
  of: number;
  /** count / of (0 when no fight was run). */
  p: number;
  low: number;
  high: number;
}

/** Wilson score interval at 95 %: stays inside [0, 1] and is sound at 0 % and 100 %, where the normal one collapses. */
export function wilsonInterval(count: number, of: number, z = Z_95): ShareEstimate {
  const n = nat("of", of);
  const k = nat("count", count);
  if (k > n) throw new RulesError("count", count, `at most ${String(n)}, the fights run`);
  if (n === 0) return { count: 0, of: 0, p: 0, low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // Exact ends: the formula's rounding must not put 0 % or 100 % outside the interval.
  return { count: k, of: n, p, low: k === 0 ? 0 : Math.max(0, centre - half), high: k === n ? 1 : Math.min(1, centre + half) };
}

/** A mean with its 95 % interval. */
export interface MeanEstimate {
  mean: number;
  low: number;
  high: number;
  of: number;
}

/** Mean of n values from their sum and sum of squares, with the normal 95 % interval (n is in the thousands). */
export function meanInterval(sum: number, sumOfSquares: number, of: number, z = Z_95): MeanEstimate {
  const n = nat("of", of);
  if (n === 0) return { mean: 0, low: 0, high: 0, of: 0 };
  const mean = sum / n;
  if (n === 1) return { mean, low: mean, high: mean, of: 1 };
  const variance = Math.max(0, (sumOfSquares - n * mean * mean) / (n - 1));
  const half = z * Math.sqrt(variance / n);
  return { mean, low: mean - half, high: mean + half, of: n };
}
