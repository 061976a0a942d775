import { describe, expect, it } from "vitest";
import { parameterOf } from "./rules-error.js";
import { movementAllowance, withinAllowance } from "../../src/rules/movement.js";

describe("§2.2.5 movementAllowance", () => {
  it("Speed metres on flat ground", () => {
    expect(movementAllowance({ speed: 5 })).toEqual({ metres: 5, reason: "flat", prone: false });
    expect(movementAllowance({ speed: 0 })).toEqual({ metres: 0, reason: "flat", prone: false });
  });

  it("prone: a quarter of Speed, fractional metres kept (A-30)", () => {
    expect(movementAllowance({ speed: 5, prone: true })).toEqual({ metres: 1.25, reason: "prone", prone: true });
    expect(movementAllowance({ speed: 7, prone: true }).metres).toBe(1.75);
  });

  it("§3.2.2 standing up is a Movimento without displacement; a standing character has nothing to get up from", () => {
    expect(movementAllowance({ speed: 5, prone: true, standingUp: true })).toEqual({ metres: 0, reason: "standUp", prone: true });
    expect(movementAllowance({ speed: 5, standingUp: true })).toEqual({ metres: 5, reason: "flat", prone: false });
  });

  it.each([
    [3, "flat", 6],
    [1, "flat", 6],
    [0, "half", 3],
    [-4, "half", 3],
    [-5, "mishap", 0],
    [-11, "mishap", 0],
  ] as const)("adverse-conditions check margin %i → %s, %f m at Speed 6", (checkMargin, reason, metres) => {
    // The half and mishap cases keep the margin, for the tracker and the ruler to say by how much the check failed.
    expect(movementAllowance({ speed: 6, checkMargin })).toEqual({ metres, reason, prone: false, ...(reason === "flat" ? {} : { checkMargin }) });
  });

  it("a narrow failure while prone halves the crawl: an eighth of Speed", () => {
    expect(movementAllowance({ speed: 5, prone: true, checkMargin: -1 })).toEqual({ metres: 0.625, reason: "half", prone: true, checkMargin: -1 });
    expect(movementAllowance({ speed: 5, prone: true, checkMargin: -9 })).toEqual({ metres: 0, reason: "mishap", prone: true, checkMargin: -9 });
  });

  it("§2.3.7 no displacement while grappled or immobilised, whatever else holds", () => {
    expect(movementAllowance({ speed: 6, grappled: true })).toEqual({ metres: 0, reason: "grappled", prone: false });
    expect(movementAllowance({ speed: 6, immobilised: true, grappled: true })).toEqual({ metres: 0, reason: "immobilised", prone: false });
    expect(movementAllowance({ speed: 6, grappled: true, prone: true, standingUp: true })).toEqual({ metres: 0, reason: "grappled", prone: true });
    expect(movementAllowance({ speed: 6, grappled: true, checkMargin: 4 }).reason).toBe("grappled");
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => movementAllowance({ speed: -1 }))).toBe("speed");
    expect(parameterOf(() => movementAllowance({ speed: Number.POSITIVE_INFINITY }))).toBe("speed");
    expect(parameterOf(() => movementAllowance({ speed: 5, checkMargin: 1.5 }))).toBe("checkMargin");
    // Checked even when a grapple makes it moot: a bad value is a caller's bug either way.
    expect(parameterOf(() => movementAllowance({ speed: 5, grappled: true, checkMargin: Number.NaN }))).toBe("checkMargin");
  });
});

describe("§2.2.5 withinAllowance", () => {
  const five = movementAllowance({ speed: 5 });
  const crawl = movementAllowance({ speed: 5, prone: true });
  const held = movementAllowance({ speed: 5, grappled: true });

  it("up to the allowance, not beyond", () => {
    expect(withinAllowance(0, five)).toBe(true);
    expect(withinAllowance(5, five)).toBe(true);
    expect(withinAllowance(5.01, five)).toBe(false);
    expect(withinAllowance(1.25, crawl)).toBe(true);
    expect(withinAllowance(1.5, crawl)).toBe(false);
  });

  it("a measured path a rounding error over the allowance is still within it", () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point, as a ruler's summed segments may be.
    expect(withinAllowance(0.1 + 0.2, movementAllowance({ speed: 1.2, prone: true }))).toBe(true);
  });

  it("a grappler can go nowhere: any displacement is beyond", () => {
    expect(withinAllowance(0, held)).toBe(true);
    expect(withinAllowance(1, held)).toBe(false);
  });

  it("rejects a negative or non-finite path", () => {
    expect(parameterOf(() => withinAllowance(-1, five))).toBe("metres");
    expect(parameterOf(() => withinAllowance(Number.NaN, five))).toBe("metres");
  });
});
