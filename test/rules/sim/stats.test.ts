import { describe, expect, it } from "vitest";
import { rejects } from "../rules-error.js";
import { meanInterval, wilsonInterval } from "../../../src/rules/sim/stats.js";

describe("Wilson 95 % interval", () => {
  it.each([
    // count, of, low, high (textbook values)
    [5, 10, 0.2366, 0.7634],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [50, 100, 0.4038, 0.5962],
    [1, 1000, 0.0002, 0.0056],
  ])("%i of %i → [%f, %f]", (count, of, low, high) => {
    const w = wilsonInterval(count, of);
    expect(w.p).toBe(count / of);
    expect(w.low).toBeCloseTo(low, 4);
    expect(w.high).toBeCloseTo(high, 4);
    expect(w.low <= w.p && w.p <= w.high).toBe(true);
  });

  it("is the whole [0, 1] with no fight, and refuses a count above the fights", () => {
    expect(wilsonInterval(0, 0)).toEqual({ count: 0, of: 0, p: 0, low: 0, high: 1 });
    rejects(() => wilsonInterval(3, 2), "count");
  });
});

describe("mean with its 95 % interval", () => {
  it("matches the normal interval of a known sample", () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8];
    const sum = values.reduce((a, b) => a + b, 0);
    const squares = values.reduce((a, b) => a + b * b, 0);
    const m = meanInterval(sum, squares, values.length);
    const sd = Math.sqrt(values.reduce((a, v) => a + (v - 4.5) ** 2, 0) / 7);
    expect(m.mean).toBe(4.5);
    expect(m.high - m.mean).toBeCloseTo((1.96 * sd) / Math.sqrt(8), 3);
    expect(meanInterval(0, 0, 0)).toEqual({ mean: 0, low: 0, high: 0, of: 0 });
    expect(meanInterval(7, 49, 1)).toEqual({ mean: 7, low: 7, high: 7, of: 1 });
  });
});
