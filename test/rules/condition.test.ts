import { describe, it, expect } from "vitest";
import { rulesErrorOf } from "./rules-error.js";
import {
  canAct,
  canDefend,
  conditionOf,
  conditionPenalty,
  conditionSeverity,
  conditionThresholds,
  isConscious,
  woundsToDie,
} from "../../src/rules/condition.js";
import { CONDITIONS } from "../../src/rules/types.js";
import type { ConditionKey } from "../../src/rules/types.js";


/** The condition the threshold row predicts. */
function fromThresholds(wounds: number, fatigue: number, r: number): ConditionKey {
  const t = conditionThresholds(r);
  const s = wounds + fatigue;
  if (wounds >= t.deadMinWounds) return "dead";
  if (s >= t.collapsedMin) return "collapsed";
  if (s > t.weakMax) return "exhausted";
  if (s > t.normalMax) return "weak";
  return "normal";
}

describe("§1.5.2 derived threshold table", () => {
  it.each([
    [8, 4, 6, 7, 8, 9],
    [16, 8, 12, 14, 15, 17],
    [18, 9, 13, 16, 17, 19],
    [20, 10, 15, 18, 19, 21],
    [24, 12, 18, 21, 22, 25],
    [28, 14, 21, 25, 26, 29],
    [32, 16, 24, 28, 29, 33],
    [36, 18, 27, 32, 33, 37],
    [40, 20, 30, 35, 36, 41],
    [48, 24, 36, 42, 43, 49],
    [64, 32, 48, 56, 57, 65],
    [72, 36, 54, 63, 64, 73],
    [120, 60, 90, 105, 106, 121],
  ])("R %i: normal ≤ %i, weak ≤ %i, exhausted ≤ %i, collapsed ≥ %i, dead Ferite ≥ %i", (r, n, w, e, c, d) => {
    expect(conditionThresholds(r)).toEqual({ normalMax: n, weakMax: w, exhaustedMax: e, collapsedMin: c, deadMinWounds: d });
    // Each bound is the edge of conditionOf too.
    expect(conditionOf({ wounds: 0, fatigue: n }, r)).toBe("normal");
    expect(conditionOf({ wounds: 0, fatigue: n + 1 }, r)).toBe("weak");
    expect(conditionOf({ wounds: 0, fatigue: w }, r)).toBe("weak");
    expect(conditionOf({ wounds: 0, fatigue: w + 1 }, r)).toBe("exhausted");
    expect(conditionOf({ wounds: 0, fatigue: e }, r)).toBe("exhausted");
    expect(conditionOf({ wounds: 0, fatigue: c }, r)).toBe("collapsed");
    expect(conditionOf({ wounds: d - 1, fatigue: 0 }, r)).toBe("collapsed");
    expect(conditionOf({ wounds: d, fatigue: 0 }, r)).toBe("dead");
  });

  it("agrees with conditionOf for every R 1…120 and every split of Ferite and Fatica", () => {
    for (let r = 1; r <= 120; r++) {
      for (let w = 0; w <= r + 2; w++) {
        for (let f = 0; f <= r + 2; f++) {
          const got = conditionOf({ wounds: w, fatigue: f }, r);
          if (got !== fromThresholds(w, f, r)) expect([r, w, f, got]).toEqual([r, w, f, fromThresholds(w, f, r)]);
        }
      }
    }
  });

  it("uses exact fractions for R not divisible by 4 (A-28): R 18 and R 10", () => {
    // R 18: 3R/4 = 13.5 → 13 is Weak, 14 Exhausted; 7R/8 = 15.75 → ceil 16.
    expect(conditionOf({ wounds: 5, fatigue: 8 }, 18)).toBe("weak");
    expect(conditionOf({ wounds: 5, fatigue: 9 }, 18)).toBe("exhausted");
    expect(conditionOf({ wounds: 6, fatigue: 10 }, 18)).toBe("exhausted");
    expect(conditionOf({ wounds: 6, fatigue: 11 }, 18)).toBe("collapsed");
    // R 10: R/2 = 5, 3R/4 = 7.5, 7R/8 = 8.75 → 9.
    expect(conditionThresholds(10)).toEqual({ normalMax: 5, weakMax: 7, exhaustedMax: 9, collapsedMin: 10, deadMinWounds: 11 });
  });

  it("has no Weak band when R is too small for one (R 1 and 2)", () => {
    expect(conditionOf({ wounds: 0, fatigue: 1 }, 1)).toBe("exhausted");
    expect(conditionOf({ wounds: 0, fatigue: 2 }, 1)).toBe("collapsed");
    expect(conditionOf({ wounds: 2, fatigue: 0 }, 1)).toBe("dead");
    expect(conditionOf({ wounds: 0, fatigue: 2 }, 2)).toBe("exhausted");
  });

  it("A-28: Fatica alone never kills, however large", () => {
    expect(conditionOf({ wounds: 0, fatigue: 1000 }, 28)).toBe("collapsed");
    expect(conditionOf({ wounds: 28, fatigue: 1000 }, 28)).toBe("collapsed");
    expect(conditionOf({ wounds: 29, fatigue: 0 }, 28)).toBe("dead");
  });

  it("property: the condition never improves as Ferite or Fatica grow", () => {
    for (let r = 1; r <= 48; r++) {
      for (let w = 0; w <= r + 2; w++) {
        for (let f = 0; f <= r + 2; f++) {
          const here = conditionSeverity(conditionOf({ wounds: w, fatigue: f }, r));
          const moreWounds = conditionSeverity(conditionOf({ wounds: w + 1, fatigue: f }, r));
          const moreFatigue = conditionSeverity(conditionOf({ wounds: w, fatigue: f + 1 }, r));
          if (moreWounds < here || moreFatigue < here) expect([r, w, f]).toBe("monotone");
        }
      }
    }
  });

  it("property: a larger Resistenza never worsens the condition", () => {
    for (let r = 1; r <= 60; r++) {
      for (let s = 0; s <= r + 2; s++) {
        const here = conditionSeverity(conditionOf({ wounds: Math.floor(s / 2), fatigue: s - Math.floor(s / 2) }, r));
        const tougher = conditionSeverity(conditionOf({ wounds: Math.floor(s / 2), fatigue: s - Math.floor(s / 2) }, r + 1));
        if (tougher > here) expect([r, s]).toBe("monotone in R");
      }
    }
  });

  it("§3.1.1 a lethal cause adds exactly the Ferite that pass R, whatever the Fatica", () => {
    // R 24 (Forza 8): 25 Ferite kill. A starving character at 0 Ferite needs 25, at 10 needs 15.
    expect(woundsToDie(0, 24)).toBe(25);
    expect(woundsToDie(10, 24)).toBe(15);
    expect(conditionOf({ wounds: 10 + woundsToDie(10, 24), fatigue: 22 }, 24)).toBe("dead");
    expect(conditionOf({ wounds: 10 + woundsToDie(10, 24) - 1, fatigue: 0 }, 24)).not.toBe("dead");
    expect(woundsToDie(24, 24)).toBe(1);
    expect(woundsToDie(25, 24)).toBe(0);
    expect(woundsToDie(30, 24)).toBe(0);
    expect(rulesErrorOf(() => woundsToDie(-1, 24)).parameter).toBe("wounds");
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => conditionOf({ wounds: -1, fatigue: 0 }, 28)).parameter).toBe("wounds");
    expect(rulesErrorOf(() => conditionOf({ wounds: 0, fatigue: 1.5 }, 28)).parameter).toBe("fatigue");
    expect(rulesErrorOf(() => conditionOf({ wounds: 0, fatigue: 0 }, 0)).parameter).toBe("resistance");
    expect(rulesErrorOf(() => conditionOf({ wounds: 0, fatigue: 0 }, Number.NaN)).parameter).toBe("resistance");
    expect(rulesErrorOf(() => conditionThresholds(-4)).parameter).toBe("resistance");
    expect(rulesErrorOf(() => conditionThresholds(2.5)).parameter).toBe("resistance");
  });
});

describe("§1.5.2 effects of each condition", () => {
  it.each([
    ["normal", 0, true],
    ["weak", -2, true],
    ["exhausted", -5, true],
    ["collapsed", null, false],
    ["dead", null, false],
  ] as const)("%s: penalty %s, conscious %s", (condition, penalty, conscious) => {
    expect(conditionPenalty(condition)).toBe(penalty);
    expect(isConscious(condition)).toBe(conscious);
    expect(canAct(condition)).toBe(conscious);
    expect(canDefend(condition)).toBe(conscious);
  });

  it("orders the conditions from best to worst", () => {
    expect(CONDITIONS.map(conditionSeverity)).toEqual([0, 1, 2, 3, 4]);
  });

  it("A-28: a Collapsed character is conscious again once S ≤ ceil(7R/8)", () => {
    expect(isConscious(conditionOf({ wounds: 10, fatigue: 16 }, 28))).toBe(false); // S 26
    expect(isConscious(conditionOf({ wounds: 10, fatigue: 15 }, 28))).toBe(true); // S 25
  });

  it("rejects bad input", () => {
    const bogus = "asleep" as ConditionKey;
    expect(rulesErrorOf(() => conditionPenalty(bogus)).parameter).toBe("condition");
    expect(rulesErrorOf(() => conditionSeverity(bogus)).parameter).toBe("condition");
    expect(rulesErrorOf(() => isConscious(bogus)).parameter).toBe("condition");
    expect(rulesErrorOf(() => canAct(bogus)).parameter).toBe("condition");
    expect(rulesErrorOf(() => canDefend(bogus)).parameter).toBe("condition");
  });
});
