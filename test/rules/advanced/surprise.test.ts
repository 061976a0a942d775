import { describe, it, expect } from "vitest";
import { rejects } from "../rules-error.js";
import {
  SURPRISE_AWARENESS_DIFFICULTY,
  SURPRISE_DEFENCE_PENALTY,
  avoidsSurprise,
  canActInTurn,
  isStaticTarget,
  surpriseDefenceModifier,
  surpriseEffects,
} from "../../../src/rules/advanced/surprise.js";

describe("§3.2.1 surprise", () => {
  it("a surprised character loses turn 1 and defends at −2 in it", () => {
    expect(SURPRISE_DEFENCE_PENALTY).toBe(-2);
    expect(canActInTurn(1, true)).toBe(false);
    expect(surpriseDefenceModifier(1, true)).toBe(-2);
    for (let turn = 2; turn <= 10; turn++) {
      expect(canActInTurn(turn, true)).toBe(true);
      expect(surpriseDefenceModifier(turn, true)).toBe(0);
    }
    for (let turn = 1; turn <= 10; turn++) {
      expect(canActInTurn(turn, false)).toBe(true);
      expect(surpriseDefenceModifier(turn, false)).toBe(0);
    }
  });

  it("the Perception check beats 25 by default, or the Narrator's difficulty", () => {
    expect(SURPRISE_AWARENESS_DIFFICULTY).toBe(25);
    expect(avoidsSurprise(25)).toBe(false);
    expect(avoidsSurprise(26)).toBe(true);
    expect(avoidsSurprise(21, 20)).toBe(true);
    expect(avoidsSurprise(20, 20)).toBe(false);
  });

  it.each(["unaware", "asleep", "unconscious", "immobile"] as const)("A-16: %s → static target", (flag) => {
    expect(isStaticTarget({ [flag]: true })).toBe(true);
    expect(isStaticTarget({ [flag]: false })).toBe(false);
  });

  it("A-16: surprised (aware) still rolls defence at −2; unaware is static with no roll", () => {
    expect(surpriseEffects({ turnNumber: 1, surprised: true })).toEqual({ canAct: false, staticTarget: false, defenceModifier: -2 });
    expect(surpriseEffects({ turnNumber: 2, surprised: true })).toEqual({ canAct: true, staticTarget: false, defenceModifier: 0 });
    expect(surpriseEffects({ turnNumber: 1, surprised: true, unaware: true })).toEqual({ canAct: false, staticTarget: true, defenceModifier: 0 });
    expect(surpriseEffects({ turnNumber: 3, surprised: false, asleep: true })).toEqual({ canAct: false, staticTarget: true, defenceModifier: 0 });
  });

  it("rejects bad input", () => {
    rejects(() => canActInTurn(0, true), "turnNumber");
    rejects(() => canActInTurn(1.5, false), "turnNumber");
    rejects(() => surpriseDefenceModifier(-1, true), "turnNumber");
    rejects(() => avoidsSurprise(Number.NaN), "total");
    rejects(() => avoidsSurprise(20, 2.5), "difficulty");
    rejects(() => surpriseEffects({ turnNumber: 0, surprised: true }), "turnNumber");
  });
});
