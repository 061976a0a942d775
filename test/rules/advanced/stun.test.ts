import { describe, it, expect } from "vitest";
import { rejects } from "../rules-error.js";
import { PRONE_MODIFIERS, STAND_UP, proneTargetModifiers, stunCheck } from "../../../src/rules/advanced/stun.js";

const on = { stunRule: true } as const;

describe("§3.2.2 stun check", () => {
  it("knocked down when the Forza total does not beat the damage before armour (A-17)", () => {
    expect(stunCheck({ strengthCheckTotal: 12, damageBeforeArmour: 12 }, on)).toEqual({ applies: true, difficulty: 12, knockedDown: true, margin: 0 });
    expect(stunCheck({ strengthCheckTotal: 13, damageBeforeArmour: 12 }, on)).toEqual({ applies: true, difficulty: 12, knockedDown: false, margin: 1 });
  });

  it("exhaustive: down iff total ≤ damage", () => {
    for (let damage = 0; damage <= 40; damage++) {
      for (let total = -5; total <= 45; total++) {
        expect(stunCheck({ strengthCheckTotal: total, damageBeforeArmour: damage }, on).knockedDown).toBe(total <= damage);
      }
    }
  });

  it("the optional rule is off by default: nobody falls", () => {
    expect(stunCheck({ strengthCheckTotal: 3, damageBeforeArmour: 30 })).toMatchObject({ applies: false, knockedDown: false, margin: -27 });
  });

  it("rejects bad input", () => {
    rejects(() => stunCheck({ strengthCheckTotal: 1.5, damageBeforeArmour: 3 }, on), "strengthCheckTotal");
    rejects(() => stunCheck({ strengthCheckTotal: 10, damageBeforeArmour: -1 }, on), "damageBeforeArmour");
  });
});

describe("§3.2.2 prone targets", () => {
  it("melee attackers +1 attack and defence; ranged attackers −2 attack only (A-42)", () => {
    expect(PRONE_MODIFIERS).toEqual({ melee: { attack: 1, defence: 1 }, ranged: { attack: -2, defence: 0 } });
    expect(proneTargetModifiers("melee")).toEqual({ attack: 1, defence: 1 });
    expect(proneTargetModifiers("ranged")).toEqual({ attack: -2, defence: 0 });
  });

  it("standing up is a Movement maneuver without displacement", () => {
    expect(STAND_UP).toEqual({ maneuver: "movement", displacementMetres: 0 });
  });

  it("rejects bad input", () => {
    rejects(() => proneTargetModifiers("thrown" as never), "reach");
  });
});
