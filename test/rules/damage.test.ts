import { describe, it, expect } from "vitest";
import { parameterOf } from "./rules-error.js";
import { DAMAGE_TYPES } from "../../src/rules/types.js";
import type { DamageType } from "../../src/rules/types.js";
import type { AimedArea } from "../../src/rules/attack.js";
import {
  BLAST_REDUCTION_PER_METRE,
  GRAZING_LANDING_DISTANCE,
  applyArmour,
  blastDamage,
  convertDamage,
  explosionLandingDie,
  explosionLandingDistance,
  grazingLandingDistance,
  knockedDown,
  resolveDamage,
  unarmedDamage,
} from "../../src/rules/damage.js";
import type { DamageInput } from "../../src/rules/damage.js";


const stepsOf = (r: { steps: { key: string; value: number }[] }): [string, number][] => r.steps.map((s) => [s.key, s.value]);

describe("§2.3.6 convertDamage", () => {
  it.each([
    [0, "wounding", 0, 0],
    [7, "wounding", 7, 0],
    [7, "shock", 0, 7],
    [1, "trauma", 0, 1],
    [2, "trauma", 1, 1],
    [5, "trauma", 2, 3],
    [7, "trauma", 3, 4],
  ] as const)("%i %s → %i Ferite, %i Fatica", (amount, type, wounds, fatigue) => {
    expect(convertDamage(amount, type)).toEqual({ wounds, fatigue });
  });

  it("property: every type's split sums to the damage; trauma puts the odd point in Fatica", () => {
    for (let d = 0; d <= 200; d++) {
      for (const type of DAMAGE_TYPES) {
        const { wounds, fatigue } = convertDamage(d, type);
        expect(wounds + fatigue).toBe(d);
        expect(wounds).toBeGreaterThanOrEqual(0);
        expect(fatigue).toBeGreaterThanOrEqual(0);
      }
      const t = convertDamage(d, "trauma");
      expect(t.fatigue - t.wounds).toBe(d % 2);
    }
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => convertDamage(-1, "trauma"))).toBe("amount");
    expect(parameterOf(() => convertDamage(1.5, "trauma"))).toBe("amount");
    expect(parameterOf(() => convertDamage(3, "fire" as DamageType))).toBe("type");
  });
});

describe("§2.3.6 applyArmour", () => {
  it.each([
    [18, 15, 3],
    [15, 15, 0],
    [12, 15, 0],
    [10, 0, 10],
  ])("%i − Df %i → %i (min 0)", (damage, df, result) => {
    expect(applyArmour(damage, df)).toBe(result);
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => applyArmour(-1, 3))).toBe("damage");
    expect(parameterOf(() => applyArmour(3, -1))).toBe("defence");
  });
});

describe("§2.3.7 unarmedDamage", () => {
  it.each([
    [7, 1, 6],
    [7, 6, 1],
    [5, 1, 4],
    [5, 6, 0],
    [0, 3, 0],
  ])("FOR %i, 1D6 = %i → %i", (strength, d6, damage) => {
    expect(unarmedDamage(strength, d6)).toBe(damage);
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => unarmedDamage(7, 0))).toBe("d6");
    expect(parameterOf(() => unarmedDamage(7, 7))).toBe("d6");
    expect(parameterOf(() => unarmedDamage(-1, 3))).toBe("strength");
  });
});

describe("§3.2.6 explosions", () => {
  it("D-33: 30 damage at 0 / 1 / 7 / 8 m → 30 / 26 / 2 / 0", () => {
    expect([0, 1, 7, 8].map((m) => blastDamage(30, m))).toEqual([30, 26, 2, 0]);
    expect(BLAST_REDUCTION_PER_METRE).toBe(4);
  });

  it("A-23: whole metres by default, exact distance as an option (rounded down)", () => {
    expect(blastDamage(30, 1.9)).toBe(26);
    expect(blastDamage(30, 1.9, { blastDistance: "floorMetres" })).toBe(26);
    expect(blastDamage(30, 1.5, { blastDistance: "exact" })).toBe(24);
    expect(blastDamage(30, 1.3, { blastDistance: "exact" })).toBe(24);
    expect(blastDamage(30, 20, { blastDistance: "exact" })).toBe(0);
  });

  it("a dodged lobbed explosive lands 1D3 m away within 15 m, 1D6 m farther", () => {
    expect(explosionLandingDie(5)).toBe("D3");
    expect(explosionLandingDie(15)).toBe("D3");
    expect(explosionLandingDie(15.5)).toBe("D6");
    expect([1, 2, 3, 4, 5, 6].map((d6) => explosionLandingDistance(10, d6))).toEqual([1, 1, 2, 2, 3, 3]);
    expect([1, 2, 3, 4, 5, 6].map((d6) => explosionLandingDistance(20, d6))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("§3.2.7 a grazing explosive bursts 1 m from the target", () => {
    expect(GRAZING_LANDING_DISTANCE).toBe(1);
    expect(grazingLandingDistance(true)).toBe(1);
    expect(grazingLandingDistance(false)).toBeNull();
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => blastDamage(-1, 0))).toBe("rolled");
    expect(parameterOf(() => blastDamage(10, -1))).toBe("metres");
    expect(parameterOf(() => explosionLandingDie(Number.NaN))).toBe("distanceToTarget");
    expect(parameterOf(() => explosionLandingDistance(10, 7))).toBe("d6");
    expect(parameterOf(() => explosionLandingDistance(20, 0))).toBe("d6");
  });
});

describe("§3.2.2 knockedDown", () => {
  it.each([
    [13, 12, false],
    [12, 12, true],
    [18, 20, true],
    [18, 26, true],
  ])("check %i vs stun difficulty %i → knocked down %s", (total, difficulty, down) => {
    expect(knockedDown(total, difficulty)).toBe(down);
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => knockedDown(1.5, 3))).toBe("strengthCheckTotal");
    expect(parameterOf(() => knockedDown(10, -3))).toBe("stunDifficulty");
  });
});

describe("§3.2.x resolveDamage pipeline", () => {
  const base: DamageInput = { rolled: 18, type: "wounding", armourDefence: 0, targetStrength: 7 };

  it("a plain hit: armour, conversion", () => {
    const r = resolveDamage({ ...base, armourDefence: 15 });
    expect(stepsOf(r)).toEqual([
      ["rolled", 18],
      ["armour", 3],
    ]);
    expect(r).toMatchObject({ stunDifficulty: 18, afterArmour: 3, inflicted: 3, wounds: 3, fatigue: 0, stunCheck: false });
    expect(r.disarmed).toBeUndefined();
    expect(r.limbDisabled).toBeUndefined();
  });

  it("D-34 grazing halves before armour: 13 → 6 → 6 − 6 = 0", () => {
    const r = resolveDamage({ ...base, rolled: 13, grazing: true, armourDefence: 6 });
    expect(stepsOf(r)).toEqual([
      ["rolled", 13],
      ["grazing", 6],
      ["armour", 0],
    ]);
    expect(r.inflicted).toBe(0);
    expect(r.stunDifficulty).toBe(6);
  });

  it("A-05 beyond 2/3 Gt halves (down) before armour, grazing and range both apply in order", () => {
    const r = resolveDamage({ ...base, rolled: 23, grazing: true, rangedBeyondHalf: true, armourDefence: 2 });
    expect(stepsOf(r)).toEqual([
      ["rolled", 23],
      ["grazing", 11],
      ["rangeHalf", 5],
      ["armour", 3],
    ]);
  });

  it("explosives never take the range half; a bystander's blast loses 4/m; stun difficulty is before armour", () => {
    const r = resolveDamage({ ...base, rolled: 30, explosive: true, rangedBeyondHalf: true, blastDistance: 1, armourDefence: 6 });
    expect(stepsOf(r)).toEqual([
      ["rolled", 30],
      ["blast", 26],
      ["armour", 20],
    ]);
    expect(r.stunDifficulty).toBe(26);
    expect(r.afterArmour).toBe(20);
  });

  it("a grazing explosive is halved before armour, then bursts 1 m away (§3.2.7, the pipeline's steps 2 and 4)", () => {
    const r = resolveDamage({ ...base, rolled: 30, explosive: true, grazing: true });
    expect(stepsOf(r)).toEqual([
      ["rolled", 30],
      ["grazing", 15],
      ["blast", 11],
    ]);
    // At the boundaries: halved down, then −4 for the metre, never below 0.
    const after = (rolled: number): number => resolveDamage({ ...base, rolled, explosive: true, grazing: true }).stunDifficulty;
    expect([0, 1, 8, 9, 10, 11].map(after)).toEqual([0, 0, 0, 0, 1, 1]);
  });

  it("blastDistance uses the A-23 option", () => {
    const exact = resolveDamage({ ...base, rolled: 30, explosive: true, blastDistance: 1.5 }, { blastDistance: "exact" });
    expect(exact.inflicted).toBe(24);
    expect(resolveDamage({ ...base, rolled: 30, explosive: true, blastDistance: 1.5 }).inflicted).toBe(26);
  });

  it("D-35 stun difficulty ignores armour: hit 12 under Df 15 still asks for a check against 12", () => {
    const r = resolveDamage({ ...base, rolled: 12, armourDefence: 15 }, { stunRule: true });
    expect(r.inflicted).toBe(0);
    expect(r.stunDifficulty).toBe(12);
    expect(r.stunCheck).toBe(true);
    expect(knockedDown(7 + 5, r.stunDifficulty)).toBe(true);
  });

  it("D-32 aimed at a weapon: no damage, armour ignored, disarm when d > 2 × FOR", () => {
    const dropped = resolveDamage({ ...base, rolled: 15, aimedArea: "weapon", armourDefence: 12 });
    expect(dropped).toMatchObject({ disarmed: true, inflicted: 0, wounds: 0, fatigue: 0, afterArmour: 0, stunDifficulty: 15 });
    expect(stepsOf(dropped)).toEqual([
      ["rolled", 15],
      ["aimedWeapon", 0],
    ]);
    expect(resolveDamage({ ...base, rolled: 14, aimedArea: "weapon" }).disarmed).toBe(false);
  });

  it.each(["arm", "leg"] as const)("D-30 limb (%s): (15 − 6) = 9 → 4, halved after armour", (limb) => {
    const r = resolveDamage({ ...base, rolled: 15, armourDefence: 6, aimedArea: limb });
    expect(stepsOf(r)).toEqual([
      ["rolled", 15],
      ["armour", 9],
      ["limb", 4],
    ]);
    expect(r).toMatchObject({ afterArmour: 9, inflicted: 4, wounds: 4, limbDisabled: false });
  });

  it.each(["arm", "leg"] as const)("a limb (%s) is disabled when the hit's Ferite + Fatica exceed the target's Forza", (limb) => {
    expect(resolveDamage({ ...base, rolled: 16, aimedArea: limb, targetStrength: 7 }).limbDisabled).toBe(true);
    expect(resolveDamage({ ...base, rolled: 15, aimedArea: limb, targetStrength: 7 }).limbDisabled).toBe(false);
    expect(resolveDamage({ ...base, rolled: 30, type: "trauma", aimedArea: limb, targetStrength: 14 })).toMatchObject({
      inflicted: 15,
      wounds: 7,
      fatigue: 8,
      limbDisabled: true,
    });
  });

  it("D-31 vital: 10 after armour → 20 (A-21)", () => {
    const r = resolveDamage({ ...base, rolled: 16, armourDefence: 6, aimedArea: "vital" });
    expect(stepsOf(r)).toEqual([
      ["rolled", 16],
      ["armour", 10],
      ["vital", 20],
    ]);
    expect(r).toMatchObject({ afterArmour: 10, inflicted: 20, wounds: 20, fatigue: 0 });
  });

  it("bypassed or non-covering armour is skipped", () => {
    expect(resolveDamage({ ...base, armourDefence: 15, bypassArmour: true }).inflicted).toBe(18);
    expect(resolveDamage({ ...base, armourDefence: 15, armourCovers: false }).inflicted).toBe(18);
    expect(resolveDamage({ ...base, armourDefence: 15, armourCovers: true }).inflicted).toBe(3);
  });

  it("D-08 pistol hit 18 vs vest Df 15 → 3 Ferite; 12 → 0", () => {
    expect(resolveDamage({ ...base, rolled: 18, armourDefence: 15 }).wounds).toBe(3);
    expect(resolveDamage({ ...base, rolled: 12, armourDefence: 15 }).wounds).toBe(0);
  });

  it("property: never negative; Ferite + Fatica = damage converted = post-armour damage without aim", () => {
    const areas: (AimedArea | undefined)[] = [undefined, "trunk", "arm", "leg", "vital", "weapon"];
    for (let rolled = 0; rolled <= 40; rolled++) {
      for (const armourDefence of [0, 3, 6, 15]) {
        for (const type of DAMAGE_TYPES) {
          for (const aimedArea of areas) {
            for (const grazing of [false, true]) {
              const r = resolveDamage({ rolled, type, armourDefence, aimedArea, grazing, targetStrength: 7 });
              for (const s of r.steps) expect(s.value).toBeGreaterThanOrEqual(0);
              expect(r.wounds).toBeGreaterThanOrEqual(0);
              expect(r.fatigue).toBeGreaterThanOrEqual(0);
              expect(r.wounds + r.fatigue).toBe(r.inflicted);
              expect(r.afterArmour).toBeLessThanOrEqual(r.stunDifficulty);
              if (aimedArea === undefined || aimedArea === "trunk") expect(r.inflicted).toBe(r.afterArmour);
              if (aimedArea !== "weapon") expect(r.afterArmour).toBe(Math.max(0, r.stunDifficulty - armourDefence));
            }
          }
        }
      }
    }
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => resolveDamage({ ...base, rolled: -1 }))).toBe("rolled");
    expect(parameterOf(() => resolveDamage({ ...base, type: "fire" as DamageType }))).toBe("type");
    expect(parameterOf(() => resolveDamage({ ...base, armourDefence: -1 }))).toBe("armourDefence");
    expect(parameterOf(() => resolveDamage({ ...base, targetStrength: 1.5 }))).toBe("targetStrength");
    expect(parameterOf(() => resolveDamage({ ...base, aimedArea: "eye" as AimedArea }))).toBe("aimedArea");
    expect(parameterOf(() => resolveDamage({ ...base, blastDistance: 2 }))).toBe("blastDistance");
    expect(parameterOf(() => resolveDamage({ ...base, explosive: true, blastDistance: -2 }))).toBe("blastDistance");
  });
});
