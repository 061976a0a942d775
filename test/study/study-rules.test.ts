/** §1.8.3 study: EX-09's numbers, the teacher rules (A-27 poor communicator) and days of study turned into points. */
import { describe, expect, it } from "vitest";
import { studyDaysPerGrade, studyDaysPerPoint } from "../../src/rules/increment.js";
import { advanceStudy, teacherVerdict } from "../../src/rules/study.js";

describe("EX-09 the barbarian studies", () => {
  it("literary skill unrelated at grade 5: 15 days a point, 90 a grade; melee related: 10 and 60; halved with a teacher", () => {
    expect(studyDaysPerPoint(5, { related: false, withTeacher: false })).toBe(15);
    expect(studyDaysPerGrade(5, { related: false, withTeacher: false })).toBe(90);
    expect(studyDaysPerPoint(5, { related: true, withTeacher: false })).toBe(10);
    expect(studyDaysPerGrade(5, { related: true, withTeacher: false })).toBe(60);
    expect(studyDaysPerPoint(5, { related: false, withTeacher: true })).toBe(7.5);
    expect(studyDaysPerGrade(5, { related: true, withTeacher: true })).toBe(30);
    // A-27 rounding up, per point.
    expect(studyDaysPerPoint(5, { related: false, withTeacher: true }, { studyDaysRounding: "ceil" })).toBe(8);
    expect(studyDaysPerGrade(5, { related: false, withTeacher: true }, { studyDaysRounding: "ceil" })).toBe(48);
  });

  it("90 days of study alone take the literary skill from grade 5 to 6, a point each 15 days", () => {
    const step = advanceStudy({ grade: 5, points: 0, progressDays: 0, related: false, teacher: null }, 90);
    expect(step.awards).toHaveLength(6);
    expect(step.awards.map((a) => a.gradeGained)).toEqual([false, false, false, false, false, true]);
    expect([step.grade, step.points, step.progressDays, step.teacherSurpassed]).toEqual([6, 0, 0, false]);
  });
});

describe("the teacher rules", () => {
  it("a teacher must exceed the student; one point of Fascino below 7 costs one grade of teaching", () => {
    expect(teacherVerdict(12, 7, 10)).toEqual({ canTeach: true, effective: 12, shortfall: 0, refusal: null });
    expect(teacherVerdict(10, 9, 10)).toEqual({ canTeach: false, effective: 10, shortfall: 0, refusal: "notHigher" });
    expect(teacherVerdict(8, 7, 10)).toMatchObject({ canTeach: false, refusal: "notHigher" });
    // The poor communicator: grade 12, Fascino 5 teaches as 10 — no better than a student at 10, better than one at 9.
    expect(teacherVerdict(12, 5, 10)).toEqual({ canTeach: false, effective: 10, shortfall: 2, refusal: "poorCommunicator" });
    expect(teacherVerdict(12, 5, 9)).toEqual({ canTeach: true, effective: 10, shortfall: 2, refusal: null });
    expect(teacherVerdict(3, 0, 0).effective).toBe(0);
  });

  it("while the teacher is better, days are halved; once the student's grade catches up the study stops there", () => {
    // Grade 9, related, teacher 10 with Fascino 7: 9 days a point; the sixth point brings the student to 10.
    const step = advanceStudy({ grade: 9, points: 3, progressDays: 0, related: true, teacher: { grade: 10, charm: 7 } }, 100);
    expect(step.awards).toHaveLength(3);
    expect([step.grade, step.points, step.progressDays, step.teacherSurpassed]).toEqual([10, 0, 0, true]);
  });

  it("a teacher who cannot teach at the step's start (caught up since) stops the study before any day counts", () => {
    // Grade 6 with Fascino 5 teaches as 4: no better than grade 5. The days studied before stay as they were.
    const step = advanceStudy({ grade: 5, points: 2, progressDays: 3, related: true, teacher: { grade: 6, charm: 5 } }, 10);
    expect(step.awards).toHaveLength(0);
    expect([step.grade, step.points, step.progressDays, step.teacherSurpassed]).toEqual([5, 2, 3, true]);
  });
});

describe("days of study", () => {
  it("carry over between steps, days per point counted at the grade of the moment", () => {
    const first = advanceStudy({ grade: 5, points: 0, progressDays: 0, related: true, teacher: null }, 4);
    expect([first.awards.length, first.progressDays]).toEqual([0, 4]);
    const second = advanceStudy({ grade: 5, points: 0, progressDays: first.progressDays, related: true, teacher: null }, 6.5);
    expect([second.awards.length, second.progressDays]).toEqual([1, 0.5]);
    // At grade 5 with 5 points, the sixth (10 days) makes grade 6; the next point then needs 12.
    const rise = advanceStudy({ grade: 5, points: 5, progressDays: 0, related: true, teacher: null }, 21);
    expect([rise.awards.length, rise.grade, rise.points, rise.progressDays]).toEqual([1, 6, 0, 11]);
  });

  it("refuses negative or non-numeric days", () => {
    expect(() => advanceStudy({ grade: 5, points: 0, progressDays: 0, related: true, teacher: null }, -1)).toThrow();
    expect(() => advanceStudy({ grade: 5, points: 0, progressDays: 0, related: true, teacher: null }, Number.NaN)).toThrow();
    expect(() => advanceStudy({ grade: 0, points: 0, progressDays: 0, related: true, teacher: null }, 1)).toThrow();
  });
});
