import { describe, it, expect } from "vitest";
import { RulesError } from "../../src/rules/errors.js";
import { d3FromD6 } from "../../src/rules/dice.js";
import { deriveParameters, reflexes, resistance, speed } from "../../src/rules/characteristics.js";
import { creationBudget, SUGGESTED_CHARACTERISTIC_POINTS, SUGGESTED_SKILL_GRADES } from "../../src/rules/skill.js";
import { conditionOf, conditionPenalty, isConscious } from "../../src/rules/condition.js";
import {
  adjustFame,
  adjustReputation,
  fameBand,
  FAME_MAX,
  reputationBand,
  REPUTATION_MIN,
} from "../../src/rules/reputation.js";
import { difficultyValue, influenceDifficulty, isAutomaticSuccess, resolveCheck } from "../../src/rules/check.js";
import {
  addIncrementPoint,
  canTeach,
  effectiveTeacherGrade,
  incrementFromCheck,
  incrementFromContrast,
  studyDaysPerGrade,
  studyDaysPerPoint,
} from "../../src/rules/increment.js";
import { checkSuccessProbability } from "../../src/rules/odds.js";

describe("Chapter 1 worked examples", () => {
  it("EX-01 Alven the faun: 35 characteristic points, 20 skill grades, RES 20, SPD 4, REF 7 (floor) / 8 (half up)", () => {
    const alven = { experience: 7, perception: 7, strength: 5, charm: 8, dexterity: 8 };
    const budget = creationBudget(alven, [
      { referenceCharacteristic: "dexterity", grade: 15 }, // movimento furtivo
      { referenceCharacteristic: "experience", grade: 15 }, // veterinaria
      { referenceCharacteristic: "experience", grade: 12 }, // naturalistica
    ]);
    expect(budget).toEqual({ characteristicPoints: SUGGESTED_CHARACTERISTIC_POINTS, skillGrades: SUGGESTED_SKILL_GRADES });
    expect(budget).toEqual({ characteristicPoints: 35, skillGrades: 20 });
    // naturalistica on Percezione instead: same value (both 7)
    expect(
      creationBudget(alven, [
        { referenceCharacteristic: "dexterity", grade: 15 },
        { referenceCharacteristic: "experience", grade: 15 },
        { referenceCharacteristic: "perception", grade: 12 },
      ]).skillGrades,
    ).toBe(20);
    expect(resistance(alven.strength)).toBe(20);
    expect(speed(alven.strength, alven.dexterity)).toBe(4);
    expect(reflexes(alven.perception, alven.dexterity)).toBe(7);
    expect(reflexes(alven.perception, alven.dexterity, { reflexesRounding: "halfUp" })).toBe(8);
    expect(deriveParameters(alven)).toEqual({ reflexes: 7, resistance: 20, speed: 4, effectiveDexterity: 8 });
  });

  it("EX-02 the serial killer: nothing changes until someone is named; then very famous and a monster", () => {
    // Deeds change nothing by themselves: the unknown killer's scores stay where the Narrator left them.
    const killer = { fame: 0, reputation: 0 };
    expect(fameBand(killer.fame)).toBe("almostUnknown");
    expect(reputationBand(killer.reputation)).toBe("ordinary");
    // Whoever is publicly named — even an innocent — is pushed by the Narrator to the ends of both scales.
    const accused = { fame: adjustFame(1, 20), reputation: adjustReputation(2, -30) };
    expect(accused).toEqual({ fame: FAME_MAX, reputation: REPUTATION_MIN });
    expect(fameBand(accused.fame)).toBe("veryFamous");
    expect(reputationBand(accused.reputation)).toBe("monster");
    expect(() => fameBand(13)).toThrow(RulesError);
    expect(() => reputationBand(-21)).toThrow(RulesError);
  });

  it("EX-03 the famous coach: his Reputation falls with defeats and rises with victories", () => {
    const coach = { fame: 8, reputation: 6 };
    expect(fameBand(coach.fame)).toBe("famous");
    expect(reputationBand(coach.reputation)).toBe("goodPerson");
    expect(reputationBand(adjustReputation(coach.reputation, -3))).toBe("ordinary");
    expect(reputationBand(adjustReputation(coach.reputation, 5))).toBe("hero");
    expect(adjustFame(coach.fame, 0)).toBe(8);
  });

  it("EX-04 the beauty-contest winner: Fame rises fast, Reputation stays", () => {
    const winner = { fame: 1, reputation: 0 };
    const after = { fame: adjustFame(winner.fame, 7), reputation: adjustReputation(winner.reputation, 0) };
    expect(fameBand(winner.fame)).toBe("almostUnknown");
    expect(fameBand(after.fame)).toBe("famous");
    expect(after.reputation).toBe(winner.reputation);
  });

  it.each([
    [5, 13, true],
    [9, 17, false],
    [7, 15, false],
  ])("EX-05 sneaking past a guard with Percezione %i: difficulty %i; stealth 12 + dice 2 succeeds: %s", (per, diff, ok) => {
    const medium = difficultyValue("medium");
    expect(medium).toBe(15);
    expect(influenceDifficulty(medium, per)).toBe(diff);
    const check = resolveCheck({ dice: 2, grade: 12, modifiers: 0, difficulty: influenceDifficulty(medium, per) });
    expect(check.total).toBe(14);
    expect(check.success).toBe(ok);
  });

  it("EX-06 Jack chases the creature: Complex 20, running 12 → needs 9 on the dice (72 %), no increment point", () => {
    const difficulty = difficultyValue("complex");
    expect(difficulty).toBe(20);
    const hit = resolveCheck({ dice: 9, grade: 12, modifiers: 0, difficulty });
    const miss = resolveCheck({ dice: 8, grade: 12, modifiers: 0, difficulty });
    expect(hit.minimumDice).toBe(9);
    expect(hit.threshold).toBe(8);
    expect(hit.success).toBe(true);
    expect(miss.total).toBe(20);
    expect(miss.success).toBe(false);
    expect(Math.round(checkSuccessProbability({ grade: 12, difficulty }) * 100)).toBe(72);
    for (let dice = 2; dice <= 20; dice++) {
      expect(incrementFromCheck({ dice, grade: 12, modifiers: 0, difficulty, experience: 7 }).earned).toBe(false);
    }
  });

  it("EX-07 Jack on the ladder: Difficult 25, climbing 10, dice 16 → 26, success, T 15, +1 increment point", () => {
    const difficulty = difficultyValue("difficult");
    expect(difficulty).toBe(25);
    const check = resolveCheck({ dice: 16, grade: 10, modifiers: 0, difficulty });
    expect(check.total).toBe(26);
    expect(check.success).toBe(true);
    expect(check.threshold).toBe(15);
    expect(check.minimumDice).toBe(16);
    expect(resolveCheck({ dice: 15, grade: 10, modifiers: 0, difficulty }).success).toBe(false);
    expect(incrementFromCheck({ dice: 16, grade: 10, modifiers: 0, difficulty, experience: 7 })).toEqual({
      earned: true,
      reason: "hardSuccess",
    });
    expect(addIncrementPoint(0)).toEqual({ points: 1, gradeGained: false });
  });

  it("EX-08 Bosley and Wallet on the wet roof: grade 11 at Easy 10 succeeds automatically", () => {
    const easy = difficultyValue("easy");
    expect(isAutomaticSuccess({ grade: 11, difficulty: easy })).toBe(true);
    expect(isAutomaticSuccess({ grade: 9, difficulty: easy })).toBe(true);
    expect(isAutomaticSuccess({ grade: 8, difficulty: easy })).toBe(false);
    expect(resolveCheck({ dice: 2, grade: 11, difficulty: easy }).automatic).toBe(true);
    expect(resolveCheck({ dice: 2, grade: 11, difficulty: easy }).success).toBe(true);
  });

  it("EX-09 the barbarian studies: literary skill 15 days a point (90 a grade), melee weapons 10 (60); halved with a teacher", () => {
    const alone = { withTeacher: false };
    expect(studyDaysPerPoint(5, { related: false, ...alone })).toBe(15);
    expect(studyDaysPerGrade(5, { related: false, ...alone })).toBe(90);
    expect(studyDaysPerPoint(5, { related: true, ...alone })).toBe(10);
    expect(studyDaysPerGrade(5, { related: true, ...alone })).toBe(60);
    expect(studyDaysPerPoint(5, { related: false, withTeacher: true })).toBe(7.5);
    expect(studyDaysPerPoint(5, { related: true, withTeacher: true })).toBe(5);
    expect(studyDaysPerGrade(5, { related: false, withTeacher: true })).toBe(45);
    expect(studyDaysPerGrade(5, { related: true, withTeacher: true })).toBe(30);
  });
});

describe("Chapter 1 derived tests", () => {
  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
    [4, 2],
    [5, 3],
    [6, 3],
  ])("D-01 D3 from d6 %i = %i", (d6, d3) => {
    expect(d3FromD6(d6)).toBe(d3);
  });

  it("D-02 FOR 7, DES 7, PER 7 → REF 7, RES 28, SPD 5", () => {
    expect(deriveParameters({ strength: 7, dexterity: 7, perception: 7 })).toEqual({
      reflexes: 7,
      resistance: 28,
      speed: 5,
      effectiveDexterity: 7,
    });
  });

  it("D-03 FOR 8, DES 7 → SPD round(5.0) = 5", () => {
    expect(speed(8, 7)).toBe(5);
  });

  it.each([
    [14, "normal"],
    [15, "weak"],
    [21, "weak"],
    [22, "exhausted"],
    [25, "exhausted"],
    [26, "collapsed"],
  ] as const)("D-04 R 28, Ferite + Fatica = %i → %s", (s, condition) => {
    expect(conditionOf({ wounds: Math.floor(s / 3), fatigue: s - Math.floor(s / 3) }, 28)).toBe(condition);
    expect(conditionOf({ wounds: 0, fatigue: s }, 28)).toBe(condition);
    expect(conditionOf({ wounds: s, fatigue: 0 }, 28)).toBe(condition);
  });

  it("D-05 R 28: Ferite 28 → Collapsed (not dead); Ferite 29 → Dead", () => {
    expect(conditionOf({ wounds: 28, fatigue: 0 }, 28)).toBe("collapsed");
    expect(isConscious(conditionOf({ wounds: 28, fatigue: 0 }, 28))).toBe(false);
    expect(conditionOf({ wounds: 29, fatigue: 0 }, 28)).toBe("dead");
  });

  it("D-06 Weak (R 28), skill 12, difficulty 15, dice 4 → 4 + 12 − 2 = 14 → failure", () => {
    const condition = conditionOf({ wounds: 5, fatigue: 10 }, 28);
    expect(condition).toBe("weak");
    const penalty = conditionPenalty(condition);
    expect(penalty).toBe(-2);
    const check = resolveCheck({ dice: 4, grade: 12, modifiers: penalty ?? 0, difficulty: 15 });
    expect(check.total).toBe(14);
    expect(check.success).toBe(false);
  });

  it("D-26 EXP 7, impossible roll (T ≥ 20): dice 7 → +1 point, dice 8 → none", () => {
    const impossible = { grade: 5, modifiers: 0, difficulty: 30, experience: 7 };
    expect(resolveCheck({ ...impossible, dice: 7 }).impossible).toBe(true);
    expect(incrementFromCheck({ ...impossible, dice: 7 })).toEqual({ earned: true, reason: "impossibleTry" });
    expect(incrementFromCheck({ ...impossible, dice: 8 })).toEqual({ earned: false, reason: null });
  });

  it("D-27 advantaged opponent: a win by 3 earns a point, by 4 does not", () => {
    expect(incrementFromContrast({ won: true, margin: 3, opponentAdvantaged: true }).earned).toBe(true);
    expect(incrementFromContrast({ won: true, margin: 4, opponentAdvantaged: true }).earned).toBe(false);
  });

  it("D-28 a skill at 5 points gains one more: grade +1, points back to 0", () => {
    expect(addIncrementPoint(5)).toEqual({ points: 0, gradeGained: true });
  });

  it("D-29 teacher grade 12 with Fascino 4 teaches at 9 ≤ student 10 → cannot teach", () => {
    expect(effectiveTeacherGrade(12, 4)).toBe(9);
    expect(canTeach(12, 4, 10)).toBe(false);
  });
});
