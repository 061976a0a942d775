/** §1.8.3 the study line of a Protagonista's skills tab: what is studied, how far toward the next point, and its controls. */
import { CharacterModel } from "../../../data/actor/character.js";
import { SkillModel } from "../../../data/item/skill.js";
import { canTeach, INCREMENT_POINTS_PER_GRADE, studyDaysPerPoint } from "../../../rules/increment.js";
import type { RulesOptions } from "../../../rules/options.js";
import type { SheetEnv } from "./shared.js";

export interface StudyContext {
  skillId: string;
  text: string;
  note: string | null;
  active: boolean;
  paused: boolean;
}

/** Days as the Foundry language writes numbers ("4,5" in Italian). */
const days = (n: number): string => new Intl.NumberFormat(game.i18n.lang, { maximumFractionDigits: 2 }).format(n);

/** The study line, or null when the actor is no Protagonista or studies nothing. */
export function studyContext(actor: Actor.Implementation, env: SheetEnv, options: Partial<RulesOptions>): StudyContext | null {
  const sys = actor.system;
  if (!(sys instanceof CharacterModel) || sys.study.status === "none" || env.limited) return null;
  const plan = sys.study;
  const item = actor.items.get(plan.skillId);
  const skill = item?.system instanceof SkillModel ? item.system : null;
  const note = plan.note ? env.localize(`GENESYS.Study.Note.${plan.note}`) : null;
  if (!item || !skill?.breakdown) return { skillId: plan.skillId, text: env.localize("GENESYS.Study.Sheet.SkillGone"), note, active: false, paused: true };
  const grade = Math.max(1, skill.breakdown.grade + skill.breakdown.armourPenalty);
  const teacher = plan.teacher.grade;
  const withTeacher = teacher !== null && canTeach(teacher, plan.teacher.charm, grade);
  const need = studyDaysPerPoint(grade, { related: plan.related, withTeacher }, options);
  const text = env.format(withTeacher ? "GENESYS.Study.Sheet.LineTeacher" : "GENESYS.Study.Sheet.Line", {
    skill: item.name,
    done: days(plan.progressDays),
    need: days(need),
    teacher: plan.teacher.name || env.localize("GENESYS.Study.Sheet.TypedTeacher"),
  });
  return { skillId: plan.skillId, text, note, active: plan.status === "active", paused: plan.status === "paused" };
}

/** What the skills tab adds for study: the line, whether rows offer "Study", and the points per grade (§1.8.1). */
export interface StudySheetData {
  study: StudyContext | null;
  canStudy: boolean;
  incrementMax: number;
}

export function studySheetData(actor: Actor.Implementation, env: SheetEnv, options: Partial<RulesOptions>): StudySheetData {
  return {
    study: studyContext(actor, env, options),
    canStudy: actor.system instanceof CharacterModel && env.editable && !env.limited,
    incrementMax: INCREMENT_POINTS_PER_GRADE,
  };
}
