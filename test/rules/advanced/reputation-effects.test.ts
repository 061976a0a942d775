import { describe, it, expect } from "vitest";
import { rejects } from "../rules-error.js";
import {
  NEVER_RECOGNISING_OBSERVERS,
  RECOGNITION_MODIFIERS,
  isRecognised,
  recognitionCheck,
  reputationReactionModifier,
} from "../../../src/rules/advanced/reputation-effects.js";

describe("§3.1.4 recognition", () => {
  it.each([
    ["abroad", 5],
    ["farFromHomeTown", 2],
    ["frequentedArea", -2],
  ] as const)("modifier %s → %i", (key, modifier) => {
    expect(RECOGNITION_MODIFIERS[key]).toBe(modifier);
    expect(recognitionCheck({ fame: 12, roll2d6: 6, modifiers: [key] })).toMatchObject({ total: 6 + modifier, modifier });
  });

  it("animals, unknown peoples and aliens never recognise", () => {
    expect(NEVER_RECOGNISING_OBSERVERS).toEqual(["animal", "unknownPeople", "alienRace"]);
    expect(recognitionCheck({ fame: 12, roll2d6: 2, neverRecognises: true })).toEqual({ recognised: false, total: null, modifier: 0 });
    expect(isRecognised({ fame: 12, neverRecognises: true })).toBe(false);
  });

  it("recognised exactly when 2D6 + modifiers ≤ Fama (exhaustive)", () => {
    for (let fame = 0; fame <= 12; fame++) {
      for (let roll = 2; roll <= 12; roll++) {
        expect(isRecognised({ fame, roll2d6: roll })).toBe(roll <= fame);
        expect(isRecognised({ fame, roll2d6: roll, modifiers: ["abroad", "frequentedArea"] })).toBe(roll + 3 <= fame);
      }
    }
  });

  it("a free GM modifier adds to the roll", () => {
    expect(recognitionCheck({ fame: 7, roll2d6: 6, otherModifier: 1 })).toEqual({ recognised: true, total: 7, modifier: 1 });
    expect(recognitionCheck({ fame: 7, roll2d6: 6, otherModifier: 2 })).toEqual({ recognised: false, total: 8, modifier: 2 });
  });

  it("rejects bad input", () => {
    rejects(() => isRecognised({ fame: 13, roll2d6: 7 }), "fame");
    rejects(() => isRecognised({ fame: -1, roll2d6: 7 }), "fame");
    rejects(() => isRecognised({ fame: 7 }), "roll2d6");
    rejects(() => isRecognised({ fame: 7, roll2d6: 1 }), "roll2d6");
    rejects(() => isRecognised({ fame: 7, roll2d6: 13, neverRecognises: true }), "roll2d6");
    rejects(() => isRecognised({ fame: 7, roll2d6: 7, modifiers: ["home" as never] }), "modifiers[0]");
    rejects(() => isRecognised({ fame: 7, roll2d6: 7, otherModifier: Number.NaN }), "otherModifier");
  });
});

describe("§3.1.4 Reputation on the reaction roll (A-26)", () => {
  it.each([
    [14, 2],
    [-14, -2],
    [4, 0],
    [-4, 0],
    [5, 1],
    [-5, -1],
    [9, 1],
    [10, 2],
    [19, 3],
    [20, 4],
    [-20, -4],
    [0, 0],
  ])("Reputation %i → %i", (reputation, modifier) => {
    expect(reputationReactionModifier(reputation)).toBe(modifier);
  });

  it("truncates toward zero, symmetric, never −0 (exhaustive −20…20)", () => {
    for (let r = -20; r <= 20; r++) {
      const m = reputationReactionModifier(r);
      expect(m).toBe(Math.sign(r) * Math.floor(Math.abs(r) / 5) + 0);
      expect(Object.is(m, -0)).toBe(false);
      expect(reputationReactionModifier(-r)).toBe(-m + 0);
    }
  });

  it("rejects bad input", () => {
    rejects(() => reputationReactionModifier(21), "reputation");
    rejects(() => reputationReactionModifier(-21), "reputation");
    rejects(() => reputationReactionModifier(2.5), "reputation");
  });
});
