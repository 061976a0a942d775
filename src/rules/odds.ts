import { int, RulesError } from "./errors.js";
import { checkThreshold } from "./check.js";
import type { CheckSetup } from "./check.js";
import { resolveOptions } from "./options.js";
import type { RulesOptions } from "./options.js";

/** §1.7.1 outcomes of 2D10 (10 × 10) and of an attack roll against a defence roll (100 × 100). */
export const TWO_D10_OUTCOMES = 100;
export const ATTACK_DEFENCE_OUTCOMES = TWO_D10_OUTCOMES * TWO_D10_OUTCOMES;

/** One sum of 2D10 with the number of ways to roll it out of 100. */
export interface TwoD10Entry {
  sum: number;
  ways: number;
  probability: number;
}

/** §1.7.1 the 2D10 distribution: sums 2…20 rolled in 1, 2, …, 10, …, 2, 1 ways out of 100. */
export const TWO_D10_DISTRIBUTION: readonly Readonly<TwoD10Entry>[] = Object.freeze(
  Array.from({ length: 19 }, (_, i) => {
    const sum = i + 2;
    const ways = 10 - Math.abs(sum - 11);
    return Object.freeze({ sum, ways, probability: ways / TWO_D10_OUTCOMES });
  }),
);

// AT_LEAST[n] = ways (out of 100) that 2D10 ≥ n, for n = 0…21.
const AT_LEAST: readonly number[] = (() => {
  const table = new Array<number>(22).fill(0);
  let running = 0;
  for (let n = 21; n >= 0; n--) {
    running += TWO_D10_DISTRIBUTION.find((e) => e.sum === n)?.ways ?? 0;
    table[n] = running;
  }
  return table;
})();

// DIFF_AT_LEAST[k + 19] = ways (out of 10,000) that attack dice − defence dice ≥ k, for k = −19…19.
const DIFF_OFFSET = 19;
const DIFF_AT_LEAST: readonly number[] = (() => {
  const exact = new Array<number>(2 * DIFF_OFFSET + 1).fill(0);
  for (const a of TWO_D10_DISTRIBUTION) {
    for (const d of TWO_D10_DISTRIBUTION) {
      const i = a.sum - d.sum + DIFF_OFFSET;
      exact[i] = (exact[i] ?? 0) + a.ways * d.ways;
    }
  }
  const table = new Array<number>(exact.length).fill(0);
  let running = 0;
  for (let i = exact.length - 1; i >= 0; i--) {
    running += exact[i] ?? 0;
    table[i] = running;
  }
  return table;
})();

/** §1.7.1 ways out of 100 that 2D10 shows exactly `sum`. */
export function waysToRoll(sum: number): number {
  const n = int("sum", sum);
  return n < 2 || n > 20 ? 0 : 10 - Math.abs(n - 11);
}

/** §1.7.1 ways out of 100 that 2D10 ≥ n (exact; n ≤ 2 → 100, n > 20 → 0). */
export function waysAtLeast(n: number): number {
  const k = int("n", n);
  return AT_LEAST[Math.min(21, Math.max(0, k))] ?? 0;
}

/** §1.7.1 probability that 2D10 ≥ n, the right-hand column of the table. */
export function probabilityAtLeast(n: number): number {
  return waysAtLeast(n) / TWO_D10_OUTCOMES;
}

/**
 * §1.7.1 probability that a check succeeds: P(2D10 > T), T = difficulty − grade − modifiers.
 * Also the hit chance against a static target (§2.3.5), with the attack bonus as grade + modifiers.
 */
export function checkSuccessProbability(setup: CheckSetup): number {
  return probabilityAtLeast(checkThreshold(setup) + 1);
}

/** Exact attack odds out of 10,000, or as probabilities: `hit` = `clean` + `grazing`, `hit` + `miss` = whole. */
export interface AttackOdds {
  hit: number;
  clean: number;
  grazing: number;
  miss: number;
}

/** Everything added to each side's 2D10 (grades and all modifiers). */
export interface AttackOddsInput {
  attackBonus: number;
  defenceBonus: number;
  /** §3.2.7 optional rule: a tie is a grazing hit. Defaults to `options.grazingHits`. */
  grazing?: boolean;
}

/** §2.3.3, §3.2.7 exact attack odds counted out of the 10,000 dice pairs. */
export function attackHitWays(input: AttackOddsInput, options: Partial<RulesOptions> = {}): AttackOdds {
  const attack = int("attackBonus", input.attackBonus);
  const defence = int("defenceBonus", input.defenceBonus);
  const grazingRule: unknown = input.grazing ?? resolveOptions(options).grazingHits; // JavaScript callers may pass anything
  if (typeof grazingRule !== "boolean") throw new RulesError("grazing", grazingRule, "true or false");
  // The attack hits when its dice minus the defence dice reach k (a tie goes to the attacker).
  const k = defence - attack;
  const atLeast = (m: number): number =>
    m < -DIFF_OFFSET ? ATTACK_DEFENCE_OUTCOMES : (DIFF_AT_LEAST[Math.min(m, DIFF_OFFSET) + DIFF_OFFSET] ?? 0);
  const hit = atLeast(k);
  const clean = grazingRule ? atLeast(k + 1) : hit;
  return { hit, clean, grazing: hit - clean, miss: ATTACK_DEFENCE_OUTCOMES - hit };
}

/** §2.3.3 P(attack total ≥ defence total) — ties hit — with the grazing share when §3.2.7 is in use. */
export function attackHitProbability(input: AttackOddsInput, options: Partial<RulesOptions> = {}): AttackOdds {
  const ways = attackHitWays(input, options);
  return {
    hit: ways.hit / ATTACK_DEFENCE_OUTCOMES,
    clean: ways.clean / ATTACK_DEFENCE_OUTCOMES,
    grazing: ways.grazing / ATTACK_DEFENCE_OUTCOMES,
    miss: ways.miss / ATTACK_DEFENCE_OUTCOMES,
  };
}
