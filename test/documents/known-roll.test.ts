/** Rolls rebuilt from dice rolled elsewhere (src/documents/known-roll.ts): Foundry's stored shape, read back as a Roll. */
import { describe, expect, it } from "vitest";
import { knownDiceRoll, knownRoll } from "../../src/documents/known-roll.js";
import { Roll, type RollJSON } from "../foundry/dice.js";

/** The roll as the database would hand it back: JSON, rebuilt. */
const reloaded = (roll: unknown): Roll => Roll.fromData(JSON.parse(JSON.stringify((roll as Roll).toJSON())) as RollJSON);

describe("knownRoll", () => {
  it("sums of dice and whole numbers, the card's minus sign included, with their dice and total", () => {
    for (const [formula, dice, total] of [
      ["2d10 + 12", [3, 9], 24],
      ["2d10 − 3", [3, 9], 9],
      ["4d6 - 2", [1, 2, 3, 4], 8],
      ["7 - 1d6", [5], 2],
      ["1d10", [10], 10],
    ] as const) {
      const roll = reloaded(knownRoll(formula, dice));
      expect(roll.dice.flatMap((d) => d.values), formula).toEqual(dice);
      expect(roll.total, formula).toBe(total);
      expect(roll._evaluated).toBe(true);
    }
    expect(reloaded(knownDiceRoll(10, [4, 9])).formula).toBe("2d10");
  });

  it("no Roll for dice that do not fit the formula, or a formula of another shape", () => {
    expect(knownRoll("2d10 + 12", [3])).toBeNull();
    expect(knownRoll("2d10 + 12", [3, 11])).toBeNull();
    expect(knownRoll("2d10", [3, 4, 5])).toBeNull();
    expect(knownRoll("2d10kh1", [3, 4])).toBeNull();
    expect(knownRoll("2d10 +", [3, 4])).toBeNull();
    expect(knownRoll("(2d10)*2", [3, 4])).toBeNull();
  });
});
