/** §1.8.3 progress through study: whether a teacher may help, and what days of study give a skill. */
import { nat, pos, RulesError } from "./errors.js";
import { HUMAN_AVERAGE } from "./characteristics.js";
import { addIncrementPoint, canTeach, effectiveTeacherGrade, studyDaysPerPoint } from "./increment.js";
import type { RulesOptions } from "./options.js";

/** Why a would-be teacher cannot teach, or null when he can. */
export type TeacherRefusal = "notHigher" | "poorCommunicator";

export interface TeacherVerdict {
  canTeach: boolean;
  /** His grade as a teacher, after the Fascino shortfall. */
  effective: number;
  /** Grades lost to Fascino below 7. */
  shortfall: number;
  refusal: TeacherRefusal | null;
}

/**
 * §1.8.3 the teacher rules with their reason: one who does not exceed the student at all, or one who would but
 * whose low Fascino brings his grade down to the student's or below.
 */
export function teacherVerdict(teacherGrade: number, teacherCharm: number, studentGrade: number): TeacherVerdict {
  const effective = effectiveTeacherGrade(teacherGrade, teacherCharm);
  const shortfall = Math.max(0, HUMAN_AVERAGE - nat("teacherCharm", teacherCharm));
  const ok = canTeach(teacherGrade, teacherCharm, studentGrade);
  const refusal: TeacherRefusal | null = ok ? null : nat("teacherGrade", teacherGrade) > nat("studentGrade", studentGrade) ? "poorCommunicator" : "notHigher";
  return { canTeach: ok, effective, shortfall, refusal };
}

/** A study in progress as the rules read it. */
export interface StudyState {
  /** The skill's grade now (days per point are counted on it). */
  grade: number;
  /** Its stored increment points, 0–5. */
  points: number;
  /** Days studied toward the next point. */
  progressDays: number;
  related: boolean;
  /** The teacher's grade and Fascino as given when the study began; null when studying alone. */
  teacher: { grade: number; charm: number } | null;
}

export interface StudyStep {
  /** One entry per point earned, saying whether it completed a grade. */
  awards: { gradeGained: boolean }[];
  grade: number;
  points: number;
  progressDays: number;
  /** The teacher no longer exceeds the student (after this step's rise, or already at its start): the study stops. */
  teacherSurpassed: boolean;
}

/**
 * §1.8.3 `days` more of study: each full period of days-per-point (counted at the grade of that moment, halved while
 * the teacher can still teach) gives one increment point; the sixth raises the grade (§1.8.1). When a rise leaves the
 * teacher no better than the student, the study stops and the days beyond are not counted; a teacher already no better
 * at the start stops it with no day counted.
 */
export function advanceStudy(state: StudyState, days: number, options: Partial<RulesOptions> = {}): StudyStep {
  if (!(typeof days === "number" && Number.isFinite(days) && days >= 0)) throw new RulesError("days", days, "a number of days ≥ 0");
  let grade = pos("grade", state.grade);
  let points = nat("points", state.points);
  const teacher = state.teacher;
  let progress = state.progressDays + days;
  if (!(progress >= 0 && Number.isFinite(progress))) throw new RulesError("progressDays", state.progressDays, "a number of days ≥ 0");
  const awards: { gradeGained: boolean }[] = [];
  // The plan is refused when the teacher cannot teach; so a teacher who cannot now was caught up between two advances
  // (a check's point, the Narrator's raise): the study stops before any day of this advance counts.
  if (teacher !== null && !canTeach(teacher.grade, teacher.charm, grade)) {
    return { awards: [], grade, points, progressDays: Math.max(0, state.progressDays), teacherSurpassed: true };
  }
  for (;;) {
    const need = studyDaysPerPoint(grade, { related: state.related, withTeacher: teacher !== null }, options);
    if (progress < need) break;
    progress -= need;
    const next = addIncrementPoint(points);
    points = next.points;
    if (next.gradeGained) grade += 1;
    awards.push({ gradeGained: next.gradeGained });
    if (teacher && !canTeach(teacher.grade, teacher.charm, grade)) {
      return { awards, grade, points, progressDays: 0, teacherSurpassed: true };
    }
    // Guards a pathological input (a 1000-year leap) from looping for ever: stop at a generous bound.
    if (awards.length >= 600) break;
  }
  // Float noise from halved days: a remainder a hair below 0 is 0.
  return { awards, grade, points, progressDays: Math.max(0, Math.round(progress * 1e6) / 1e6), teacherSurpassed: false };
}
