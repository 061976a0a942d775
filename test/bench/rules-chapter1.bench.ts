import { bench, describe } from "vitest";
import { deriveParameters } from "../../src/rules/characteristics.js";
import { conditionOf } from "../../src/rules/condition.js";
import { attackHitProbability } from "../../src/rules/odds.js";

// Budget: each bench body (10,000 evaluations) should take ≤ 20 ms.
const N = 10_000;

/** Deterministic pseudo-random integers in [0, span), so every run measures the same work. */
function sequence(seed: number, span: number): number[] {
  let x = seed;
  return Array.from({ length: N }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % span;
  });
}

const strengths = sequence(1, 15).map((v) => v + 1);
const dexterities = sequence(2, 15);
const perceptions = sequence(3, 15);
const shortfalls = sequence(4, 4);
const wounds = sequence(5, 40);
const fatigues = sequence(6, 40);
const attackBonuses = sequence(7, 30).map((v) => v - 5);
const defenceBonuses = sequence(8, 30).map((v) => v - 5);

describe("chapter 1 rules on 10,000 actors", () => {
  bench("derived parameters + condition", () => {
    for (let i = 0; i < N; i++) {
      const derived = deriveParameters(
        { strength: strengths[i] ?? 7, dexterity: dexterities[i] ?? 7, perception: perceptions[i] ?? 7 },
        { armourShortfall: shortfalls[i] ?? 0 },
      );
      conditionOf({ wounds: wounds[i] ?? 0, fatigue: fatigues[i] ?? 0 }, derived.resistance);
    }
  });

  bench("attack hit odds for 10,000 attack/defence pairs", () => {
    for (let i = 0; i < N; i++) {
      attackHitProbability({ attackBonus: attackBonuses[i] ?? 0, defenceBonus: defenceBonuses[i] ?? 0, grazing: true });
    }
  });
});
