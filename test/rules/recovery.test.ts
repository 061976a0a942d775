import { describe, it, expect } from "vitest";
import { rulesErrorOf } from "./rules-error.js";
import { recoverByRest, recoverByRestInSteps, REST_MINUTES_PER_FATIGUE, REST_MINUTES_PER_WOUND } from "../../src/rules/recovery.js";
import { conditionOf, isConscious } from "../../src/rules/condition.js";


describe("§1.5.3 recovery by rest", () => {
  it("states 5 minutes per Fatica and one day per Ferita", () => {
    expect(REST_MINUTES_PER_FATIGUE).toBe(5);
    expect(REST_MINUTES_PER_WOUND).toBe(1440);
  });

  it.each([
    // wounds, fatigue, rest, → wounds, fatigue
    [3, 10, { minutes: 5 }, 3, 9],
    [3, 10, { minutes: 4 }, 3, 10],
    [3, 10, { minutes: 9 }, 3, 9],
    [3, 10, { minutes: 30 }, 3, 4],
    [3, 10, { minutes: 1439 }, 3, 0],
    [3, 10, { days: 1 }, 2, 0],
    [3, 0, { days: 2 }, 1, 0],
    [3, 0, { days: 1, minutes: 1440 }, 1, 0],
    [3, 10, {}, 3, 10],
    [0, 0, { days: 10 }, 0, 0],
  ] as const)("Ferite %i, Fatica %i, rest %j → Ferite %i, Fatica %i", (wounds, fatigue, rest, w2, f2) => {
    const result = recoverByRest({ wounds, fatigue }, rest);
    expect(result.counters).toEqual({ wounds: w2, fatigue: f2 });
    expect(result.recovered).toEqual({ wounds: wounds - w2, fatigue: fatigue - f2 });
  });

  it("never lowers a counter below 0 and reports only what was really recovered", () => {
    const result = recoverByRest({ wounds: 1, fatigue: 3 }, { days: 5 });
    expect(result.counters).toEqual({ wounds: 0, fatigue: 0 });
    expect(result.recovered).toEqual({ wounds: 1, fatigue: 3 });
  });

  it("§3.1.1 deprivation fatigue is not recovered by rest", () => {
    const result = recoverByRest({ wounds: 0, fatigue: 10 }, { minutes: 60 }, 4);
    expect(result.counters).toEqual({ wounds: 0, fatigue: 4 });
    expect(result.recovered.fatigue).toBe(6);
    expect(recoverByRest({ wounds: 2, fatigue: 4 }, { days: 3 }, 4).counters).toEqual({ wounds: 0, fatigue: 4 });
  });

  it("does not mutate its input", () => {
    const counters = { wounds: 2, fatigue: 7 };
    recoverByRest(counters, { days: 1 });
    expect(counters).toEqual({ wounds: 2, fatigue: 7 });
  });

  it("A-28: resting brings a Collapsed character back to consciousness", () => {
    const before = { wounds: 10, fatigue: 16 };
    expect(conditionOf(before, 28)).toBe("collapsed");
    const after = recoverByRest(before, { minutes: 5 }).counters;
    expect(conditionOf(after, 28)).toBe("exhausted");
    expect(isConscious(conditionOf(after, 28))).toBe(true);
  });

  it("property: a longer rest never leaves higher counters", () => {
    for (let m = 0; m <= 3000; m += 7) {
      const a = recoverByRest({ wounds: 3, fatigue: 40 }, { minutes: m }, 2).counters;
      const b = recoverByRest({ wounds: 3, fatigue: 40 }, { minutes: m + 7 }, 2).counters;
      expect(b.wounds).toBeLessThanOrEqual(a.wounds);
      expect(b.fatigue).toBeLessThanOrEqual(a.fatigue);
      expect(b.fatigue).toBeGreaterThanOrEqual(2);
    }
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => recoverByRest({ wounds: -1, fatigue: 0 }, { minutes: 5 })).parameter).toBe("wounds");
    expect(rulesErrorOf(() => recoverByRest({ wounds: 0, fatigue: 2.5 }, { minutes: 5 })).parameter).toBe("fatigue");
    expect(rulesErrorOf(() => recoverByRest({ wounds: 0, fatigue: 2 }, { minutes: -5 })).parameter).toBe("minutes");
    expect(rulesErrorOf(() => recoverByRest({ wounds: 0, fatigue: 2 }, { days: 0.5 })).parameter).toBe("days");
    expect(rulesErrorOf(() => recoverByRest({ wounds: 0, fatigue: 2 }, {}, -1)).parameter).toBe("protectedFatigue");
    expect(rulesErrorOf(() => recoverByRest({ wounds: 0, fatigue: 2 }, {}, 3)).parameter).toBe("protectedFatigue");
  });
});

describe("§1.5.3 rest in steps", () => {
  it("a step completes the 5 minutes an earlier step began: 4 minutes carried, 1 more, 1 Fatica", () => {
    const r = recoverByRestInSteps({ wounds: 2, fatigue: 3 }, 4 * 60, 60);
    expect(r.recovered).toEqual({ wounds: 0, fatigue: 1 });
    expect(r.carrySeconds).toBe(5 * 60);
  });

  it("the carried rest counts toward the next 5 minutes only by what is left of its last 5: 23 h 58 min carried, 2 more minutes", () => {
    const r = recoverByRestInSteps({ wounds: 2, fatigue: 3 }, (24 * 60 - 2) * 60, 2 * 60);
    expect(r.recovered).toEqual({ wounds: 1, fatigue: 1 });
    expect(r.carrySeconds).toBe(0);
  });

  it("names the bad input", () => {
    expect(rulesErrorOf(() => recoverByRestInSteps({ wounds: 0, fatigue: 1 }, -1, 60)).parameter).toBe("carrySeconds");
    expect(rulesErrorOf(() => recoverByRestInSteps({ wounds: 1.5, fatigue: 1 }, 0, 60)).parameter).toBe("wounds");
    expect(rulesErrorOf(() => recoverByRestInSteps({ wounds: 0, fatigue: -1 }, 0, 60)).parameter).toBe("fatigue");
    expect(rulesErrorOf(() => recoverByRestInSteps({ wounds: 0, fatigue: 1 }, 0, 60, 0.5)).parameter).toBe("protectedFatigue");
  });
});
