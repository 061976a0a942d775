import { describe, expect, it } from "vitest";
import { rejects } from "../rules-error.js";
import { DEFENCE_POLICIES, declaresDefence, pickTarget, sidePolicy } from "../../../src/rules/sim/policy.js";

describe("side policies", () => {
  it("fill the defaults and refuse unknown values", () => {
    expect(sidePolicy()).toEqual({ targeting: "focusWeakest", defence: "never" });
    expect(sidePolicy({ defence: "whenHurt" })).toEqual({ targeting: "focusWeakest", defence: "whenHurt" });
    // Cast on purpose: JavaScript callers can pass what the type forbids.
    rejects(() => sidePolicy({ defence: "always" as "never" }), "policy.defence");
  });

  it("declare Difesa exactly as documented", () => {
    const table = DEFENCE_POLICIES.map((p) => [p, [false, true].flatMap((hurt) => [false, true].map((targeted) => declaresDefence(p, hurt, targeted)))]);
    // Columns: (fresh, untargeted) (fresh, targeted) (hurt, untargeted) (hurt, targeted).
    expect(Object.fromEntries(table)).toEqual({
      never: [false, false, false, false],
      whenHurt: [false, false, true, true],
      whenTargeted: [false, true, false, true],
      whenHurtAndTargeted: [false, false, false, true],
    });
  });

  it("pick the enemy closest to falling, or the least attacked one, among those standing", () => {
    const standing = Uint8Array.from([1, 1, 0, 1, 1]);
    const margin = Int32Array.from([0, 9, 1, 4, 4]);
    const declaredOn = Int32Array.from([0, 0, 0, 2, 1]);
    // Enemies are indices 1…4; index 2 is down.
    expect(pickTarget("focusWeakest", 1, 4, standing, margin, declaredOn)).toBe(3);
    expect(pickTarget("spread", 1, 4, standing, margin, declaredOn)).toBe(1);
    declaredOn[1] = 1;
    expect(pickTarget("spread", 1, 4, standing, margin, declaredOn)).toBe(4);
    expect(pickTarget("spread", 1, 4, Uint8Array.from([1, 0, 0, 0, 0]), margin, declaredOn)).toBe(-1);
  });
});
