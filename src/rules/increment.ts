import { diceSum, int, nat, oneOf, pos, RulesError } from "./errors.js";
import { CHECK_DICE_MAX, resolveCheck } from "./check.js";
import type { CheckInput } from "./check.js";
import { HUMAN_AVERAGE } from "./characteristics.js";
import { resolveOptions } from "./options.js";
import type { RulesOptions } from "./options.js";

/** §1.8.1 increment points that buy one grade. */
export const INCREMENT_POINTS_PER_GRADE = 6;
/** §1.8.2 condition 1: the dice had to exceed at least this much. */
export const HARD_SUCCESS_THRESHOLD = 13;
/** §1.8.2 condition 2: a contrast won by less than this margin. */
export const NARROW_WIN_LIMIT = 4;

/** §1.8.2 the three ways of earning a point through use. */
export const INCREMENT_REASONS = ["hardSuccess", "narrowWin", "impossibleTry"] as const;
export type IncrementReason = (typeof INCREMENT_REASONS)[number];

/** Whether a roll earned the skill an increment point, and by which condition of §1.8.2. */
export interface IncrementAward {
  earned: boolean;
  reason: IncrementReason | null;
}

/** A true/false input; JavaScript callers may pass anything. */
function flag(name: string, value: unknown): boolean {
  if (typeof value !== "boolean") throw new RulesError(name, value, "true or false");
  return value;
}

const NONE: IncrementAward = Object.freeze({ earned: false, reason: null });

/**
 * §1.8.2 conditions 1 and 3 for a check roll: success when the dice had to beat T ≥ 13, or
 * dice ≤ Esperienza when success was impossible (T ≥ 20). For a contrast roll in which winning was
 * impossible, pass the opponent's total as the difficulty.
 */
export function incrementFromCheck(input: CheckInput & { experience: number }): IncrementAward {
  const experience = nat("experience", input.experience);
  const check = resolveCheck(input);
  if (check.success && check.threshold >= HARD_SUCCESS_THRESHOLD) return { earned: true, reason: "hardSuccess" };
  if (check.threshold >= CHECK_DICE_MAX && check.dice <= experience) return { earned: true, reason: "impossibleTry" };
  return NONE;
}

/** §1.8.2 condition 2: whether a contrast won by this margin is a narrow win (1 to NARROW_WIN_LIMIT − 1 points). */
export function isNarrowMargin(margin: number): boolean {
  return int("margin", margin) >= 1 && margin < NARROW_WIN_LIMIT;
}

/**
 * §1.8.2 condition 2: a contrast won by 1–3 points against an opponent in an advantageous position
 * attack against defence counts; "advantaged" is the Narrator's call, passed in).
 */
export function incrementFromContrast(input: { won: boolean; margin: number; opponentAdvantaged: boolean }): IncrementAward {
  const won = flag("won", input.won);
  const margin = nat("margin", input.margin);
  const advantaged = flag("opponentAdvantaged", input.opponentAdvantaged);
  // A tie is not a win (§1.8.2), so a winner's margin is at least 1.
  if (won && margin < 1) throw new RulesError("margin", margin, "at least 1 for a won contrast");
  if (won && advantaged && isNarrowMargin(margin)) return { earned: true, reason: "narrowWin" };
  return NONE;
}

/** One side of a contrast as the increment rules read it: the 2D10 and the total, grade and modifiers (penalty included). */
export interface ContrastSide {
  dice: number;
  grade: number;
  modifiers?: number;
  experience: number;
}

/**
 * §1.8.2 the reading of "advantageous position": the opponent had the higher grade or the higher total of
 * situational modifiers. A default for the Narrator, who confirms or changes it.
 */
export function isAdvantaged(opponent: { grade: number; modifiers?: number }, self: { grade: number; modifiers?: number }): boolean {
  const higherGrade = nat("opponent.grade", opponent.grade) > nat("self.grade", self.grade);
  return higherGrade || int("opponent.modifiers", opponent.modifiers ?? 0) > int("self.modifiers", self.modifiers ?? 0);
}

/**
 * §1.8.2 the points a settled two-sided contrast earns: the winner by condition 2 (won by 1–3 against an advantaged
 * opponent); the loser by condition 3 (beating the winner's total was impossible and its dice ≤ Esperienza). Condition 3
 * is read through incrementFromCheck with the winner's total as difficulty; only that reason counts for the loser.
 */
export function contrastIncrements(
  winner: ContrastSide & { opponentAdvantaged: boolean },
  loser: ContrastSide,
): { winner: IncrementAward; loser: IncrementAward } {
  const total = (s: ContrastSide): number => diceSum("dice", s.dice, 2, 10) + nat("grade", s.grade) + int("modifiers", s.modifiers ?? 0);
  const margin = total(winner) - total(loser);
  if (margin < 1) throw new RulesError("winner", margin, "a total above the loser's");
  const won = incrementFromContrast({ won: true, margin, opponentAdvantaged: winner.opponentAdvantaged });
  const tried = incrementFromCheck({ ...loser, modifiers: loser.modifiers ?? 0, difficulty: total(winner) });
  return { winner: won, loser: tried.reason === "impossibleTry" ? tried : NONE };
}

/** What an attack roll was met with: a defence roll (A-14: a contrast), or a static target's difficulty (§2.3.5). */
export type AttackOpposition = { defence: ContrastSide } | { difficulty: number };

/** The two rolls of an attack exchange. */
export const ATTACK_SIDES = ["attack", "defence"] as const;
export type AttackSide = (typeof ATTACK_SIDES)[number];

/**
 * §1.8.2 whether the loser of an attack exchange stood in the advantageous position: the Narrator's word when
 * given (a side, or null for neither), otherwise isAdvantaged's reading of grades and modifiers.
 */
export function loserAdvantaged(loser: AttackSide, sides: Record<AttackSide, { grade: number; modifiers?: number }>, narrator?: AttackSide | null): boolean {
  const side = oneOf("loser", loser, ATTACK_SIDES);
  if (narrator !== undefined) return narrator === null ? false : oneOf("narrator", narrator, ATTACK_SIDES) === side;
  return isAdvantaged(sides[side], sides[side === "attack" ? "defence" : "attack"]);
}

/**
 * §1.8.2 the points an attack exchange earns. Against a static target the attack is a check (conditions 1 and 3).
 * Against a defence roll attack and defence are a contrast: the winner by condition 2 (advantaged: the Narrator's word,
 * `narrator`, or else isAdvantaged's default), the loser by condition 3. A tie is no win (§1.8.2): the attack still hits, so the defender
 * has lost, and only condition 3 can earn the defender anything.
 */
export function attackIncrements(attack: ContrastSide, against: AttackOpposition, narrator?: AttackSide | null): { attack: IncrementAward; defence: IncrementAward } {
  if ("difficulty" in against) {
    return { attack: incrementFromCheck({ ...attack, modifiers: attack.modifiers ?? 0, difficulty: nat("difficulty", against.difficulty) }), defence: NONE };
  }
  const total = (s: ContrastSide): number => diceSum("dice", s.dice, 2, 10) + nat("grade", s.grade) + int("modifiers", s.modifiers ?? 0);
  const defence = against.defence;
  const margin = total(attack) - total(defence);
  if (margin === 0) {
    const tried = incrementFromCheck({ ...defence, modifiers: defence.modifiers ?? 0, difficulty: total(attack) });
    return { attack: NONE, defence: tried.reason === "impossibleTry" ? tried : NONE };
  }
  const [winner, loser] = margin > 0 ? [attack, defence] : [defence, attack];
  const opponentAdvantaged = loserAdvantaged(margin > 0 ? "defence" : "attack", { attack, defence }, narrator);
  const points = contrastIncrements({ ...winner, opponentAdvantaged }, loser);
  return margin > 0 ? { attack: points.winner, defence: points.loser } : { attack: points.loser, defence: points.winner };
}

/** §1.8.1 one point taken back (an award undone): from the count, or from the grade it completed. Never below nothing. */
export function removeIncrementPoint(points: number, earned: number): { points: number; earned: number } {
  const p = int("points", points, 0, INCREMENT_POINTS_PER_GRADE - 1);
  const e = nat("earned", earned);
  if (p > 0) return { points: p - 1, earned: e };
  return e > 0 ? { points: INCREMENT_POINTS_PER_GRADE - 1, earned: e - 1 } : { points: 0, earned: 0 };
}

/** §1.8.1 one more point: at 6 the grade rises by 1 and the count restarts from 0. Stored points are 0–5. */
export function addIncrementPoint(points: number): { points: number; gradeGained: boolean } {
  const next = int("points", points, 0, INCREMENT_POINTS_PER_GRADE - 1) + 1;
  return next === INCREMENT_POINTS_PER_GRADE ? { points: 0, gradeGained: true } : { points: next, gradeGained: false };
}

/** What raised a skill's grade permanently by a means other than its own increment points. */
export const GRADE_RISE_CAUSES = ["skill", "characteristic"] as const;
export type GradeRiseCause = (typeof GRADE_RISE_CAUSES)[number];

/**
 * §1.8.1 points left after a permanent grade rise: a rise of the skill itself (sorcery, devices…) clears
 * them; a rise through the reference characteristic clears them only with `resetIncrementOnCharacteristicRise`.
 */
export function resetOnPermanentRise(
  points: number,
  cause: GradeRiseCause,
  options: Partial<RulesOptions> = {},
): number {
  const current = int("points", points, 0, INCREMENT_POINTS_PER_GRADE - 1);
  if (oneOf("cause", cause, GRADE_RISE_CAUSES) === "skill") return 0;
  return resolveOptions(options).resetIncrementOnCharacteristicRise ? 0 : current;
}

/** How a skill is studied (§1.8.3). */
export interface StudyConditions {
  /** The skill belongs to the character's job or normal activities. */
  related: boolean;
  /** A teacher with a higher effective grade helps (see `canTeach`). */
  withTeacher: boolean;
}

const STUDY_ROUNDINGS = ["exact", "ceil"] as const;

/** §1.8.3 days of study for one increment point: 3 × grade (unrelated) or 2 × grade (related), halved with a teacher. */
export function studyDaysPerPoint(
  grade: number,
  conditions: StudyConditions,
  options: Partial<RulesOptions> = {},
): number {
  // Grade 0 would make study free; every skill a character studies has a grade of at least 1.
  const g = pos("grade", grade);
  const related = flag("related", conditions.related);
  const withTeacher = flag("withTeacher", conditions.withTeacher);
  const days = ((related ? 2 : 3) * g) / (withTeacher ? 2 : 1);
  const rounding = oneOf("options.studyDaysRounding", resolveOptions(options).studyDaysRounding, STUDY_ROUNDINGS);
  // halving may leave half a day; keep it, or round each point up to whole days.
  return rounding === "ceil" ? Math.ceil(days) : days;
}

/** §1.8.3 days of study for a whole grade: 6 points at the current grade. */
export function studyDaysPerGrade(
  grade: number,
  conditions: StudyConditions,
  options: Partial<RulesOptions> = {},
): number {
  return INCREMENT_POINTS_PER_GRADE * studyDaysPerPoint(grade, conditions, options);
}

/** §1.8.3 a teacher transmits one grade less for each point of Fascino below 7 (never below 0). */
export function effectiveTeacherGrade(grade: number, charm: number): number {
  const shortfall = Math.max(0, HUMAN_AVERAGE - nat("charm", charm));
  return Math.max(0, nat("grade", grade) - shortfall);
}

/** §1.8.3 a teacher must still exceed the student's grade once his Fascino is taken into account. */
export function canTeach(teacherGrade: number, teacherCharm: number, studentGrade: number): boolean {
  const effective = effectiveTeacherGrade(nat("teacherGrade", teacherGrade), nat("teacherCharm", teacherCharm));
  return effective > nat("studentGrade", studentGrade);
}
