import { describe, expect, it } from "vitest";
import { parameterOf } from "./rules-error.js";
import {
  defenceManeuverInForce,
  defendsAgainstProneInMelee,
  diveInForce,
  focusForRound,
  focusedTargets,
  recordExecution,
  type ExecutedManeuver,
} from "../../src/rules/maneuver-effects.js";
import { defenceModifiers } from "../../src/rules/attack.js";
import type { ManeuverKey } from "../../src/rules/types.js";

const ran = (round: number, maneuver: ManeuverKey, target: string | null = null): ExecutedManeuver => ({ round, maneuver, target });

describe("what the tracker keeps (recordExecution)", () => {
  it("adds this round's maneuver and keeps the round before, nothing older", () => {
    const history = [ran(1, "attack"), ran(2, "focus", "t1")];
    expect(recordExecution(history, 3, { maneuver: "attack", target: null })).toEqual([ran(2, "focus", "t1"), ran(3, "attack")]);
  });

  it("a slot given again (a resumed slot, a replacement) replaces the round's entry; a cancel removes it (§2.1.2)", () => {
    const history = [ran(2, "focus", "t1"), ran(3, "attack")];
    expect(recordExecution(history, 3, { maneuver: "defence", target: null })).toEqual([ran(2, "focus", "t1"), ran(3, "defence")]);
    expect(recordExecution(history, 3, null)).toEqual([ran(2, "focus", "t1")]);
  });

  it("refuses a round below 1, an unknown maneuver, a malformed entry", () => {
    expect(parameterOf(() => recordExecution([], 0, null))).toBe("round");
    expect(parameterOf(() => recordExecution([], 1, { maneuver: "wait" as ManeuverKey, target: null }))).toBe("maneuver");
    expect(parameterOf(() => recordExecution([{ round: 1.5, maneuver: "attack", target: null }], 2, null))).toBe("executed.round");
    expect(parameterOf(() => recordExecution([{ round: 1, maneuver: "dance" as ManeuverKey, target: null }], 2, null))).toBe("executed.maneuver");
  });
});

describe("§2.2.1 Difesa: +⌈DES/2⌉ from its execution to the start of the next turn (A-29)", () => {
  it("in force in the round it executed", () => {
    expect(defenceManeuverInForce([ran(2, "defence")], 2)).toBe(true);
  });

  it("not before it executes: no record yet for this round (an attack resolved earlier in the turn gets nothing)", () => {
    expect(defenceManeuverInForce([ran(1, "attack")], 2)).toBe(false);
    expect(defenceManeuverInForce([], 1)).toBe(false);
  });

  it("over when the next turn starts", () => {
    expect(defenceManeuverInForce([ran(2, "defence")], 3)).toBe(false);
  });

  it("a Difesa replaced or not executed does not count; another maneuver executed this round does not give it", () => {
    expect(defenceManeuverInForce([ran(2, "focus")], 2)).toBe(false);
  });

  it("only while the defender can move: not immobilised, not involved in a grapple (§2.3.7, A-19)", () => {
    expect(defenceManeuverInForce([ran(2, "defence")], 2, { immobilised: true })).toBe(false);
    expect(defenceManeuverInForce([ran(2, "defence")], 2, { grappled: true })).toBe(false);
    expect(defenceManeuverInForce([ran(2, "defence")], 2, { immobilised: false, grappled: false })).toBe(true);
  });

  it("the amount is the rules' own: DES 7 → +4 (defenceModifiers)", () => {
    expect(defenceModifiers({ defenceManeuverDexterity: 7 }).parts).toContainEqual({ key: "defenceManeuver", value: 4 });
  });
});

describe("§2.2.1 dive: +2 until the end of the turn, only as part of a Difesa", () => {
  it("counts in the round the Difesa executed, when the defender dived", () => {
    expect(diveInForce([ran(4, "defence")], 4, true)).toBe(true);
    expect(diveInForce([ran(4, "defence")], 4, false)).toBe(false);
  });

  it("no dive without a Difesa this round, nor in the next round", () => {
    expect(diveInForce([ran(4, "attack")], 4, true)).toBe(false);
    expect(diveInForce([ran(4, "defence")], 5, true)).toBe(false);
  });

  it("never for someone immobilised or grappled (§2.2.1)", () => {
    expect(diveInForce([ran(4, "defence")], 4, true, { grappled: true })).toBe(false);
  });
});

describe("§2.2.4 Focalizzazione: +⌈PER/2⌉ next turn, against the target aimed at", () => {
  it("the Focalizzazione of the round before aims this round's attacks", () => {
    expect(focusForRound([ran(2, "focus", "t1"), ran(3, "attack")], 3)).toEqual(ran(2, "focus", "t1"));
  });

  it("for the next turn only: not in its own round, not two rounds later, not in round 1", () => {
    expect(focusForRound([ran(3, "focus", "t1")], 3)).toBeNull();
    expect(focusForRound([ran(1, "focus", "t1")], 3)).toBeNull();
    expect(focusForRound([], 1)).toBeNull();
  });

  it("only the target it named gets the bonus, whatever the attacker claims", () => {
    const focus = ran(2, "focus", "tokB");
    const targets = [{ ids: ["tokA", "actA"], claimed: true }, { ids: ["tokB", "actB"], claimed: false }];
    expect(focusedTargets(focus, targets)).toEqual([false, true]);
  });

  it("a target the tracker did not record: the attacker names it, one target only", () => {
    const focus = ran(2, "focus", null);
    expect(focusedTargets(focus, [{ ids: ["a"], claimed: false }, { ids: ["b"], claimed: true }, { ids: ["c"], claimed: true }])).toEqual([false, true, false]);
    expect(focusedTargets(focus, [{ ids: ["a"], claimed: false }])).toEqual([false]);
  });

  it("without a Focalizzazione, no target, claimed or not", () => {
    expect(focusedTargets(null, [{ ids: ["a"], claimed: true }])).toEqual([false]);
  });

  it("refuses a record of another maneuver passed as the Focalizzazione", () => {
    expect(parameterOf(() => focusedTargets(ran(2, "attack"), []))).toBe("focus.maneuver");
  });
});

describe("§3.2.2 a prone attacker: the defender's +1 in melee", () => {
  it("a melee attack from the ground gives the defender the bonus; a ranged one or a standing attacker does not", () => {
    expect(defendsAgainstProneInMelee(true, "melee")).toBe(true);
    expect(defendsAgainstProneInMelee(true, "ranged")).toBe(false);
    expect(defendsAgainstProneInMelee(false, "melee")).toBe(false);
  });

  it("the +1 is the rules' prone modifier (defenceModifiers)", () => {
    expect(defenceModifiers({ opponentProneInMelee: true }).parts).toContainEqual({ key: "proneTarget", value: 1 });
  });

  it("refuses an unknown reach", () => {
    expect(parameterOf(() => defendsAgainstProneInMelee(true, "thrown" as "melee"))).toBe("reach");
  });
});
