import { describe, it, expect } from "vitest";
import { rulesErrorOf } from "./rules-error.js";
import {
  creationBudget,
  skillGrade,
  skillGradeBreakdown,
  SUGGESTED_CHARACTERISTIC_POINTS,
  SUGGESTED_SKILL_GRADES,
} from "../../src/rules/skill.js";
import { CHARACTERISTICS } from "../../src/rules/types.js";
import type { CharacteristicKey } from "../../src/rules/types.js";


describe("§1.3.2 skill grade = reference characteristic + bought + earned", () => {
  it.each([
    [8, 7, 0, 15],
    [7, 8, 0, 15],
    [7, 5, 2, 14],
    [0, 0, 0, 0],
    [10, 0, 3, 13],
  ])("characteristic %i + bought %i + earned %i = %i", (characteristic, bought, earned, grade) => {
    expect(skillGrade({ characteristic, bought, earned })).toBe(grade);
  });

  it("follows every change of the reference characteristic, up or down", () => {
    const base = skillGrade({ characteristic: 8, bought: 7, earned: 1 });
    for (let delta = -8; delta <= 10; delta++) {
      expect(skillGrade({ characteristic: 8 + delta, bought: 7, earned: 1 })).toBe(base + delta);
    }
  });

  it("§2.4.1 the armour shortfall lowers Destrezza skills only", () => {
    for (const ref of CHARACTERISTICS) {
      const grade = skillGrade({ characteristic: 7, bought: 5, earned: 0, referenceCharacteristic: ref, armourShortfall: 2 });
      expect(grade).toBe(ref === "dexterity" ? 10 : 12);
    }
  });

  it("without a reference characteristic no armour penalty is applied", () => {
    expect(skillGrade({ characteristic: 7, bought: 5, earned: 0, armourShortfall: 3 })).toBe(12);
  });

  it("the armour penalty stops where Destrezza reaches 0", () => {
    const b = skillGradeBreakdown({
      characteristic: 2,
      bought: 6,
      earned: 1,
      referenceCharacteristic: "dexterity",
      armourShortfall: 5,
    });
    expect(b).toEqual({ grade: 7, base: 0, bought: 6, earned: 1, armourPenalty: 2 });
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => skillGrade({ characteristic: -1, bought: 0, earned: 0 })).parameter).toBe("characteristic");
    expect(rulesErrorOf(() => skillGrade({ characteristic: 7, bought: 1.5, earned: 0 })).parameter).toBe("bought");
    expect(rulesErrorOf(() => skillGrade({ characteristic: 7, bought: 0, earned: -2 })).parameter).toBe("earned");
    expect(
      rulesErrorOf(() => skillGrade({ characteristic: 7, bought: 0, earned: 0, armourShortfall: Number.NaN })).parameter,
    ).toBe("armourShortfall");
    expect(
      rulesErrorOf(() =>
        skillGrade({ characteristic: 7, bought: 0, earned: 0, referenceCharacteristic: "agility" as CharacteristicKey }),
      ).parameter,
    ).toBe("referenceCharacteristic");
  });
});

describe("§1.3.3 creation budget", () => {
  const average = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 };

  it("suggests 35 characteristic points and 20 skill grades", () => {
    expect(SUGGESTED_CHARACTERISTIC_POINTS).toBe(35);
    expect(SUGGESTED_SKILL_GRADES).toBe(20);
  });

  it("counts only the grades above each skill's own reference characteristic", () => {
    const chars = { ...average, dexterity: 9, perception: 5 };
    const budget = creationBudget(chars, [
      { referenceCharacteristic: "dexterity", grade: 12 }, // +3
      { referenceCharacteristic: "perception", grade: 12 }, // +7
      { referenceCharacteristic: "charm", grade: 7 }, // +0
    ]);
    expect(budget).toEqual({ characteristicPoints: 35, skillGrades: 10 });
  });

  it("an empty skill list spends no grades", () => {
    expect(creationBudget(average, []).skillGrades).toBe(0);
  });

  it("rejects bad input", () => {
    expect(rulesErrorOf(() => creationBudget({ ...average, charm: -1 }, [])).parameter).toBe("characteristics.charm");
    expect(
      rulesErrorOf(() => creationBudget(average, [{ referenceCharacteristic: "dexterity", grade: 6 }])).parameter,
    ).toBe("skills[0].grade");
    expect(
      rulesErrorOf(() =>
        creationBudget(average, [
          { referenceCharacteristic: "dexterity", grade: 9 },
          { referenceCharacteristic: "luck" as CharacteristicKey, grade: 9 },
        ]),
      ).parameter,
    ).toBe("skills[1].referenceCharacteristic");
    expect(
      rulesErrorOf(() => creationBudget(average, [{ referenceCharacteristic: "strength", grade: 8.5 }])).parameter,
    ).toBe("skills[0].grade");
  });
});
