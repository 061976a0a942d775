/**
 * §1.8.3 a Protagonista's study plan: which skill, how (related to his job, with whom), how much of each day goes to
 * it, and the days studied toward the next point. World time advances it (study/study-time.ts); the sheet starts,
 * pauses and stops it.
 */
import { intField, optionalIntField, realField } from "../fields.js";

const fields = foundry.data.fields;

export const STUDY_STATUSES = ["none", "active", "paused"] as const;
export type StudyStatus = (typeof STUDY_STATUSES)[number];

/** Why a study stopped on its own, for the sheet's note; blank when it did not. */
export const STUDY_NOTES = ["", "teacherSurpassed", "skillMissing"] as const;
export type StudyNote = (typeof STUDY_NOTES)[number];

export function studyPlanField() {
  return new fields.SchemaField({
    status: new fields.StringField({ required: true, blank: false, initial: "none", choices: [...STUDY_STATUSES] }),
    skillId: new fields.StringField({ required: true, blank: true, initial: "", validate: (v: string) => v === "" || /^[A-Za-z0-9]{1,64}$/.test(v) }),
    related: new fields.BooleanField({ initial: false }),
    /** Days of study in each day of world time: 1 = all of it, 0.25 = a quarter. */
    rate: new fields.NumberField({ required: true, nullable: false, min: 0.05, max: 1, initial: 1 }),
    progressDays: realField(0, 100_000),
    teacher: new fields.SchemaField({
      name: new fields.StringField({ required: true, blank: true, initial: "" }),
      /** Null: studying alone. */
      grade: optionalIntField(0, 60),
      charm: intField(7, 0, 30),
    }),
    note: new fields.StringField({ required: true, blank: true, initial: "", choices: [...STUDY_NOTES] }),
  });
}

/** The plan as stored (the source shape the schema validates). */
export interface StudyPlanData {
  status: StudyStatus;
  skillId: string;
  related: boolean;
  rate: number;
  progressDays: number;
  teacher: { name: string; grade: number | null; charm: number };
  note: StudyNote;
}

export const NO_STUDY: StudyPlanData = Object.freeze({
  status: "none",
  skillId: "",
  related: false,
  rate: 1,
  progressDays: 0,
  teacher: Object.freeze({ name: "", grade: null, charm: 7 }),
  note: "",
});
