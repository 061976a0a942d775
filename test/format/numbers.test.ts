/** Issue 21: numbers as the user's language writes them (Intl), and modifiers with a real minus sign. */
import { describe, expect, it } from "vitest";
import { percent, signed, tenths } from "../../src/format/numbers.js";

describe("numbers on screen", () => {
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
