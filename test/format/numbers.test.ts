/** Issue 21: numbers as the user's language writes them (Intl), and modifiers with a real minus sign. */
import { describe, expect, it } from "vitest";
import { kilograms, percent, signed, tenths } from "../../src/format/numbers.js";
import { slugAsName } from "../../src/format/skill-slug.js";

describe("numbers on screen", () => {
  it("a skill's short name read as a name: underscores and dashes are spaces, the first letter a capital", () => {
    expect(slugAsName("armi_da_mischia")).toBe("Armi da mischia");
    expect(slugAsName("pronto-soccorso")).toBe("Pronto soccorso");
    expect(slugAsName("_")).toBe("_");
  });

  it("kilograms: to two decimals at most, the decimal mark of the language, no float noise", () => {
    expect(kilograms(10.2, "it")).toBe("10,2");
    expect(kilograms(10.2, "en")).toBe("10.2");
    expect(kilograms(0.1 + 0.2, "it")).toBe("0,3");
    expect(kilograms(1.255, "en")).toBe("1.26");
    expect(kilograms(1200, "it")).toBe("1200");
    expect(kilograms(0, "en")).toBe("0");
  });

  it("percents: whole, in the user's language, no '72 %' in English", () => {
    expect(percent(0.7249, "en")).toBe("72%");
    expect(percent(0.725, "it")).toBe("73%");
    expect(percent(0, "it")).toBe("0%");
    expect(percent(1, "en")).toBe("100%");
  });

  it("measures to a tenth: a decimal comma in Italian, a point in English, no trailing zero", () => {
    expect(tenths(4.5, "it")).toBe("4,5");
    expect(tenths(4.5, "en")).toBe("4.5");
    expect(tenths(12, "it")).toBe("12");
    expect(tenths(7.26, "it")).toBe("7,3");
    // A mean beside its interval keeps its tenth.
    expect(tenths(6, "it", true)).toBe("6,0");
    expect(tenths(6, "en", true)).toBe("6.0");
  });

  it("modifiers carry a real minus sign", () => {
    expect(signed(3)).toBe("+3");
    expect(signed(-2)).toBe("−2");
    expect(signed(0)).toBe("0");
  });
});
