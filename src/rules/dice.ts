import { die, int, pos } from "./errors.js";
import type { DiceRoller } from "./types.js";

/** §0.2 Uso dei dadi: a D3 is a D6 halved, rounding up (1–2 → 1, 3–4 → 2, 5–6 → 3). */
export function d3FromD6(d6: number): number {
  return Math.ceil(die("d6", d6, 6) / 2);
}

/** Sum of dice results, each checked against its die. */
export function sumDice(results: readonly number[], faces: number): number {
  pos("faces", faces);
  return results.reduce((sum, r, i) => sum + die(`results[${i}]`, r, faces), 0);
}

/** A roller that replays fixed results in order: for tests and for dice already rolled by Foundry. */
export function fixedRoller(results: readonly number[]): DiceRoller {
  let next = 0;
  return (count, faces) => {
    int("count", count, 0);
    const out: number[] = [];
    for (let i = 0; i < count; i++) {
      const r = results[next++];
      if (r === undefined) throw new Error(`fixedRoller ran out of results after ${next - 1}`);
      out.push(die(`d${faces}`, r, faces));
    }
    return out;
  };
}

/** A roller backed by Math.random, for callers outside Foundry (benchmarks, scripts). */
export const randomRoller: DiceRoller = (count, faces) =>
  Array.from({ length: int("count", count, 0) }, () => 1 + Math.floor(Math.random() * pos("faces", faces)));
