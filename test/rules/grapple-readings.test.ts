import { describe, expect, it } from "vitest";
import { grappleDefenceLimits, grappleIdleTurn, withGrappleAdvantage } from "../../src/rules/grapple.js";
import { advantageBonus } from "../../src/rules/attack.js";

describe("§2.3.7 (A-19) the readings the grapple tools use", () => {
  it("the hold's advantage row replaces any grapple row ticked by hand: +6, never +10", () => {
    const rows = withGrappleAdvantage(["opponentGrappling", "behindOpponent"], "opponentImmobilised");
    expect(rows).toEqual(["behindOpponent", "opponentImmobilised"]);
    expect(advantageBonus(rows, "attack")).toBe(7);
    expect(withGrappleAdvantage(["opponentGrappling"], null)).toEqual(["opponentGrappling"]);
    expect(() => withGrappleAdvantage([], "behindOpponent")).toThrow();
  });

  it("A-19d a grappler's defence counts neither Difesa nor a dive; a free one both", () => {
    expect(grappleDefenceLimits({ status: "immobilised", attackerStreak: 2 })).toEqual({ defenceManeuver: false, dive: false });
    expect(grappleDefenceLimits({ status: "held", attackerStreak: 0 })).toEqual({ defenceManeuver: false, dive: false });
    expect(grappleDefenceLimits({ status: "free", attackerStreak: 0 })).toEqual({ defenceManeuver: true, dive: true });
  });

  it("A-19a an idle turn keeps the streak by default, breaks it with the setting", () => {
    const held = { status: "held" as const, attackerStreak: 1 };
    expect(grappleIdleTurn(held)).toEqual(held);
    expect(grappleIdleTurn(held, { grappleStreakBrokenByIdleTurn: true })).toEqual({ status: "held", attackerStreak: 0 });
  });
});
