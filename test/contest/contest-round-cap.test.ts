/**
 * Regression: the card's reader and writer share one cap on rounds (MAX_CONTEST_ROUNDS), so a reroll the writer accepts
 * always leaves a card the reader still reads, and at the cap the Narrator's reroll is refused with a warning instead
 * of leaving a dead card (§1.7.5: an intermediate outcome stays open).
 */
import { describe, expect, it } from "vitest";
import { MAX_CONTEST_ROUNDS, readContestState, withTieChoice, type ContestRound, type ContestState } from "../../src/contest/contest-card.js";

const roll = { dice: [5, 5] as [number, number], grade: 7, modifiers: 0, conditionPenalty: 0, condition: "normal" as const, experience: 7, total: 17 };
const tie: ContestRound = { a: roll, b: roll, result: { outcome: "tie" } };
const side = (id: string) => ({ actorUuid: `Actor.${id}`, name: id, kind: "characteristic" as const, skillId: null, characteristic: "strength" as const, label: "", modifiers: 0 });
const tied = (rounds: number): ContestState => ({ version: 1, a: side("a"), b: side("b"), advantaged: null, rounds: Array.from({ length: rounds }, () => tie), settled: null, increments: null });

describe("a long run of ties", () => {
  it("a reroll the writer accepts leaves a card the reader still reads", () => {
    const state = tied(50);
    expect(readContestState(state)).not.toBeNull();
    const next = withTieChoice(state, "reroll");
    expect(next.ok).toBe(true);
    if (next.ok) expect(readContestState(next.state)).not.toBeNull();
  });

  it("at the cap the reroll is refused, the intermediate outcome still settles it, and one round more is no card", () => {
    const full = tied(MAX_CONTEST_ROUNDS);
    expect(readContestState(full)).not.toBeNull();
    expect(withTieChoice(full, "reroll")).toEqual({ ok: false, reason: "tooManyRounds" });
    const ended = withTieChoice(full, "intermediate");
    expect(ended.ok && readContestState(ended.state)?.settled).toEqual({ outcome: "intermediate" });
    expect(readContestState(tied(MAX_CONTEST_ROUNDS + 1))).toBeNull();
    const almost = withTieChoice(tied(MAX_CONTEST_ROUNDS - 1), "reroll");
    expect(almost.ok && readContestState(almost.state)?.rounds.length).toBe(MAX_CONTEST_ROUNDS);
  });
});
