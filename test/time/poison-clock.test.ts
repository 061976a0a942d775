/**
 * §3.1.2 Veleno: a dose falls on each hour of the world clock, not per whole hour elapsed. Twenty minutes across the
 * hour take one away, forty minutes within an hour none, and the clock in small steps (a round, a scene) takes as many
 * as the same span at once.
 */
import { describe, expect, it } from "vitest";
import { planTime, UNSPECIFIED, type TimeActor, type TimeDice } from "../../src/time/time-plan.js";

const H = 3600;
const M = 60;
/** The fever a mild poisoning brings: 1D6 = 2 hours to its onset, 1D3 = 1 day long. */
const FEVER_DICE: TimeDice = { d6: () => 2, d3: () => 1, twoD6: () => 7 };

/** A bitten Protagonista (RES 28) with these doses, not deprived of anything. */
function bitten(doses: number): TimeActor {
  return {
    strength: 7,
    resistance: 28,
    state: {
      wounds: 0, fatigue: 0, doses, fever: { startsInHours: null, hoursLeft: null },
      deprivation: { unassigned: 0, points: { sleep: 0, hunger: 0, thirst: 0 }, hoursAwake: 0, hoursWithoutFood: 0, hoursWithoutWater: 0, deadline: { hunger: null, thirst: null } },
    },
  };
}

const dosesAfter = (actor: TimeActor, from: number, to: number): number => planTime(actor, from, to, UNSPECIFIED, FEVER_DICE).after.doses;

describe("poison doses fall on each clock hour crossed", () => {
  it("00:50 → 01:10, twenty minutes across one o'clock: one dose falls", () => {
    const plan = planTime(bitten(11), 50 * M, H + 10 * M, UNSPECIFIED, FEVER_DICE);
    expect(plan.after.doses).toBe(10);
    expect(plan.events).toContainEqual({ kind: "poison", before: 11, after: 10 });
  });

  it("01:05 → 01:55, fifty minutes within the hour: none falls", () => {
    const plan = planTime(bitten(11), H + 5 * M, H + 55 * M, UNSPECIFIED, FEVER_DICE);
    expect(plan.after.doses).toBe(11);
    expect(plan.events.filter((e) => e.kind === "poison")).toEqual([]);
  });

  it("00:30 → 02:29, just under two hours across two marks: two doses", () => {
    expect(dosesAfter(bitten(11), 30 * M, 2 * H + 29 * M)).toBe(9);
  });

  it("two hours in ten-minute steps take as many doses as two hours at once", () => {
    let actor = bitten(11);
    for (let t = 25 * M; t < 2 * H + 25 * M; t += 10 * M) actor = { ...actor, state: planTime(actor, t, t + 10 * M, UNSPECIFIED, FEVER_DICE).after };
    expect(actor.state.doses).toBe(9);
    expect(dosesAfter(bitten(11), 25 * M, 2 * H + 25 * M)).toBe(9);
  });
});
