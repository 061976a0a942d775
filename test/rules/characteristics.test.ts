import { describe, it, expect } from "vitest";
import { rulesErrorOf } from "./rules-error.js";
import {
  armourShortfall,
  deriveParameters,
  HUMAN_AVERAGE,
  reflexes,
  resistance,
  speed,
} from "../../src/rules/characteristics.js";


describe("§1.2.2 Riflessi (A-01)", () => {
  it.each([
    // per, dex, floor, halfUp — animals of §3.3 whose printed REF settles (or not) the rounding
    [7, 7, 7, 7],
    [7, 8, 7, 8], // Alven
    [8, 7, 7, 8], // shark (printed 8: half up)
    [10, 7, 8, 9], // wolf (printed 8: floor)
    [10, 8, 9, 9], // dog
    [8, 6, 7, 7], // horse
    [0, 0, 0, 0],
    [0, 1, 0, 1],
    [30, 29, 29, 30],
  ])("PER %i, DEX %i → %i (floor) / %i (halfUp)", (per, dex, floor, halfUp) => {
    expect(reflexes(per, dex)).toBe(floor);
    expect(reflexes(per, dex, { reflexesRounding: "floor" })).toBe(floor);
    expect(reflexes(per, dex, { reflexesRounding: "halfUp" })).toBe(halfUp);
  });

  it("is symmetric and the two roundings differ only on odd sums, by one", () => {
    for (let p = 0; p <= 30; p++) {
      for (let d = 0; d <= 30; d++) {
        const lo = reflexes(p, d);
        const hi = reflexes(p, d, { reflexesRounding: "halfUp" });
        expect(reflexes(d, p)).toBe(lo);
        expect(hi - lo).toBe((p + d) % 2);
        expect(2 * lo).toBeLessThanOrEqual(p + d);
        expect(2 * hi).toBeGreaterThanOrEqual(p + d);
      }
    }
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => reflexes(-1, 7)).parameter).toBe("perception");
    expect(rulesErrorOf(() => reflexes(7, 7.5)).parameter).toBe("dexterity");
    expect(rulesErrorOf(() => reflexes(7, Number.NaN)).parameter).toBe("dexterity");
    expect(
      rulesErrorOf(() => reflexes(7, 7, { reflexesRounding: "ceil" as unknown as "floor" })).parameter,
    ).toBe("options.reflexesRounding");
  });
});

describe("§1.2.2 Resistenza = 4 × Forza", () => {
  it.each([
    [0, 0],
    [2, 8],
    [5, 20],
    [7, 28],
    [10, 40],
    [18, 72],
    [30, 120],
  ])("FOR %i → RES %i", (str, res) => {
    expect(resistance(str)).toBe(res);
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => resistance(-3)).parameter).toBe("strength");
    expect(rulesErrorOf(() => resistance(Infinity)).parameter).toBe("strength");
    expect(rulesErrorOf(() => resistance("7" as unknown as number)).parameter).toBe("strength");
  });
});

describe("§1.2.2 Velocità = round((FOR + DES) / 3)", () => {
  it.each([
    [7, 7, 5], // 4.67
    [8, 7, 5], // 5.0
    [5, 8, 4], // 4.33
    [0, 0, 0],
    [1, 0, 0], // 0.33
    [2, 0, 1], // 0.67
    [10, 7, 6], // 5.67
    [30, 4, 11], // 11.33
  ])("FOR %i, DES %i → %i", (str, dex, spd) => {
    expect(speed(str, dex)).toBe(spd);
  });

  it("is within a third of the exact value everywhere", () => {
    for (let s = 0; s <= 30; s++) {
      for (let d = 0; d <= 30; d++) expect(Math.abs(3 * speed(s, d) - (s + d))).toBeLessThanOrEqual(1);
    }
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => speed(-1, 7)).parameter).toBe("strength");
    expect(rulesErrorOf(() => speed(7, 0.5)).parameter).toBe("dexterity");
  });
});

describe("§2.4.1 armour FM shortfall (A-09)", () => {
  it.each([
    [7, 9, 2], // D-12 knight's armour
    [7, 6, 0], // bulletproof vest worn by an average human
    [9, 9, 0],
    [5, 6, 1],
    [0, 9, 9],
  ])("FOR %i, FM %i → shortfall %i", (str, fm, n) => {
    expect(armourShortfall(str, fm)).toBe(n);
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => armourShortfall(-1, 9)).parameter).toBe("strength");
    expect(rulesErrorOf(() => armourShortfall(7, 9.5)).parameter).toBe("armourMinStrength");
  });
});

describe("§1.2.2 deriveParameters with §2.4.1 armour (A-10)", () => {
  const average = { strength: HUMAN_AVERAGE, dexterity: HUMAN_AVERAGE, perception: HUMAN_AVERAGE };

  it("without armour gives the plain formulas", () => {
    expect(deriveParameters(average)).toEqual({ reflexes: 7, resistance: 28, speed: 5, effectiveDexterity: 7 });
    expect(deriveParameters({ strength: 5, dexterity: 8, perception: 7 }, {}, { reflexesRounding: "halfUp" })).toEqual({
      reflexes: 8,
      resistance: 20,
      speed: 4,
      effectiveDexterity: 8,
    });
  });

  it("D-12 FOR 7 in knight's armour (FM 9): DES −2, Velocità −2 flat, Riflessi from the reduced DES", () => {
    const shortfall = armourShortfall(7, 9);
    const derived = deriveParameters(average, { armourShortfall: shortfall });
    expect(derived.effectiveDexterity).toBe(5);
    expect(derived.speed).toBe(3); // 5 − 2, not round((7 + 5) / 3) = 4
    expect(derived.reflexes).toBe(6); // floor((7 + 5) / 2)
    expect(derived.resistance).toBe(28);
  });

  it("A-10 option off: Riflessi keep the unreduced DES, the rest still drops", () => {
    const derived = deriveParameters(average, { armourShortfall: 2 }, { armourShortfallLowersReflexes: false });
    expect(derived).toEqual({ reflexes: 7, resistance: 28, speed: 3, effectiveDexterity: 5 });
  });

  it("never lowers DES or Velocità below 0", () => {
    const derived = deriveParameters({ strength: 1, dexterity: 2, perception: 6 }, { armourShortfall: 8 });
    expect(derived.effectiveDexterity).toBe(0);
    expect(derived.speed).toBe(0);
    expect(derived.reflexes).toBe(3);
  });

  it("each point of shortfall costs at most one point of DES and of Velocità", () => {
    for (let n = 0; n <= 12; n++) {
      const a = deriveParameters({ strength: 6, dexterity: 8, perception: 7 }, { armourShortfall: n });
      const b = deriveParameters({ strength: 6, dexterity: 8, perception: 7 }, { armourShortfall: n + 1 });
      expect(a.effectiveDexterity - b.effectiveDexterity).toBeGreaterThanOrEqual(0);
      expect(a.effectiveDexterity - b.effectiveDexterity).toBeLessThanOrEqual(1);
      expect(a.speed - b.speed).toBeGreaterThanOrEqual(0);
      expect(a.speed - b.speed).toBeLessThanOrEqual(1);
      expect(b.reflexes).toBeLessThanOrEqual(a.reflexes);
    }
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => deriveParameters({ ...average, strength: -1 })).parameter).toBe("strength");
    expect(rulesErrorOf(() => deriveParameters({ ...average, dexterity: 1.5 })).parameter).toBe("dexterity");
    expect(rulesErrorOf(() => deriveParameters({ ...average, perception: Number.NaN })).parameter).toBe("perception");
    expect(rulesErrorOf(() => deriveParameters(average, { armourShortfall: -1 })).parameter).toBe("armourShortfall");
  });
});
