import { describe, it, expect } from "vitest";
import { rejects } from "../rules-error.js";
import {
  ACTIVITY_FATIGUE,
  ACTIVITY_LEVELS,
  DEPRIVATION_FATIGUE,
  activityFatigue,
  diesOfDeprivation,
  hungerFatigue,
  recoverHungerFatigue,
  recoverSleepFatigue,
  recoverThirstFatigue,
  sleepDeprivationFatigue,
  sleeplessGraceHours,
  starvationDeadlineHours,
  starvationRisk,
  thirstFatigue,
} from "../../../src/rules/advanced/tiredness.js";

describe("§3.1.1 activity fatigue table", () => {
  it.each([
    ["slightlyTiring", 1800],
    ["tiring", 300],
    ["veryTiring", 10],
    ["extremelyTiring", 1],
  ] as const)("%s: 1 point every %i s", (activity, seconds) => {
    expect(ACTIVITY_FATIGUE[activity]).toEqual({ points: 1, everySeconds: seconds });
    expect(activityFatigue(activity, seconds - 0.5)).toBe(0);
    expect(activityFatigue(activity, seconds)).toBe(1);
    expect(activityFatigue(activity, 3 * seconds)).toBe(3);
  });

  it("counts only completed periods", () => {
    expect(activityFatigue("slightlyTiring", 3599)).toBe(1);
    expect(activityFatigue("tiring", 60 * 60)).toBe(12);
    expect(activityFatigue("veryTiring", 59)).toBe(5);
    expect(activityFatigue("extremelyTiring", 0)).toBe(0);
  });

  it("grows with time for every level (exhaustive 0…3600 s)", () => {
    for (const level of ACTIVITY_LEVELS) {
      let previous = 0;
      for (let s = 0; s <= 3600; s++) {
        const f = activityFatigue(level, s);
        expect(f).toBeGreaterThanOrEqual(previous);
        previous = f;
      }
      expect(previous).toBe(3600 / ACTIVITY_FATIGUE[level].everySeconds);
    }
  });

  it("is frozen", () => {
    expect(Object.isFrozen(ACTIVITY_FATIGUE)).toBe(true);
    expect(Object.isFrozen(ACTIVITY_FATIGUE.tiring)).toBe(true);
  });

  it("rejects bad input", () => {
    rejects(() => activityFatigue("running" as never, 10), "activity");
    rejects(() => activityFatigue("tiring", -1), "seconds");
    rejects(() => activityFatigue("tiring", Number.NaN), "seconds");
    rejects(() => activityFatigue("tiring", Infinity), "seconds");
  });
});

describe("§3.1.1 deprivation", () => {
  it("deprivation table", () => {
    expect(DEPRIVATION_FATIGUE).toEqual({
      sleep: { hoursPerPoint: 0.5, recoveredBy: "sleep", recoveryPerHour: 2 },
      hunger: { hoursPerPoint: 24, recoveredBy: "meal", recoveryPerHour: 1 },
      thirst: { hoursPerPoint: 6, recoveredBy: "drink", recoveryPerHour: 1 },
    });
  });

  it.each([
    [7, 0, 0],
    [7, 13.99, 0],
    [7, 14, 0],
    [7, 14.49, 0],
    [7, 14.5, 1],
    [7, 15, 2],
    [7, 24, 20],
    [4, 8.5, 1],
    [0, 0.5, 1],
  ])("sleep: FOR %i, %f hours awake → %i Fatica (full half hours past 2×FOR)", (strength, hours, fatigue) => {
    expect(sleepDeprivationFatigue(strength, hours)).toBe(fatigue);
  });

  it("sleep: grace is 2 × FOR and each full half hour after it adds 1 (exhaustive)", () => {
    for (let strength = 0; strength <= 15; strength++) {
      expect(sleeplessGraceHours(strength)).toBe(2 * strength);
      for (let halfHours = 0; halfHours <= 80; halfHours++) {
        const hours = halfHours / 2;
        const expected = hours <= 2 * strength ? 0 : halfHours - 4 * strength;
        expect(sleepDeprivationFatigue(strength, hours)).toBe(expected);
        expect(sleepDeprivationFatigue(strength, hours + 0.25)).toBe(expected);
      }
    }
  });

  it.each([
    [0, 0],
    [0.99, 0],
    [1, 1],
    [3.5, 3],
  ])("hunger: %f days without food → %i", (days, fatigue) => {
    expect(hungerFatigue(days)).toBe(fatigue);
  });

  it.each([
    [0, 0],
    [5.9, 0],
    [6, 1],
    [17.9, 2],
    [18, 3],
  ])("thirst: %f hours without water → %i", (hours, fatigue) => {
    expect(thirstFatigue(hours)).toBe(fatigue);
  });

  it("sleep Fatica recovers 2 per hour slept, never below 0", () => {
    expect(recoverSleepFatigue(5, 1)).toEqual({ recovered: 2, remaining: 3 });
    expect(recoverSleepFatigue(5, 0.5)).toEqual({ recovered: 1, remaining: 4 });
    expect(recoverSleepFatigue(5, 0.49)).toEqual({ recovered: 0, remaining: 5 });
    expect(recoverSleepFatigue(5, 10)).toEqual({ recovered: 5, remaining: 0 });
  });

  it("hunger and thirst Fatica recover 1 per full hour after the meal or drink", () => {
    expect(recoverHungerFatigue(3, 2.5)).toEqual({ recovered: 2, remaining: 1 });
    expect(recoverHungerFatigue(3, 8)).toEqual({ recovered: 3, remaining: 0 });
    expect(recoverThirstFatigue(4, 0.9)).toEqual({ recovered: 0, remaining: 4 });
    expect(recoverThirstFatigue(4, 1)).toEqual({ recovered: 1, remaining: 3 });
  });

  it("rejects bad input", () => {
    rejects(() => sleepDeprivationFatigue(-1, 20), "strength");
    rejects(() => sleepDeprivationFatigue(7.5, 20), "strength");
    rejects(() => sleepDeprivationFatigue(7, -1), "hoursAwake");
    rejects(() => hungerFatigue(Number.NaN), "daysWithoutFood");
    rejects(() => thirstFatigue(-6), "hoursWithoutWater");
    rejects(() => recoverSleepFatigue(-1, 1), "points");
    rejects(() => recoverSleepFatigue(1, -1), "hoursSlept");
    rejects(() => recoverHungerFatigue(1.5, 1), "points");
    rejects(() => recoverHungerFatigue(1, Infinity), "hoursSinceMeal");
    rejects(() => recoverThirstFatigue(1, -2), "hoursSinceDrink");
  });
});

describe("§3.1.1 starvation (A-35)", () => {
  // Collapse thresholds from the §1.5 derived table: the first S that collapses.
  it.each([
    [8, 8],
    [16, 15],
    [18, 17],
    [20, 19],
    [24, 22],
    [28, 26],
    [36, 33],
    [40, 36],
    [120, 106],
  ])("RES %i: deprivation points alone from %i bring the risk", (resistance, collapseAt) => {
    expect(starvationRisk(collapseAt - 1, resistance)).toBe(false);
    expect(starvationRisk(collapseAt, resistance)).toBe(true);
  });

  it("the risk only grows with the points (exhaustive)", () => {
    for (let r = 1; r <= 60; r++) {
      let seen = false;
      for (let p = 0; p <= 70; p++) {
        const risk = starvationRisk(p, r);
        if (seen) expect(risk).toBe(true);
        seen ||= risk;
      }
      expect(seen).toBe(true);
    }
  });

  it("RES 0 (FOR 0): the collapse threshold is 0, so one point of a kind already brings the risk", () => {
    expect(starvationRisk(0, 0)).toBe(false);
    expect(starvationRisk(1, 0)).toBe(true);
  });

  it("the deadline is the 2D6 roll in hours", () => {
    for (let roll = 2; roll <= 12; roll++) expect(starvationDeadlineHours(roll)).toBe(roll);
  });

  it("death comes at the deadline unless relieved strictly before it", () => {
    expect(diesOfDeprivation({ deadlineHours: 7, hoursElapsed: 6.9 })).toBe(false);
    expect(diesOfDeprivation({ deadlineHours: 7, hoursElapsed: 7 })).toBe(true);
    expect(diesOfDeprivation({ deadlineHours: 7, hoursElapsed: 10, relievedAfterHours: 6 })).toBe(false);
    expect(diesOfDeprivation({ deadlineHours: 7, hoursElapsed: 10, relievedAfterHours: 7 })).toBe(true);
  });

  it("rejects bad input", () => {
    rejects(() => starvationRisk(-1, 28), "deprivationPoints");
    rejects(() => starvationRisk(3, -1), "resistance");
    rejects(() => starvationDeadlineHours(1), "roll2d6");
    rejects(() => starvationDeadlineHours(13), "roll2d6");
    rejects(() => diesOfDeprivation({ deadlineHours: 13, hoursElapsed: 1 }), "deadlineHours");
    rejects(() => diesOfDeprivation({ deadlineHours: 5, hoursElapsed: -1 }), "hoursElapsed");
    rejects(() => diesOfDeprivation({ deadlineHours: 5, hoursElapsed: 2, relievedAfterHours: 3 }), "relievedAfterHours");
  });
});
