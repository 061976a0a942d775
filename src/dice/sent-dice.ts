/**
 * Dice another client says it rolled. A player rolls on their own client (their dice, their animation) and sends the
 * Roll's JSON; the GM's client rebuilds it and accepts it only when its dice are exactly those the expected formula
 * rolls: the same number of dice terms, each with the same count and faces, every result a whole number on that die.
 * The total is never taken from the sender: the rules make it from these dice.
 */

/** The dice terms a formula rolls, as [count, faces] pairs, read from an unevaluated Roll. */
export function expectedDice(formula: string, data: Record<string, unknown> = {}): [number, number][] | null {
  try {
    const roll = new foundry.dice.Roll(formula, data);
    return roll.dice.map((term) => [term.number ?? 0, term.faces ?? 0]);
  } catch {
    return null;
  }
}

const isFace = (value: unknown, faces: number): value is number => typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= faces;

/**
 * The active results of a sent roll, term by term, or null when it is not a roll of exactly `expected` dice
 * (forged faces, a missing or extra die, an unevaluated roll, or JSON that is no Roll at all).
 */
export function sentDice(json: unknown, expected: readonly [number, number][]): number[][] | null {
  if (typeof json !== "object" || json === null) return null;
  const roll = rebuild(json);
  if (!roll) return null;
  // An unevaluated term has no results, so the count check below also refuses unevaluated rolls.
  if (roll.dice.length !== expected.length) return null;
  const out: number[][] = [];
  for (const [i, term] of roll.dice.entries()) {
    const want = expected[i];
    if (!want || term.number !== want[0] || term.faces !== want[1]) return null;
    const active = term.results.filter((r) => r.active !== false);
    if (active.length !== want[0] || term.results.length !== want[0]) return null;
    const values = active.map((r) => r.result);
    if (!values.every((v) => isFace(v, want[1]))) return null;
    out.push(values);
  }
  return out;
}

interface SentTerm { number?: number | undefined; faces?: number | undefined; results: { result: number; active?: boolean | undefined }[] }

/** The dice terms of a rebuilt roll (only what the checks read). */
function rebuild(json: object): { dice: SentTerm[] } | null {
  try {
    // fromData takes Roll JSON; whatever the sender put in it is checked term by term by the caller.
    const roll = foundry.dice.Roll.fromData(json as Roll.Data);
    return { dice: roll.dice };
  } catch {
    return null;
  }
}

/** A 2D10 roll sent by a player (attack or defence), or null. */
export function sentTwoD10(json: unknown): [number, number] | null {
  const dice = sentDice(json, [[2, 10]])?.[0];
  return dice?.length === 2 && dice[0] !== undefined && dice[1] !== undefined ? [dice[0], dice[1]] : null;
}
