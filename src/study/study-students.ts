/**
 * §1.8.3 who studies what, and with whom: the student's skill as the planner counts it, and the people who could
 * teach it as a given user may know them (a player learns no grade of someone whose sheet he may not open).
 */
import { CharacterModel } from "../data/actor/character.js";
import { NpcModel } from "../data/actor/npc.js";
import { SkillModel, skillByKey } from "../data/item/skill.js";
import { GenesysActor } from "../documents/actor.js";
import { unlinkedTokenActors } from "../settings/rules-settings.js";

/** Someone who could teach the skill: his grade in it and his Fascino. */
export interface TeacherCandidate {
  uuid: string;
  name: string;
  grade: number;
  charm: number;
}

/** What the dialog answered. */
export interface StudyAnswer {
  related: boolean;
  /** "none", "custom" (typed below) or a candidate's uuid. */
  teacher: string;
  teacherGrade: number;
  teacherCharm: number;
  rate: number;
}

/** The student's skill as the planner reads it: its name, slug and the grade days are counted on. */
export interface StudentSkill {
  id: string;
  name: string;
  slug: string;
  grade: number;
  related: boolean;
}

/** The skill of a Protagonista, or null when the actor is no Protagonista or has no such skill. */
export function studentSkill(actor: GenesysActor, skillId: string): StudentSkill | null {
  if (!(actor.genesys instanceof CharacterModel)) return null;
  const item = actor.items.get(skillId);
  const sys = item?.system;
  if (!item || !(sys instanceof SkillModel) || !sys.breakdown) return null;
  // Days are counted on the skill's own grade: armour slows the hands, not the learning.
  return { id: skillId, name: item.name, slug: sys.slug, grade: Math.max(1, sys.breakdown.grade + sys.breakdown.armourPenalty), related: sys.related };
}

/** The people (world actors and unlinked tokens' own) `viewer` may see who have the skill, the student apart. */
// fvtt-types types game.user structurally, which the lint rule cannot match to the User class.
// eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
export function teacherCandidates(student: GenesysActor, slug: string, viewer: User.Implementation = game.user): TeacherCandidate[] {
  const seen = new Set<string>([student.uuid]);
  const found: TeacherCandidate[] = [];
  const all: unknown[] = [...game.actors.contents, ...unlinkedTokenActors()];
  for (const actor of all) {
    if (!(actor instanceof GenesysActor) || seen.has(actor.uuid)) continue;
    seen.add(actor.uuid);
    const sys = actor.genesys;
    if (!(sys instanceof CharacterModel || sys instanceof NpcModel)) continue;
    // A player learns no grade of someone whose sheet he may not open.
    // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
     
    if (!viewer.isGM && !actor.testUserPermission(viewer, "OBSERVER")) continue;
    const skill = skillByKey(actor.items, slug)?.system;
    if (!(skill instanceof SkillModel) || skill.grade === null) continue;
    found.push({ uuid: actor.uuid, name: actor.name, grade: skill.grade, charm: sys.characteristics.charm });
  }
  return found.sort((a, b) => b.grade - a.grade || a.name.localeCompare(b.name));
}

/** The teacher an answer names, or null for none; undefined when it names someone not on the list. */
export function chosenTeacher(answer: Pick<StudyAnswer, "teacher" | "teacherGrade" | "teacherCharm">, candidates: readonly TeacherCandidate[]): { name: string; grade: number; charm: number } | null | undefined {
  if (answer.teacher === "none") return null;
  if (answer.teacher === "custom") return { name: "", grade: answer.teacherGrade, charm: answer.teacherCharm };
  const found = candidates.find((c) => c.uuid === answer.teacher);
  return found ? { name: found.name, grade: found.grade, charm: found.charm } : undefined;
}
