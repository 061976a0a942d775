/** §3.2.5 crippled limbs: when a limb mends, what broken legs leave of Speed, which weapons crippled arms can hold. */
import { describe, expect, it } from "vitest";
import { canWieldWith, crippledCount, crippledSpeed, limbStillCrippled } from "../../src/rules/crippled-limbs.js";
import { AIMED_AREA_PENALTY, aimedAreaPenalty, isLimb } from "../../src/rules/attack.js";
import { parameterOf } from "./rules-error.js";

describe("§3.2.5 an aimed limb is an arm or a leg, both at −3", () => {
  it("arm and leg are limbs, at the book's −3; the trunk, a vital spot and a weapon are not", () => {
    expect([AIMED_AREA_PENALTY.arm, AIMED_AREA_PENALTY.leg, aimedAreaPenalty("arm"), aimedAreaPenalty("leg")]).toEqual([-3, -3, -3, -3]);
    expect((["trunk", "arm", "leg", "vital", "weapon"] as const).filter(isLimb)).toEqual(["arm", "leg"]);
  });
});

describe("§3.2.5 a limb stays crippled until its hit's damage is completely healed", () => {
  const limb = { limb: "leg" as const, before: { wounds: 3, fatigue: 2 } };

  it("above the counters before the hit: still crippled; back at them or below: mended", () => {
    expect(limbStillCrippled(limb, { wounds: 15, fatigue: 2 })).toBe(true);
    expect(limbStillCrippled(limb, { wounds: 4, fatigue: 2 })).toBe(true);
    expect(limbStillCrippled(limb, { wounds: 3, fatigue: 3 })).toBe(true);
    expect(limbStillCrippled(limb, { wounds: 3, fatigue: 2 })).toBe(false);
    expect(limbStillCrippled(limb, { wounds: 0, fatigue: 0 })).toBe(false);
  });

  it("counts each kind, at most two, mended ones left out", () => {
    const now = { wounds: 10, fatigue: 4 };
    const limbs = [
      { limb: "leg" as const, before: { wounds: 0, fatigue: 0 } },
      { limb: "leg" as const, before: { wounds: 5, fatigue: 4 } },
      { limb: "leg" as const, before: { wounds: 6, fatigue: 4 } },
      { limb: "arm" as const, before: { wounds: 10, fatigue: 4 } },
    ];
    expect(crippledCount(limbs, now)).toEqual({ arm: 0, leg: 2 });
    expect(crippledCount(limbs.slice(0, 1), { wounds: 0, fatigue: 0 })).toEqual({ arm: 0, leg: 0 });
  });

  it("negative counters are refused", () => {
    expect(parameterOf(() => limbStillCrippled(limb, { wounds: -1, fatigue: 0 }))).toBe("wounds");
  });
});

describe("§3.2.5 broken legs: Speed 1 with one, half a metre a turn with both", () => {
  it.each([
    [6, 0, 6],
    [6, 1, 1],
    [6, 2, 0.5],
    // Already slower (a heavy load, a Narrator's override below): the broken leg takes nothing more.
    [0.5, 1, 0.5],
    [0, 2, 0],
  ])("Speed %s with %i broken: %s", (speed, legs, expected) => {
    expect(crippledSpeed(speed, legs)).toBe(expected);
  });

  it("a negative Speed or count is refused", () => {
    expect(parameterOf(() => crippledSpeed(-1, 1))).toBe("speed");
    expect(parameterOf(() => crippledSpeed(6, -1))).toBe("legs");
  });
});

describe("§3.2.5 a crippled arm holds nothing", () => {
  // The weapon modes of data/item/weapon.ts WEAPON_MODE_KEYS.
  it.each((["melee", "oneHanded", "twoHanded", "thrown", "ranged", "unarmed"] as const).map((m) => [m]))("%s: with both arms, one, none", (mode) => {
    expect(canWieldWith(mode, 0)).toBe(true);
    expect(canWieldWith(mode, 1)).toBe(mode !== "twoHanded");
    expect(canWieldWith(mode, 2)).toBe(mode === "unarmed");
  });
});
