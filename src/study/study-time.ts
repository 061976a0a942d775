/**
 * §1.8.3 study as world time passes: a Protagonista with an active study plan gains the increment points his days of
 * study earn, in the same advance (and on the same card, with the same Undo) as everything else time does to him.
 */
import { CharacterModel } from "../data/actor/character.js";
import { STUDY_NOTES, STUDY_STATUSES, type StudyNote, type StudyStatus } from "../data/actor/study-plan.js";
import { SkillModel } from "../data/item/skill.js";
import type { GenesysActor } from "../documents/actor.js";
import { INCREMENT_POINTS_PER_GRADE } from "../rules/increment.js";
import { advanceStudy } from "../rules/study.js";
import { rulesOptions } from "../settings/rules-settings.js";
import type { TimeEvent } from "../time/time-plan.js";

const DAY = 86_400;

/** The parts of a study a time advance changes. */
export interface StudySnapshot {
  increment: number;
  earned: number;
  progressDays: number;
  status: StudyStatus;
  note: StudyNote;
}

/** What one advance did to a study: enough for the card to say it and for Undo to take it back. */
export interface StudyChange {
  skillId: string;
  skillName: string;
  points: number;
  before: StudySnapshot;
  after: StudySnapshot;
}

/** A study's change and the lines it puts on the time card. */
export interface StudyPlanned {
  change: StudyChange;
  events: TimeEvent[];
}

/**
 * The study `seconds` of world time give this actor; null when he has none running (or nothing moved). A plan whose
 * skill was deleted stops, with a note.
 */
export function planStudy(actor: GenesysActor, seconds: number): StudyPlanned | null {
  const sys = actor.genesys;
  if (!(sys instanceof CharacterModel) || sys.study.status !== "active" || !(seconds > 0)) return null;
  const plan = sys.study;
  const item = actor.items.get(plan.skillId);
  const skill = item?.system instanceof SkillModel ? item.system : null;
  const base: StudySnapshot = { increment: skill?.increment ?? 0, earned: skill?.earned ?? 0, progressDays: plan.progressDays, status: plan.status, note: plan.note };
  if (!item || !skill?.breakdown) {
    const after: StudySnapshot = { ...base, status: "paused", note: "skillMissing" };
    return { change: { skillId: plan.skillId, skillName: "", points: 0, before: base, after }, events: [{ kind: "studyStopped", skill: "", reason: "skillMissing" }] };
  }
  // Days are counted on the skill's own grade: armour slows the hands, not the learning.
  const grade = skill.breakdown.grade + skill.breakdown.armourPenalty;
  const teacher = plan.teacher.grade === null ? null : { grade: plan.teacher.grade, charm: plan.teacher.charm };
  const step = advanceStudy({ grade: Math.max(1, grade), points: skill.increment, progressDays: plan.progressDays, related: plan.related, teacher }, (seconds / DAY) * plan.rate, rulesOptions());
  const grades = step.awards.filter((a) => a.gradeGained).length;
  const after: StudySnapshot = {
    increment: step.points,
    earned: skill.earned + grades,
    progressDays: step.progressDays,
    status: step.teacherSurpassed ? "paused" : "active",
    note: step.teacherSurpassed ? "teacherSurpassed" : "",
  };
  const events: TimeEvent[] = [];
  if (step.awards.length > 0) events.push({ kind: "study", skill: item.name, points: step.awards.length, grade: grades > 0 ? step.grade : null });
  if (step.teacherSurpassed) events.push({ kind: "studyStopped", skill: item.name, reason: "teacherSurpassed" });
  return { change: { skillId: item.id ?? plan.skillId, skillName: item.name, points: step.awards.length, before: base, after }, events };
}

/** The `system.study` part of the actor's update for a study snapshot. */
export function studySystemUpdate(s: StudySnapshot): Record<string, unknown> {
  return { progressDays: s.progressDays, status: s.status, note: s.note };
}

/** Writes the skill's side of a change (its points and grades); the actor's side goes with the time update. */
export async function writeStudySkill(actor: GenesysActor, change: StudyChange): Promise<void> {
  if (change.points === 0) return;
  const item = actor.items.get(change.skillId);
  if (!item) return;
  await item.update({ system: { increment: change.after.increment, earned: change.after.earned } });
}

/**
 * Undo of one advance's study, from what the actor holds now: the points it gave taken back from the skill's count
 * of earned grades and points (a grade goes back when the count falls below it); the days and the plan's state put
 * back only if nothing moved them since.
 */
export async function undoStudy(actor: GenesysActor, change: StudyChange): Promise<void> {
  const sys = actor.genesys;
  const item = actor.items.get(change.skillId);
  const skill = item?.system instanceof SkillModel ? item.system : null;
  if (item && skill && change.points > 0) {
    // Counted as one number (grades × 6 + points): a grade completed since by another point (a check's) stays
    // completed or not by what the sum says, not by which point came last.
    const total = Math.max(0, skill.earned * INCREMENT_POINTS_PER_GRADE + skill.increment - change.points);
    const earned = Math.floor(total / INCREMENT_POINTS_PER_GRADE);
    const increment = total % INCREMENT_POINTS_PER_GRADE;
    await item.update({ system: { increment, earned } });
  }
  if (!(sys instanceof CharacterModel)) return;
  const now = sys.study;
  const untouched = now.progressDays === change.after.progressDays && now.status === change.after.status && now.note === change.after.note;
  if (untouched) await actor.update({ system: { study: studySystemUpdate(change.before) } });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isCount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

function isSnapshot(v: unknown): v is StudySnapshot {
  return isObject(v) && isCount(v["increment"]) && isCount(v["earned"]) && isCount(v["progressDays"])
    && STUDY_STATUSES.some((s) => s === v["status"]) && STUDY_NOTES.some((n) => n === v["note"]);
}

/** Whether a card row's study record has the shape this file writes. */
export function isStudyChange(v: unknown): v is StudyChange {
  return isObject(v) && typeof v["skillId"] === "string" && typeof v["skillName"] === "string" && isCount(v["points"]) && isSnapshot(v["before"]) && isSnapshot(v["after"]);
}
