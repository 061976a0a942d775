import { describe, it, expect } from "vitest";
import { parameterOf } from "./rules-error.js";
import { fixedRoller } from "../../src/rules/dice.js";
import { MANEUVERS } from "../../src/rules/types.js";
import type { DiceRoller, ManeuverKey } from "../../src/rules/types.js";
import {
  TIE_BREAK_FACES,
  declarationOrder,
  executionOrder,
  executionValue,
  rollTieBreaks,
  tieGroups,
} from "../../src/rules/initiative.js";
import type { ExecutionEntry } from "../../src/rules/initiative.js";


/** Deterministic PRNG (mulberry32) so the property test is reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ids = (xs: readonly { id: string }[]): string[] => xs.map((x) => x.id);

describe("§2.1.1 executionValue", () => {
  it.each([
    [8, "defence", 12],
    [8, "attack", 10],
    [8, "execution", 8],
    [8, "focus", 8],
    [8, "movement", 8],
    [8, "preparation", 8],
    [0, "defence", 4],
  ] as const)("REF %i + %s = %i", (reflexes, maneuver, expected) => {
    expect(executionValue(reflexes, maneuver)).toBe(expected);
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => executionValue(-1, "attack"))).toBe("reflexes");
    expect(parameterOf(() => executionValue(7.5, "attack"))).toBe("reflexes");
    expect(parameterOf(() => executionValue(7, "wait" as ManeuverKey))).toBe("maneuver");
  });
});

describe("§2.1.1 tie-break (A-32)", () => {
  it("groups ids by equal Riflessi, lowest Riflessi first, singletons left out", () => {
    const groups = tieGroups([
      { id: "a", reflexes: 8 },
      { id: "b", reflexes: 7 },
      { id: "c", reflexes: 8 },
      { id: "d", reflexes: 5 },
      { id: "e", reflexes: 7 },
    ]);
    expect(groups).toEqual([
      ["b", "e"],
      ["a", "c"],
    ]);
  });

  it("rolls 1D10 each; the higher roll gets the higher rank", () => {
    const calls: [number, number][] = [];
    const base = fixedRoller([3, 9]);
    const roller: DiceRoller = (count, faces) => {
      calls.push([count, faces]);
      return base(count, faces);
    };
    const result = rollTieBreaks([["bill", "sonny"]], roller);
    expect(calls).toEqual([[2, TIE_BREAK_FACES]]);
    expect(result.ranks).toEqual({ bill: 1, sonny: 2 });
    expect(result.rolls).toEqual({ bill: [3], sonny: [9] });
  });

  it("rerolls only the combatants still tied", () => {
    // a 5, b 5, c 2 → a and b reroll: a 1, b 7.
    const result = rollTieBreaks([["a", "b", "c"]], fixedRoller([5, 5, 2, 1, 7]));
    expect(result.ranks).toEqual({ c: 1, a: 2, b: 3 });
    expect(result.rolls).toEqual({ a: [5, 1], b: [5, 7], c: [2] });
  });

  it("ranks several groups independently and keeps ranks 1…n per group", () => {
    const result = rollTieBreaks(
      [
        ["x", "y"],
        ["p", "q", "r"],
      ],
      fixedRoller([4, 4, 4, 6, 10, 1, 2, 3, 3, 9]),
    );
    // x/y tie 4/4, then 4/6 → y faster. p/q/r: 10, 1, 2 → distinct.
    expect(result.ranks).toEqual({ x: 1, y: 2, q: 1, r: 2, p: 3 });
  });

  it("rejects duplicated ids, empty ids and out-of-range dice; stops a roller that never breaks the tie", () => {
    expect(parameterOf(() => rollTieBreaks([["a", "a"]], fixedRoller([1, 2])))).toBe("groups[0][1]");
    expect(parameterOf(() => rollTieBreaks([["a"], ["a", "b"]], fixedRoller([1, 2])))).toBe("groups[1][0]");
    expect(parameterOf(() => rollTieBreaks([["", "b"]], fixedRoller([1, 2])))).toBe("groups[0][0]");
    expect(parameterOf(() => rollTieBreaks([["a", "b"]], () => [0, 11]))).toBe("tieBreakRoll[a]");
    expect(() => rollTieBreaks([["a", "b"]], () => [5, 5])).toThrow(/broken/);
  });
});

describe("§2.1.1 declarationOrder", () => {
  it("ascending Riflessi; the tie-break loser declares first", () => {
    const order = declarationOrder([
      { id: "fast", reflexes: 9, tieBreak: 0 },
      { id: "winner", reflexes: 8, tieBreak: 2 },
      { id: "loser", reflexes: 8, tieBreak: 1 },
      { id: "slow", reflexes: 5, tieBreak: 0 },
    ]);
    expect(ids(order)).toEqual(["slow", "loser", "winner", "fast"]);
  });

  it("rejects unresolved ties, duplicate ids and bad numbers", () => {
    expect(
      parameterOf(() =>
        declarationOrder([
          { id: "a", reflexes: 8, tieBreak: 0 },
          { id: "b", reflexes: 8, tieBreak: 0 },
        ]),
      ),
    ).toBe("combatants[1].tieBreak");
    expect(
      parameterOf(() =>
        declarationOrder([
          { id: "a", reflexes: 8, tieBreak: 0 },
          { id: "a", reflexes: 7, tieBreak: 0 },
        ]),
      ),
    ).toBe("combatants[1].id");
    expect(parameterOf(() => declarationOrder([{ id: "a", reflexes: Number.NaN, tieBreak: 0 }]))).toBe("combatants[0].reflexes");
    expect(parameterOf(() => declarationOrder([{ id: "a", reflexes: 7, tieBreak: -1 }]))).toBe("combatants[0].tieBreak");
  });
});

describe("§2.1.1–§2.1.2 executionOrder", () => {
  it("descending Riflessi + initiative", () => {
    const order = executionOrder([
      { id: "mover", reflexes: 9, tieBreak: 0, maneuver: "movement" },
      { id: "defender", reflexes: 6, tieBreak: 0, maneuver: "defence" },
      { id: "attacker", reflexes: 7, tieBreak: 0, maneuver: "attack" },
    ]);
    expect(ids(order)).toEqual(["defender", "mover", "attacker"]);
    expect(order.map((s) => s.value)).toEqual([10, 9, 9]);
  });

  it("held actions first, among them higher Riflessi then tie-break, whatever their maneuver", () => {
    const order = executionOrder([
      { id: "defence", reflexes: 9, tieBreak: 0, maneuver: "defence" },
      { id: "heldSlow", reflexes: 5, tieBreak: 0, maneuver: "attack", held: true },
      { id: "heldTieLoser", reflexes: 7, tieBreak: 1, maneuver: "execution", held: true },
      { id: "heldTieWinner", reflexes: 7, tieBreak: 2, maneuver: "preparation", held: true },
    ]);
    expect(ids(order)).toEqual(["heldTieWinner", "heldTieLoser", "heldSlow", "defence"]);
    expect(order.map((s) => s.held)).toEqual([true, true, true, false]);
  });

  it("surprised combatants are left out only in the first turn (§3.2.1)", () => {
    const entries: ExecutionEntry[] = [
      { id: "jack", reflexes: 8, tieBreak: 2, maneuver: "attack", surprised: true },
      { id: "creature", reflexes: 8, tieBreak: 1, maneuver: "attack" },
    ];
    expect(ids(executionOrder(entries, { firstTurn: true }))).toEqual(["creature"]);
    expect(ids(executionOrder(entries, { firstTurn: false }))).toEqual(["jack", "creature"]);
    expect(ids(executionOrder(entries))).toEqual(["jack", "creature"]);
  });

  it("declaredIndex, when every entry has one, decides ties: the later declarer first", () => {
    const order = executionOrder([
      { id: "a", reflexes: 9, tieBreak: 0, maneuver: "attack", declaredIndex: 0 },
      { id: "b", reflexes: 7, tieBreak: 0, maneuver: "defence", declaredIndex: 1 },
    ]);
    expect(ids(order)).toEqual(["b", "a"]);
  });

  it("rejects unresolved ties between entries", () => {
    expect(
      parameterOf(() =>
        executionOrder([
          { id: "a", reflexes: 8, tieBreak: 1, maneuver: "attack" },
          { id: "b", reflexes: 8, tieBreak: 1, maneuver: "defence" },
        ]),
      ),
    ).toBe("entries[1].tieBreak");
  });

  it("rejects partial or duplicated declaredIndex", () => {
    expect(
      parameterOf(() =>
        executionOrder([
          { id: "a", reflexes: 9, tieBreak: 0, maneuver: "attack", declaredIndex: 0 },
          { id: "b", reflexes: 7, tieBreak: 0, maneuver: "defence" },
        ]),
      ),
    ).toBe("entries[1].declaredIndex");
    expect(
      parameterOf(() =>
        executionOrder([
          { id: "a", reflexes: 9, tieBreak: 0, maneuver: "attack", declaredIndex: 1 },
          { id: "b", reflexes: 7, tieBreak: 0, maneuver: "defence", declaredIndex: 1 },
        ]),
      ),
    ).toBe("entries[1].declaredIndex");
    expect(parameterOf(() => executionOrder([{ id: "a", reflexes: 9, tieBreak: 0, maneuver: "wait" as ManeuverKey }]))).toBe("maneuver");
  });

  it("property: a strict total order (antisymmetric, transitive, no ties) over random fights", () => {
    const random = seeded(20250101);
    const pick = (n: number): number => Math.floor(random() * n);
    for (let trial = 0; trial < 200; trial++) {
      const size = 2 + pick(20);
      const used = new Set<string>();
      const entries: ExecutionEntry[] = [];
      for (let i = 0; i < size; i++) {
        const reflexes = 3 + pick(8);
        let tieBreak = pick(4);
        while (used.has(`${String(reflexes)}/${String(tieBreak)}`)) tieBreak++;
        used.add(`${String(reflexes)}/${String(tieBreak)}`);
        const maneuver = MANEUVERS[pick(MANEUVERS.length)] ?? "attack";
        entries.push({ id: `c${String(i)}`, reflexes, tieBreak, maneuver, held: pick(5) === 0 });
      }
      const order = ids(executionOrder(entries));
      expect(new Set(order).size).toBe(size);
      const position = new Map(order.map((id, i) => [id, i]));
      // before(a, b) from the pairwise order alone: sort just the two.
      const before = (a: ExecutionEntry, b: ExecutionEntry): boolean => executionOrder([a, b])[0]?.id === a.id;
      for (const a of entries) {
        for (const b of entries) {
          if (a === b) continue;
          // antisymmetric and total: exactly one of the two precedes.
          expect(before(a, b)).not.toBe(before(b, a));
          // the full order agrees with every pair, which makes it transitive.
          expect(before(a, b)).toBe((position.get(a.id) ?? 0) < (position.get(b.id) ?? 0));
        }
      }
      // the order does not depend on the input order.
      const shuffled = [...entries];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = pick(i + 1);
        // Both indices are within bounds, so the elements exist.
        [shuffled[i], shuffled[j]] = [shuffled[j] as ExecutionEntry, shuffled[i] as ExecutionEntry];
      }
      expect(ids(executionOrder(shuffled))).toEqual(order);
    }
  });

  // Speed is measured by `npm run bench` (test/bench/rules-initiative.bench.ts), not asserted here.
  it("orders 200 combatants, held actions first, each exactly once", () => {
    const entries: ExecutionEntry[] = Array.from({ length: 200 }, (_, i) => ({
      id: `c${String(i)}`,
      reflexes: i % 15,
      tieBreak: Math.floor(i / 15),
      maneuver: MANEUVERS[i % MANEUVERS.length] ?? "attack",
      held: i % 17 === 0,
    }));
    const order = executionOrder(entries);
    expect(order).toHaveLength(200);
    expect(new Set(order.map((s) => s.id)).size).toBe(200);
    const held = order.filter((s) => s.held).length;
    expect(held).toBe(entries.filter((e) => e.held).length);
    expect(order.slice(0, held).every((s) => s.held)).toBe(true);
  });
});
