/**
 * §1.8.3 a player chooses what his Protagonista studies, with whom and how much of each day; the plan itself is a
 * protected value (data/protected-fields.ts), so the choice goes to the active Narrator's client, which checks
 * the skill, the teacher (one the player may see, or a grade typed for someone off the table) and the teacher's
 * verdict, and writes the plan. Days of progress are never the player's: a new plan starts at 0, a pause keeps them,
 * stopping forgets them, and only world time adds to them (study/study-time.ts).
 */
import { answerWhile, notifyResult, registerIntent, sendIntent, type IntentOutcome, type IntentResult, type Requester } from "../authority/intent-channel.js";
import { CharacterModel } from "../data/actor/character.js";
import { STUDY_STATUSES, type StudyStatus } from "../data/actor/study-plan.js";
import { GenesysActor } from "../documents/actor.js";
import { ownedActor } from "../authority/owned-actor.js";
import { teacherVerdict } from "../rules/study.js";
import { chosenTeacher, studentSkill, teacherCandidates, type StudyAnswer } from "./study-students.js";

export const STUDY_INTENTS = { start: "study.start", status: "study.status" } as const;

const no = (warning: string, data?: Record<string, string>): IntentResult => (data ? { ok: false, warning, data } : { ok: false, warning });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === "string" && /^[A-Za-z0-9]{1,64}$/.test(v);
const whole = (v: unknown, max: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max;

/** The answer as sent, field by field; null when any field is not what the planner sends. */
function readAnswer(raw: unknown): StudyAnswer | null {
  if (!isObject(raw)) return null;
  const { related, teacher, teacherGrade, teacherCharm, rate } = raw;
  if (typeof related !== "boolean" || typeof teacher !== "string" || teacher.length > 300) return null;
  if (!whole(teacherGrade, 60) || !whole(teacherCharm, 30) || typeof rate !== "number" || !(rate >= 0.05 && rate <= 1)) return null;
  return { related, teacher, teacherGrade, teacherCharm, rate };
}

async function studentOf(requester: Requester, uuid: unknown): Promise<GenesysActor | IntentResult> {
  const found = await ownedActor(requester, uuid, "GENESYS.Study.Warn.NoSkill");
  if ("refusal" in found) return found.refusal;
  return found.actor.genesys instanceof CharacterModel ? found.actor : no("GENESYS.Study.Warn.NoSkill");
}

/** On the Narrator's client: starts (or replaces) the study of a skill as answered. */
export async function onStudyStart(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  if (!isObject(payload) || !isId(payload["skillId"])) return no("GENESYS.Authority.Invalid");
  const actor = await studentOf(requester, payload["uuid"]);
  if (!(actor instanceof GenesysActor)) return actor;
  const answer = readAnswer(payload["answer"]);
  if (!answer) return no("GENESYS.Study.Warn.BadForm");
  const skillId = payload["skillId"];
  const skill = studentSkill(actor, skillId);
  if (!skill) return no("GENESYS.Study.Warn.NoSkill");
  // §1.8.3 whether the skill belongs to his work is the skill's own (protected) field: the planner shows it, the
  // Narrator sets it.
  if (!requester.isGM && answer.related !== skill.related) return no("GENESYS.Study.Warn.RelatedNarrator", { skill: skill.name });
  // The teacher among those the requester may see, as his planner listed them.
  // fvtt-types types collection members as User.Stored, which the lint rule cannot match to the User class.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment
  const teacher = chosenTeacher(answer, teacherCandidates(actor, skill.slug, requester.user));
  if (teacher === undefined) return no("GENESYS.Study.Warn.TeacherGone");
  if (teacher) {
    const verdict = teacherVerdict(teacher.grade, teacher.charm, skill.grade);
    if (!verdict.canTeach) return no(`GENESYS.Study.Teacher.${verdict.refusal === "poorCommunicator" ? "PoorCommunicator" : "NotHigher"}`, { effective: String(verdict.effective), shortfall: String(verdict.shortfall), student: String(skill.grade) });
  }
  const started = actor.update({
    system: {
      study: {
        status: "active",
        skillId,
        related: answer.related,
        rate: answer.rate,
        progressDays: 0,
        teacher: teacher ? { name: teacher.name, grade: teacher.grade, charm: teacher.charm } : { name: "", grade: null, charm: 7 },
        note: "",
      },
    },
  });
  return answerWhile(started, { ok: true, info: "GENESYS.Study.Started", data: { name: actor.name, skill: skill.name } });
}

/** On the Narrator's client: pauses, resumes or stops the study. */
export async function onStudyStatus(requester: Requester, payload: unknown): Promise<IntentOutcome> {
  if (!isObject(payload)) return no("GENESYS.Authority.Invalid");
  const status = payload["status"];
  if (typeof status !== "string" || !(STUDY_STATUSES as readonly string[]).includes(status)) return no("GENESYS.Authority.Invalid");
  const actor = await studentOf(requester, payload["uuid"]);
  if (!(actor instanceof GenesysActor)) return actor;
  const sys = actor.genesys;
  if (!(sys instanceof CharacterModel) || sys.study.status === "none") return no("GENESYS.Study.Warn.NoStudy");
  if (status === "active" && !actor.items.get(sys.study.skillId)) return no("GENESYS.Study.Warn.NoSkill");
  // Stopping forgets the days toward the next point; pausing keeps them.
  return answerWhile(actor.update({ system: { study: status === "none" ? { status, progressDays: 0, note: "" } : { status: status as StudyStatus, note: "" } } }));
}

/** Starts (or replaces) the actor's study of the skill as answered; false, with a warning and nothing changed, when refused. */
export async function startStudy(actor: GenesysActor, skillId: string, answer: StudyAnswer): Promise<boolean> {
  return notifyResult(await sendIntent(STUDY_INTENTS.start, { uuid: actor.uuid, skillId, answer }));
}

/** Pauses, resumes or stops the actor's study from the sheet; false, with a warning, when there is none to change. */
export async function setStudyStatus(actor: GenesysActor, status: StudyStatus): Promise<boolean> {
  return notifyResult(await sendIntent(STUDY_INTENTS.status, { uuid: actor.uuid, status }));
}

export function registerStudyIntents(): void {
  registerIntent(STUDY_INTENTS.start, onStudyStart);
  registerIntent(STUDY_INTENTS.status, onStudyStatus);
}
