import { describe, it, expect } from "vitest";
import { fixedRoller } from "../../src/rules/dice.js";
import { DAMAGE_TYPES } from "../../src/rules/types.js";
import { resolveCheck, resolveCharacteristicCheck, difficultyValue } from "../../src/rules/check.js";
import { conditionOf, conditionPenalty } from "../../src/rules/condition.js";
import { armourShortfall, deriveParameters } from "../../src/rules/characteristics.js";
import { DEFAULT_RULES_OPTIONS } from "../../src/rules/options.js";
import { declarationOrder, executionOrder, executionValue, rollTieBreaks, tieGroups } from "../../src/rules/initiative.js";
import type { ExecutionEntry } from "../../src/rules/initiative.js";
import {
  canReplace,
  declareManeuver,
  defenceManeuverBonus,
  diveJumpDifficulty,
  focusBonus,
  holdManeuver,
  movementDistance,
} from "../../src/rules/maneuvers.js";
import {
  arcPenalty,
  attackModifiers,
  defenceModifiers,
  multipleAttacks,
  rangePenalty,
  resolveAttack,
  weaponShortfallPenalty,
} from "../../src/rules/attack.js";
import {
  convertDamage,
  explosionLandingDie,
  explosionLandingDistance,
  knockedDown,
  resolveDamage,
  unarmedDamage,
} from "../../src/rules/damage.js";
import { grappleAdvantage, grappleContest, startGrapple } from "../../src/rules/grapple.js";
import {
  ARMOUR_TABLE,
  UNARMED,
  WEAPON_TABLE,
  canReach,
  halfDamageDistance,
  isBeyondHalfDamage,
  rollDamage,
  weaponRowRange,
} from "../../src/rules/weapons.js";

const ids = (xs: readonly { id: string }[]): string[] => xs.map((x) => x.id);

describe("Chapter 2 worked examples", () => {
  it("EX-11 unarmed damage ranges: FOR − 1D6 trauma, min 0", () => {
    expect(unarmedDamage(7, 6)).toBe(1);
    expect(unarmedDamage(7, 1)).toBe(6);
    expect(unarmedDamage(5, 6)).toBe(0);
    expect(unarmedDamage(5, 1)).toBe(4);
    expect(UNARMED.type).toBe("trauma");
  });

  it("EX-12 Jack Quade ambushed in the Rod Hill crypt: surprise, tie-break, order, condition", () => {
    // 1. Perception check Difficult (25) fails → Jack is surprised (dice and grade are illustrative).
    expect(resolveCharacteristicCheck({ dice: 10, score: 8, difficulty: 25 }).success).toBe(false);

    // 2. Turn 1: Jack cannot act; his defence roll takes −2.
    const turn1: ExecutionEntry[] = [
      { id: "jack", reflexes: 8, tieBreak: 0, maneuver: "attack", surprised: true },
      { id: "creature", reflexes: 8, tieBreak: 1, maneuver: "attack" },
    ];
    expect(ids(executionOrder(turn1, { firstTurn: true }))).toEqual(["creature"]);
    expect(defenceModifiers({ surprised: true }).total).toBe(-2);

    // 3. Turn 2: REF tie 8 vs 8 → dice tie-break, Jack wins.
    expect(tieGroups([{ id: "creature", reflexes: 8 }, { id: "jack", reflexes: 8 }])).toEqual([["creature", "jack"]]);
    const { ranks } = rollTieBreaks([["creature", "jack"]], fixedRoller([3, 8]));
    const jack = { id: "jack", reflexes: 8, tieBreak: ranks.jack ?? 0 };
    const creature = { id: "creature", reflexes: 8, tieBreak: ranks.creature ?? 0 };
    expect(ids(declarationOrder([jack, creature]))).toEqual(["creature", "jack"]);

    // 4. Both Attack (the beast too, A-03): 10 vs 10 → Jack first.
    expect(DEFAULT_RULES_OPTIONS.animalAttackManeuver).toBe("attack");
    const turn2 = executionOrder([
      { ...creature, maneuver: "attack" },
      { ...jack, maneuver: "attack", surprised: true },
    ]);
    expect(turn2.map((s) => [s.id, s.value])).toEqual([
      ["jack", 10],
      ["creature", 10],
    ]);

    // 5. Jack's shot makes the creature Weak (damage and RES are not given: a RES 28 creature hit for 15 is).
    const hit = resolveDamage({ rolled: rollDamage(WEAPON_TABLE.pistolOneHanded.damage, 7, [6, 4, 3, 2]), type: "wounding", armourDefence: 0, targetStrength: 7 });
    expect(hit.wounds).toBe(15);
    const creatureCondition = conditionOf({ wounds: hit.wounds, fatigue: 0 }, 28);
    expect(creatureCondition).toBe("weak");

    // 6. Its attack now carries −2 and Jack's defence beats it.
    const weak = conditionPenalty(creatureCondition) ?? Number.NaN;
    const mods = attackModifiers({ kind: "melee", conditionPenalty: weak });
    expect(mods.parts).toContainEqual({ key: "condition", value: -2 });
    expect(resolveAttack({ attackTotal: 12 + 13 + mods.total, defenceTotal: 30 })).toBe("miss");
  });

  it("EX-13 duel of Bill Duran and Sonny Leeman: tie-break, preparation, defence with dive, holding", () => {
    // 1. Sonny rolls higher on the tie-break: Bill declares first for the whole fight.
    const { ranks } = rollTieBreaks([["bill", "sonny"]], fixedRoller([4, 9]));
    expect((ranks.sonny ?? 0) > (ranks.bill ?? 0)).toBe(true);
    const bill = { id: "bill", reflexes: 8, tieBreak: ranks.bill ?? 0 };
    const sonny = { id: "sonny", reflexes: 8, tieBreak: ranks.sonny ?? 0 };
    expect(ids(declarationOrder([sonny, bill]))).toEqual(["bill", "sonny"]);

    // 2. Both draw with Preparation: 8 vs 8 → Sonny first.
    expect(ids(executionOrder([{ ...bill, maneuver: "preparation" }, { ...sonny, maneuver: "preparation" }]))).toEqual(["sonny", "bill"]);

    // 3. Bill Defence (12) beats Sonny Attack (10).
    expect(executionValue(8, "defence")).toBe(12);
    expect(executionValue(8, "attack")).toBe(10);
    expect(ids(executionOrder([{ ...sonny, maneuver: "attack" }, { ...bill, maneuver: "defence" }]))).toEqual(["bill", "sonny"]);

    // 4. Standing 2 m jump = Complex 20, +5 for the dive = 25; 14 + 13 = 27 > 25.
    const dive = diveJumpDifficulty(difficultyValue("complex"));
    expect(dive).toBe(25);
    const jump = resolveCheck({ grade: 14, dice: 13, difficulty: dive });
    expect(jump.total).toBe(27);
    expect(jump.success).toBe(true);
    // Defence bonus +ceil(DEX/2) plus +2 for the dive (DEX unspecified: every plausible value).
    for (let dex = 0; dex <= 12; dex++) {
      expect(defenceModifiers({ defenceManeuverDexterity: dex, dive: true }).total).toBe(Math.ceil(dex / 2) + 2);
    }

    // 5. Sonny holds his Attack; once triggered it precedes normal actions, even a Defence.
    const sonnyAction = holdManeuver(declareManeuver("attack", "bill"));
    expect(sonnyAction.held).toBe(true);
    expect(
      ids(
        executionOrder([
          { ...bill, maneuver: "defence" },
          { ...sonny, maneuver: sonnyAction.maneuver, held: sonnyAction.held },
        ]),
      ),
    ).toEqual(["sonny", "bill"]);
  });

  it("EX-14 multiple attacks on opposite targets: −6 each, 0 on one target; with two weapons −12 and −4 (−16)", () => {
    expect(arcPenalty(180)).toBe(-6);
    expect(arcPenalty(0)).toBe(0);
    expect(arcPenalty(90)).toBe(-3);
    expect(arcPenalty(180, { multipleWithBothWeapons: true })).toBe(-12);
    expect(multipleAttacks({ maxAttacks: 2, rolls: 2, magazine: null, arcDegrees: 180, twoWeapons: true, multipleWithBothWeapons: true }).perRoll.total).toBe(-16);
  });

  it("EX-15b grenade dodged: 26 > 20; lands 1D3 m away within 15 m (rolled 1 m); no range penalty at 5 m, no 2/3 Gt half", () => {
    expect(resolveAttack({ attackTotal: 20, defenceTotal: 26 })).toBe("miss");
    expect(explosionLandingDie(5)).toBe("D3");
    expect(explosionLandingDistance(5, 2)).toBe(1);
    expect(rangePenalty(5)).toBe(0);
    const blast = resolveDamage({ rolled: 30, type: "wounding", explosive: true, rangedBeyondHalf: true, blastDistance: 1, armourDefence: 6, targetStrength: 6 });
    expect(blast.steps.map((s) => s.key)).not.toContain("rangeHalf");
  });

  it("EX-15c blast: 30 − 4 − 6 = 20 → the alien is Exhausted", () => {
    const hit = resolveDamage({ rolled: 30, type: "wounding", explosive: true, blastDistance: 1, armourDefence: 6, targetStrength: 6 });
    expect(hit.inflicted).toBe(20);
    expect(hit.steps.map((s) => [s.key, s.value])).toEqual([
      ["rolled", 30],
      ["blast", 26],
      ["armour", 20],
    ]);
    // Damage type unspecified: the condition reads Ferite + Fatica, so every type agrees (RES 24 = 4 × FOR 6).
    for (const type of DAMAGE_TYPES) expect(conditionOf(convertDamage(20, type), 24)).toBe("exhausted");
    // DERIVED: 3R/4 < 20 ≤ ceil(7R/8) holds exactly for RES 22…26.
    const fits = Array.from({ length: 20 }, (_, i) => 15 + i).filter((r) => conditionOf({ wounds: 0, fatigue: 20 }, r) === "exhausted");
    expect(fits).toEqual([22, 23, 24, 25, 26]);
  });

  it("EX-15d stun: 18 fails against 20 (the book) and against 26 (the rule, A-17)", () => {
    const hit = resolveDamage({ rolled: 30, type: "wounding", explosive: true, blastDistance: 1, armourDefence: 6, targetStrength: 6 }, { stunRule: true });
    expect(hit.stunCheck).toBe(true);
    expect(hit.stunDifficulty).toBe(26);
    expect(knockedDown(18, 20)).toBe(true);
    expect(knockedDown(18, hit.stunDifficulty)).toBe(true);
  });

  it("EX-15e burst of 4 at one target with grazing hits: 3 hits, 1 grazing, 4 shots", () => {
    const plan = multipleAttacks({ maxAttacks: 4, rolls: 4, magazine: 30 });
    expect(plan.perRoll.total).toBe(0);
    expect(30 - (plan.shotsLeft ?? 0)).toBe(4);
    expect(defenceModifiers({ conditionPenalty: conditionPenalty("exhausted") ?? Number.NaN }).total).toBe(-5);
    const outcomes = [
      [20, 20],
      [22, 21],
      [16, 24],
      [25, 18],
    ].map(([attackTotal, defenceTotal]) => resolveAttack({ attackTotal: attackTotal ?? 0, defenceTotal: defenceTotal ?? 0 }, { grazingHits: true }));
    expect(outcomes).toEqual(["grazing", "hit", "miss", "hit"]);
    expect(outcomes.filter((o) => o !== "miss")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "grazing")).toHaveLength(1);
  });

  it("EX-16 replacing a maneuver: Execution → Attack or Defence only; cancelling always", () => {
    expect(canReplace("execution", "attack")).toBe(true);
    expect(canReplace("execution", "defence")).toBe(true);
    expect(canReplace("execution", "movement")).toBe(false);
    expect(canReplace("execution", "focus")).toBe(false);
    expect(canReplace("execution", "preparation")).toBe(false);
    expect(canReplace("attack", "execution")).toBe(false);
    expect(canReplace("attack", "cancel")).toBe(true);
  });
});

describe("Chapter 2 derived tests", () => {
  it("D-07 trauma 1 / 2 / 5 / 7 → (Fatica, Ferite) = (1,0) / (1,1) / (3,2) / (4,3)", () => {
    expect([1, 2, 5, 7].map((d) => convertDamage(d, "trauma")).map((c) => [c.fatigue, c.wounds])).toEqual([
      [1, 0],
      [1, 1],
      [3, 2],
      [4, 3],
    ]);
  });

  it("D-08 pistol hit 18 vs bulletproof vest Df 15 → 3 Ferite; 12 → 0", () => {
    const df = ARMOUR_TABLE.bulletproofVest.defence;
    const { type } = WEAPON_TABLE.pistolOneHanded.damage;
    expect(resolveDamage({ rolled: 18, type, armourDefence: df, targetStrength: 7 }).wounds).toBe(3);
    expect(resolveDamage({ rolled: 12, type, armourDefence: df, targetStrength: 7 }).wounds).toBe(0);
  });

  it("D-09 distance 5 / 5.5 / 10 / 11 / 100 / 101 / 150 / 151 / 300 m → 0 / −1 / −1 / −2 / −8 / −9 / −9 / −10 / −12", () => {
    expect([5, 5.5, 10, 11, 100, 101, 150, 151, 300].map((d) => rangePenalty(d))).toEqual([0, -1, -1, -2, -8, -9, -9, -10, -12]);
  });

  it("D-10 thrown knife at FOR 7: Gt 14 m, half damage beyond 9.33 m, no attack beyond 14 m", () => {
    const gt = weaponRowRange(WEAPON_TABLE.knifeThrown, 7) ?? Number.NaN;
    expect(gt).toBe(14);
    expect(halfDamageDistance(gt)).toBeCloseTo(9.33, 2);
    expect(isBeyondHalfDamage(9.3, gt)).toBe(false);
    expect(isBeyondHalfDamage(9.4, gt)).toBe(true);
    expect(canReach(14, gt)).toBe(true);
    expect(canReach(14.5, gt)).toBe(false);
  });

  it("D-11 FOR 5 with a one-handed club (FM 9) → −8 to attack rolls", () => {
    expect(weaponShortfallPenalty(5, WEAPON_TABLE.clubOneHanded.minStrength)).toBe(-8);
    expect(attackModifiers({ kind: "melee", strength: 5, weaponMinStrength: WEAPON_TABLE.clubOneHanded.minStrength }).total).toBe(-8);
  });

  it("D-12 FOR 7 in knight's armour (FM 9) → DEX −2, SPD −2", () => {
    const shortfall = armourShortfall(7, ARMOUR_TABLE.knightArmour.minStrength);
    expect(shortfall).toBe(2);
    const unarmoured = deriveParameters({ strength: 7, dexterity: 7, perception: 7 });
    const armoured = deriveParameters({ strength: 7, dexterity: 7, perception: 7 }, { armourShortfall: shortfall });
    expect(unarmoured.effectiveDexterity - armoured.effectiveDexterity).toBe(2);
    expect(unarmoured.speed - armoured.speed).toBe(2);
  });

  it("D-13 DEX 7 → Defence maneuver +4; PER 9 → Focus +5", () => {
    expect(defenceManeuverBonus(7)).toBe(4);
    expect(focusBonus(9)).toBe(5);
  });

  it("D-14 movement check difficulty 15, total 11 → half distance; total 10 → mishap", () => {
    expect(movementDistance({ speed: 5, checkMargin: 11 - 15 })).toEqual({ metres: 2.5, outcome: "half" });
    expect(movementDistance({ speed: 5, checkMargin: 10 - 15 })).toEqual({ metres: 0, outcome: "mishap" });
  });

  it("D-15 prone, SPD 5 → crawl ≤ 1.25 m", () => {
    expect(movementDistance({ speed: 5, prone: true }).metres).toBe(1.25);
  });

  it("D-30 limb: damage 15, armour Df 6 → 9 → 4", () => {
    expect(resolveDamage({ rolled: 15, type: "wounding", armourDefence: 6, aimedArea: "leg", targetStrength: 7 }).inflicted).toBe(4);
  });

  it("D-31 vital: 10 after armour → 20", () => {
    const r = resolveDamage({ rolled: 10, type: "wounding", armourDefence: 0, aimedArea: "vital", targetStrength: 7 });
    expect(r.afterArmour).toBe(10);
    expect(r.inflicted).toBe(20);
  });

  it("D-32 weapon: damage 15 vs FOR 7 → disarmed; 14 → not", () => {
    expect(resolveDamage({ rolled: 15, type: "wounding", armourDefence: 0, aimedArea: "weapon", targetStrength: 7 }).disarmed).toBe(true);
    expect(resolveDamage({ rolled: 14, type: "wounding", armourDefence: 0, aimedArea: "weapon", targetStrength: 7 }).disarmed).toBe(false);
  });

  it("D-33 blast: 30 damage at 0 / 1 / 7 / 8 m (no armour) → 30 / 26 / 2 / 0", () => {
    expect(
      [0, 1, 7, 8].map((m) => resolveDamage({ rolled: 30, type: "wounding", explosive: true, blastDistance: m, armourDefence: 0, targetStrength: 7 }).inflicted),
    ).toEqual([30, 26, 2, 0]);
  });

  it("D-34 grazing, damage 13, armour 6 → 6 → 0", () => {
    const r = resolveDamage({ rolled: 13, type: "wounding", grazing: true, armourDefence: 6, targetStrength: 7 });
    expect(r.steps.find((s) => s.key === "grazing")?.value).toBe(6);
    expect(r.inflicted).toBe(0);
  });

  it("D-35 hit for 12 under armour 15; STR 7 check with dice 5 → 12 ≤ 12 → knocked down though unhurt", () => {
    const r = resolveDamage({ rolled: 12, type: "wounding", armourDefence: 15, targetStrength: 7 }, { stunRule: true });
    expect(r.inflicted).toBe(0);
    const check = resolveCharacteristicCheck({ dice: 5, score: 7, difficulty: r.stunDifficulty });
    expect(check.total).toBe(12);
    expect(knockedDown(check.total, r.stunDifficulty)).toBe(true);
  });

  it("D-36 A: REF 9 Attack, B: REF 7 Defence → 11 each → A first (higher REF declares later)", () => {
    const order = executionOrder([
      { id: "B", reflexes: 7, tieBreak: 0, maneuver: "defence" },
      { id: "A", reflexes: 9, tieBreak: 0, maneuver: "attack" },
    ]);
    expect(order.map((s) => [s.id, s.value])).toEqual([
      ["A", 11],
      ["B", 11],
    ]);
  });

  it("D-37 attacker wins the start, then two of his own contests in a row → defender immobilised (+6 to attackers)", () => {
    let state = startGrapple("attacker");
    expect(grappleAdvantage(state, "defender")).toBe(4);
    state = grappleContest(state, { declaredBy: "attacker", winner: "attacker" });
    expect(state.status).toBe("held");
    state = grappleContest(state, { declaredBy: "attacker", winner: "attacker" });
    expect(state.status).toBe("immobilised");
    expect(grappleAdvantage(state, "defender")).toBe(6);
  });
});
