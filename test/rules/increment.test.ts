import { describe, it, expect } from "vitest";
import { rulesErrorOf } from "./rules-error.js";
import {
  addIncrementPoint,
  canTeach,
  effectiveTeacherGrade,
  incrementFromCheck,
  incrementFromContrast,
  isNarrowMargin,
  resetOnPermanentRise,
  studyDaysPerGrade,
  studyDaysPerPoint,
} from "../../src/rules/increment.js";
import type { GradeRiseCause } from "../../src/rules/increment.js";


describe("§1.8.2 increment points from a check (conditions 1 and 3)", () => {
  it.each([
    // dice, grade, modifiers, difficulty, experience → reason
    [14, 10, 0, 23, 7, "hardSuccess"], // T 13, dice 14 succeeds
    [13, 10, 0, 23, 7, null], // T 13, tie fails
    [20, 10, 0, 22, 7, null], // T 12: too easy for a point
    [16, 10, 0, 25, 7, "hardSuccess"], // EX-07
    [18, 12, -3, 22, 7, "hardSuccess"], // T 13 reached through a penalty
    [7, 5, 0, 25, 7, "impossibleTry"], // T 20 (impossible), dice 7 ≤ EXP 7
    [8, 5, 0, 25, 7, null], // dice 8 > EXP 7
    [2, 0, 0, 40, 2, "impossibleTry"],
    [5, 5, 0, 24, 7, null], // T 19: not impossible, and a failure
    [20, 5, 0, 24, 7, "hardSuccess"], // T 19: 20 succeeds
  ] as const)("dice %i, grade %i, mods %i, difficulty %i, EXP %i → %s", (dice, grade, modifiers, difficulty, experience, reason) => {
    const award = incrementFromCheck({ dice, grade, modifiers, difficulty, experience });
    expect(award).toEqual({ earned: reason !== null, reason });
  });

  it("property: a hard-success point always comes with a success, an impossible-try point never does", () => {
    for (let t = -2; t <= 25; t++) {
      for (let dice = 2; dice <= 20; dice++) {
        for (let experience = 0; experience <= 12; experience += 3) {
          const award = incrementFromCheck({ dice, grade: 10, difficulty: 10 + t, experience });
          if (award.reason === "hardSuccess") expect([t >= 13, dice > t]).toEqual([true, true]);
          if (award.reason === "impossibleTry") expect([t >= 20, dice <= experience]).toEqual([true, true]);
          if (award.reason === null) expect((t >= 13 && dice > t) || (t >= 20 && dice <= experience)).toBe(false);
        }
      }
    }
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => incrementFromCheck({ dice: 7, grade: 5, difficulty: 25, experience: -1 })).parameter).toBe(
      "experience",
    );
    expect(rulesErrorOf(() => incrementFromCheck({ dice: 22, grade: 5, difficulty: 25, experience: 7 })).parameter).toBe(
      "dice",
    );
  });
});

describe("§1.8.2 condition 2: narrow win against an advantaged opponent", () => {
  it.each([
    [true, 1, true, true],
    [true, 2, true, true],
    [true, 3, true, true],
    [true, 4, true, false],
    [true, 10, true, false],
    [true, 2, false, false],
    [false, 0, true, false],
    [false, 2, true, false],
  ])("won %s by %i, opponent advantaged %s → point %s", (won, margin, opponentAdvantaged, earned) => {
    expect(incrementFromContrast({ won, margin, opponentAdvantaged })).toEqual({
      earned,
      reason: earned ? "narrowWin" : null,
    });
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => incrementFromContrast({ won: true, margin: 0, opponentAdvantaged: true })).parameter).toBe(
      "margin",
    );
    expect(rulesErrorOf(() => incrementFromContrast({ won: true, margin: -1, opponentAdvantaged: true })).parameter).toBe(
      "margin",
    );
    expect(
      rulesErrorOf(() => incrementFromContrast({ won: "yes" as unknown as boolean, margin: 1, opponentAdvantaged: true }))
        .parameter,
    ).toBe("won");
    expect(
      rulesErrorOf(() => incrementFromContrast({ won: true, margin: 1, opponentAdvantaged: 1 as unknown as boolean }))
        .parameter,
    ).toBe("opponentAdvantaged");
  });
});

describe("§1.8.2 condition 2: a narrow margin", () => {
  it.each([[0, false], [1, true], [3, true], [4, false], [-2, false]] as const)("margin %i is narrow: %s", (margin, narrow) => {
    expect(isNarrowMargin(margin)).toBe(narrow);
  });

  it("refuses a margin that is not a whole number", () => {
    expect(rulesErrorOf(() => isNarrowMargin(1.5)).parameter).toBe("margin");
  });
});

describe("§1.8.1 accumulating points", () => {
  it.each([
    [0, 1, false],
    [1, 2, false],
    [4, 5, false],
    [5, 0, true],
  ])("%i points + 1 → %i points, grade gained %s", (points, next, gained) => {
    expect(addIncrementPoint(points)).toEqual({ points: next, gradeGained: gained });
  });

  it("six points make one grade", () => {
    let points = 0;
    let grades = 0;
    for (let i = 0; i < 18; i++) {
      const r = addIncrementPoint(points);
      points = r.points;
      if (r.gradeGained) grades++;
    }
    expect([grades, points]).toEqual([3, 0]);
  });

  it.each([
    ["skill", false, 0],
    ["skill", true, 0],
    ["characteristic", false, 4],
    ["characteristic", true, 0],
  ] as const)("a rise through the %s with A-12 reset %s leaves %i of 4 points", (cause, reset, left) => {
    expect(resetOnPermanentRise(4, cause, { resetIncrementOnCharacteristicRise: reset })).toBe(left);
  });

  it("A-12 default: a characteristic rise keeps the points", () => {
    expect(resetOnPermanentRise(3, "characteristic")).toBe(3);
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => addIncrementPoint(6)).parameter).toBe("points");
    expect(rulesErrorOf(() => addIncrementPoint(-1)).parameter).toBe("points");
    expect(rulesErrorOf(() => addIncrementPoint(1.5)).parameter).toBe("points");
    expect(rulesErrorOf(() => resetOnPermanentRise(7, "skill")).parameter).toBe("points");
    expect(rulesErrorOf(() => resetOnPermanentRise(2, "magic" as GradeRiseCause)).parameter).toBe("cause");
  });
});

describe("§1.8.3 study", () => {
  it.each([
    // grade, related, teacher, exact days, ceil days
    [5, false, false, 15, 15],
    [5, true, false, 10, 10],
    [5, false, true, 7.5, 8],
    [5, true, true, 5, 5],
    [1, false, true, 1.5, 2],
    [1, true, true, 1, 1],
    [12, false, false, 36, 36],
  ])("grade %i, related %s, teacher %s → %f days per point (ceil %i)", (grade, related, withTeacher, exact, ceil) => {
    expect(studyDaysPerPoint(grade, { related, withTeacher })).toBe(exact);
    expect(studyDaysPerPoint(grade, { related, withTeacher }, { studyDaysRounding: "ceil" })).toBe(ceil);
    expect(studyDaysPerGrade(grade, { related, withTeacher })).toBe(6 * exact);
    expect(studyDaysPerGrade(grade, { related, withTeacher }, { studyDaysRounding: "ceil" })).toBe(6 * ceil);
  });

  it("property: study days are positive and grow with the grade", () => {
    for (const related of [false, true]) {
      for (const withTeacher of [false, true]) {
        for (const studyDaysRounding of ["exact", "ceil"] as const) {
          let previous = 0;
          for (let grade = 1; grade <= 40; grade++) {
            const days = studyDaysPerPoint(grade, { related, withTeacher }, { studyDaysRounding });
            expect(days).toBeGreaterThan(previous);
            previous = days;
          }
        }
      }
    }
  });

  it("a teacher halves, and a related skill is quicker than an unrelated one", () => {
    for (let grade = 1; grade <= 20; grade++) {
      const alone = studyDaysPerPoint(grade, { related: false, withTeacher: false });
      expect(studyDaysPerPoint(grade, { related: false, withTeacher: true })).toBe(alone / 2);
      expect(studyDaysPerPoint(grade, { related: true, withTeacher: false })).toBeLessThan(alone);
    }
  });

  it.each([
    [12, 4, 9],
    [12, 7, 12],
    [12, 10, 12],
    [12, 6, 11],
    [2, 0, 0],
  ])("teacher grade %i with Fascino %i teaches at %i", (grade, charm, effective) => {
    expect(effectiveTeacherGrade(grade, charm)).toBe(effective);
  });

  it.each([
    [12, 4, 10, false], // D-29
    [12, 7, 10, true],
    [11, 7, 11, false],
    [14, 3, 9, true],
    [14, 3, 10, false],
  ])("teacher %i (Fascino %i) can teach a student at %i: %s", (teacher, charm, student, ok) => {
    expect(canTeach(teacher, charm, student)).toBe(ok);
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => studyDaysPerPoint(0, { related: true, withTeacher: false })).parameter).toBe("grade");
    expect(rulesErrorOf(() => studyDaysPerPoint(2.5, { related: true, withTeacher: false })).parameter).toBe("grade");
    expect(
      rulesErrorOf(() => studyDaysPerPoint(5, { related: 1 as unknown as boolean, withTeacher: false })).parameter,
    ).toBe("related");
    expect(
      rulesErrorOf(() => studyDaysPerPoint(5, { related: true, withTeacher: null as unknown as boolean })).parameter,
    ).toBe("withTeacher");
    expect(
      rulesErrorOf(() =>
        studyDaysPerGrade(5, { related: true, withTeacher: true }, { studyDaysRounding: "floor" as "ceil" }),
      ).parameter,
    ).toBe("options.studyDaysRounding");
    expect(rulesErrorOf(() => effectiveTeacherGrade(-1, 7)).parameter).toBe("grade");
    expect(rulesErrorOf(() => effectiveTeacherGrade(10, 7.5)).parameter).toBe("charm");
    expect(rulesErrorOf(() => canTeach(-1, 7, 3)).parameter).toBe("teacherGrade");
    expect(rulesErrorOf(() => canTeach(10, -7, 3)).parameter).toBe("teacherCharm");
    expect(rulesErrorOf(() => canTeach(10, 7, Number.NaN)).parameter).toBe("studentGrade");
  });
});
