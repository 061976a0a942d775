/**
 * §1.8.3 the study planner, opened from a skill row of a Protagonista's sheet: related to the job or not, a teacher
 * (someone with the skill the user can see, or a grade and Fascino typed), the days per point and per grade as the
 * rules and the A-27 setting give them, and why a teacher cannot teach. Confirmed, it stores the plan on the actor;
 * world time then advances it (study/study-time.ts). The sheet pauses, resumes and stops it.
 */
import { asForm } from "../compat/dom.js";
import { startStudy } from "./study-intents.js";
import { chosenTeacher, studentSkill, teacherCandidates, type StudentSkill, type StudyAnswer, type TeacherCandidate } from "./study-students.js";

// What the planner shares with the study intents, for the callers that know it from here.
export { startStudy, setStudyStatus } from "./study-intents.js";
export { studentSkill, teacherCandidates, chosenTeacher, type StudyAnswer, type StudentSkill, type TeacherCandidate } from "./study-students.js";
import type { GenesysActor } from "../documents/actor.js";
import { studyDaysPerGrade, studyDaysPerPoint } from "../rules/increment.js";
import type { RulesOptions } from "../rules/options.js";
import { teacherVerdict, type TeacherVerdict } from "../rules/study.js";
import { rulesOptions } from "../settings/rules-settings.js";
import { readForm, type FormValues } from "../ui/read-form.js";
import { guarded } from "../ui/guarded.js";

export const STUDY_DIALOG_TEMPLATE = "systems/genesys-gdr/templates/dialogs/study-dialog.hbs";

interface Localizer {
  lang?: string;
  localize(key: string): string;
  format(key: string, data?: Record<string, string>): string;
}

export interface StudyPreview {
  daysPerPoint: number;
  daysPerGrade: number;
  verdict: TeacherVerdict | null;
}

/** §1.8.3 the numbers the dialog shows: a teacher who cannot teach halves nothing. */
export function studyPreview(grade: number, related: boolean, teacher: { grade: number; charm: number } | null, options: Partial<RulesOptions>): StudyPreview {
  const verdict = teacher ? teacherVerdict(teacher.grade, teacher.charm, grade) : null;
  const conditions = { related, withTeacher: verdict?.canTeach === true };
  return { daysPerPoint: studyDaysPerPoint(grade, conditions, options), daysPerGrade: studyDaysPerGrade(grade, conditions, options), verdict };
}

const days = (i18n: Localizer, n: number): string => new Intl.NumberFormat(i18n.lang ?? "it", { maximumFractionDigits: 2 }).format(n);

/** The preview's lines, localized: days per point and per grade, and what the teacher can do (or why not). */
export function previewText(i18n: Localizer, preview: StudyPreview, studentGrade: number): { days: string; teacher: string | null; refused: boolean } {
  const dayLine = i18n.format("GENESYS.Study.Days", { point: days(i18n, preview.daysPerPoint), grade: days(i18n, preview.daysPerGrade) });
  const v = preview.verdict;
  if (!v) return { days: dayLine, teacher: null, refused: false };
  const data = { effective: String(v.effective), shortfall: String(v.shortfall), student: String(studentGrade) };
  const key = v.canTeach ? (v.shortfall > 0 ? "GENESYS.Study.Teacher.CanReduced" : "GENESYS.Study.Teacher.Can") : `GENESYS.Study.Teacher.${v.refusal === "poorCommunicator" ? "PoorCommunicator" : "NotHigher"}`;
  return { days: dayLine, teacher: i18n.format(key, data), refused: !v.canTeach };
}

/** The dialog's texts and choices. */
export function studyDialogContext(i18n: Localizer, skill: StudentSkill, candidates: readonly TeacherCandidate[], options: Partial<RulesOptions>): Record<string, unknown> {
  const preview = previewText(i18n, studyPreview(skill.grade, skill.related, null, options), skill.grade);
  return {
    skill: i18n.format("GENESYS.Study.Dialog.Skill", { name: skill.name, grade: String(skill.grade) }),
    hint: i18n.localize("GENESYS.Study.Dialog.Hint"),
    related: skill.related,
    // The skill's own field (protected): a player sees it, only the Narrator changes it here.
    relatedLocked: !game.user.isGM,
    labels: {
      related: i18n.localize("GENESYS.Study.Dialog.Related"),
      relatedLocked: i18n.localize("GENESYS.Sheet.NarratorValue"),
      teacher: i18n.localize("GENESYS.Study.Dialog.Teacher"),
      teacherGrade: i18n.localize("GENESYS.Study.Dialog.TeacherGrade"),
      teacherCharm: i18n.localize("GENESYS.Study.Dialog.TeacherCharm"),
      rate: i18n.localize("GENESYS.Study.Dialog.Rate"),
      rateHint: i18n.localize("GENESYS.Study.Dialog.RateHint"),
    },
    teachers: [
      { value: "none", label: i18n.localize("GENESYS.Study.Dialog.NoTeacher"), selected: true },
      ...candidates.map((c) => ({ value: c.uuid, label: i18n.format("GENESYS.Study.Dialog.Candidate", { name: c.name, grade: String(c.grade), charm: String(c.charm) }), selected: false })),
      { value: "custom", label: i18n.localize("GENESYS.Study.Dialog.CustomTeacher"), selected: false },
    ],
    preview,
  };
}

const numberOf = (v: FormValues, key: string): number => {
  const raw = v[key];
  const clean = (typeof raw === "string" ? raw : "").trim().replace(/\u2212/g, "-").replace(",", ".");
  return clean === "" ? NaN : Number(clean);
};

/** The form as submitted, or null when a number in it makes no sense (the caller warns). */
export function readStudyForm(v: FormValues): StudyAnswer | null {
  const teacher = typeof v["teacher"] === "string" ? v["teacher"] : "none";
  const custom = teacher === "custom";
  const teacherGrade = custom ? numberOf(v, "teacherGrade") : 0;
  const teacherCharm = custom ? numberOf(v, "teacherCharm") : 7;
  const rate = numberOf(v, "rate");
  const whole = (n: number, max: number): boolean => Number.isInteger(n) && n >= 0 && n <= max;
  if (!whole(teacherGrade, 60) || !whole(teacherCharm, 30) || !(rate >= 0.05 && rate <= 1)) return null;
  return { related: v["related"] === true, teacher, teacherGrade, teacherCharm, rate };
}

function warn(key: string, data: Record<string, string> = {}): false {
  ui.notifications.warn(game.i18n.format(key, data));
  return false;
}

/** Keeps the dialog's numbers and teacher line in step with the form. */
function bindPreview(root: HTMLElement, skill: StudentSkill, candidates: readonly TeacherCandidate[], options: Partial<RulesOptions>): void {
  const form = asForm(root) ?? root.querySelector("form");
  if (!form) return;
  const update = (): void => {
    const values = readForm(form);
    const teacherValue = typeof values["teacher"] === "string" ? values["teacher"] : "none";
    for (const f of Array.from(form.querySelectorAll<HTMLElement>("[data-custom]"))) f.toggleAttribute("hidden", teacherValue !== "custom");
    const answer = readStudyForm(values);
    const teacher = answer ? chosenTeacher(answer, candidates) : null;
    const text = previewText(game.i18n, studyPreview(skill.grade, values["related"] === true, teacher ?? null, options), skill.grade);
    const dayEl = form.querySelector<HTMLElement>("[data-study-days]");
    const teacherEl = form.querySelector<HTMLElement>("[data-study-teacher]");
    if (dayEl) dayEl.textContent = text.days;
    if (teacherEl) {
      teacherEl.textContent = text.teacher ?? "";
      teacherEl.toggleAttribute("hidden", text.teacher === null);
      teacherEl.classList.toggle("refused", text.refused);
    }
  };
  form.addEventListener("change", update);
  form.addEventListener("input", update);
  update();
}

const isAnswer = (v: unknown): v is StudyAnswer => typeof v === "object" && v !== null && "teacher" in v && "rate" in v;

/** Opens the planner for one skill of a Protagonista and, confirmed, starts the study; true once it was stored. */
export async function openStudyDialog(actor: GenesysActor, skillId: string): Promise<boolean> {
  return guarded(false, async () => {
    const skill = studentSkill(actor, skillId);
    if (!skill) return warn("GENESYS.Study.Warn.NoSkill");
    if (!actor.isOwner) return warn("GENESYS.Warn.NotOwner", { name: actor.name });
    const options = rulesOptions();
    const candidates = teacherCandidates(actor, skill.slug);
    const content = await foundry.applications.handlebars.renderTemplate(STUDY_DIALOG_TEMPLATE, studyDialogContext(game.i18n, skill, candidates, options));
    // The types of DialogV2.wait are loose in 13.345.1 (V13-API §6.6): read the answer as unknown and check it.
    const answer: unknown = await foundry.applications.api.DialogV2.wait({
      window: { title: game.i18n.format("GENESYS.Study.Dialog.Title", { name: actor.name }), icon: "fa-solid fa-book-open-reader" },
      classes: ["genesys", "genesys-study-dialog"],
      content,
      buttons: [
        { action: "start", label: game.i18n.localize("GENESYS.Study.Dialog.Start"), icon: "fa-solid fa-play", default: true, callback: (_event, button) => (button.form ? readStudyForm(readForm(button.form)) : null) },
        { action: "cancel", label: game.i18n.localize("GENESYS.Check.Cancel"), icon: "fa-solid fa-xmark" },
      ],
      render: (_event, dialog) => {
        bindPreview(dialog.element, skill, candidates, options);
      },
      rejectClose: false,
    });
    // The start button without a readable form answers its action: a number that is not one.
    if (answer === "start") return warn("GENESYS.Study.Warn.BadForm");
    if (!isAnswer(answer)) return false;
    // A disabled box is not in the form: a player's answer keeps the skill's own value.
    return startStudy(actor, skillId, game.user.isGM ? answer : { ...answer, related: skill.related });
  });
}
