import { describe, it, expect } from "vitest";
import { parameterOf } from "./rules-error.js";
import {
  FREE,
  canMove,
  grappleAdvantage,
  grappleAdvantagePosition,
  grappleContest,
  releaseGrapple,
  startGrapple,
} from "../../src/rules/grapple.js";
import type { ContestWinner, GrappleSide, GrappleState } from "../../src/rules/grapple.js";


const held: GrappleState = { status: "held", attackerStreak: 0 };

/** Play a sequence of turns from a fresh hold. */
function play(turns: readonly [GrappleSide | "none", ContestWinner?][], idleBreaks = false): GrappleState {
  return turns.reduce<GrappleState>(
    (state, [declaredBy, winner]) =>
      grappleContest(state, winner === undefined ? { declaredBy } : { declaredBy, winner }, { grappleStreakBrokenByIdleTurn: idleBreaks }),
    held,
  );
}

describe("§2.3.7 starting a grapple", () => {
  it.each([
    ["attacker", "held"],
    ["defender", "free"],
    ["tie", "free"],
  ] as const)("the opening contest won by %s → %s", (winner, status) => {
    expect(startGrapple(winner)).toEqual({ status, attackerStreak: 0 });
  });

  it("rejects an unknown winner", () => {
    expect(parameterOf(() => startGrapple("both" as ContestWinner))).toBe("winner");
  });
});

describe("§2.3.7 contests (A-19)", () => {
  it("the defender escapes by winning one contest he declared, even when immobilised", () => {
    expect(play([["defender", "defender"]]).status).toBe("free");
    expect(grappleContest({ status: "immobilised", attackerStreak: 2 }, { declaredBy: "defender", winner: "defender" })).toEqual(FREE);
  });

  it("the attacker immobilises after two consecutive wins of contests he declared", () => {
    expect(play([["attacker", "attacker"]])).toEqual({ status: "held", attackerStreak: 1 });
    expect(play([["attacker", "attacker"], ["attacker", "attacker"]]).status).toBe("immobilised");
  });

  it("a lost or tied attacker contest breaks the streak", () => {
    expect(play([["attacker", "attacker"], ["attacker", "defender"], ["attacker", "attacker"]])).toEqual({ status: "held", attackerStreak: 1 });
    expect(play([["attacker", "attacker"], ["attacker", "tie"], ["attacker", "attacker"]]).status).toBe("held");
  });

  it("a contest declared by the other side does not count for the winner", () => {
    // Attacker wins a defender-declared contest: no progress, and no escape either way.
    expect(play([["defender", "attacker"]])).toEqual(held);
    expect(play([["defender", "tie"]])).toEqual(held);
    // Defender wins an attacker-declared contest: he does not escape.
    expect(play([["attacker", "defender"]])).toEqual(held);
    // A defender contest between two attacker wins does not break the attacker's streak.
    expect(play([["attacker", "attacker"], ["defender", "attacker"], ["attacker", "attacker"]]).status).toBe("immobilised");
  });

  it("an idle turn keeps the streak by default, breaks it with grappleStreakBrokenByIdleTurn", () => {
    expect(play([["attacker", "attacker"], ["none"], ["attacker", "attacker"]]).status).toBe("immobilised");
    expect(play([["attacker", "attacker"], ["none"], ["attacker", "attacker"]], true)).toEqual({ status: "held", attackerStreak: 1 });
  });

  it("the attacker lets go", () => {
    expect(releaseGrapple()).toEqual(FREE);
  });

  it("rejects contests outside a grapple and malformed turns", () => {
    expect(parameterOf(() => grappleContest(FREE, { declaredBy: "attacker", winner: "attacker" }))).toBe("state.status");
    expect(parameterOf(() => grappleContest(held, { declaredBy: "attacker" }))).toBe("winner");
    expect(parameterOf(() => grappleContest(held, { declaredBy: "none", winner: "attacker" }))).toBe("winner");
    expect(parameterOf(() => grappleContest(held, { declaredBy: "ref" as GrappleSide, winner: "attacker" }))).toBe("declaredBy");
    expect(parameterOf(() => grappleContest({ status: "held", attackerStreak: -1 }, { declaredBy: "none" }))).toBe("state.attackerStreak");
    expect(parameterOf(() => grappleContest({ status: "pinned" as "held", attackerStreak: 0 }, { declaredBy: "none" }))).toBe("state.status");
  });
});

describe("§2.3.7 / §2.3.4 effects on third parties and movement", () => {
  it.each([
    ["free", "attacker", 0, null],
    ["free", "defender", 0, null],
    ["held", "attacker", 4, "opponentGrappling"],
    ["held", "defender", 4, "opponentGrappling"],
    ["immobilised", "attacker", 4, "opponentGrappling"],
    ["immobilised", "defender", 6, "opponentImmobilised"],
  ] as const)("%s, attacking the %s: +%i", (status, side, bonus, position) => {
    const state: GrappleState = { status, attackerStreak: 0 };
    expect(grappleAdvantage(state, side)).toBe(bonus);
    expect(grappleAdvantagePosition(state, side)).toBe(position);
  });

  it("nobody involved can move", () => {
    expect(canMove(FREE)).toBe(true);
    expect(canMove(held)).toBe(false);
    expect(canMove({ status: "immobilised", attackerStreak: 2 })).toBe(false);
  });

  it("rejects a bad side", () => {
    expect(parameterOf(() => grappleAdvantage(held, "referee" as GrappleSide))).toBe("side");
  });
});
