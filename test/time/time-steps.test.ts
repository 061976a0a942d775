/** Regression: a stretch given as several advances (rounds, 20-minute steps, nights) does what one advance of its length does. */
import { describe, expect, it } from "vitest";
import { planTime, UNSPECIFIED, type TimeActor, type TimeAnswers, type TimeDice, type TimeState } from "../../src/time/time-plan.js";

const H = 3600;
const NO_DICE: TimeDice = { d6: () => 1, d3: () => 1, twoD6: () => 7 };

function person(state: Partial<TimeState> = {}, deprivation: Partial<NonNullable<TimeState["deprivation"]>> = {}): TimeActor {
  return {
    strength: 7,
    resistance: 28,
    state: {
      wounds: 0, fatigue: 0, doses: 0, fever: { startsInHours: null, hoursLeft: null },
      deprivation: { unassigned: 0, points: { sleep: 0, hunger: 0, thirst: 0 }, hoursAwake: 0, hoursWithoutFood: 0, hoursWithoutWater: 0, deadline: { hunger: null, thirst: null }, ...deprivation },
      ...state,
    },
  };
}

function inSteps(actor: TimeActor, steps: number, stepSeconds: number, answers: TimeAnswers): TimeState {
  let a = actor;
  for (let i = 0; i < steps; i++) a = { ...a, state: planTime(a, i * stepSeconds, (i + 1) * stepSeconds, answers, NO_DICE).after };
  return a.state;
}

describe("advances in steps (§3.1.1, §1.5.3)", () => {
  it("walking 2 h in four 30-min steps and in six 20-min steps gives the same Fatica (1 point every 30 min)", () => {
    const walk: TimeAnswers = { pastime: "slightlyTiring", ate: true, drank: true };
    const once = planTime(person(), 0, 2 * H, walk, NO_DICE).after.fatigue;
    expect(once).toBe(4);
    expect(inSteps(person(), 6, 20 * 60, walk).fatigue).toBe(once);
  });

  it("sleeping 1 h in three 20-min steps recovers the 2 sleep points one hour recovers", () => {
    const sleepy = person({ fatigue: 4 }, { points: { sleep: 4, hunger: 0, thirst: 0 }, hoursAwake: 20 });
    const sleep: TimeAnswers = { pastime: "sleep", ate: true, drank: true };
    expect(planTime(sleepy, 0, H, sleep, NO_DICE).after.deprivation?.points.sleep).toBe(2);
    expect(inSteps(sleepy, 3, 20 * 60, sleep).deprivation?.points.sleep).toBe(2);
  });

  it("a hungry character who eats, advanced 30 min at a time, recovers 1 hunger point an hour", () => {
    const hungry = person({ fatigue: 3 }, { points: { sleep: 0, hunger: 3, thirst: 0 }, hoursWithoutFood: 72 });
    const fed: TimeAnswers = { pastime: "none", ate: true, drank: true };
    expect(planTime(hungry, 0, 2 * H, fed, NO_DICE).after.deprivation?.points.hunger).toBe(1);
    expect(inSteps(hungry, 4, 30 * 60, fed).deprivation?.points.hunger).toBe(1);
  });

  it("a passed starvation deadline is reported once, not again on every later advance (each combat round)", () => {
    // Hunger points alone above ceil(7·28/8) = 25, deadline already run out.
    const dying = person({ fatigue: 26 }, { points: { sleep: 0, hunger: 26, thirst: 0 }, hoursWithoutFood: 26 * 24, deadline: { hunger: 0, thirst: null } });
    const round = planTime(dying, 0, 6, UNSPECIFIED, NO_DICE);
    expect(round.events).not.toContainEqual({ kind: "deadline", of: "hunger" });
  });
  it("§1.5.3 three nights of 8 h sleep (1 day of rest in all) heal the Ferita one day of rest heals", () => {
    const hurt = person({ wounds: 3 });
    const night: TimeAnswers = { pastime: "sleep", ate: true, drank: true };
    expect(planTime(hurt, 0, 24 * H, night, NO_DICE).after.wounds).toBe(2);
    expect(inSteps(hurt, 3, 8 * H, night).wounds).toBe(2);
  });
});
