import { describe, it, expect } from "vitest";
import { rulesErrorOf } from "./rules-error.js";
import {
  adjustFame,
  adjustReputation,
  checkFame,
  checkReputation,
  FAME_BANDS,
  FAME_MAX,
  FAME_MIN,
  fameBand,
  REPUTATION_BANDS,
  REPUTATION_MAX,
  REPUTATION_MIN,
  reputationBand,
} from "../../src/rules/reputation.js";


describe("§1.6 Fame table", () => {
  it.each([
    [0, 3, "almostUnknown"],
    [4, 6, "scarcelyFamous"],
    [7, 9, "famous"],
    [10, 12, "veryFamous"],
  ] as const)("Fama %i to %i → %s", (min, max, key) => {
    expect(FAME_BANDS.find((b) => b.key === key)).toEqual({ key, min, max });
    for (let f = min; f <= max; f++) expect(fameBand(f)).toBe(key);
  });

  it("covers 0–12 with no gap or overlap", () => {
    expect([FAME_MIN, FAME_MAX]).toEqual([0, 12]);
    for (let f = FAME_MIN; f <= FAME_MAX; f++) expect(FAME_BANDS.filter((b) => f >= b.min && f <= b.max)).toHaveLength(1);
  });

  it("rejects Fama outside 0–12", () => {
    for (const bad of [-1, 13, 2.5, Number.NaN]) {
      expect(rulesErrorOf(() => fameBand(bad)).parameter).toBe("fame");
      expect(rulesErrorOf(() => checkFame(bad)).parameter).toBe("fame");
    }
  });
});

describe("§1.6 Reputation table", () => {
  it.each([
    [-20, -15, "monster"],
    [-14, -10, "criminal"],
    [-9, -5, "braggart"],
    [-4, 4, "ordinary"],
    [5, 9, "goodPerson"],
    [10, 14, "hero"],
    [15, 20, "greatHero"],
  ] as const)("Reputazione %i to %i → %s", (min, max, key) => {
    expect(REPUTATION_BANDS.find((b) => b.key === key)).toEqual({ key, min, max });
    for (let r = min; r <= max; r++) expect(reputationBand(r)).toBe(key);
  });

  it("covers −20…20 with no gap or overlap", () => {
    expect([REPUTATION_MIN, REPUTATION_MAX]).toEqual([-20, 20]);
    for (let r = REPUTATION_MIN; r <= REPUTATION_MAX; r++) {
      expect(REPUTATION_BANDS.filter((b) => r >= b.min && r <= b.max)).toHaveLength(1);
    }
  });

  it("rejects Reputazione outside −20…20", () => {
    for (const bad of [-21, 21, 0.5, Infinity]) {
      expect(rulesErrorOf(() => reputationBand(bad)).parameter).toBe("reputation");
      expect(rulesErrorOf(() => checkReputation(bad)).parameter).toBe("reputation");
    }
  });

  it("tables are frozen", () => {
    expect(Object.isFrozen(FAME_BANDS)).toBe(true);
    expect(Object.isFrozen(REPUTATION_BANDS[0])).toBe(true);
  });
});

describe("§1.6 the Narrator's adjustments", () => {
  it.each([
    [5, 3, 8],
    [5, -3, 2],
    [10, 5, 12],
    [2, -5, 0],
    [7, 0, 7],
  ])("Fama %i %+i → %i (kept in 0–12)", (fame, delta, next) => {
    expect(adjustFame(fame, delta)).toBe(next);
  });

  it.each([
    [0, 7, 7],
    [18, 5, 20],
    [-18, -5, -20],
    [3, -10, -7],
  ])("Reputazione %i %+i → %i (kept in −20…20)", (rep, delta, next) => {
    expect(adjustReputation(rep, delta)).toBe(next);
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => adjustFame(13, 0)).parameter).toBe("fame");
    expect(rulesErrorOf(() => adjustFame(3, 1.5)).parameter).toBe("delta");
    expect(rulesErrorOf(() => adjustReputation(-21, 0)).parameter).toBe("reputation");
    expect(rulesErrorOf(() => adjustReputation(0, Number.NaN)).parameter).toBe("delta");
  });
});
