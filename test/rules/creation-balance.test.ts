/** §1.3.3 the creation balance: points spent against the allowance (the book's 35 + 20 unless the Narrator sets others). */
import { describe, expect, it } from "vitest";
import { rulesErrorOf } from "./rules-error.js";
import { creationBalance } from "../../src/rules/skill.js";

const ALVEN = { experience: 7, perception: 7, strength: 5, charm: 8, dexterity: 8 };
// EX-01: stealth 15 on DEX 8, veterinaria 15 and naturalistica 12 on EXP 7.
const ALVEN_SKILLS = [
  { referenceCharacteristic: "dexterity", grade: 15 },
  { referenceCharacteristic: "experience", grade: 15 },
  { referenceCharacteristic: "experience", grade: 12 },
] as const;

describe("creationBalance (§1.3.3, EX-01)", () => {
  it("Alven exactly fills the suggested 35 characteristic points and 20 skill grades", () => {
    const b = creationBalance(ALVEN, ALVEN_SKILLS);
    expect(b.characteristicPoints).toEqual({ spent: 35, budget: 35, left: 0, status: "exact" });
    expect(b.skillGrades).toEqual({ spent: 20, budget: 20, left: 0, status: "exact" });
    expect(b).toMatchObject({ over: false, exact: true });
  });

  it("one point over on either line is over; points left are under, not over", () => {
    const over = creationBalance({ ...ALVEN, charm: 9 }, ALVEN_SKILLS);
    expect(over.characteristicPoints).toEqual({ spent: 36, budget: 35, left: -1, status: "over" });
    expect(over).toMatchObject({ over: true, exact: false });
    const grades = creationBalance(ALVEN, [...ALVEN_SKILLS, { referenceCharacteristic: "strength", grade: 6 }]);
    expect(grades.skillGrades).toMatchObject({ spent: 21, left: -1, status: "over" });
    const under = creationBalance({ ...ALVEN, charm: 6 }, ALVEN_SKILLS.slice(0, 2));
    expect(under.characteristicPoints).toMatchObject({ spent: 33, left: 2, status: "under" });
    expect(under.skillGrades).toMatchObject({ spent: 15, left: 5, status: "under" });
    expect(under).toMatchObject({ over: false, exact: false });
  });

  it("takes the Narrator's allowance; a negative or fractional allowance is refused", () => {
    const b = creationBalance(ALVEN, ALVEN_SKILLS, { characteristicPoints: 40, skillGrades: 15 });
    expect(b.characteristicPoints).toMatchObject({ left: 5, status: "under" });
    expect(b.skillGrades).toMatchObject({ left: -5, status: "over" });
    expect(rulesErrorOf(() => creationBalance(ALVEN, [], { characteristicPoints: -1, skillGrades: 20 })).parameter).toBe("budget.characteristicPoints");
    expect(rulesErrorOf(() => creationBalance(ALVEN, [], { characteristicPoints: 35, skillGrades: 2.5 })).parameter).toBe("budget.skillGrades");
  });
});
