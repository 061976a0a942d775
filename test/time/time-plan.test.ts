/** The pure planner: what hours and days do to one actor, every number from src/rules. */
import { describe, expect, it } from "vitest";
import { planTime, UNSPECIFIED, type TimeActor, type TimeDice, type TimeState } from "../../src/time/time-plan.js";
import { undoneState } from "../../src/time/time-state.js";

const H = 3600;
const NO_DICE: TimeDice = { d6: () => { throw new Error("no d6 expected"); }, d3: () => { throw new Error("no d3 expected"); }, twoD6: () => { throw new Error("no 2d6 expected"); } };
const dice = (d6: number, d3: number, twoD6: number): TimeDice => ({ d6: () => d6, d3: () => d3, twoD6: () => twoD6 });

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

describe("time passes for a Protagonista (FOR 7, RES 28)", () => {
  it("awake 16 h with nothing said: 14 h of grace, then 4 half hours of sleep deprivation; thirst 2 points, hunger none", () => {
    const plan = planTime(person(), 0, 16 * H, UNSPECIFIED, NO_DICE);
    expect(plan.after.fatigue).toBe(4 + 2);
    expect(plan.after.deprivation?.points).toEqual({ sleep: 4, hunger: 0, thirst: 2 });
    expect(plan.after.deprivation?.hoursAwake).toBe(16);
    expect(plan.events).toEqual([{ kind: "deprived", of: "sleep", fatigue: 4 }, { kind: "deprived", of: "thirst", fatigue: 2 }]);
  });

  it("two days without food or water, awake: a hunger point a day, a thirst point every 6 h", () => {
    const plan = planTime(person(), 0, 48 * H, UNSPECIFIED, NO_DICE);
    expect(plan.after.deprivation?.points).toEqual({ sleep: (48 - 14) * 2, hunger: 2, thirst: 8 });
    expect(plan.after.deprivation?.hoursWithoutFood).toBe(48);
  });

  it("small steps add up to the same as one: 16 steps of an hour", () => {
    let actor = person();
    for (let h = 0; h < 16; h++) actor = { ...actor, state: planTime(actor, h * H, (h + 1) * H, UNSPECIFIED, NO_DICE).after };
    expect(actor.state).toEqual(planTime(person(), 0, 16 * H, UNSPECIFIED, NO_DICE).after);
  });

  it.each([
    ["rest", { pastime: "rest", ate: true, drank: true }],
    ["sleep", { pastime: "sleep", ate: true, drank: true }],
    ["walking", { pastime: "slightlyTiring", ate: false, drank: false }],
    ["hard work, fed", { pastime: "tiring", ate: true, drank: true }],
    ["walking, drinking", { pastime: "slightlyTiring", ate: false, drank: true }],
  ] as const)("small steps add up with %s: 30 h in 6-minute steps is 30 h at once", (_name, answers) => {
    const start = person({ fatigue: 40, wounds: 3 }, { points: { sleep: 10, hunger: 4, thirst: 3 }, hoursAwake: 20, hoursWithoutFood: 100, hoursWithoutWater: 20 });
    const step = 6 * 60;
    const steps = (30 * H) / step;
    let actor = start;
    for (let i = 0; i < steps; i++) actor = { ...actor, state: planTime(actor, i * step, (i + 1) * step, answers, NO_DICE).after };
    const once = planTime(start, 0, 30 * H, answers, NO_DICE).after;
    expect({ wounds: actor.state.wounds, fatigue: actor.state.fatigue, points: actor.state.deprivation?.points }).toEqual({ wounds: once.wounds, fatigue: once.fatigue, points: once.deprivation?.points });
    expect(actor.state.deprivation?.hoursAwake).toBeCloseTo(once.deprivation?.hoursAwake ?? NaN, 6);
    expect(actor.state.fatigue).not.toBe(start.state.fatigue); // the stretch does something to count
  });

  it("8 hours of sleep: the sleep points go at 2 an hour, the day starts again, rest takes the ordinary Fatica", () => {
    const tired = person({ fatigue: 30, wounds: 1 }, { points: { sleep: 12, hunger: 0, thirst: 0 }, hoursAwake: 20 });
    const plan = planTime(tired, 0, 8 * H, { pastime: "sleep", ate: true, drank: true }, NO_DICE);
    expect(plan.after.deprivation?.points.sleep).toBe(0);
    expect(plan.after.deprivation?.hoursAwake).toBe(0);
    // 12 relieved by sleep, then rest: 18 ordinary points ≤ 96 five-minute periods; a wound needs a day.
    expect(plan.after.fatigue).toBe(0);
    expect(plan.after.wounds).toBe(1);
    expect(plan.events).toContainEqual({ kind: "relieved", of: "sleep", fatigue: 12 });
    expect(plan.events).toContainEqual({ kind: "rest", fatigue: 18, wounds: 0 });
  });

  it("rest never takes deprivation Fatica (§3.1.1): only sleep, food or water do", () => {
    const hungry = person({ fatigue: 5 }, { points: { sleep: 0, hunger: 3, thirst: 0 }, hoursWithoutFood: 72 });
    const plan = planTime(hungry, 0, 2 * H, { pastime: "rest", ate: false, drank: true }, NO_DICE);
    expect(plan.after.fatigue).toBe(3);
    expect(plan.after.deprivation?.points.hunger).toBe(3);
    const fed = planTime(hungry, 0, 2 * H, { pastime: "rest", ate: true, drank: true }, NO_DICE);
    expect(fed.after.deprivation?.points.hunger).toBe(1);
    expect(fed.after.deprivation?.hoursWithoutFood).toBe(0);
    expect(fed.after.fatigue).toBe(1);
  });

  it("an activity of the table: an hour of marching (tiring) is 12 points", () => {
    const plan = planTime(person(), 0, H, { pastime: "tiring", ate: true, drank: true }, NO_DICE);
    expect(plan.after.fatigue).toBe(12);
    expect(plan.events).toEqual([{ kind: "activity", level: "tiring", fatigue: 12 }]);
  });

  it("a day of rest recovers a Ferita", () => {
    const plan = planTime(person({ wounds: 3, fatigue: 2 }), 0, 24 * H, { pastime: "rest", ate: true, drank: true }, NO_DICE);
    expect(plan.after.wounds).toBe(2);
    // Awake all day: 10 hours beyond the grace are 20 sleep points, which rest leaves; the 2 ordinary ones it takes.
    expect(plan.after.fatigue).toBe(20);
  });

  it("hunger alone enough to collapse: death within the 2D6 hours rolled, unless fed", () => {
    const starving = person({ fatigue: 25 }, { points: { sleep: 0, hunger: 25, thirst: 0 }, hoursWithoutFood: 25 * 24 });
    const plan = planTime(starving, 0, 24 * H, { pastime: "rest", ate: false, drank: true }, dice(1, 1, 7));
    expect(plan.after.deprivation?.points.hunger).toBe(26);
    expect(plan.after.deprivation?.deadline.hunger).toBe(7);
    expect(plan.events).toContainEqual({ kind: "starving", of: "hunger", hours: 7 });
    const later = planTime({ ...starving, state: plan.after }, 24 * H, 32 * H, { pastime: "rest", ate: false, drank: true }, NO_DICE);
    expect(later.events).toContainEqual({ kind: "deadline", of: "hunger" });
    const saved = planTime({ ...starving, state: plan.after }, 24 * H, 26 * H, { pastime: "rest", ate: true, drank: true }, NO_DICE);
    expect(saved.after.deprivation?.deadline.hunger).toBeNull();
    expect(saved.events).toContainEqual({ kind: "saved", of: "hunger" });
  });

  it("poison: a dose an hour of the clock; a mild poisoning's fever is scheduled and starts after its onset", () => {
    const bitten = person({ doses: 11 });
    const plan = planTime(bitten, 0, 3 * H, { pastime: "rest", ate: true, drank: true }, dice(2, 1, 2));
    expect(plan.after.doses).toBe(8);
    expect(plan.events).toContainEqual({ kind: "poison", before: 11, after: 8 });
    expect(plan.events).toContainEqual({ kind: "feverDue", inHours: 2 });
    expect(plan.events).toContainEqual({ kind: "feverStarts" });
    expect(plan.after.fever).toEqual({ startsInHours: null, hoursLeft: 23 });
    // The doses gone, the fever stays until its day is over.
    const next = planTime({ ...bitten, state: plan.after }, 3 * H, 26 * H, UNSPECIFIED, NO_DICE);
    expect(next.after.doses).toBe(0);
    expect(next.events).toContainEqual({ kind: "feverEnds" });
  });

  it("an animal keeps no clocks: only poison, activity and rest", () => {
    const wolf: TimeActor = { strength: 8, resistance: 18, state: { ...person().state, fatigue: 4, deprivation: null } };
    const plan = planTime(wolf, 0, 10 * H, UNSPECIFIED, NO_DICE);
    expect(plan.after).toEqual(wolf.state);
    expect(plan.events).toEqual([]);
  });

  it("refuses a clock moved back", () => {
    expect(() => planTime(person(), 10, 5, UNSPECIFIED, NO_DICE)).toThrow(RangeError);
  });
});

describe("undo of one advance", () => {
  it("moves each count back by what the advance changed, keeping what happened since", () => {
    const plan = planTime(person(), 0, 16 * H, UNSPECIFIED, NO_DICE);
    const since = { ...plan.after, wounds: 2, fatigue: plan.after.fatigue + 3 };
    const back = undoneState(since, plan.before, plan.after);
    expect(back.fatigue).toBe(3);
    expect(back.wounds).toBe(2);
    expect(back.deprivation?.hoursAwake).toBe(0);
    expect(back.deprivation?.points).toEqual({ sleep: 0, hunger: 0, thirst: 0 });
  });
});
