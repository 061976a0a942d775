/** §1.8.1–§1.8.2 storing the increment point a check earned on its skill. */
import { SkillModel } from "../data/item/skill.js";
import type { IncrementRecord } from "./check-options.js";
import { addIncrementPoint, removeIncrementPoint, type IncrementReason } from "../rules/increment.js";

/** The actor whose skill earned the point: anything with embedded items (a world or token actor). */
export type SkillOwner = Pick<Actor.Implementation, "items">;

/**
 * §1.8.1–§1.8.2 one more increment point, a grade at the sixth, for an open check. Stored only by someone who owns the
 * skill (Foundry's permissions decide). A blind check's point is held back until the Narrator reveals it (check-intents.ts).
 */
export async function recordIncrement(actor: SkillOwner, skillId: string, reason: IncrementReason): Promise<IncrementRecord> {
  const item = actor.items.get(skillId);
  const points = item?.system instanceof SkillModel ? item.system.increment : 0;
  const started = startIncrement(actor, skillId, reason);
  try {
    await started.written;
  } catch (error) {
    console.error("GeneSys | increment point not stored", error);
    return { reason, status: "failed", points, grade: null };
  }
  if (started.record.status !== "gradeGained") return started.record;
  // The new grade as the skill now has it, its effects included.
  const grade = item?.system instanceof SkillModel ? item.system.grade : null;
  return { ...started.record, grade };
}

/**
 * recordIncrement without waiting for the skill's write: the record is what the write makes of the skill as it is now
 * (a sixth point: one grade more), so the card that shows it goes out beside the write. A write that fails rejects
 * `written`, for the intent's requester to be told.
 */
export function startIncrement(actor: SkillOwner, skillId: string, reason: IncrementReason): { record: IncrementRecord; written: Promise<void> } {
  const planned = planIncrement(actor, skillId, reason);
  return { record: planned.record, written: planned.write() };
}

/**
 * The point worked out on the skill as it is now, and its write, not started: for a card that must be written first
 * (a Reveal, which hands the point out only once the card is open). `write` stores it, once.
 */
export function planIncrement(actor: SkillOwner, skillId: string, reason: IncrementReason): { record: IncrementRecord; write: () => Promise<void> } {
  const planned = planIncrements(actor, skillId, [reason]);
  const [record = { reason, status: "failed", points: 0, grade: null }] = planned.records;
  return { record, write: planned.write };
}

/**
 * Several points for one skill (a burst's held points at a Reveal), counted one after the other from the skill as it
 * is now, a record each, and one write that stores them all.
 */
export function planIncrements(actor: SkillOwner, skillId: string, reasons: readonly IncrementReason[]): { records: IncrementRecord[]; write: () => Promise<void> } {
  const item = actor.items.get(skillId);
  const skill = item?.system instanceof SkillModel ? item.system : null;
  const points = skill?.increment ?? 0;
  const nothing = (): Promise<void> => Promise.resolve();
  if (!item || !skill) return { records: reasons.map((reason) => ({ reason, status: "failed", points, grade: null })), write: nothing };
  if (!item.isOwner) return { records: reasons.map((reason) => ({ reason, status: "notOwner", points, grade: null })), write: nothing };
  let now = { points, earned: skill.earned, grade: skill.grade };
  const records = reasons.map((reason): IncrementRecord => {
    const next = addIncrementPoint(now.points);
    const grade = next.gradeGained && now.grade !== null ? now.grade + 1 : now.grade;
    now = { points: next.points, earned: now.earned + (next.gradeGained ? 1 : 0), grade };
    return { reason, status: next.gradeGained ? "gradeGained" : "stored", points: next.points, grade: next.gradeGained ? grade : null };
  });
  const gained = now.earned !== skill.earned;
  const stored = now;
  return {
    records,
    write: () => (reasons.length === 0 ? nothing() : item.update({ system: { increment: stored.points, ...(gained ? { earned: stored.earned } : {}) } }).then(() => undefined)),
  };
}

/**
 * §1.8.1 one point taken back from a skill (an award whose roll no longer earns it, attack/attack-points.ts): from the
 * count, or from the grade it completed. A missing skill is nothing to take back.
 */
export function takeBackIncrement(actor: SkillOwner, skillId: string): Promise<void> {
  const item = actor.items.get(skillId);
  const skill = item?.system instanceof SkillModel ? item.system : null;
  if (!item || !skill) return Promise.resolve();
  const back = removeIncrementPoint(skill.increment, skill.earned);
  return item.update({ system: { increment: back.points, earned: back.earned } }).then(() => undefined);
}
