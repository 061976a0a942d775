import { describe, it, expect } from "vitest";
import { parameterOf } from "./rules-error.js";
import { MANEUVERS } from "../../src/rules/types.js";
import type { ManeuverKey } from "../../src/rules/types.js";
import {
  CANCEL,
  DIVE_DEFENCE_BONUS,
  MANEUVERS_INFO,
  MANEUVER_INITIATIVE,
  canDive,
  canReplace,
  declareManeuver,
  defenceManeuverBonus,
  diveJumpDifficulty,
  focusBonus,
  holdManeuver,
  maneuverInitiative,
  movementDistance,
  replaceManeuver,
} from "../../src/rules/maneuvers.js";


describe("§2.2 maneuver initiative (A-02)", () => {
  it.each([
    ["defence", 4],
    ["attack", 2],
    ["execution", 0],
    ["focus", 0],
    ["movement", 0],
    ["preparation", 0],
  ] as const)("%s → %i", (maneuver, initiative) => {
    expect(MANEUVER_INITIATIVE[maneuver]).toBe(initiative);
    expect(maneuverInitiative(maneuver)).toBe(initiative);
  });

  it("rejects an undefined maneuver such as Attesa", () => {
    expect(parameterOf(() => maneuverInitiative("wait" as ManeuverKey))).toBe("maneuver");
  });

  it("MANEUVERS_INFO lists the six maneuvers once, in the book's order, with their initiative", () => {
    expect(MANEUVERS_INFO.map((m) => m.key)).toEqual([...MANEUVERS]);
    for (const m of MANEUVERS_INFO) expect(m.initiative).toBe(MANEUVER_INITIATIVE[m.key]);
    const flagged = (flag: "attacks" | "defenceBonus" | "dive" | "aims" | "moves" | "prepares" | "grapples"): ManeuverKey[] =>
      MANEUVERS_INFO.filter((m) => m[flag]).map((m) => m.key);
    expect(flagged("attacks")).toEqual(["attack"]);
    expect(flagged("defenceBonus")).toEqual(["defence"]);
    expect(flagged("dive")).toEqual(["defence"]);
    expect(flagged("aims")).toEqual(["focus"]);
    expect(flagged("moves")).toEqual(["movement"]);
    expect(flagged("prepares")).toEqual(["preparation"]);
    expect(flagged("grapples")).toEqual(["execution"]);
    expect(Object.isFrozen(MANEUVERS_INFO)).toBe(true);
  });
});

describe("§2.1.2 replacing and holding (A-33, A-38)", () => {
  const all = MANEUVERS.flatMap((from) => MANEUVERS.map((to) => [from, to] as const));
  it.each(all)("canReplace(%s, %s) only with strictly higher initiative", (from, to) => {
    expect(canReplace(from, to)).toBe(MANEUVER_INITIATIVE[to] > MANEUVER_INITIATIVE[from]);
  });

  it.each([...MANEUVERS])("cancelling %s is always allowed", (from) => {
    expect(canReplace(from, CANCEL)).toBe(true);
  });

  it("replaceManeuver keeps the target, returns null on cancel, throws on a forbidden swap", () => {
    const declared = declareManeuver("execution", "door");
    expect(replaceManeuver(declared, "attack")).toEqual({ maneuver: "attack", held: false, target: "door" });
    expect(replaceManeuver(declared, CANCEL)).toBeNull();
    expect(parameterOf(() => replaceManeuver(declared, "movement"))).toBe("replacement");
  });

  it("holding is a state of the declaration", () => {
    const declared = declareManeuver("attack", "bill");
    expect(declared).toEqual({ maneuver: "attack", held: false, target: "bill" });
    expect(holdManeuver(declared)).toEqual({ maneuver: "attack", held: true, target: "bill" });
    expect(declareManeuver("movement")).toEqual({ maneuver: "movement", held: false });
  });

  it("rejects bad maneuvers", () => {
    expect(parameterOf(() => canReplace("wait" as ManeuverKey, "attack"))).toBe("maneuver");
    expect(parameterOf(() => canReplace("attack", "wait" as ManeuverKey))).toBe("replacement");
    expect(parameterOf(() => declareManeuver("wait" as ManeuverKey))).toBe("maneuver");
    expect(parameterOf(() => holdManeuver({ maneuver: "wait" as ManeuverKey, held: false }))).toBe("declaration.maneuver");
  });
});

describe("§2.2.1 Defence and dive, §2.2.4 Focus", () => {
  it.each([
    [0, 0],
    [1, 1],
    [6, 3],
    [7, 4],
    [8, 4],
    [9, 5],
  ])("Defence bonus at DES %i = +%i (ceil(DES/2))", (dex, bonus) => {
    expect(defenceManeuverBonus(dex)).toBe(bonus);
  });

  it.each([
    [7, 4],
    [9, 5],
    [10, 5],
  ])("Focus bonus at PER %i = +%i (ceil(PER/2))", (per, bonus) => {
    expect(focusBonus(per)).toBe(bonus);
  });

  it("dive: +2 defence, +5 to the jump difficulty", () => {
    expect(DIVE_DEFENCE_BONUS).toBe(2);
    expect(diveJumpDifficulty(20)).toBe(25);
    expect(diveJumpDifficulty(10)).toBe(15);
  });

  it("dive only when standing, not immobilised, not grappled", () => {
    expect(canDive({})).toBe(true);
    expect(canDive({ prone: true })).toBe(false);
    expect(canDive({ immobilised: true })).toBe(false);
    expect(canDive({ grappled: true })).toBe(false);
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => defenceManeuverBonus(-1))).toBe("dexterity");
    expect(parameterOf(() => focusBonus(2.5))).toBe("perception");
    expect(parameterOf(() => diveJumpDifficulty(Number.POSITIVE_INFINITY))).toBe("baseDifficulty");
  });
});

describe("§2.2.5 movementDistance", () => {
  it("full Speed on open ground; a prone character crawls a quarter, fractional (A-30)", () => {
    expect(movementDistance({ speed: 5 })).toEqual({ metres: 5, outcome: "full" });
    expect(movementDistance({ speed: 5, prone: true })).toEqual({ metres: 1.25, outcome: "full" });
  });

  it.each([
    [1, "full", 6],
    [0, "half", 3],
    [-4, "half", 3],
    [-5, "mishap", 0],
    [-12, "mishap", 0],
  ] as const)("adverse-conditions check margin %i → %s (%f m at Speed 6)", (margin, outcome, metres) => {
    expect(movementDistance({ speed: 6, checkMargin: margin })).toEqual({ metres, outcome });
  });

  it("half distance while prone is an eighth of Speed", () => {
    expect(movementDistance({ speed: 4, prone: true, checkMargin: -2 })).toEqual({ metres: 0.5, outcome: "half" });
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => movementDistance({ speed: -1 }))).toBe("speed");
    expect(parameterOf(() => movementDistance({ speed: Number.NaN }))).toBe("speed");
    expect(parameterOf(() => movementDistance({ speed: 5, checkMargin: 0.5 }))).toBe("checkMargin");
  });
});
