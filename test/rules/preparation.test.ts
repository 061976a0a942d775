/** §2.2.6, §2.4.1 and A-08: how many Preparation maneuvers drawing and reloading take, for every row of the weapon table. */
import { describe, expect, it } from "vitest";
import { WEAPON_KEYS, WEAPON_TABLE } from "../../src/rules/weapons.js";
import { advancePreparation, preparationsNeeded, preparationsToDraw, preparationsToReload } from "../../src/rules/preparation.js";
import { parameterOf } from "./rules-error.js";

const modeOf = (key: (typeof WEAPON_KEYS)[number]) => ({ magazine: WEAPON_TABLE[key].shots, preparation: WEAPON_TABLE[key].preparation });

describe("A-08 drawing takes one Preparation; P counts the further ones", () => {
  it.each(WEAPON_KEYS.map((k) => [k]))("%s: drawn with one Preparation", (key) => {
    expect(preparationsToDraw(modeOf(key))).toBe(1);
    expect(preparationsNeeded(modeOf(key), "draw")).toBe(1);
  });

  it("a setting module's weapon without a magazine and P 2 needs those two after drawing: 3", () => {
    expect(preparationsToDraw({ magazine: null, preparation: 2 })).toBe(3);
  });

  it("a magazine weapon's P is its reload, not part of drawing", () => {
    expect(preparationsToDraw({ magazine: 12, preparation: 3 })).toBe(1);
  });
});

describe("§2.4.1 reloading a magazine takes P Preparations", () => {
  it.each(WEAPON_KEYS.map((k) => [k, WEAPON_TABLE[k].shots === null ? null : WEAPON_TABLE[k].preparation]))("%s: reload %s", (key, expected) => {
    expect(preparationsToReload(modeOf(key))).toBe(expected);
    expect(preparationsNeeded(modeOf(key), "reload")).toBe(expected);
  });

  it("the pistol: 3 (both modes)", () => {
    expect(preparationsToReload(modeOf("pistolOneHanded"))).toBe(3);
    expect(preparationsToReload(modeOf("pistolTwoHanded"))).toBe(3);
  });

  it("a magazine with P 0 still takes the one Preparation declared for it", () => {
    expect(preparationsToReload({ magazine: 6, preparation: 0 })).toBe(1);
  });

  it("a negative or fractional P is refused", () => {
    expect(parameterOf(() => preparationsToReload({ magazine: 6, preparation: -1 }))).toBe("preparation");
    expect(parameterOf(() => preparationsToDraw({ magazine: null, preparation: 1.5 }))).toBe("preparation");
  });
});

describe("§2.2.6 counting Preparations toward a purpose", () => {
  it("the pistol's reload: 1/3, 2/3, then 3/3 loaded", () => {
    expect(advancePreparation(0, 3)).toEqual({ done: 1, complete: false });
    expect(advancePreparation(1, 3)).toEqual({ done: 2, complete: false });
    expect(advancePreparation(2, 3)).toEqual({ done: 3, complete: true });
  });

  it("drawing: one and done", () => {
    expect(advancePreparation(0, 1)).toEqual({ done: 1, complete: true });
  });

  it("a count already complete starts again: the second reload of the fight", () => {
    expect(advancePreparation(3, 3)).toEqual({ done: 1, complete: false });
    expect(advancePreparation(5, 3)).toEqual({ done: 1, complete: false });
  });

  it("needing none, or a negative count, is refused", () => {
    expect(parameterOf(() => advancePreparation(0, 0))).toBe("needed");
    expect(parameterOf(() => advancePreparation(-1, 3))).toBe("done");
  });
});
