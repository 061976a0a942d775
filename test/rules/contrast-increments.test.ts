import { describe, expect, it } from "vitest";
import { resolveContrast } from "../../src/rules/check.js";
import { contrastIncrements, isAdvantaged } from "../../src/rules/increment.js";
import { rulesErrorOf } from "./rules-error.js";

describe("§1.8.2 (A-14) advantaged opponent: a higher grade or higher situational modifiers", () => {
  it.each([
    // opponent grade, mods, self grade, mods → advantaged
    [12, 0, 10, 0, true],
    [10, 0, 10, 0, false],
    [10, 2, 10, 0, true],
    [10, 0, 10, -2, true], // a weakened self (condition penalty) leaves the opponent in the better position
    [9, 3, 10, 0, true],
    [9, 0, 10, 3, false],
  ] as const)("opponent %i%+i vs self %i%+i → %s", (og, om, sg, sm, expected) => {
    expect(isAdvantaged({ grade: og, modifiers: om }, { grade: sg, modifiers: sm })).toBe(expected);
  });

  it("refuses what is not a grade", () => {
    expect(rulesErrorOf(() => isAdvantaged({ grade: -1 }, { grade: 3 })).parameter).toBe("opponent.grade");
  });
});

describe("§1.8.2 conditions 2 and 3 in a contrast", () => {
  const exp = 7;
  it("a narrow win (margin 1–3) against an advantaged opponent earns the winner a point; margin 4 does not", () => {
    for (const [margin, reason] of [[1, "narrowWin"], [2, "narrowWin"], [3, "narrowWin"], [4, null]] as const) {
      // Winner grade 10, loser grade 12 (advantaged); loser dice 8 → 20; winner dice 10 + margin.
      const r = contrastIncrements({ dice: 10 + margin, grade: 10, experience: exp, opponentAdvantaged: true }, { dice: 8, grade: 12, experience: exp });
      expect(r.winner).toEqual({ earned: reason !== null, reason });
      expect(r.loser.earned).toBe(false);
    }
  });

  it("the same narrow win against an opponent not advantaged earns nothing", () => {
    const r = contrastIncrements({ dice: 11, grade: 10, experience: exp, opponentAdvantaged: false }, { dice: 10, grade: 10, experience: exp });
    expect(r.winner.earned).toBe(false);
  });

  it("the loser earns a point when beating the winner was impossible and its dice ≤ Esperienza", () => {
    // Winner 18 + 20 = 38; loser grade 10: even 20 makes 30, T = 28 ≥ 20. Dice 6 ≤ EXP 7.
    const win = { dice: 18, grade: 20, experience: exp, opponentAdvantaged: false };
    expect(contrastIncrements(win, { dice: 6, grade: 10, experience: exp }).loser).toEqual({ earned: true, reason: "impossibleTry" });
    expect(contrastIncrements(win, { dice: 8, grade: 10, experience: exp }).loser.earned).toBe(false);
    // Within reach (T 19): no point, whatever the dice.
    expect(contrastIncrements({ ...win, dice: 9 }, { dice: 2, grade: 10, experience: exp }).loser.earned).toBe(false);
  });

  it("modifiers (the condition penalty included) count in the totals, as resolveContrast counts them", () => {
    const a = { dice: 12, grade: 10, modifiers: -2 };
    const b = { dice: 9, grade: 10, modifiers: 0 };
    const result = resolveContrast([{ id: "a", ...a }, { id: "b", ...b }]);
    expect(result).toMatchObject({ outcome: "win", winner: "a", margin: 1 });
    expect(contrastIncrements({ ...a, experience: exp, opponentAdvantaged: isAdvantaged(b, a) }, { ...b, experience: exp }).winner.reason).toBe("narrowWin");
  });

  it("refuses a 'winner' whose total is not above the loser's", () => {
    expect(rulesErrorOf(() => contrastIncrements({ dice: 10, grade: 10, experience: 7, opponentAdvantaged: true }, { dice: 10, grade: 10, experience: 7 })).parameter).toBe("winner");
  });
});
