import { RulesError, diceSum, nat, oneOf, real } from "../errors.js";
import { completedPeriods } from "../periods.js";

/** §3.1.1 Stanchezza: the four activity levels, from walking to lifting great weights. */
export const ACTIVITY_LEVELS = ["slightlyTiring", "tiring", "veryTiring", "extremelyTiring"] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

/** §3.1.1 Stanchezza: one Fatica point per period of the activity, in seconds (one combat turn = 1 s). */
export const ACTIVITY_FATIGUE: Readonly<Record<ActivityLevel, Readonly<{ points: number; everySeconds: number }>>> =
  Object.freeze({
    slightlyTiring: Object.freeze({ points: 1, everySeconds: 30 * 60 }),
    tiring: Object.freeze({ points: 1, everySeconds: 5 * 60 }),
    veryTiring: Object.freeze({ points: 1, everySeconds: 10 }),
    extremelyTiring: Object.freeze({ points: 1, everySeconds: 1 }),
  });

/** §3.1.1 Stanchezza: Fatica earned by `seconds` of an activity; only completed periods count (D-24). */
export function activityFatigue(activity: ActivityLevel, seconds: number): number {
  const rate = ACTIVITY_FATIGUE[oneOf("activity", activity, ACTIVITY_LEVELS)];
  return Math.floor(real("seconds", seconds, 0) / rate.everySeconds) * rate.points;
}

/** The longest activity period (slightly tiring, 30 min): the unit in which a partial period is carried. */
export const ACTIVITY_CARRY_SECONDS = ACTIVITY_FATIGUE.slightlyTiring.everySeconds;

/**
 * §3.1.1 Stanchezza over several steps (D-24 read cumulatively): `carrySeconds` is the progress toward the next point
 * left by earlier steps, counted in seconds of the slowest activity (so it survives a change of level as the same
 * fraction of a period); answers the Fatica of this step and the progress it leaves.
 */
export function activityFatigueInSteps(activity: ActivityLevel, carrySeconds: number, seconds: number): { fatigue: number; carrySeconds: number } {
  const rate = ACTIVITY_FATIGUE[oneOf("activity", activity, ACTIVITY_LEVELS)];
  const step = completedPeriods(real("carrySeconds", carrySeconds, 0), real("seconds", seconds, 0) * (ACTIVITY_CARRY_SECONDS / rate.everySeconds), ACTIVITY_CARRY_SECONDS);
  return { fatigue: step.periods * rate.points, carrySeconds: step.carrySeconds };
}

/** §3.1.1 the three deprivations; their Fatica is tracked apart because it recovers only in its own way. */
export const DEPRIVATION_KINDS = ["sleep", "hunger", "thirst"] as const;
export type DeprivationKind = (typeof DEPRIVATION_KINDS)[number];

/** §3.1.1 Privazioni: hours of deprivation per Fatica point, and how those points come back. */
export const DEPRIVATION_FATIGUE: Readonly<
  Record<DeprivationKind, Readonly<{ hoursPerPoint: number; recoveredBy: "sleep" | "meal" | "drink"; recoveryPerHour: number }>>
> = Object.freeze({
  sleep: Object.freeze({ hoursPerPoint: 0.5, recoveredBy: "sleep", recoveryPerHour: 2 }),
  hunger: Object.freeze({ hoursPerPoint: 24, recoveredBy: "meal", recoveryPerHour: 1 }),
  thirst: Object.freeze({ hoursPerPoint: 6, recoveredBy: "drink", recoveryPerHour: 1 }),
});

/** §3.1.1 Sonno: waking hours tolerated before sleep deprivation starts (2 × FOR). */
export function sleeplessGraceHours(strength: number): number {
  return 2 * nat("strength", strength);
}

/**
 * §3.1.1 Sonno: +1 Fatica per *full* 30 minutes awake beyond 2 × FOR hours (D-25).
 * Full periods, like every other rate of the section: at exactly 2 × FOR hours nothing has accrued yet.
 */
export function sleepDeprivationFatigue(strength: number, hoursAwake: number): number {
  const grace = sleeplessGraceHours(strength);
  // Doubling a float is exact, so floor(2h) counts the completed half hours without rounding noise.
  return Math.max(0, Math.floor(2 * real("hoursAwake", hoursAwake, 0)) - 2 * grace);
}

/** §3.1.1 Fame: +1 Fatica for each full day without eating. */
export function hungerFatigue(daysWithoutFood: number): number {
  return Math.floor(real("daysWithoutFood", daysWithoutFood, 0));
}

/** §3.1.1 Sete: +1 Fatica for each full 6 hours without drinking. */
export function thirstFatigue(hoursWithoutWater: number): number {
  return Math.floor(real("hoursWithoutWater", hoursWithoutWater, 0) / DEPRIVATION_FATIGUE.thirst.hoursPerPoint);
}

/** Deprivation Fatica before and after a recovery period. */
export interface DeprivationRecovery {
  recovered: number;
  remaining: number;
}

function recover(points: number, hours: number, perHour: number): DeprivationRecovery {
  const recovered = Math.min(points, Math.floor(perHour * hours));
  return { recovered, remaining: points - recovered };
}

/** §3.1.1 Sonno: sleep-deprivation Fatica recovers only by sleeping, 2 points per hour (one per full half hour slept). */
export function recoverSleepFatigue(points: number, hoursSlept: number): DeprivationRecovery {
  return recover(nat("points", points), real("hoursSlept", hoursSlept, 0), DEPRIVATION_FATIGUE.sleep.recoveryPerHour);
}

/** §3.1.1 Fame: hunger Fatica recovers only after a full meal, 1 point per full hour since the meal. */
export function recoverHungerFatigue(points: number, hoursSinceMeal: number): DeprivationRecovery {
  return recover(nat("points", points), real("hoursSinceMeal", hoursSinceMeal, 0), DEPRIVATION_FATIGUE.hunger.recoveryPerHour);
}

/** §3.1.1 Sete: thirst Fatica recovers like hunger, 1 point per full hour since drinking enough. */
export function recoverThirstFatigue(points: number, hoursSinceDrink: number): DeprivationRecovery {
  return recover(nat("points", points), real("hoursSinceDrink", hoursSinceDrink, 0), DEPRIVATION_FATIGUE.thirst.recoveryPerHour);
}

/**
 * §3.1.1 Fame/Sete: the deprivation points of one kind by themselves would make the character Collapse (> ceil(7R/8)).
 * Reading for Resistenza 0 (Forza 0, which the sheet allows): the collapse threshold is 0, so a single point of hunger
 * (thirst) already puts the character at risk — the same formula, not an error.
 */
export function starvationRisk(deprivationPoints: number, resistance: number): boolean {
  return nat("deprivationPoints", deprivationPoints) > Math.ceil((7 * nat("resistance", resistance)) / 8);
}

/** §3.1.1 Fame/Sete: hours left before death once starvationRisk holds — the 2D6 roll itself. */
export function starvationDeadlineHours(roll2d6: number): number {
  return diceSum("roll2d6", roll2d6, 2, 6);
}

/** §3.1.1 Fame/Sete: death comes when the deadline passes unless a full meal (drink) came strictly before it. */
export function diesOfDeprivation(input: { deadlineHours: number; hoursElapsed: number; relievedAfterHours?: number }): boolean {
  const deadline = diceSum("deadlineHours", input.deadlineHours, 2, 6);
  const elapsed = real("hoursElapsed", input.hoursElapsed, 0);
  if (input.relievedAfterHours !== undefined) {
    const relieved = real("relievedAfterHours", input.relievedAfterHours, 0);
    if (relieved > elapsed) throw new RulesError("relievedAfterHours", relieved, "no later than hoursElapsed");
    if (relieved < deadline) return false;
  }
  return elapsed >= deadline;
}

/**
 * §3.1.1 Fame/Sete (reading, A-35 note): the hours of a stretch during which hunger (thirst) points recover, given the
 * hours since the last full meal (drink) before and after it. Points come back one an hour while the meal still holds
 * off the next point — within the day after eating, the 6 hours after drinking; eating (drinking) throughout counts
 * every hour. Hours beyond that window recover nothing until the next meal.
 */
export function reliefHours(kind: "hunger" | "thirst", hoursSinceBefore: number, hoursSinceAfter: number): number {
  const window = DEPRIVATION_FATIGUE[kind].hoursPerPoint;
  const before = real("hoursSinceBefore", hoursSinceBefore, 0);
  const after = real("hoursSinceAfter", hoursSinceAfter, before);
  return Math.max(0, Math.min(after, window) - Math.min(before, window));
}
