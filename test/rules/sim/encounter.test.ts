import { describe, expect, it } from "vitest";
import { rejects } from "../rules-error.js";
import { createEncounterSimulation, encounterResults, runMoreFights, simulateEncounter } from "../../../src/rules/sim/encounter.js";
import type { EncounterResults, EncounterSetup } from "../../../src/rules/sim/encounter.js";
import { animalFighter } from "../../../src/rules/sim/fighter.js";
import type { EncounterAttackInput, EncounterFighterInput } from "../../../src/rules/sim/fighter.js";
import { wilsonInterval } from "../../../src/rules/sim/stats.js";
import type { ShareEstimate } from "../../../src/rules/sim/stats.js";
import { attackHitWays } from "../../../src/rules/odds.js";
import { applyArmour, convertDamage } from "../../../src/rules/damage.js";
import { conditionOf, conditionPenalty } from "../../../src/rules/condition.js";
import { probabilityAtLeast } from "../../../src/rules/odds.js";
import { rangePenalty } from "../../../src/rules/attack.js";
import { defenceManeuverBonus } from "../../../src/rules/maneuvers.js";
import { damageSpec, WEAPON_TABLE } from "../../../src/rules/weapons.js";
import type { DamageType } from "../../../src/rules/types.js";
import { bear, human, party, wolves } from "./fixtures.js";

/** The simulated share holds the exact value within its 99.99 % Wilson interval (a fixed seed makes it repeatable). */
function expectNear(estimate: ShareEstimate, exact: number): void {
  const wide = wilsonInterval(estimate.count, estimate.of, 3.89);
  expect(wide.low <= exact && exact <= wide.high, `${String(estimate.p)} for exact ${String(exact)}`).toBe(true);
}

/** Every equally likely rolled damage of NdF + c (before armour, never below 0). */
function rolled(dice: number, faces: number, constant: number): number[] {
  let sums = [0];
  for (let d = 0; d < dice; d++) sums = sums.flatMap((s) => Array.from({ length: faces }, (_, f) => s + f + 1));
  return sums.map((s) => Math.max(0, s + constant));
}

/** Exact chances that one hit takes the target down / kills it, through the book's steps one by one. */
function hitFells(rolls: readonly number[], type: DamageType, target: { wounds: number; fatigue: number; resistance: number; armour: number }, halve = false) {
  let down = 0;
  let dead = 0;
  for (const r of rolls) {
    const d = convertDamage(applyArmour(halve ? Math.floor(r / 2) : r, target.armour), type);
    const c = conditionOf({ wounds: target.wounds + d.wounds, fatigue: target.fatigue + d.fatigue }, target.resistance);
    if (c === "collapsed" || c === "dead") down++;
    if (c === "dead") dead++;
  }
  return { down: down / rolls.length, dead: dead / rolls.length };
}

/** P(hit) (clean and grazing) from odds.ts for two bonuses. */
function hit(attackBonus: number, defenceBonus: number, grazing = false) {
  const w = attackHitWays({ attackBonus, defenceBonus, grazing });
  return { clean: w.clean / 10_000, graze: (w.hit - w.clean) / 10_000, hit: w.hit / 10_000 };
}

/** A duel in which only the first combatant can hurt: the second cannot pierce the first's armour. */
function duel(attacker: EncounterFighterInput, target: EncounterFighterInput, extra: Partial<EncounterSetup> = {}): EncounterSetup {
  return { sides: [{ fighters: [{ ...attacker, armour: 100 }] }, { fighters: [target] }], roundLimit: 1, ...extra };
}

const FIGHTS = 20_000;
const knifer = human("a", { weapon: "knifeMelee", grade: 13, reflexes: 9 });
const wounded = { wounds: 18, fatigue: 0, resistance: 28, armour: 0 };
const target = human("b", { wounds: 18 });
/** 18 Ferite of 28 make him Weak (§1.5.2): −2 on his defence rolls too. */
const DEF = 10 - 2;
const knife = rolled(1, 6, 7 - 2);

describe("exactness: one blow decides (compared with odds.ts and the damage steps)", () => {
  it("a knife thrust on a wounded man: P(win) = P(hit) × P(the damage fells him); death and collapse apart", () => {
    const r = simulateEncounter(duel(knifer, target), 1, FIGHTS);
    const p = hit(13, DEF).hit;
    const fells = hitFells(knife, "wounding", wounded);
    expectNear(r.sides[0].wins, p * fells.down);
    expectNear(r.fighters[1]!.dead, p * fells.dead);
    expectNear(r.fighters[1]!.collapsed, p * (fells.down - fells.dead));
    expect(r.stoppedAtRoundLimit.count).toBe(FIGHTS - r.sides[0].wins.count);
    expect(r.rounds.mean).toBe(1);
    expect(fells).toEqual({ down: 4 / 6, dead: 1 / 6 });
  });

  it("§3.2.7 grazing hits: a tie halves the damage before armour", () => {
    const r = simulateEncounter(duel(knifer, target, { options: { grazingHits: true } }), 2, FIGHTS);
    const p = hit(13, DEF, true);
    expectNear(r.sides[0].wins, p.clean * hitFells(knife, "wounding", wounded).down + p.graze * hitFells(knife, "wounding", wounded, true).down);
  });

  it.each([
    // Riflessi of a defender who can only declare Difesa: its slot (R + 4) against the knife's (9 + 2).
    ["8: Difesa executes first and counts (A-29)", 8, defenceManeuverBonus(7)],
    ["7: equal slots, the faster declarer (the attacker) goes first", 7, 0],
    ["5: the attack comes first, no bonus yet", 5, 0],
  ])("§2.1.1 defender with Riflessi %s", (_label, reflexes, bonus) => {
    const r = simulateEncounter(duel(knifer, { ...target, reflexes, attacks: [] }), 3, FIGHTS);
    expectNear(r.sides[0].wins, hit(13, DEF + bonus).hit * hitFells(knife, "wounding", wounded).down);
  });

  it("§3.2.1 a surprised defender rolls at −2 in the first turn", () => {
    const r = simulateEncounter(duel(knifer, { ...target, surprised: true }), 4, FIGHTS);
    expectNear(r.sides[0].wins, hit(13, DEF - 2).hit * hitFells(knife, "wounding", wounded).down);
  });

  it("§1.5.2 (A-39) condition penalties: an Exhausted attacker −5, a Weak defender −2", () => {
    const weak = { ...wounded, wounds: 15 };
    const r = simulateEncounter(duel({ ...knifer, fatigue: 22 }, { ...target, wounds: 15 }), 5, FIGHTS);
    expectNear(r.sides[0].wins, hit(13 - 5, 10 - 2).hit * hitFells(knife, "wounding", weak).down);
  });

  it("§2.3.2 at a fixed 10 m a pistol shot takes the range penalty; the unarmed defender cannot reach and defends", () => {
    const gunman = human("g", { weapon: "pistolTwoHanded", grade: 14, reflexes: 9 });
    const r = simulateEncounter(duel(gunman, { ...target, reflexes: 5 }, { distanceMetres: 10 }), 6, FIGHTS);
    expect(rangePenalty(10)).toBe(-1);
    expectNear(r.sides[0].wins, hit(14 - 1, DEF).hit * hitFells(rolled(4, 6, 0), "wounding", wounded).down);
    expect(r.fighters[1]!.attack).toBe("");
  });

  it("§2.4.1 (A-05) a thrown knife beyond 2/3 of its 14 m does half damage, and is thrown only once", () => {
    const thrower = human("t", { weapon: "knifeThrown", grade: 13, reflexes: 9 });
    const r = simulateEncounter(duel(thrower, { ...target, wounds: 22 }, { distanceMetres: 10, roundLimit: 3 }), 7, FIGHTS);
    const fells = hitFells(rolled(1, 6, 7 - 3), "wounding", { ...wounded, wounds: 22 }, true);
    expect(fells.down).toBe(1 / 2);
    expectNear(r.sides[0].wins, hit(13 - 1, 10 - 5).hit * fells.down);
  });

  it.each([
    ["attack", 0],
    ["execution", defenceManeuverBonus(7)],
  ] as const)("§3.3.1 (A-03) a bear attacking with %s (Riflessi 6) against a Difesa at 3 + 4", (maneuver, bonus) => {
    const r = simulateEncounter(duel(bear(), { ...target, reflexes: 3, attacks: [] }, { options: { animalAttackManeuver: maneuver } }), 8, FIGHTS);
    expectNear(r.sides[0].wins, hit(10, DEF + bonus).hit * hitFells(rolled(3, 6, 0), "wounding", wounded).down);
  });
});

describe("exactness over two blows: condition between them, and §3.2.2 knock-downs", () => {
  // Two knife rolls in one maneuver on a frail man (14 Ferite: still Normal; Forza 2, so easily knocked down); only
  // both hits together can fell him.
  const twice: EncounterFighterInput = { ...knifer, attacks: [{ name: "knife", grade: 13, damage: WEAPON_TABLE.knifeMelee.damage, kind: "melee", maxAttacks: 2 }] };
  const fresh = human("b", { wounds: 14, strength: 2 });

  function exact(stun: boolean): number {
    let total = 0;
    for (const d1 of knife) {
      const penalty = conditionPenalty(conditionOf({ wounds: 14 + d1, fatigue: 0 }, 28)) ?? 0;
      // Forza check 2D10 + 2 + penalty not above the damage (before armour): knocked down.
      const prone = stun ? 1 - probabilityAtLeast(d1 - 2 - penalty + 1) : 0;
      const second = knife.filter((d2) => d1 + d2 >= 12).length / knife.length;
      const p2 = prone * hit(13 + 1, 10 + penalty).hit + (1 - prone) * hit(13, 10 + penalty).hit;
      total += (hit(13, 10).hit * p2 * second) / knife.length;
    }
    return total;
  }

  it.each([false, true])("stun rule %s", (stunRule) => {
    const r = simulateEncounter(duel(twice, fresh, { options: { stunRule } }), 13, 80_000);
    expectNear(r.fighters[1]!.down, exact(stunRule));
    // The +1 against a prone target is small but seen: the 95 % interval leaves out the other reading.
    const other = exact(!stunRule);
    expect(other < r.fighters[1]!.down.low || other > r.fighters[1]!.down.high).toBe(true);
  });
});

describe("multiple attacks, magazines and drawing the next weapon", () => {
  // The target is Exhausted (−5) and any hit kills it: the chance to win is 1 − (1 − p)^rolls.
  const dying = { ...target, wounds: 24 };
  const p = hit(13, 10 - 5).hit;
  const gun = (extra: Partial<EncounterAttackInput>): EncounterFighterInput => ({
    ...knifer,
    attacks: [{ name: "gun", grade: 13, damage: damageSpec(1, 0, 0, "wounding"), kind: "melee", ...extra }],
  });

  it.each([
    ["three rolls in one maneuver (§3.2.3)", { maxAttacks: 3 }, 1, 3],
    ["three rolls, two rounds left in the magazine", { maxAttacks: 3, shots: 2, reload: null }, 1, 2],
    ["one shot, reloaded with one Preparation: shots in turns 1 and 3", { shots: 1, reload: 1 }, 3, 2],
    ["one shot that cannot be reloaded", { shots: 1, reload: null }, 3, 1],
    ["one shot, reloaded in no time (P 0)", { shots: 1, reload: 0 }, 3, 3],
  ] as const)("%s", (_label, extra, roundLimit, rolls) => {
    const r = simulateEncounter(duel(gun(extra), dying, { roundLimit }), 9, FIGHTS);
    expectNear(r.sides[0].wins, 1 - (1 - p) ** rolls);
    expect(r.sides[0].wins.count).toBe(r.fighters[1]!.dead.count);
  });

  it("A-08 a thrown weapon gone, the next is drawn with one Preparation", () => {
    const both: EncounterFighterInput = { ...knifer, attacks: [{ ...gun({}).attacks[0]!, name: "melee", grade: 8 }, { ...gun({ shots: 1 }).attacks[0]!, name: "thrown", grade: 16, kind: "ranged" }] };
    const pThrow = hit(16, 5).hit;
    const pMelee = hit(8, 5).hit;
    const two = simulateEncounter(duel(both, dying, { roundLimit: 2 }), 10, FIGHTS);
    const three = simulateEncounter(duel(both, dying, { roundLimit: 3 }), 10, FIGHTS);
    expect(two.fighters[0]!.attack).toBe("thrown");
    expectNear(two.sides[0].wins, pThrow);
    expectNear(three.sides[0].wins, 1 - (1 - pThrow) * (1 - pMelee));
  });
});

describe("policies", () => {
  // Two identical knifers against two wounded men who cannot hurt them, one turn: who gets stabbed?
  const attackers = [knifer, { ...knifer, id: "a2" }].map((f) => ({ ...f, armour: 100 }));
  const t1 = human("t1", { wounds: 18 });
  const t2 = human("t2", { wounds: 17 });
  const p = hit(13, DEF).hit;
  const fells1 = hitFells(knife, "wounding", wounded).down;
  const fells2 = hitFells(knife, "wounding", { ...wounded, wounds: 17 }).down;
  const run = (targeting: "focusWeakest" | "spread"): EncounterResults =>
    simulateEncounter({ sides: [{ fighters: attackers, policy: { targeting } }, { fighters: [t1, t2] }], roundLimit: 1 }, 11, FIGHTS);

  it("focusWeakest: both go for the man nearest to falling; the other is stabbed only once he is down", () => {
    const r = run("focusWeakest");
    expectNear(r.fighters[3]!.down, p * fells1 * p * fells2);
  });

  it("spread: the later declarer hears the first and takes the other man", () => {
    const r = run("spread");
    expectNear(r.fighters[3]!.down, p * fells2);
    expectNear(r.fighters[2]!.down, p * fells1);
  });

  it.each([
    // Weak from the start, or attacked by a slower enemy who declared first: does he attack the dying man at all?
    ["whenHurt", { wounds: 15 }, 7, false],
    ["never", { wounds: 15 }, 7, true],
    ["whenTargeted", {}, 9, false],
    ["whenTargeted", {}, 5, true],
    ["whenHurtAndTargeted", {}, 9, true],
  ] as const)("defence %s (%o, Riflessi %i): attacks → %s", (defence, state, reflexes, attacks) => {
    const a = { ...knifer, ...state, reflexes, armour: 100 };
    const b = human("b", { weapon: "knifeMelee", wounds: 24 });
    const r = simulateEncounter({ sides: [{ fighters: [a], policy: { defence } }, { fighters: [b] }], roundLimit: 3 }, 12, 2_000);
    expect(r.sides[1].anyDown.count > 0).toBe(attacks);
    expect(r.fighters[0]!.down.count).toBe(0);
  });
});

describe("whole fights", () => {
  const twoOnTwo = (side0: EncounterFighterInput[], side1: EncounterFighterInput[], extra: Partial<EncounterSetup> = {}): EncounterSetup => ({
    sides: [{ name: "party", fighters: side0 }, { name: "foes", fighters: side1 }],
    ...extra,
  });
  const pair = (prefix: string, extra: Partial<EncounterFighterInput> & { grade?: number } = {}): EncounterFighterInput[] => [
    human(`${prefix}1`, { weapon: "knifeMelee", grade: 12, ...extra }),
    human(`${prefix}2`, { weapon: "clubTwoHanded", grade: 12, ...extra }),
  ];

  it("symmetry: identical sides win half the fights each, within the interval", () => {
    for (const policy of [{}, { targeting: "spread", defence: "whenHurt" }] as const) {
      const setup = twoOnTwo(pair("a"), pair("b"));
      setup.sides[0].policy = policy;
      setup.sides[1].policy = policy;
      const r = simulateEncounter(setup, 21, 10_000);
      // Both Weak and both keeping to Difesa can stall a fight: count the decided ones.
      const decided = r.sides[0].wins.count + r.sides[1].wins.count;
      expect(decided + r.stoppedAtRoundLimit.count).toBe(10_000);
      expect(decided).toBeGreaterThan(9_000);
      expectNear(wilsonInterval(r.sides[0].wins.count, decided), 0.5);
      expectNear(r.sides[0].anyDead, r.sides[1].anyDead.p);
    }
  });

  it("monotonicity: a better grade or armour never lowers a side's odds", () => {
    const odds = (extra: Partial<EncounterFighterInput> & { grade?: number }): number => simulateEncounter(twoOnTwo(pair("a", extra), pair("b")), 22, 4_000).sides[0].wins.p;
    const byGrade = [8, 10, 12, 14, 16].map((grade) => odds({ grade }));
    const byArmour = [0, 2, 4, 6].map((armour) => odds({ armour }));
    for (const series of [byGrade, byArmour]) for (let i = 1; i < series.length; i++) expect(series[i]!).toBeGreaterThan(series[i - 1]!);
    expect(byGrade[0]!).toBeLessThan(0.5);
    expect(byGrade[4]!).toBeGreaterThan(0.5);
  });

  it("the same seed gives the same results, however the fights are chunked; another seed others", () => {
    const setup = twoOnTwo(party(), wolves());
    const whole = simulateEncounter(setup, 77, 3_500);
    const chunked = createEncounterSimulation(setup, 77);
    expect(runMoreFights(chunked, 1_000)).toEqual({ fights: 1_000, stoppedAtRoundLimit: 0 });
    runMoreFights(chunked, 0);
    runMoreFights(chunked, 2_000);
    expect(runMoreFights(chunked, 500).fights).toBe(3_500);
    expect(encounterResults(chunked)).toEqual(whole);
    expect(simulateEncounter(setup, 77, 3_500)).toEqual(whole);
    expect(simulateEncounter(setup, 78, 3_500)).not.toEqual(whole);
  });

  it("a brawl of 12 against 12 equals (no cached orders: too many combatants and tie-break outcomes) stays fair", () => {
    const gang = (prefix: string): EncounterFighterInput[] => Array.from({ length: 12 }, (_, i) => human(`${prefix}${String(i)}`, { weapon: "knifeMelee", grade: 12 }));
    const r = simulateEncounter(twoOnTwo(gang("a"), gang("b"), { roundLimit: 50 }), 28, 1_500);
    const decided = r.sides[0].wins.count + r.sides[1].wins.count;
    expect(decided).toBe(1_500 - r.stoppedAtRoundLimit.count - r.bothDown.count);
    expectNear(wilsonInterval(r.sides[0].wins.count, decided), 0.5);
  });

  it("a fight nobody can win stops at the round limit and says so", () => {
    const r = simulateEncounter(twoOnTwo(pair("a", { armour: 100 }), pair("b", { armour: 100 }), { roundLimit: 7 }), 23, 500);
    expect(r.stoppedAtRoundLimit).toMatchObject({ count: 500, of: 500, p: 1 });
    expect(r.rounds).toMatchObject({ mean: 7, low: 7, high: 7 });
    expect(r.sides.map((s) => s.wins.count)).toEqual([0, 0]);
    expect(r.fighters.every((f) => f.down.count === 0)).toBe(true);
    expect(r.roundLimit).toBe(7);
  });

  it("§3.1.1 with fightFatigue, endless fighting tires everyone: Resistenza 8 falls at 8 Fatica, in turn 80, all at once", () => {
    const tired = (id: string): EncounterFighterInput => ({ ...human(id, { armour: 100 }), resistance: 8 });
    const r = simulateEncounter(twoOnTwo([tired("a")], [tired("b")], { fightFatigue: true }), 24, 200);
    expect(r.bothDown.count).toBe(200);
    expect(r.rounds.mean).toBe(80);
    expect(r.fighters.map((f) => f.collapsed.count)).toEqual([200, 200]);
    expect(simulateEncounter(twoOnTwo([tired("a")], [tired("b")]), 24, 10).stoppedAtRoundLimit.count).toBe(10);
  });

  it("§3.2.2 the optional stun rule changes the fights, reproducibly", () => {
    const setup = twoOnTwo(pair("a"), pair("b"), { options: { stunRule: true } });
    const stun = simulateEncounter(setup, 25, 4_000);
    expect(simulateEncounter(setup, 25, 4_000)).toEqual(stun);
    expect(stun.rounds.mean).not.toBe(simulateEncounter(twoOnTwo(pair("a"), pair("b")), 25, 4_000).rounds.mean);
    expectNear(stun.sides[0].wins, 0.5);
  });

  it("the party against a bear: whom the bear kills, with every share consistent", () => {
    const r = simulateEncounter(twoOnTwo(party(), [bear()]), 26, 10_000);
    expect(r.fights).toBe(10_000);
    expect(r.sides[0].name).toBe("party");
    for (const f of r.fighters) {
      expect(f.down.count).toBe(f.collapsed.count + f.dead.count);
      expect(f.down.low <= f.down.p && f.down.p <= f.down.high).toBe(true);
      const side = r.sides[f.side];
      expect(side.anyDown.count).toBeGreaterThanOrEqual(f.down.count);
      expect(side.anyDead.count).toBeGreaterThanOrEqual(f.dead.count);
    }
    expect(r.sides[0].wins.count + r.sides[1].wins.count + r.stoppedAtRoundLimit.count + r.bothDown.count).toBe(10_000);
    expect(r.sides[1].anyDown.count).toBe(r.sides[0].wins.count);
    expect(r.fighters.map((f) => f.attack)).toEqual(["Coltello", "Clava", "Lancia", "Pistola", "Orso"]);
    expect(r.rounds.low < r.rounds.mean && r.rounds.mean < r.rounds.high).toBe(true);
  });

  it("a lone bear against one man with a knife: the bear usually wins, and sometimes kills", () => {
    const r = simulateEncounter(twoOnTwo([human("m", { weapon: "knifeMelee", grade: 12 })], [bear()]), 27, 10_000);
    expect(r.sides[1].wins.p).toBeGreaterThan(0.5);
    expect(r.sides[0].anyDead.count).toBeGreaterThan(0);
  });

  it("rejects an encounter the rules cannot play", () => {
    rejects(() => createEncounterSimulation(twoOnTwo([], pair("b")), 1), "sides[0].fighters");
    rejects(() => createEncounterSimulation(twoOnTwo(pair("a"), pair("a")), 1), "fighters[2].id");
    rejects(() => createEncounterSimulation(twoOnTwo([human("x", { wounds: 26 })], pair("b")), 1), "x.wounds");
    rejects(() => createEncounterSimulation(twoOnTwo(pair("a"), pair("b"), { roundLimit: 0 }), 1), "roundLimit");
    rejects(() => createEncounterSimulation(twoOnTwo(pair("a"), pair("b"), { distanceMetres: -1 }), 1), "distanceMetres");
    rejects(() => createEncounterSimulation(twoOnTwo(pair("a"), pair("b")), -5), "seed");
    // Casts on purpose: JavaScript callers can pass what the types forbid.
    rejects(() => createEncounterSimulation({ sides: [{ fighters: pair("a") }] as unknown as EncounterSetup["sides"] }, 1), "sides");
    rejects(() => createEncounterSimulation({ sides: [{ fighters: pair("a"), policy: { targeting: "random" as "spread" } }, { fighters: pair("b") }] }, 1), "sides[0].policy.targeting");
    rejects(() => runMoreFights(createEncounterSimulation(twoOnTwo(pair("a"), pair("b")), 1), -1), "count");
    rejects(() => createEncounterSimulation(twoOnTwo(pair("a"), [animalFighter("c", "cat")]), 1), "defenceGrade");
  });
});
