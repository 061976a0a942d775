import { describe, expect, it } from "vitest";
import { rejects } from "../rules-error.js";
import { SeededRandom, seededRoller } from "../../../src/rules/sim/prng.js";
import { drawTieBreakRanks, tieBreakOrders } from "../../../src/rules/sim/tie-break.js";
import { rollTieBreaks } from "../../../src/rules/initiative.js";
import { wilsonInterval } from "../../../src/rules/sim/stats.js";

const draws = (r: SeededRandom, k: number): number[] => Array.from({ length: k }, () => r.next());

describe("the seeded random stream", () => {
  it("repeats itself for a seed and differs between seeds, even neighbouring ones", () => {
    expect(draws(new SeededRandom(7), 50)).toEqual(draws(new SeededRandom(7), 50));
    expect(draws(new SeededRandom(7), 50)).not.toEqual(draws(new SeededRandom(8), 50));
    expect(draws(new SeededRandom(0), 5).every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32)).toBe(true);
  });

  it("resumes from a saved state exactly", () => {
    const r = new SeededRandom(123);
    draws(r, 17);
    const state = r.getState();
    const ahead = draws(r, 20);
    const other = new SeededRandom(999);
    other.setState(state);
    expect(draws(other, 20)).toEqual(ahead);
    rejects(() => {
      other.setState([0, 0, 0, 0]);
    }, "state");
  });

  it("draws integers below n, each about equally often (every face of a D10 within its 99.9 % interval)", () => {
    const r = new SeededRandom(2026);
    const counts = new Array<number>(10).fill(0);
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const x = r.below(10);
      expect(x >= 0 && x < 10).toBe(true);
      counts[x] = (counts[x] ?? 0) + 1;
    }
    for (const c of counts) {
      const w = wilsonInterval(c, n, 3.29);
      expect(w.low <= 0.1 && 0.1 <= w.high).toBe(true);
    }
    rejects(() => r.below(0), "n");
    rejects(() => r.below(Number.NaN), "n");
    expect(r.below(1)).toBe(0);
    const f = r.float();
    expect(f >= 0 && f < 1).toBe(true);
  });

  it("rejects a seed that is not a 32-bit unsigned integer", () => {
    rejects(() => new SeededRandom(-1), "seed");
    rejects(() => new SeededRandom(1.5), "seed");
    rejects(() => new SeededRandom(2 ** 32), "seed");
  });

  it("serves the rules' DiceRoller interface with faces 1…n", () => {
    const roll = seededRoller(new SeededRandom(5));
    const dice = roll(200, 6);
    expect(dice).toHaveLength(200);
    expect(new Set(dice)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });
});

describe("§2.1.1 (A-32) the tie-break drawn in one pass", () => {
  const orders = (ranks: Record<string, number>): string => ["a", "b", "c"].map((id) => String(ranks[id])).join("");

  it("gives each order of three the same chance as rollTieBreaks' dice do: 1/6 each", () => {
    const n = 30_000;
    const byDice = new Map<string, number>();
    const roll = seededRoller(new SeededRandom(11));
    for (let i = 0; i < n; i++) {
      const key = orders(rollTieBreaks([["a", "b", "c"]], roll).ranks);
      byDice.set(key, (byDice.get(key) ?? 0) + 1);
    }
    const byShuffle = new Map<string, number>();
    const keys = new Map<string, Set<number>>();
    const random = new SeededRandom(12);
    const ranks = new Int32Array(3);
    for (let i = 0; i < n; i++) {
      const key = drawTieBreakRanks(random, 3, ranks);
      const order = orders({ a: ranks[0] ?? 0, b: ranks[1] ?? 0, c: ranks[2] ?? 0 });
      byShuffle.set(order, (byShuffle.get(order) ?? 0) + 1);
      keys.set(order, (keys.get(order) ?? new Set()).add(key));
    }
    for (const counts of [byDice, byShuffle]) {
      expect([...counts.keys()].sort()).toEqual(["123", "132", "213", "231", "312", "321"]);
      for (const c of counts.values()) {
        const w = wilsonInterval(c, n, 3.29);
        expect(w.low <= 1 / 6 && 1 / 6 <= w.high).toBe(true);
      }
    }
    // Each order has its own key in 0…5, so a cache keyed on it never mixes two orders.
    const all = [...keys.values()].map((s) => [...s]);
    expect(all.every((s) => s.length === 1)).toBe(true);
    expect(all.flat().sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(tieBreakOrders(3)).toBe(6);
    expect(tieBreakOrders(1)).toBe(1);
  });
});
