import { nat, oneOf, RulesError } from "./errors.js";
import { CHARACTERISTICS } from "./types.js";
import type { CharacteristicKey, Characteristics } from "./types.js";

/** §1.3.3 suggested creation budget (from the Alven example): 35 characteristic points. */
export const SUGGESTED_CHARACTERISTIC_POINTS = 35;
/** §1.3.3 suggested creation budget: 20 grades spread over any number of skills. */
export const SUGGESTED_SKILL_GRADES = 20;

/** The parts a skill grade is made of (§1.3.2); the characteristic part is stored apart so changes propagate. */
export interface SkillGradeInput {
  /** Current score of the reference characteristic (before any armour shortfall). */
  characteristic: number;
  /** Grades bought at character creation. */
  bought: number;
  /** Grades gained later: increment points (§1.8) or other permanent rises. */
  earned: number;
  /** Which characteristic the skill rests on; only a Destrezza skill feels the armour shortfall. */
  referenceCharacteristic?: CharacteristicKey;
  /** §2.4.1 points of Forza missing for the armour worn (see `armourShortfall`). */
  armourShortfall?: number;
}

/** A skill grade and how it was obtained, for sheets that show the breakdown. */
export interface SkillGradeBreakdown {
  grade: number;
  /** The reference characteristic actually counted (Destrezza already lowered by armour). */
  base: number;
  bought: number;
  earned: number;
  /** Grades lost to armour (≤ the shortfall: Destrezza never drops below 0). */
  armourPenalty: number;
}

/** §1.3.2 grade = reference characteristic + bought + earned; §2.4.1 armour lowers Destrezza skills with DES. */
export function skillGradeBreakdown(input: SkillGradeInput): SkillGradeBreakdown {
  return skillGradeFrom(input.characteristic, input.bought, input.earned, input.referenceCharacteristic, input.armourShortfall ?? 0);
}

/** §1.3.2/§2.4.1 skillGradeBreakdown with its inputs one by one, for a caller preparing many skills at a time. */
export function skillGradeFrom(characteristicScore: number, boughtGrades: number, earnedGrades: number, referenceCharacteristic: CharacteristicKey | undefined, armourShortfall: number): SkillGradeBreakdown {
  const characteristic = nat("characteristic", characteristicScore);
  const bought = nat("bought", boughtGrades);
  const earned = nat("earned", earnedGrades);
  const shortfall = nat("armourShortfall", armourShortfall);
  const reference =
    referenceCharacteristic === undefined
      ? undefined
      : oneOf("referenceCharacteristic", referenceCharacteristic, CHARACTERISTICS);
  // The skill follows the reduced Destrezza, which stops at 0 (§1.3.2 propagation of characteristic changes).
  const armourPenalty = reference === "dexterity" ? Math.min(shortfall, characteristic) : 0;
  const base = characteristic - armourPenalty;
  return { grade: base + bought + earned, base, bought, earned, armourPenalty };
}

/** §1.3.2 the competence grade of a skill (see `skillGradeBreakdown`). */
export function skillGrade(input: SkillGradeInput): number {
  return skillGradeBreakdown(input).grade;
}

/** A finished skill as §1.3.3 counts it: its grade and the characteristic it rests on. */
export interface CreationSkill {
  referenceCharacteristic: CharacteristicKey;
  grade: number;
}

/** §1.3.3 points spent at creation: sum of the characteristics, and grades above each skill's reference. */
export function creationBudget(
  characteristics: Characteristics,
  skills: readonly CreationSkill[],
): { characteristicPoints: number; skillGrades: number } {
  let characteristicPoints = 0;
  for (const key of CHARACTERISTICS) characteristicPoints += nat(`characteristics.${key}`, characteristics[key]);
  let skillGrades = 0;
  skills.forEach((skill, i) => {
    const reference = oneOf(`skills[${String(i)}].referenceCharacteristic`, skill.referenceCharacteristic, CHARACTERISTICS);
    const grade = nat(`skills[${String(i)}].grade`, skill.grade);
    const bought = grade - characteristics[reference];
    // A grade below its characteristic cannot come from creation: grades are only ever added.
    if (bought < 0) throw new RulesError(`skills[${String(i)}].grade`, grade, `at least its ${reference} score`);
    skillGrades += bought;
  });
  return { characteristicPoints, skillGrades };
}

/** §1.3.3 the creation points a Narrator allows: the book suggests 35 for characteristics and 20 skill grades. */
export interface CreationAllowance {
  characteristicPoints: number;
  skillGrades: number;
}

/** One line of the creation budget: what was spent against what is allowed. */
export interface BudgetLine {
  spent: number;
  budget: number;
  /** Budget − spent: negative when over. */
  left: number;
  status: "under" | "exact" | "over";
}

/** §1.3.3 where a character in creation stands against the allowance, line by line. */
export interface CreationBalance {
  characteristicPoints: BudgetLine;
  skillGrades: BudgetLine;
  /** Some line spends more than allowed. */
  over: boolean;
  /** Both lines spend exactly what is allowed, as Alven does. */
  exact: boolean;
}

function budgetLine(name: string, spent: number, budget: number): BudgetLine {
  const left = nat(`budget.${name}`, budget) - spent;
  return { spent, budget, left, status: left === 0 ? "exact" : left > 0 ? "under" : "over" };
}

/** §1.3.3 the points spent (see `creationBudget`) weighed against the Narrator's allowance. */
export function creationBalance(
  characteristics: Characteristics,
  skills: readonly CreationSkill[],
  allowance: CreationAllowance = { characteristicPoints: SUGGESTED_CHARACTERISTIC_POINTS, skillGrades: SUGGESTED_SKILL_GRADES },
): CreationBalance {
  const spent = creationBudget(characteristics, skills);
  const characteristicPoints = budgetLine("characteristicPoints", spent.characteristicPoints, allowance.characteristicPoints);
  const skillGrades = budgetLine("skillGrades", spent.skillGrades, allowance.skillGrades);
  return {
    characteristicPoints,
    skillGrades,
    over: characteristicPoints.status === "over" || skillGrades.status === "over",
    exact: characteristicPoints.status === "exact" && skillGrades.status === "exact",
  };
}
