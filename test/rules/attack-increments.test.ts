/** §1.8.2 the increment points of an attack exchange, and §1.8.1 a point taken back. */
import { describe, expect, it } from "vitest";
import { attackIncrements, loserAdvantaged, removeIncrementPoint } from "../../src/rules/increment.js";
import { rulesErrorOf } from "./rules-error.js";

const exp = 7;
const none = { earned: false, reason: null };

describe("§2.3.5 an attack against a static target is a check: conditions 1 and 3", () => {
  it.each([
    // dice, grade, modifiers, difficulty → reason (T = difficulty − grade − modifiers)
    [14, 12, 0, 25, "hardSuccess"], // T 13: the dice had to beat 13, and 26 > 25
    [13, 12, 0, 25, null], // T 13 but 25 is no success: a tie fails
    [20, 12, 0, 24, null], // T 12: an easy hit earns nothing
    [16, 12, -2, 25, "hardSuccess"], // the condition penalty counts: T 15, 26 > 25
    [7, 12, 0, 32, "impossibleTry"], // T 20: no dice could hit, and 7 ≤ Esperienza 7
    [8, 12, 0, 32, null], // T 20, dice 8 above Esperienza
  ] as const)("dice %i, grade %i%+i against %i → %s", (dice, grade, modifiers, difficulty, reason) => {
    const r = attackIncrements({ dice, grade, modifiers, experience: exp }, { difficulty });
    expect(r.attack).toEqual({ earned: reason !== null, reason });
    expect(r.defence).toEqual(none);
  });
});

describe("§2.3.3 (A-14) attack against defence is a contrast: conditions 2 and 3", () => {
  it("the attacker who wins by 1–3 against a higher-graded defender earns a point; by 4 not", () => {
    for (const [margin, reason] of [[1, "narrowWin"], [3, "narrowWin"], [4, null]] as const) {
      // Defence: grade 12, dice 6 → 18. Attack: grade 10, dice 8 + margin → 18 + margin.
      const r = attackIncrements({ dice: 8 + margin, grade: 10, experience: exp }, { defence: { dice: 6, grade: 12, experience: exp } });
      expect(r.attack).toEqual({ earned: reason !== null, reason });
      expect(r.defence).toEqual(none);
    }
  });

  it("no point for a narrow win over a defender who was not advantaged (same grade, same modifiers)", () => {
    const r = attackIncrements({ dice: 10, grade: 10, experience: exp }, { defence: { dice: 8, grade: 10, experience: exp } });
    expect(r).toEqual({ attack: none, defence: none });
  });

  it("better situational modifiers make the opponent advantaged too (a defender with Difesa +7)", () => {
    const r = attackIncrements({ dice: 19, grade: 12, modifiers: 0, experience: exp }, { defence: { dice: 10, grade: 10, modifiers: 7, experience: exp } });
    // 19 + 12 = 31 against 10 + 10 + 7 = 27: margin 4, no point; one pip less is margin 3.
    expect(r.attack).toEqual(none);
    expect(attackIncrements({ dice: 18, grade: 12, modifiers: 0, experience: exp }, { defence: { dice: 10, grade: 10, modifiers: 7, experience: exp } }).attack).toEqual({ earned: true, reason: "narrowWin" });
  });

  it("the defender who wins narrowly against a higher-graded attacker earns a point", () => {
    // Attack: grade 12, dice 6 → 18. Defence: grade 10, dice 10 → 20.
    const r = attackIncrements({ dice: 6, grade: 12, experience: exp }, { defence: { dice: 10, grade: 10, experience: exp } });
    expect(r).toEqual({ attack: none, defence: { earned: true, reason: "narrowWin" } });
  });

  it("the loser for whom winning was impossible earns a point when the dice are at most Esperienza", () => {
    // Attack 20 + 12 = 32; the defender (grade 10) needed 22 on the dice: impossible; dice 5 ≤ 7.
    expect(attackIncrements({ dice: 20, grade: 12, experience: exp }, { defence: { dice: 5, grade: 10, experience: exp } }).defence).toEqual({ earned: true, reason: "impossibleTry" });
    expect(attackIncrements({ dice: 20, grade: 12, experience: exp }, { defence: { dice: 8, grade: 10, experience: exp } }).defence).toEqual(none);
    // The same for an attacker who could not beat the defence (defence 32, attack grade 10 + dice 4 = 14).
    expect(attackIncrements({ dice: 4, grade: 10, experience: exp }, { defence: { dice: 20, grade: 12, experience: exp } }).attack).toEqual({ earned: true, reason: "impossibleTry" });
  });

  it("a tie is no win: the attack hits, but neither side earns a narrow win", () => {
    expect(attackIncrements({ dice: 8, grade: 12, experience: exp }, { defence: { dice: 10, grade: 10, experience: exp } })).toEqual({ attack: none, defence: none });
  });

  it("refuses dice that 2D10 cannot show", () => {
    expect(rulesErrorOf(() => attackIncrements({ dice: 21, grade: 10, experience: exp }, { defence: { dice: 5, grade: 10, experience: exp } })).parameter).toBe("dice");
  });
});

describe("§1.8.2 (A-14) the Narrator's word on the advantageous position", () => {
  // Attack 8 + 10 = 18 against defence 6 + 10 = 16: won by 2, equal grades and no modifiers (the default: not advantaged).
  const attackSide = { dice: 8, grade: 10, experience: exp };
  const defenceSide = { dice: 6, grade: 10, experience: exp };

  it("overrides the default either way: the loser marked advantaged earns the winner the point", () => {
    expect(attackIncrements(attackSide, { defence: defenceSide }).attack).toEqual(none);
    expect(attackIncrements(attackSide, { defence: defenceSide }, "defence").attack).toEqual({ earned: true, reason: "narrowWin" });
    // The winner marked advantaged is no help: only the loser's position counts.
    expect(attackIncrements(attackSide, { defence: defenceSide }, "attack").attack).toEqual(none);
  });

  it("null says neither: a better-graded loser no longer earns the winner anything", () => {
    const graded = { ...defenceSide, grade: 11, dice: 5 };
    expect(attackIncrements(attackSide, { defence: graded }).attack).toEqual({ earned: true, reason: "narrowWin" });
    expect(attackIncrements(attackSide, { defence: graded }, null).attack).toEqual(none);
  });

  it("loserAdvantaged reads the default by grade and by modifiers, and refuses a side that is not one", () => {
    expect(loserAdvantaged("defence", { attack: { grade: 10 }, defence: { grade: 11 } })).toBe(true);
    expect(loserAdvantaged("attack", { attack: { grade: 10, modifiers: 2 }, defence: { grade: 10, modifiers: 1 } })).toBe(true);
    expect(loserAdvantaged("attack", { attack: { grade: 10 }, defence: { grade: 10 } })).toBe(false);
    // Casts: a JavaScript caller (a macro) may pass any string.
    expect(rulesErrorOf(() => loserAdvantaged("both" as "attack", { attack: { grade: 10 }, defence: { grade: 10 } })).parameter).toBe("loser");
    expect(rulesErrorOf(() => loserAdvantaged("attack", { attack: { grade: 10 }, defence: { grade: 10 } }, "both" as "attack")).parameter).toBe("narrator");
  });
});

describe("§1.8.1 a point taken back", () => {
  it.each([
    [3, 0, 2, 0],
    [1, 2, 0, 2],
    [0, 1, 5, 0], // the point had completed a grade: the grade goes, five points stay
    [0, 0, 0, 0], // nothing to take back
  ] as const)("points %i, earned grades %i → %i, %i", (points, earned, p, e) => {
    expect(removeIncrementPoint(points, earned)).toEqual({ points: p, earned: e });
  });

  it("refuses a count the skill cannot hold", () => {
    expect(rulesErrorOf(() => removeIncrementPoint(6, 0)).parameter).toBe("points");
    expect(rulesErrorOf(() => removeIncrementPoint(2, -1)).parameter).toBe("earned");
  });
});
