/** §3.1.3/§3.1.4 what the Narrator's reaction and recognition tools add to the tables: the Extra's nature and the observer. */
import { describe, expect, it } from "vitest";
import { rejects } from "../rules-error.js";
import { npcReaction, reactionSetup } from "../../../src/rules/advanced/reaction.js";
import { RECOGNITION_OBSERVERS, neverRecognises, recognitionCheck } from "../../../src/rules/advanced/reputation-effects.js";

describe("§3.1.3 reactionSetup", () => {
  it("an animal Extra always takes the −4 of animal intelligence, once, and never the Reputation modifier", () => {
    expect(reactionSetup({ extraIsAnimal: true, modifiers: [], recognised: true, reputation: 14 })).toEqual({ modifiers: ["animalIntelligence"], reputationModifier: 0 });
    expect(reactionSetup({ extraIsAnimal: true, modifiers: ["animalIntelligence", "hatred"], recognised: false, reputation: 0 }).modifiers).toEqual(["animalIntelligence", "hatred"]);
  });

  it("a person adds trunc(Reputazione / 5) only when he recognised the Protagonist (A-26)", () => {
    expect(reactionSetup({ extraIsAnimal: false, modifiers: ["similarCulture"], recognised: true, reputation: 14 })).toEqual({ modifiers: ["similarCulture"], reputationModifier: 2 });
    expect(reactionSetup({ extraIsAnimal: false, modifiers: [], recognised: true, reputation: -14 }).reputationModifier).toBe(-2);
    expect(reactionSetup({ extraIsAnimal: false, modifiers: [], recognised: false, reputation: 20 }).reputationModifier).toBe(0);
  });

  it("a Protagonist with Fascino 7 rolls 4 before a wolf: 7 + 4 − 4 = 7, a bad reaction", () => {
    const setup = reactionSetup({ extraIsAnimal: true, modifiers: [], recognised: false, reputation: 10 });
    expect(npcReaction({ charm: 7, d6: 4, ...setup })).toEqual({ total: 7, band: "bad", situationModifier: -4, reputationModifier: 0 });
  });

  it("rejects an unknown modifier and a Reputazione out of range", () => {
    rejects(() => reactionSetup({ extraIsAnimal: false, modifiers: ["bribe" as "hatred"], recognised: false, reputation: 0 }), "modifiers[0]");
    rejects(() => reactionSetup({ extraIsAnimal: false, modifiers: [], recognised: true, reputation: 21 }), "reputation");
  });
});

describe("§3.1.4 observers", () => {
  it("only a person of a known people can recognise; animals, unknown peoples and alien races never do", () => {
    expect(RECOGNITION_OBSERVERS.filter((o) => !neverRecognises(o))).toEqual(["person"]);
    expect(recognitionCheck({ fame: 12, neverRecognises: neverRecognises("animal") })).toEqual({ recognised: false, total: null, modifier: 0 });
    rejects(() => neverRecognises("robot" as "person"), "observer");
  });
});
