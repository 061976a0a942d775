import { describe, expect, it } from "vitest";
import { parameterOf } from "../rules-error.js";
import {
  flameProtection,
  formatHazardDamage,
  hazardArmourApplies,
  hazardCallsForStun,
  hazardDamageTotal,
  hazardDamageType,
  hazardRollFormula,
  parseHazardDamage,
} from "../../../src/rules/advanced/hazard-damage.js";
import { blastDamage, blastMetres } from "../../../src/rules/damage.js";

describe("§3.1.2 an arbitrary damage's notation", () => {
  it.each([
    ["12", { dice: 0, faces: 6, flat: 12 }, "12", null],
    ["3D6", { dice: 3, faces: 6, flat: 0 }, "3D6", "3d6"],
    ["3d6+2", { dice: 3, faces: 6, flat: 2 }, "3D6+2", "3d6"],
    [" 2D3 − 1 ", { dice: 2, faces: 3, flat: -1 }, "2D3−1", "2d3"],
    ["8D6-4", { dice: 8, faces: 6, flat: -4 }, "8D6−4", "8d6"],
    ["1D10", { dice: 1, faces: 10, flat: 0 }, "1D10", "1d10"],
  ])("%s reads as %o", (text, spec, shown, formula) => {
    expect(parseHazardDamage(text)).toEqual(spec);
    expect(formatHazardDamage(parseHazardDamage(text))).toBe(shown);
    expect(hazardRollFormula(parseHazardDamage(text))).toBe(formula);
  });

  it.each(["", "1d6+@strength", "2d20", "3D6*2", "1d6+[FOR]", "8D6; 1d100", "-3", "0D6", "101D6", "1d6+1d6"])("refuses %j", (text) => {
    expect(parameterOf(() => parseHazardDamage(text))).toBeDefined();
  });

  it("refuses what is not text", () => {
    expect(parameterOf(() => parseHazardDamage(12))).toBe("formula");
    expect(parameterOf(() => parseHazardDamage(undefined))).toBe("formula");
  });

  it("totals the dice and the constant, never below 0, and checks the dice against the spec", () => {
    expect(hazardDamageTotal(parseHazardDamage("3D6+2"), [6, 6, 6])).toBe(20);
    expect(hazardDamageTotal(parseHazardDamage("2D3−5"), [1, 2])).toBe(0);
    expect(hazardDamageTotal(parseHazardDamage("7"), [])).toBe(7);
    expect(parameterOf(() => hazardDamageTotal(parseHazardDamage("2D6"), [6]))).toBe("rolled");
    expect(parameterOf(() => hazardDamageTotal(parseHazardDamage("2D3"), [3, 4]))).toBe("rolled[1]");
  });
});

describe("§3.1.2 and §3.2.2 which hazards ignore armour, their type, and when the stun check follows", () => {
  it("falls are trauma and flames wounding, armour never counts for them; other damage as the Narrator says", () => {
    expect(hazardDamageType("fall")).toBe("trauma");
    expect(hazardDamageType("flames", "shock")).toBe("wounding");
    expect(hazardDamageType("damage", "shock")).toBe("shock");
    expect(parameterOf(() => hazardDamageType("damage", "fire" as "shock"))).toBe("type");
    expect(hazardArmourApplies("fall", true)).toBe(false);
    expect(hazardArmourApplies("flames")).toBe(false);
    expect(hazardArmourApplies("damage")).toBe(true);
    expect(hazardArmourApplies("explosion", false)).toBe(false);
  });

  it("the stun check follows blows (a blast, a Narrator's damage), not a fall or the flames", () => {
    expect([hazardCallsForStun("fall"), hazardCallsForStun("flames"), hazardCallsForStun("damage"), hazardCallsForStun("explosion")]).toEqual([false, false, true, true]);
  });

  it("protective clothing is a whole number of points", () => {
    expect(flameProtection(3)).toBe(3);
    expect(parameterOf(() => flameProtection(-1))).toBe("protection");
    expect(parameterOf(() => flameProtection(1.5))).toBe("protection");
  });
});

describe("§3.2.6 (A-23) the blast's counted metres follow the option", () => {
  it("whole metres by default, the exact distance otherwise", () => {
    expect(blastMetres(3.5, {})).toBe(3);
    expect(blastMetres(3.5, { blastDistance: "exact" })).toBe(3.5);
    expect(blastDamage(32, 3.5, {})).toBe(20);
    expect(blastDamage(32, 3.5, { blastDistance: "exact" })).toBe(18);
  });
});
