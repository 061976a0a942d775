import { describe, it, expect } from "vitest";
import { rulesErrorOf } from "./rules-error.js";
import {
  ATTACK_DEFENCE_OUTCOMES,
  attackHitProbability,
  attackHitWays,
  checkSuccessProbability,
  probabilityAtLeast,
  TWO_D10_DISTRIBUTION,
  waysAtLeast,
  waysToRoll,
} from "../../src/rules/odds.js";
import { resolveCheck } from "../../src/rules/check.js";


/** Every 2D10 outcome, one sum per ordered pair of dice. */
const ALL_2D10: readonly number[] = Array.from({ length: 100 }, (_, i) => Math.floor(i / 10) + 1 + (i % 10) + 1);

describe("§1.7.1 2D10 distribution", () => {
  // n, ways to roll exactly n, % chance that 2D10 ≥ n — the spec's table.
  const table = [
    [2, 1, 100],
    [3, 2, 99],
    [4, 3, 97],
    [5, 4, 94],
    [6, 5, 90],
    [7, 6, 85],
    [8, 7, 79],
    [9, 8, 72],
    [10, 9, 64],
    [11, 10, 55],
    [12, 9, 45],
    [13, 8, 36],
    [14, 7, 28],
    [15, 6, 21],
    [16, 5, 15],
    [17, 4, 10],
    [18, 3, 6],
    [19, 2, 3],
    [20, 1, 1],
  ] as const;

  it.each(table)("n %i: %i ways, %i %% to roll at least n", (n, ways, percent) => {
    expect(waysToRoll(n)).toBe(ways);
    expect(TWO_D10_DISTRIBUTION.find((e) => e.sum === n)?.ways).toBe(ways);
    expect(Math.round(probabilityAtLeast(n) * 100)).toBe(percent);
    expect(waysAtLeast(n)).toBe(ALL_2D10.filter((s) => s >= n).length);
  });

  it("matches brute-force enumeration and sums to 100 ways", () => {
    expect(TWO_D10_DISTRIBUTION.map((e) => e.sum)).toEqual(Array.from({ length: 19 }, (_, i) => i + 2));
    for (const e of TWO_D10_DISTRIBUTION) {
      expect(e.ways).toBe(ALL_2D10.filter((s) => s === e.sum).length);
      expect(e.probability).toBe(e.ways / 100);
    }
    expect(TWO_D10_DISTRIBUTION.reduce((a, e) => a + e.ways, 0)).toBe(100);
    expect(Object.isFrozen(TWO_D10_DISTRIBUTION)).toBe(true);
  });

  it("is certain below 2 and impossible above 20", () => {
    for (const n of [-10, 0, 1, 2]) expect(probabilityAtLeast(n)).toBe(1);
    for (const n of [21, 22, 50]) expect(probabilityAtLeast(n)).toBe(0);
    for (const n of [-3, 1, 21, 40]) expect(waysToRoll(n)).toBe(0);
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => probabilityAtLeast(2.5)).parameter).toBe("n");
    expect(rulesErrorOf(() => waysAtLeast(Number.NaN)).parameter).toBe("n");
    expect(rulesErrorOf(() => waysToRoll(Infinity)).parameter).toBe("sum");
  });
});

describe("§1.7.1 check success probability", () => {
  it("EX-06: T = 8 (difficulty 20, grade 12) → 72 %", () => {
    expect(checkSuccessProbability({ grade: 12, difficulty: 20 })).toBe(0.72);
  });

  it("equals the share of 2D10 results that make resolveCheck succeed", () => {
    for (let grade = 0; grade <= 25; grade++) {
      for (let modifiers = -5; modifiers <= 5; modifiers++) {
        for (const difficulty of [0, 5, 10, 15, 20, 25, 30, 35, 40, 45]) {
          const successes = ALL_2D10.filter((dice) => resolveCheck({ dice, grade, modifiers, difficulty }).success).length;
          expect(checkSuccessProbability({ grade, modifiers, difficulty })).toBe(successes / 100);
        }
      }
    }
  });

  it("is 1 for automatic and 0 for impossible checks", () => {
    expect(checkSuccessProbability({ grade: 11, difficulty: 10 })).toBe(1);
    expect(checkSuccessProbability({ grade: 9, difficulty: 10 })).toBe(1);
    expect(checkSuccessProbability({ grade: 8, difficulty: 10 })).toBe(0.99);
    expect(checkSuccessProbability({ grade: 5, difficulty: 25 })).toBe(0);
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => checkSuccessProbability({ grade: -1, difficulty: 10 })).parameter).toBe("grade");
    expect(rulesErrorOf(() => checkSuccessProbability({ grade: 1, modifiers: 0.5, difficulty: 10 })).parameter).toBe(
      "modifiers",
    );
  });
});

describe("§2.3.3 / §3.2.7 attack against defence", () => {
  /** Brute force over the 10,000 dice pairs: ties hit (grazing when the option is on). */
  function bruteForce(attackBonus: number, defenceBonus: number): { above: number; ties: number } {
    let above = 0;
    let ties = 0;
    for (const a of ALL_2D10) {
      for (const d of ALL_2D10) {
        if (a + attackBonus > d + defenceBonus) above++;
        else if (a + attackBonus === d + defenceBonus) ties++;
      }
    }
    return { above, ties };
  }

  it("matches brute-force enumeration for every bonus pair 0…24 × 0…24 (step 2) and extremes", () => {
    const bonuses = [-30, -5, ...Array.from({ length: 13 }, (_, i) => 2 * i), 40];
    for (const attackBonus of bonuses) {
      for (const defenceBonus of bonuses) {
        const { above, ties } = bruteForce(attackBonus, defenceBonus);
        expect(attackHitWays({ attackBonus, defenceBonus })).toEqual({
          hit: above + ties,
          clean: above + ties,
          grazing: 0,
          miss: ATTACK_DEFENCE_OUTCOMES - above - ties,
        });
        expect(attackHitWays({ attackBonus, defenceBonus, grazing: true })).toEqual({
          hit: above + ties,
          clean: above,
          grazing: ties,
          miss: ATTACK_DEFENCE_OUTCOMES - above - ties,
        });
      }
    }
  });

  it("equal bonuses: ties (Σ ways² = 670 of 10,000) go to the attacker, so he hits 53.35 %", () => {
    const odds = attackHitProbability({ attackBonus: 10, defenceBonus: 10, grazing: true });
    expect(odds.hit).toBeCloseTo(0.5335, 12);
    expect(odds.grazing).toBeCloseTo(0.067, 12);
    expect(odds.clean).toBeCloseTo(0.4665, 12);
    expect(odds.miss).toBeCloseTo(0.4665, 12);
  });

  it("takes the grazing default from options.grazingHits; an explicit flag wins", () => {
    expect(attackHitWays({ attackBonus: 10, defenceBonus: 12 }, { grazingHits: true }).grazing).toBeGreaterThan(0);
    expect(attackHitWays({ attackBonus: 10, defenceBonus: 12, grazing: false }, { grazingHits: true }).grazing).toBe(0);
    expect(attackHitWays({ attackBonus: 10, defenceBonus: 12 }).grazing).toBe(0);
  });

  it("property: probabilities lie in [0, 1], add up, and are monotone in the bonuses", () => {
    for (let defenceBonus = -5; defenceBonus <= 30; defenceBonus++) {
      let previous = -1;
      for (let attackBonus = -25; attackBonus <= 50; attackBonus++) {
        const o = attackHitProbability({ attackBonus, defenceBonus, grazing: true });
        for (const p of [o.hit, o.clean, o.grazing, o.miss]) {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(1);
        }
        expect(o.clean + o.grazing).toBeCloseTo(o.hit, 12);
        expect(o.hit + o.miss).toBeCloseTo(1, 12);
        expect(o.hit).toBeGreaterThanOrEqual(previous);
        expect(attackHitProbability({ attackBonus, defenceBonus: defenceBonus + 1 }).hit).toBeLessThanOrEqual(o.hit);
        previous = o.hit;
      }
    }
  });

  it("property: check odds lie in [0, 1] and never drop as the grade grows", () => {
    for (let difficulty = -5; difficulty <= 45; difficulty++) {
      let previous = -1;
      for (let grade = 0; grade <= 40; grade++) {
        const p = checkSuccessProbability({ grade, difficulty });
        expect(p).toBeGreaterThanOrEqual(Math.max(0, previous));
        expect(p).toBeLessThanOrEqual(1);
        previous = p;
      }
    }
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => attackHitWays({ attackBonus: 1.5, defenceBonus: 0 })).parameter).toBe("attackBonus");
    expect(rulesErrorOf(() => attackHitProbability({ attackBonus: 1, defenceBonus: Number.NaN })).parameter).toBe(
      "defenceBonus",
    );
    expect(
      rulesErrorOf(() => attackHitProbability({ attackBonus: 1, defenceBonus: 2, grazing: "yes" as unknown as boolean }))
        .parameter,
    ).toBe("grazing");
  });
});
