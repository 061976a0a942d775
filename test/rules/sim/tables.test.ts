import { describe, expect, it } from "vitest";
import { rejects } from "../rules-error.js";
import { animalFighter, encounterFighter, unarmedAttack, weaponAttack } from "../../../src/rules/sim/fighter.js";
import { attackReaches, damageTable, hitOddsTable, MELEE_REACH_METRES, ODDS_DIFFERENCE_LIMIT, pairTable, sampleDamage } from "../../../src/rules/sim/tables.js";
import { ANIMALS, ANIMAL_KEYS, animalDamage } from "../../../src/rules/advanced/animals.js";
import { attackHitWays } from "../../../src/rules/odds.js";
import { applyArmour, convertDamage, unarmedDamage } from "../../../src/rules/damage.js";
import { rangePenalty } from "../../../src/rules/attack.js";
import { rollDamage, WEAPON_TABLE } from "../../../src/rules/weapons.js";
import { human } from "./fixtures.js";

/** Every way to roll `dice` dice of `faces` faces, one list per outcome. */
function allDice(dice: number, faces: number): number[][] {
  let out: number[][] = [[]];
  for (let d = 0; d < dice; d++) out = out.flatMap((prefix) => Array.from({ length: faces }, (_, f) => [...prefix, f + 1]));
  return out;
}

/** The table as a map "wounds/fatigue" → probability. */
function distribution(table: ReturnType<typeof damageTable>): Map<string, number> {
  const out = new Map<string, number>();
  let previous = 0;
  table.cumulative.forEach((c, i) => {
    const key = `${String(table.wounds[i])}/${String(table.fatigue[i])}`;
    out.set(key, (out.get(key) ?? 0) + c - previous);
    previous = c;
  });
  return out;
}

function enumerate(outcomes: readonly { wounds: number; fatigue: number }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const o of outcomes) out.set(`${String(o.wounds)}/${String(o.fatigue)}`, (out.get(`${String(o.wounds)}/${String(o.fatigue)}`) ?? 0) + 1 / outcomes.length);
  return out;
}

function expectSame(a: Map<string, number>, b: Map<string, number>): void {
  expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
  for (const [k, p] of a) expect(p).toBeCloseTo(b.get(k) ?? -1, 12);
}

describe("damage tables: one hit's Ferite and Fatica, exactly", () => {
  it("two-handed club 2D6+[FOR±0] / T at FOR 8 against Df 3 matches the 36 dice rolls one by one", () => {
    const attack = encounterFighter(human("a", { weapon: "clubTwoHanded", strength: 8 })).attacks[0]!;
    const table = damageTable(attack, 8, { armour: 3, strength: 7 }, { grazing: false, rangedBeyondHalf: false });
    const byHand = allDice(2, 6).map((d) => convertDamage(applyArmour(rollDamage(WEAPON_TABLE.clubTwoHanded.damage, 8, d), 3), "trauma"));
    expectSame(distribution(table), enumerate(byHand));
    expect(table.cumulative[table.cumulative.length - 1]).toBe(1);
    expect(table.mean).toBeCloseTo(byHand.reduce((s, o) => s + o.wounds + o.fatigue, 0) / 36, 12);
  });

  it("a grazing hit (§3.2.7) and a shot beyond 2/3 Gt (A-05) are halved down before armour", () => {
    const attack = encounterFighter(human("a", { weapon: "pistolTwoHanded" })).attacks[0]!;
    const half = (d: number[]): number => Math.floor(rollDamage(WEAPON_TABLE.pistolTwoHanded.damage, 7, d) / 2);
    const byHand = allDice(4, 6).map((d) => convertDamage(applyArmour(half(d), 2), "wounding"));
    for (const flags of [{ grazing: true, rangedBeyondHalf: false }, { grazing: false, rangedBeyondHalf: true }]) {
      expectSame(distribution(damageTable(attack, 7, { armour: 2, strength: 7 }, flags)), enumerate(byHand));
    }
  });

  it("bare hands (§2.3.7): FOR − 1D6 trauma, never below 0", () => {
    const attack = encounterFighter({ ...human("a"), attacks: [unarmedAttack(9)] }).attacks[0]!;
    const table = damageTable(attack, 5, { armour: 0, strength: 7 }, { grazing: false, rangedBeyondHalf: false });
    const byHand = [1, 2, 3, 4, 5, 6].map((d6) => convertDamage(unarmedDamage(5, d6), "trauma"));
    expectSame(distribution(table), enumerate(byHand));
  });

  it("an animal's natural weapons (§3.3.1) deal what animalDamage gives, for every animal and dice total", () => {
    for (const key of ANIMAL_KEYS) {
      const a = ANIMALS[key];
      const fighter = encounterFighter(animalFighter(key, key, { defenceGrade: 5, environment: a.actsOnlyIn ?? undefined }));
      const spec = fighter.attacks[0]!.damage;
      if (spec === "unarmed") throw new Error("natural attacks have a Dn");
      for (let total = a.damage.dice; total <= a.damage.dice * a.damage.faces; total++) {
        const dice = Array.from({ length: a.damage.dice }, (_, i) => Math.min(a.damage.faces, Math.max(1, total - a.damage.dice + 1 - i * (a.damage.faces - 1))));
        const sum = dice.reduce((s, d) => s + d, 0);
        expect(rollDamage(spec, fighter.strength, dice), `${key} ${String(sum)}`).toBe(animalDamage(key, sum));
      }
    }
  });

  it("sampling lands on each outcome in proportion to its probability", () => {
    const attack = encounterFighter(human("a", { weapon: "knifeMelee" })).attacks[0]!;
    const table = damageTable(attack, 7, { armour: 0, strength: 7 }, { grazing: false, rangedBeyondHalf: false });
    expect(table.cumulative).toHaveLength(6);
    expect(sampleDamage(table, 0)).toBe(0);
    expect(sampleDamage(table, 0.999999)).toBe(5);
    expect(sampleDamage(table, 1 / 6 - 1e-9)).toBe(0);
    expect(sampleDamage(table, 1 / 6 + 1e-9)).toBe(1);
  });
});

describe("§2.3.1 hit odds by bonus difference", () => {
  it("is attackHitWays for every difference, and saturates beyond ±21", () => {
    for (const grazing of [false, true]) {
      const odds = hitOddsTable({ grazingHits: grazing });
      for (let k = -ODDS_DIFFERENCE_LIMIT; k <= ODDS_DIFFERENCE_LIMIT; k++) {
        const ways = attackHitWays({ attackBonus: 10, defenceBonus: 10 + k, grazing });
        expect(odds.hit[k + ODDS_DIFFERENCE_LIMIT]).toBe(ways.hit);
        expect(odds.clean[k + ODDS_DIFFERENCE_LIMIT]).toBe(ways.clean);
      }
      expect(attackHitWays({ attackBonus: 0, defenceBonus: 40, grazing }).hit).toBe(0);
      expect(odds.hit[2 * ODDS_DIFFERENCE_LIMIT]).toBe(0);
      expect(attackHitWays({ attackBonus: 40, defenceBonus: 0, grazing }).hit).toBe(10_000);
      expect(odds.hit[0]).toBe(10_000);
    }
  });
});

describe("reach and the fixed part of the attack roll", () => {
  const a = encounterFighter(human("a", { weapon: "pistolTwoHanded", grade: 14 }));
  const knife = encounterFighter(human("k", { weapon: "knifeMelee" }));
  const thrower = encounterFighter(human("t", { weapon: "knifeThrown" }));
  const b = encounterFighter(human("b"));

  it("melee reaches within 2 m only; ranged within Gt; everything when range is ignored", () => {
    expect(attackReaches(knife.attacks[0]!, null)).toBe(true);
    expect(attackReaches(knife.attacks[0]!, MELEE_REACH_METRES)).toBe(true);
    expect(attackReaches(knife.attacks[0]!, 3)).toBe(false);
    expect(attackReaches(thrower.attacks[0]!, 14)).toBe(true);
    expect(attackReaches(thrower.attacks[0]!, 14.5)).toBe(false);
    expect(attackReaches(a.attacks[0]!, 600)).toBe(true);
  });

  it("adds the range penalty (§2.3.2) and the FM shortfall (§2.4.1) to the grade", () => {
    expect(pairTable(a, a.attacks[0]!, b, null).attackBase).toBe(14);
    expect(pairTable(a, a.attacks[0]!, b, 35).attackBase).toBe(14 + rangePenalty(35));
    const weak = encounterFighter(human("w", { weapon: "clubOneHanded", grade: 12, strength: 6 }));
    expect(pairTable(weak, weak.attacks[0]!, b, null).attackBase).toBe(12 - 6);
  });
});

describe("combatant descriptions", () => {
  it("builds the book's weapons: the pistol's 12 rounds and P 3, a thrown knife used once at FOR × 2 m", () => {
    expect(weaponAttack("pistolOneHanded", 14, 7)).toMatchObject({ kind: "ranged", shots: 12, reload: 3, rangeMetres: 600, minStrength: 7 });
    expect(weaponAttack("knifeThrown", 12, 7)).toMatchObject({ kind: "ranged", shots: 1, reload: null, rangeMetres: 14 });
    expect(weaponAttack("spearThrown", 12, 6)).toMatchObject({ rangeMetres: 12 });
    expect(weaponAttack("clubTwoHanded", 12, 7)).toMatchObject({ kind: "melee", shots: null, rangeMetres: null });
  });

  it("takes an animal's printed values, and asks for the defence the book lost (A-31)", () => {
    const bear = encounterFighter(animalFighter("b", "bear"));
    expect(bear).toMatchObject({ reflexes: 6, resistance: 64, strength: 16, defenceGrade: 5 });
    expect(bear.attacks[0]).toMatchObject({ grade: 10, natural: true, maxAttacks: 1, kind: "melee" });
    expect(encounterFighter(animalFighter("h", "hawk", { environment: "ground" })).attacks[0]?.grade).toBe(5);
    rejects(() => animalFighter("w", "wolf"), "defenceGrade");
    rejects(() => animalFighter("s", "shark", { environment: "land" }), "environment");
  });

  it("rejects what the rules cannot play", () => {
    rejects(() => encounterFighter({ ...human("x"), resistance: 0 }), "fighter.resistance");
    rejects(() => encounterFighter({ ...human(""), id: "" }), "fighter.id");
    // Cast on purpose: JavaScript callers can pass a kind the type forbids.
    rejects(() => encounterFighter({ ...human("x"), attacks: [{ ...unarmedAttack(9), kind: "thrown" as "melee" }] }), "fighter.attacks[0].kind");
  });
});
