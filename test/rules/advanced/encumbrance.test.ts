import { describe, it, expect } from "vitest";
import { rejects } from "../rules-error.js";
import {
  LIFTING_KG_PER_STRENGTH,
  encumbranceLevel,
  isArmourEncumbering,
  liftingCapacity,
} from "../../../src/rules/advanced/encumbrance.js";

describe("§3.1.5 lifting capacity", () => {
  it("kg per point of Forza: one arm 4, both arms 16, shoulders 20", () => {
    expect(LIFTING_KG_PER_STRENGTH).toEqual({ oneArm: 4, bothArms: 16, shoulders: 20 });
  });

  it.each([
    [0, 0, 0, 0],
    [5, 20, 80, 100],
    [7, 28, 112, 140],
    [10, 40, 160, 200],
  ])("FOR %i → %i / %i / %i kg", (strength, oneArm, bothArms, shoulders) => {
    expect(liftingCapacity(strength)).toEqual({ oneArm, bothArms, shoulders });
  });

  it("both arms lift four times one arm (exhaustive)", () => {
    for (let s = 0; s <= 30; s++) {
      const c = liftingCapacity(s);
      expect(c.bothArms).toBe(4 * c.oneArm);
      expect(c.shoulders).toBe(20 * s);
    }
  });

  it("rejects bad input", () => {
    rejects(() => liftingCapacity(-1), "strength");
    rejects(() => liftingCapacity(6.5), "strength");
  });
});

describe("§3.1.5 encumbering armour (A-09)", () => {
  it.each([
    [7, 9, true],
    [7, 8, true],
    [7, 7, false],
    [7, 6, false],
    [5, 12, true],
  ])("FOR %i, FM %i → %s", (strength, fm, encumbering) => {
    expect(isArmourEncumbering(strength, fm)).toBe(encumbering);
  });

  it("rejects bad input", () => {
    rejects(() => isArmourEncumbering(-1, 3), "strength");
    rejects(() => isArmourEncumbering(7, -3), "fm");
  });
});

describe("§3.1.5 encumbrance level", () => {
  it.each([
    [0, "oneArm"],
    [28, "oneArm"],
    [28.5, "bothArms"],
    [112, "bothArms"],
    [113, "shoulders"],
    [140, "shoulders"],
    [140.1, "unbearable"],
  ] as const)("FOR 7 carrying %f kg → %s", (kg, level) => {
    expect(encumbranceLevel(7, kg).level).toBe(level);
  });

  it("reports every capacity exceeded", () => {
    expect(encumbranceLevel(7, 120)).toEqual({
      level: "shoulders",
      exceeds: { oneArm: true, bothArms: true, shoulders: false },
      capacity: { oneArm: 28, bothArms: 112, shoulders: 140 },
    });
  });

  it("rejects bad input", () => {
    rejects(() => encumbranceLevel(-2, 10), "strength");
    rejects(() => encumbranceLevel(7, -10), "carriedKg");
    rejects(() => encumbranceLevel(7, Number.NaN), "carriedKg");
  });
});
