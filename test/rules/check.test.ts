import { describe, it, expect } from "vitest";
import { rulesErrorOf } from "./rules-error.js";
import { RulesError } from "../../src/rules/errors.js";
import {
  checkThreshold,
  DIFFICULTY_LADDER,
  difficultyValue,
  IMPOSSIBLE_DICE,
  influenceDifficulty,
  isAutomaticSuccess,
  isImpossible,
  resolveCharacteristicCheck,
  resolveCheck,
  resolveContrast,
  rollCheck,
} from "../../src/rules/check.js";
import { fixedRoller } from "../../src/rules/dice.js";
import { DIFFICULTIES } from "../../src/rules/types.js";
import type { DifficultyKey } from "../../src/rules/types.js";


describe("§1.7.2 difficulty ladder", () => {
  it.each([
    ["trivial", 5],
    ["easy", 10],
    ["medium", 15],
    ["complex", 20],
    ["difficult", 25],
    ["veryDifficult", 30],
    ["extreme", 35],
    ["absurd", 40],
  ] as const)("%s = %i", (key, value) => {
    expect(difficultyValue(key)).toBe(value);
    expect(DIFFICULTY_LADDER[key]).toBe(value);
  });

  it("has exactly one value per difficulty key, rising in steps of 5, and is frozen", () => {
    expect(Object.keys(DIFFICULTY_LADDER)).toEqual([...DIFFICULTIES]);
    expect(DIFFICULTIES.map(difficultyValue)).toEqual([5, 10, 15, 20, 25, 30, 35, 40]);
    expect(Object.isFrozen(DIFFICULTY_LADDER)).toBe(true);
  });

  it("rejects an unknown key", () => {
    expect(rulesErrorOf(() => difficultyValue("hard" as DifficultyKey)).parameter).toBe("difficulty");
  });
});

describe("§1.7.1 resolveCheck", () => {
  it("adds dice, grade and modifiers; a tie fails", () => {
    expect(resolveCheck({ dice: 9, grade: 12, modifiers: 0, difficulty: 20 })).toEqual({
      dice: 9,
      total: 21,
      success: true,
      margin: 1,
      threshold: 8,
      minimumDice: 9,
      automatic: false,
      impossible: false,
    });
    const tie = resolveCheck({ dice: 8, grade: 12, difficulty: 20 });
    expect(tie.total).toBe(20);
    expect(tie.success).toBe(false);
    expect(tie.margin).toBe(0);
  });

  it("counts modifiers, the condition penalty included", () => {
    const r = resolveCheck({ dice: 10, grade: 10, modifiers: -5, difficulty: 15 });
    expect(r.total).toBe(15);
    expect(r.success).toBe(false);
    expect(r.threshold).toBe(10);
    expect(resolveCheck({ dice: 10, grade: 10, modifiers: 3, difficulty: 15 }).total).toBe(23);
  });

  it.each([
    // grade, modifiers, difficulty → threshold, minimumDice, automatic, impossible
    [10, 0, 10, 0, 2, true, false],
    [8, 0, 10, 2, 3, false, false],
    [9, 0, 10, 1, 2, true, false],
    [0, 0, 21, 21, 21, false, true],
    [0, 0, 20, 20, 21, false, true],
    [0, 0, 19, 19, 20, false, false],
    [30, 0, 5, -25, 2, true, false],
    [5, -10, 20, 25, 21, false, true],
  ] as const)("grade %i, mods %i, difficulty %i → T %i, min dice %i, automatic %s, impossible %s", (grade, modifiers, difficulty, t, min, auto, imp) => {
    const r = resolveCheck({ dice: 2, grade, modifiers, difficulty });
    expect(r.threshold).toBe(t);
    expect(r.minimumDice).toBe(min);
    expect(r.automatic).toBe(auto);
    expect(r.impossible).toBe(imp);
    expect(checkThreshold({ grade, modifiers, difficulty })).toBe(t);
    expect(isAutomaticSuccess({ grade, modifiers, difficulty })).toBe(auto);
    expect(isImpossible({ grade, modifiers, difficulty })).toBe(imp);
  });

  it("property: success ⇔ dice ≥ minimumDice; automatic ⇒ every roll succeeds; impossible ⇒ none does", () => {
    for (let grade = 0; grade <= 25; grade++) {
      for (let modifiers = -6; modifiers <= 6; modifiers += 2) {
        for (let difficulty = -5; difficulty <= 45; difficulty++) {
          let successes = 0;
          for (let dice = 2; dice <= 20; dice++) {
            const r = resolveCheck({ dice, grade, modifiers, difficulty });
            if (r.success !== dice >= r.minimumDice) expect([grade, modifiers, difficulty, dice]).toBe("consistent");
            if (r.success) successes++;
          }
          const { automatic, impossible, minimumDice } = resolveCheck({ dice: 2, grade, modifiers, difficulty });
          if (automatic) expect(successes).toBe(19);
          if (impossible) expect([successes, minimumDice]).toEqual([0, IMPOSSIBLE_DICE]);
          if (!automatic && !impossible) expect(successes).toBe(20 - minimumDice + 1);
        }
      }
    }
  });

  it("a characteristic check uses the score as the grade", () => {
    for (let score = 0; score <= 12; score++) {
      for (let dice = 2; dice <= 20; dice += 3) {
        expect(resolveCharacteristicCheck({ dice, score, modifiers: -2, difficulty: 15 })).toEqual(
          resolveCheck({ dice, grade: score, modifiers: -2, difficulty: 15 }),
        );
      }
    }
    expect(resolveCharacteristicCheck({ dice: 11, score: 7, difficulty: 18 }).success).toBe(false);
  });

  it("rollCheck takes the 2D10 from the injected roller", () => {
    const r = rollCheck(fixedRoller([4, 5]), { grade: 12, difficulty: 20 });
    expect(r.dice).toBe(9);
    expect(r.success).toBe(true);
    expect(() => rollCheck(fixedRoller([11, 5]), { grade: 12, difficulty: 20 })).toThrow(RulesError);
    expect(rulesErrorOf(() => rollCheck(() => [5], { grade: 12, difficulty: 20 })).parameter).toBe("roller");
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => resolveCheck({ dice: 1, grade: 5, difficulty: 15 })).parameter).toBe("dice");
    expect(rulesErrorOf(() => resolveCheck({ dice: 21, grade: 5, difficulty: 15 })).parameter).toBe("dice");
    expect(rulesErrorOf(() => resolveCheck({ dice: 7.5, grade: 5, difficulty: 15 })).parameter).toBe("dice");
    expect(rulesErrorOf(() => resolveCheck({ dice: 7, grade: -1, difficulty: 15 })).parameter).toBe("grade");
    expect(rulesErrorOf(() => resolveCheck({ dice: 7, grade: 5, modifiers: Number.NaN, difficulty: 15 })).parameter).toBe(
      "modifiers",
    );
    expect(rulesErrorOf(() => resolveCheck({ dice: 7, grade: 5, difficulty: Infinity })).parameter).toBe("difficulty");
    expect(rulesErrorOf(() => isAutomaticSuccess({ grade: 5, difficulty: 1.5 })).parameter).toBe("difficulty");
    expect(rulesErrorOf(() => isImpossible({ grade: 0.5, difficulty: 10 })).parameter).toBe("grade");
    expect(rulesErrorOf(() => resolveCharacteristicCheck({ dice: 7, score: -2, difficulty: 15 })).parameter).toBe("score");
  });
});

describe("§1.7.4 influence rolls", () => {
  it.each([
    [15, 5, 13],
    [15, 9, 17],
    [15, 7, 15],
    [20, 0, 13],
    [5, 0, -2],
    [25, 30, 48],
  ])("base %i, opponent characteristic %i → difficulty %i", (base, c, d) => {
    expect(influenceDifficulty(base, c)).toBe(d);
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => influenceDifficulty(15.5, 7)).parameter).toBe("baseDifficulty");
    expect(rulesErrorOf(() => influenceDifficulty(15, -1)).parameter).toBe("opponentCharacteristic");
  });
});

describe("§1.7.5 contrast rolls", () => {
  it("the highest total wins, with the margin over the second", () => {
    const r = resolveContrast([
      { id: "a", dice: 10, grade: 8, modifiers: 0 },
      { id: "b", dice: 12, grade: 7, modifiers: 2 },
    ]);
    expect(r).toEqual({
      outcome: "win",
      winner: "b",
      margin: 3,
      totals: [
        { id: "b", total: 21 },
        { id: "a", total: 18 },
      ],
    });
  });

  it("a tie for first place lists every tied participant", () => {
    const r = resolveContrast([
      { id: "a", dice: 10, grade: 8 },
      { id: "b", dice: 5, grade: 10 },
      { id: "c", dice: 8, grade: 10 },
    ]);
    expect(r.outcome).toBe("tie");
    if (r.outcome === "tie") {
      expect([...r.tied].sort()).toEqual(["a", "c"]);
      expect(r.margin).toBe(0);
    }
  });

  it("a tie for second place still has a winner", () => {
    const r = resolveContrast([
      { id: "a", dice: 10, grade: 8 },
      { id: "b", dice: 10, grade: 8 },
      { id: "c", dice: 20, grade: 8, modifiers: -5 },
    ]);
    expect(r).toMatchObject({ outcome: "win", winner: "c", margin: 5 });
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => resolveContrast([{ id: "a", dice: 10, grade: 8 }])).parameter).toBe("participants");
    expect(rulesErrorOf(() => resolveContrast(undefined as unknown as [])).parameter).toBe("participants");
    expect(
      rulesErrorOf(() =>
        resolveContrast([
          { id: "a", dice: 10, grade: 8 },
          { id: "a", dice: 10, grade: 8 },
        ]),
      ).parameter,
    ).toBe("participants[1].id");
    expect(
      rulesErrorOf(() =>
        resolveContrast([
          { id: "a", dice: 10, grade: 8 },
          { id: "b", dice: 25, grade: 8 },
        ]),
      ).parameter,
    ).toBe("participants[1].dice");
    expect(
      rulesErrorOf(() =>
        resolveContrast([
          { id: "a", dice: 10, grade: -8 },
          { id: "b", dice: 5, grade: 8 },
        ]),
      ).parameter,
    ).toBe("participants[0].grade");
    expect(
      rulesErrorOf(() =>
        resolveContrast([
          { id: "a", dice: 10, grade: 8 },
          { id: "b", dice: 5, grade: 8, modifiers: 0.5 },
        ]),
      ).parameter,
    ).toBe("participants[1].modifiers");
  });
});
