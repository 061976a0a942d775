/**
 * What a stretch of world time does to one actor (§1.5.3, §3.1.1, §3.1.2, §3.3.3): pure, every number through
 * src/rules. The Foundry side (time-advance.ts) reads each actor into a TimeState, asks for the plan and writes the
 * state it answers; the card shows its events and Undo goes back by the same state's differences.
 */
import { activityFatigueInSteps, hungerFatigue, recoverHungerFatigue, recoverSleepFatigue, recoverThirstFatigue, reliefHours, sleepDeprivationFatigue, starvationDeadlineHours, starvationRisk, thirstFatigue, DEPRIVATION_FATIGUE, type ActivityLevel, type DeprivationKind } from "../rules/advanced/tiredness.js";
import { completedPeriods } from "../rules/periods.js";
import { dosesAfterHours } from "../rules/advanced/generic-damage.js";
import { feverAfterHours, hoursCrossed, poisoningBringsFever, scheduleFever, type FeverState } from "../rules/advanced/venom-fever.js";
import { recoverByRestInSteps } from "../rules/recovery.js";

import type { Pastime } from "./pastimes.js";

export interface TimeAnswers {
  pastime: Pastime;
  /** Ate (drank) properly throughout: the clock stays at 0 and the points recover by the hour. */
  ate: boolean;
  drank: boolean;
}

/** Nothing said: the clocks run, nobody eats, drinks, sleeps or tires (what a world-time advance from elsewhere means). */
export const UNSPECIFIED: TimeAnswers = Object.freeze({ pastime: "none", ate: false, drank: false });

export type DeprivationPoints = Record<DeprivationKind, number>;

/** Seconds advanced in steps toward the next whole period of each rate (the actor's system.timeCarry). */
export interface TimeCarry {
  rest: number;
  activity: number;
  sleep: number;
  food: number;
  water: number;
}

export const NO_CARRY: TimeCarry = Object.freeze({ rest: 0, activity: 0, sleep: 0, food: 0, water: 0 });

/** An actor as time sees it. Deprivation is null for animals, which keep no clocks. */
export interface TimeState {
  wounds: number;
  fatigue: number;
  doses: number;
  fever: FeverState;
  /** Absent: nothing carried (a state from before carries existed, on an old card). */
  carry?: TimeCarry;
  deprivation: {
    /** Deprivation Fatica that no kind accounts for (typed on the sheet): kept, recovered by nothing automatic. */
    unassigned: number;
    points: DeprivationPoints;
    hoursAwake: number;
    hoursWithoutFood: number;
    hoursWithoutWater: number;
    deadline: { hunger: number | null; thirst: number | null };
  } | null;
}

/** The numbers a plan reads besides the state. */
export interface TimeActor {
  strength: number;
  resistance: number;
  state: TimeState;
}

/** Dice the plan may need, rolled by the caller (1D6 fever onset, 1D3 fever days, 2D6 starvation deadline). */
export interface TimeDice {
  d6: () => number;
  d3: () => number;
  twoD6: () => number;
}

export type TimeEvent =
  | { kind: "activity"; level: ActivityLevel; fatigue: number }
  | { kind: "deprived"; of: DeprivationKind; fatigue: number }
  | { kind: "relieved"; of: DeprivationKind; fatigue: number }
  | { kind: "rest"; fatigue: number; wounds: number }
  | { kind: "poison"; before: number; after: number }
  | { kind: "feverDue"; inHours: number }
  | { kind: "feverStarts" }
  | { kind: "feverEnds" }
  | { kind: "starving"; of: "hunger" | "thirst"; hours: number }
  | { kind: "saved"; of: "hunger" | "thirst" }
  | { kind: "deadline"; of: "hunger" | "thirst" }
  // §1.8.3 study (study/study-time.ts): points earned, the grade reached if one was; a study that stopped by itself.
  | { kind: "study"; skill: string; points: number; grade: number | null }
  | { kind: "studyStopped"; skill: string; reason: "teacherSurpassed" | "skillMissing" };

export interface TimePlan {
  before: TimeState;
  after: TimeState;
  events: TimeEvent[];
}

/** Deprivation Fatica in all: what fatigue.deprivation stores. */
export function deprivationTotal(d: TimeState["deprivation"]): number {
  return d ? d.unassigned + d.points.sleep + d.points.hunger + d.points.thirst : 0;
}

const HOURS = 3600;

/**
 * The plan for `actor` between world times `fromSeconds` and `toSeconds` (forward only: a clock moved back is refused
 * before planning). Order: deprivation first (it is counted in hours of the clocks), then what the actor did, then
 * poison and fever; rest never touches deprivation Fatica (§3.1.1).
 */
export function planTime(actor: TimeActor, fromSeconds: number, toSeconds: number, answers: TimeAnswers, dice: TimeDice): TimePlan {
  if (!(toSeconds >= fromSeconds)) throw new RangeError(`time moved backwards (${String(fromSeconds)} → ${String(toSeconds)})`);
  const before = actor.state;
  const hours = (toSeconds - fromSeconds) / HOURS;
  const seconds = toSeconds - fromSeconds;
  const events: TimeEvent[] = [];
  const carry: TimeCarry = { ...(before.carry ?? NO_CARRY) };
  let fatigue = before.fatigue;
  let wounds = before.wounds;
  let deprivation = before.deprivation ? { ...before.deprivation, points: { ...before.deprivation.points }, deadline: { ...before.deprivation.deadline } } : null;

  if (deprivation) {
    const d = deprivation;
    const change = (of: DeprivationKind, delta: number): void => {
      if (delta === 0) return;
      d.points[of] += delta;
      fatigue += delta;
      events.push(delta > 0 ? { kind: "deprived", of, fatigue: delta } : { kind: "relieved", of, fatigue: -delta });
    };
    // §3.1.1 Sonno: awake the clock runs; asleep the points go at 2 an hour and the day starts again on waking.
    // Each rate counts its periods over consecutive steps (carry); waking, or the relief running out, starts afresh.
    if (answers.pastime === "sleep") {
      const slept = completedPeriods(carry.sleep, seconds, HOURS / DEPRIVATION_FATIGUE.sleep.recoveryPerHour);
      carry.sleep = slept.carrySeconds;
      change("sleep", -recoverSleepFatigue(d.points.sleep, slept.periods / DEPRIVATION_FATIGUE.sleep.recoveryPerHour).recovered);
      d.hoursAwake = 0;
    } else {
      carry.sleep = 0;
      const awake = d.hoursAwake + hours;
      change("sleep", sleepDeprivationFatigue(actor.strength, awake) - sleepDeprivationFatigue(actor.strength, d.hoursAwake));
      d.hoursAwake = awake;
    }
    // §3.1.1 Fame, Sete: without, a point a day (every 6 hours); with, the points go by the hour.
    const feed = (of: "hunger" | "thirst", had: boolean, since: number, gained: (h: number) => number, recover: (p: number, h: number) => { recovered: number }): number => {
      const slot = of === "hunger" ? "food" : "water";
      const relieve = (reliefSeconds: number): void => {
        if (reliefSeconds <= 0) {
          carry[slot] = 0;
          return;
        }
        const hoursOf = completedPeriods(carry[slot], reliefSeconds, HOURS / DEPRIVATION_FATIGUE[of].recoveryPerHour);
        carry[slot] = hoursOf.carrySeconds;
        change(of, -recover(d.points[of], hoursOf.periods / DEPRIVATION_FATIGUE[of].recoveryPerHour).recovered);
      };
      if (had) {
        relieve(seconds);
        return 0;
      }
      const after = since + hours;
      // The meal's hours come first: what they relieve was there before; the new points come once they are over.
      // Back to seconds, rounded to the millisecond: hours are fractions of a step's seconds and carry float noise.
      relieve(Math.round(reliefHours(of, since, after) * HOURS * 1000) / 1000);
      change(of, gained(after) - gained(since));
      return after;
    };
    d.hoursWithoutFood = feed("hunger", answers.ate, d.hoursWithoutFood, (h) => hungerFatigue(h / 24), recoverHungerFatigue);
    d.hoursWithoutWater = feed("thirst", answers.drank, d.hoursWithoutWater, thirstFatigue, recoverThirstFatigue);
    // §3.1.1: one kind alone enough to collapse → death within 2D6 hours, unless fed (watered) before then.
    for (const of of ["hunger", "thirst"] as const) {
      const deadline = d.deadline[of];
      const atRisk = starvationRisk(d.points[of], actor.resistance);
      if (!atRisk) {
        if (deadline !== null) events.push({ kind: "saved", of });
        d.deadline[of] = null;
      } else if (deadline === null) {
        const rolled = starvationDeadlineHours(dice.twoD6());
        d.deadline[of] = rolled;
        events.push({ kind: "starving", of, hours: rolled });
      } else {
        const left = Math.max(0, deadline - hours);
        d.deadline[of] = left;
        // Told once, on the advance that runs it out: a deadline already at 0 is old news on every later advance.
        if (left === 0 && deadline > 0) events.push({ kind: "deadline", of });
      }
    }
    deprivation = d;
  }

  // §3.1.1 activity, §1.5.3 rest (sleep is rest too); deprivation Fatica is not rest's to take.
  const pastime = answers.pastime;
  // An activity breaks a rest (its carry starts again) and a rest an activity; "none" leaves both where they were.
  if (pastime === "rest" || pastime === "sleep") {
    const locked = Math.min(fatigue, deprivationTotal(deprivation));
    const rest = recoverByRestInSteps({ wounds, fatigue }, carry.rest, seconds, locked);
    carry.rest = rest.carrySeconds;
    carry.activity = 0;
    if (rest.recovered.fatigue > 0 || rest.recovered.wounds > 0) events.push({ kind: "rest", fatigue: rest.recovered.fatigue, wounds: rest.recovered.wounds });
    ({ wounds, fatigue } = rest.counters);
  } else if (pastime !== "none") {
    const effort = activityFatigueInSteps(pastime, carry.activity, seconds);
    carry.activity = effort.carrySeconds;
    carry.rest = 0;
    if (effort.fatigue > 0) events.push({ kind: "activity", level: pastime, fatigue: effort.fatigue });
    fatigue += effort.fatigue;
  }

  // §3.3.3 a mild poisoning brings its fever; §3.1.2 doses fall on each hour of the world clock.
  let fever = before.fever;
  if (poisoningBringsFever(before.doses, actor.resistance, fever)) {
    fever = scheduleFever(dice.d6(), dice.d3());
    events.push({ kind: "feverDue", inHours: fever.startsInHours ?? 0 });
  }
  const step = feverAfterHours(fever, hours);
  if (step.started) events.push({ kind: "feverStarts" });
  if (step.ended) events.push({ kind: "feverEnds" });
  fever = step.state;
  const doses = dosesAfterHours(before.doses, hoursCrossed(fromSeconds, toSeconds));
  if (doses !== before.doses) events.push({ kind: "poison", before: before.doses, after: doses });

  // A state that carried nothing and still carries nothing stays without the field: unchanged means equal.
  const carried = before.carry !== undefined || Object.values(carry).some((v) => v !== 0);
  return { before, after: { wounds, fatigue, doses, fever, ...(carried ? { carry } : {}), deprivation }, events };
}

/** Whether the plan changed anything the card should report (clocks running alone are not reported). */
export function planMatters(plan: TimePlan): boolean {
  return plan.events.length > 0;
}
