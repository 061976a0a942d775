import { describe, it, expect } from "vitest";
import { rejects } from "../rules-error.js";
import { REACTION_BANDS, REACTION_MODIFIERS, npcReaction, reactionBand } from "../../../src/rules/advanced/reaction.js";

describe("§3.1.3 reaction bands", () => {
  it.each([
    [-20, "veryBad"],
    [5, "veryBad"],
    [6, "bad"],
    [8, "bad"],
    [9, "neutral"],
    [12, "neutral"],
    [13, "good"],
    [15, "good"],
    [16, "excellent"],
    [40, "excellent"],
  ] as const)("total %i → %s", (total, band) => {
    expect(reactionBand(total)).toBe(band);
  });

  it("the bands are contiguous and cover every total (exhaustive −30…40)", () => {
    expect(REACTION_BANDS.map((b) => [b.band, b.min, b.max])).toEqual([
      ["veryBad", -Infinity, 5],
      ["bad", 6, 8],
      ["neutral", 9, 12],
      ["good", 13, 15],
      ["excellent", 16, Infinity],
    ]);
    const order = REACTION_BANDS.map((b) => b.band);
    let previous = 0;
    for (let t = -30; t <= 40; t++) {
      const index = order.indexOf(reactionBand(t));
      expect(index).toBeGreaterThanOrEqual(previous);
      previous = index;
    }
  });

  it("rejects bad input", () => {
    rejects(() => reactionBand(7.5), "total");
    rejects(() => reactionBand(Number.NaN), "total");
  });
});

describe("§3.1.3 reaction modifiers", () => {
  it.each([
    ["animalIntelligence", -4],
    ["hatred", -4],
    ["peoplesAtOdds", -2],
    ["veryDifferentCulture", -1],
    ["similarCulture", 1],
    ["muchInCommon", 2],
  ] as const)("%s → %i", (key, modifier) => {
    expect(REACTION_MODIFIERS[key]).toBe(modifier);
    expect(npcReaction({ charm: 7, d6: 3, modifiers: [key] }).total).toBe(10 + modifier);
  });

  it("modifiers, GM adjustment and Reputation all add up", () => {
    expect(npcReaction({ charm: 7, d6: 4, modifiers: ["hatred", "muchInCommon"], otherModifier: 1, reputationModifier: 2 })).toEqual({
      total: 12,
      band: "neutral",
      situationModifier: -1,
      reputationModifier: 2,
    });
    expect(npcReaction({ charm: 0, d6: 1, modifiers: ["hatred", "animalIntelligence"] })).toMatchObject({ total: -7, band: "veryBad" });
  });

  it("rejects bad input", () => {
    rejects(() => npcReaction({ charm: -1, d6: 3 }), "charm");
    rejects(() => npcReaction({ charm: 7, d6: 0 }), "d6");
    rejects(() => npcReaction({ charm: 7, d6: 7 }), "d6");
    rejects(() => npcReaction({ charm: 7, d6: 3, modifiers: ["rich" as never] }), "modifiers[0]");
    rejects(() => npcReaction({ charm: 7, d6: 3, otherModifier: 0.5 }), "otherModifier");
    rejects(() => npcReaction({ charm: 7, d6: 3, reputationModifier: 5 }), "reputationModifier");
  });
});
