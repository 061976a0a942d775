import { describe, it, expect } from "vitest";
import { rejects } from "../rules-error.js";
import {
  FALL_DIFFICULTY,
  FALL_METRES_PER_DIE,
  FLAME_DAMAGE,
  dosesAfterHours,
  fallDamage,
  fallDice,
  fallDifficulty,
  flameDamage,
  poisonEffect,
} from "../../../src/rules/advanced/generic-damage.js";
import { HAZARD_MAX_DICE } from "../../../src/rules/advanced/hazard-damage.js";

describe("§3.1.2 falls", () => {
  it.each([
    [0, 0],
    [1.49, 0],
    [1.5, 1],
    [2.99, 1],
    [3, 2],
    [4.4, 2],
    [4.5, 3],
    [6, 4],
    [15, 10],
    [30, 20],
  ])("A-24: %f m → %iD6", (height, dice) => {
    expect(fallDice(height)).toBe(dice);
  });

  it("one die per full 1.5 m, exactly at every multiple up to the hazard dice cap (exhaustive)", () => {
    expect(FALL_METRES_PER_DIE).toBe(1.5);
    for (let k = 0; k <= HAZARD_MAX_DICE; k++) {
      expect(fallDice(k * 1.5)).toBe(k);
      expect(fallDice(k * 1.5 + 1.49)).toBe(k);
    }
  });

  it("more dice than the hazard cap (arbitrary damage's 100) is refused: 151.5 m, 1 000 000 m, 1e300 m", () => {
    for (const height of [(HAZARD_MAX_DICE + 1) * 1.5, 1_000_000, 1e300]) rejects(() => fallDice(height), "heightMetres");
  });

  it("difficulty: 15 after a jump or dive, 30 after an accident", () => {
    expect(FALL_DIFFICULTY).toEqual({ jump: 15, accident: 30 });
    expect(fallDifficulty("jump")).toBe(15);
    expect(fallDifficulty("accident")).toBe(30);
  });

  it("a successful check subtracts the 2D6, never below 0", () => {
    expect(fallDamage({ rolled: 7, reductionRoll: 9, checkSucceeded: true })).toEqual({
      damage: 0,
      reduction: 7,
      type: "trauma",
      fatigue: 0,
      wounds: 0,
    });
    expect(fallDamage({ rolled: 8, reductionRoll: 6, checkSucceeded: true })).toMatchObject({ damage: 2, reduction: 6, fatigue: 1, wounds: 1 });
  });

  it("a failed check keeps the whole damage (any reduction roll is ignored)", () => {
    expect(fallDamage({ rolled: 5, checkSucceeded: false })).toMatchObject({ damage: 5, reduction: 0, fatigue: 3, wounds: 2 });
    expect(fallDamage({ rolled: 5, reductionRoll: 12, checkSucceeded: false }).damage).toBe(5);
  });

  it("trauma always splits ceil/floor and totals the damage (exhaustive)", () => {
    for (let rolled = 0; rolled <= 60; rolled++) {
      for (let red = 2; red <= 12; red++) {
        const r = fallDamage({ rolled, reductionRoll: red, checkSucceeded: true });
        expect(r.damage).toBe(Math.max(0, rolled - red));
        expect(r.fatigue + r.wounds).toBe(r.damage);
        expect(r.fatigue - r.wounds === 0 || r.fatigue - r.wounds === 1).toBe(true);
      }
    }
  });

  it("rejects bad input", () => {
    rejects(() => fallDice(-1), "heightMetres");
    rejects(() => fallDice(Number.NaN), "heightMetres");
    rejects(() => fallDifficulty("dive" as never), "kind");
    rejects(() => fallDamage({ rolled: -1, checkSucceeded: false }), "rolled");
    rejects(() => fallDamage({ rolled: 2.5, checkSucceeded: false }), "rolled");
    rejects(() => fallDamage({ rolled: 6, checkSucceeded: true }), "reductionRoll");
    rejects(() => fallDamage({ rolled: 6, reductionRoll: 1, checkSucceeded: true }), "reductionRoll");
    rejects(() => fallDamage({ rolled: 6, reductionRoll: 13, checkSucceeded: true }), "reductionRoll");
    rejects(() => fallDamage({ rolled: 6, checkSucceeded: "yes" as never }), "checkSucceeded");
  });
});

describe("§3.1.2 flames", () => {
  it("2D6 wounding per turn, armour ignored", () => {
    expect(FLAME_DAMAGE).toEqual({ dice: 2, faces: 6, flat: 0, type: "wounding", perTurn: true, armourApplies: false });
    expect(Object.isFrozen(FLAME_DAMAGE)).toBe(true);
  });

  it("protective clothing reduces it, never below 0", () => {
    expect(flameDamage(7)).toBe(7);
    expect(flameDamage(7, 3)).toBe(4);
    expect(flameDamage(2, 5)).toBe(0);
  });

  it("rejects bad input", () => {
    rejects(() => flameDamage(1), "roll2d6");
    rejects(() => flameDamage(13), "roll2d6");
    rejects(() => flameDamage(7, -1), "protection");
  });
});

describe("§3.1.2 poison", () => {
  it.each([
    [28, 9, "none"],
    [28, 10, "firstEffects"],
    [28, 28, "firstEffects"],
    [28, 29, "full"],
    [9, 3, "none"],
    [9, 4, "firstEffects"],
    [8, 2, "none"],
    [8, 3, "firstEffects"],
    [1, 0, "none"],
    [1, 1, "firstEffects"],
    [1, 2, "full"],
  ] as const)("RES %i, %i doses → %s", (resistance, doses, effect) => {
    expect(poisonEffect(doses, resistance)).toBe(effect);
  });

  it("thresholds are exact: first effects from floor(R/3)+1 doses, full from R+1 (exhaustive)", () => {
    for (let r = 1; r <= 120; r++) {
      for (let d = 0; d <= 130; d++) {
        const expected = d >= r + 1 ? "full" : d >= Math.floor(r / 3) + 1 ? "firstEffects" : "none";
        expect(poisonEffect(d, r)).toBe(expected);
      }
    }
  });

  it("doses wear off one per full hour, never below 0", () => {
    expect(dosesAfterHours(10, 3)).toBe(7);
    expect(dosesAfterHours(10, 3.9)).toBe(7);
    expect(dosesAfterHours(2, 5)).toBe(0);
    expect(dosesAfterHours(0, 0)).toBe(0);
  });

  it("rejects bad input", () => {
    rejects(() => poisonEffect(-1, 28), "doses");
    rejects(() => poisonEffect(1.5, 28), "doses");
    rejects(() => poisonEffect(3, 0), "resistance");
    rejects(() => dosesAfterHours(-1, 1), "doses");
    rejects(() => dosesAfterHours(3, -1), "hours");
    rejects(() => dosesAfterHours(3, Infinity), "hours");
  });
});
