/**
 * The one-value forms the preparation uses (resolveOption, encumbranceLevelOnly, skillGradeFrom) read the rules
 * exactly as the full forms do, errors included.
 */
import { describe, expect, it } from "vitest";
import { encumbranceLevel, encumbranceLevelOnly } from "../../src/rules/advanced/encumbrance.js";
import { DEFAULT_RULES_OPTIONS, resolveOption, resolveOptions, type RulesOptions } from "../../src/rules/options.js";
import { skillGradeBreakdown, skillGradeFrom } from "../../src/rules/skill.js";
import { CHARACTERISTICS } from "../../src/rules/types.js";
import { rulesErrorOf } from "./rules-error.js";

const KEYS = Object.keys(DEFAULT_RULES_OPTIONS) as (keyof RulesOptions)[];

describe("resolveOption: one option as resolveOptions gives it", () => {
  // An inherited key is not the caller's own, nor is a hidden one; an own key holding undefined is copied by the spread.
  const inherited: Partial<RulesOptions> = {};
  Object.setPrototypeOf(inherited, { reflexesRounding: "halfUp" });
  const hidden: Partial<RulesOptions> = {};
  Object.defineProperty(hidden, "stunRule", { value: true, enumerable: false });
  const cases: Partial<RulesOptions>[] = [
    {},
    { reflexesRounding: "halfUp", thrownSpearRangeFromStrength: false },
    { ...DEFAULT_RULES_OPTIONS, grazingHits: true },
    { reflexesRounding: undefined },
    inherited,
    hidden,
  ];
  it.each(cases.map((c, i) => [i, c] as const))("case %i", (_i, options) => {
    const all = resolveOptions(options);
    for (const key of KEYS) expect(resolveOption(options, key)).toBe(all[key]);
  });
});

describe("§3.1.5 encumbranceLevelOnly is encumbranceLevel's level", () => {
  it("on every load around each capacity, for several Forza scores", () => {
    for (const strength of [0, 1, 4, 7, 12]) {
      for (const kg of [0, 0.5, 3.9, 4, 4.1, 16, 27.9, 28, 28.1, 112, 140, 140.01, 1000]) {
        expect(encumbranceLevelOnly(strength, kg)).toBe(encumbranceLevel(strength, kg).level);
      }
    }
  });

  it("refuses what encumbranceLevel refuses, naming the same parameter", () => {
    for (const [strength, kg] of [[-1, 10], [2.5, 10], [7, -1], [7, Number.NaN]] as const) {
      expect(rulesErrorOf(() => encumbranceLevelOnly(strength, kg)).parameter).toBe(rulesErrorOf(() => encumbranceLevel(strength, kg)).parameter);
    }
  });
});

describe("§1.3.2 skillGradeFrom is skillGradeBreakdown with its inputs one by one", () => {
  it("for each reference characteristic, with and without an armour shortfall", () => {
    for (const reference of CHARACTERISTICS) {
      for (const [characteristic, bought, earned, shortfall] of [[7, 5, 0, 0], [3, 2, 1, 4], [0, 0, 0, 2], [12, 10, 3, 1]] as const) {
        expect(skillGradeFrom(characteristic, bought, earned, reference, shortfall)).toEqual(
          skillGradeBreakdown({ characteristic, bought, earned, referenceCharacteristic: reference, armourShortfall: shortfall }),
        );
      }
    }
  });

  it("refuses what skillGradeBreakdown refuses, naming the same parameter", () => {
    expect(rulesErrorOf(() => skillGradeFrom(-1, 0, 0, "dexterity", 0)).parameter).toBe("characteristic");
    expect(rulesErrorOf(() => skillGradeFrom(7, 1.5, 0, "dexterity", 0)).parameter).toBe("bought");
    expect(rulesErrorOf(() => skillGradeFrom(7, 1, 0, "luck" as unknown as "dexterity", 0)).parameter).toBe("referenceCharacteristic"); // a name no schema gives
  });
});
