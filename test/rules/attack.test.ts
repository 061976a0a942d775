import { describe, it, expect } from "vitest";
import { parameterOf } from "./rules-error.js";
import {
  ADVANTAGE_KEYS,
  ADVANTAGE_POSITIONS,
  AIMED_AREA_PENALTY,
  DESPERATE_AGGRESSION_ATTACK_MODIFIER,
  DESPERATE_AGGRESSION_MELEE_DAMAGE,
  PRONE_TARGET_MODIFIER,
  RANGE_TABLE,
  STATIC_TARGETS,
  TWO_WEAPONS_PENALTY,
  advantageBonus,
  aimedAreaPenalty,
  arcPenalty,
  coveringArc,
  armourBypassPenalty,
  attackModifiers,
  defenceModifiers,
  multipleAttacks,
  rangePenalty,
  resolveAttack,
  shotsAfter,
  staticTargetDifficulty,
  weaponShortfallPenalty,
} from "../../src/rules/attack.js";
import type { AdvantageKey, AimedArea, StaticTargetKey, WeaponSize } from "../../src/rules/attack.js";


const partsOf = (b: { parts: { key: string; value: number }[] }): Record<string, number> =>
  Object.fromEntries(b.parts.map((p) => [p.key, p.value]));

describe("§2.3.2 rangePenalty (A-04)", () => {
  it("the printed columns", () => {
    expect(RANGE_TABLE.map((c) => [c.metres, c.penalty])).toEqual([
      [5, -1],
      [10, -2],
      [20, -3],
      [30, -4],
      [40, -5],
      [50, -6],
      [60, -7],
      [80, -8],
      [100, -9],
    ]);
  });

  // D-09 and every boundary on both sides, adopted (exclusive) reading: a column "X m" means "more than X m".
  it.each([
    [0, 0],
    [5, 0],
    [5.01, -1],
    [5.5, -1],
    [10, -1],
    [10.01, -2],
    [11, -2],
    [20, -2],
    [20.5, -3],
    [30, -3],
    [30.5, -4],
    [40, -4],
    [40.5, -5],
    [50, -5],
    [50.5, -6],
    [60, -6],
    [60.5, -7],
    [80, -7],
    [80.5, -8],
    [100, -8],
    [100.5, -9],
    [101, -9],
    [150, -9],
    [151, -10],
    [200, -10],
    [200.5, -11],
    [250, -11],
    [251, -12],
    [300, -12],
  ])("exclusive: %f m → %i", (d, penalty) => {
    expect(rangePenalty(d)).toBe(penalty);
    expect(rangePenalty(d, { rangeBoundary: "exclusive" })).toBe(penalty);
  });

  it("D-09 distance 5 / 5.5 / 10 / 11 / 100 / 101 / 150 / 151 / 300 m → 0 / −1 / −1 / −2 / −8 / −9 / −9 / −10 / −12", () => {
    expect([5, 5.5, 10, 11, 100, 101, 150, 151, 300].map((d) => rangePenalty(d))).toEqual([0, -1, -1, -2, -8, -9, -9, -10, -12]);
  });

  // Alternative reading: a column "X m" means "at least X m".
  it.each([
    [0, 0],
    [4.99, 0],
    [5, -1],
    [9.99, -1],
    [10, -2],
    [19.5, -2],
    [20, -3],
    [29.5, -3],
    [30, -4],
    [40, -5],
    [50, -6],
    [59.9, -6],
    [60, -7],
    [79.9, -7],
    [80, -8],
    [99.9, -8],
    [100, -9],
    [149.9, -9],
    [150, -10],
    [199.9, -10],
    [200, -11],
    [300, -13],
  ])("inclusive: %f m → %i", (d, penalty) => {
    expect(rangePenalty(d, { rangeBoundary: "inclusive" })).toBe(penalty);
  });

  it("rejects negative, NaN and infinite distances", () => {
    expect(parameterOf(() => rangePenalty(-1))).toBe("distanceMetres");
    expect(parameterOf(() => rangePenalty(Number.NaN))).toBe("distanceMetres");
    expect(parameterOf(() => rangePenalty(Number.POSITIVE_INFINITY))).toBe("distanceMetres");
  });
});

describe("§2.3.4 advantage positions", () => {
  it.each([
    ["opponentBlinded", 6, 6],
    ["opponentImmobilised", 6, 6],
    ["opponentGrappling", 4, 4],
    ["coverThreeQuarters", 0, 4],
    ["coverHalf", 0, 2],
    ["partiallyVisible", 2, 2],
    ["behindOpponent", 1, 1],
  ] as const)("%s: attack +%i, defence +%i", (key, attack, defence) => {
    expect(advantageBonus([key], "attack")).toBe(attack);
    expect(advantageBonus([key], "defence")).toBe(defence);
    expect(ADVANTAGE_POSITIONS[key].bonus).toBe(defence);
  });

  it("covers every row of the table", () => {
    expect(Object.keys(ADVANTAGE_POSITIONS).sort()).toEqual([...ADVANTAGE_KEYS].sort());
  });

  it("the two cover rows are alternatives: the best counts, once", () => {
    expect(advantageBonus(["coverHalf", "coverThreeQuarters"], "defence")).toBe(4);
    expect(advantageBonus(["coverThreeQuarters", "coverHalf"], "defence")).toBe(4);
    expect(advantageBonus(["coverHalf", "coverThreeQuarters"], "attack")).toBe(0);
  });

  it("the other rows add up; a repeated key counts once", () => {
    expect(advantageBonus(["behindOpponent", "partiallyVisible", "coverHalf"], "defence")).toBe(5);
    expect(advantageBonus(["behindOpponent", "partiallyVisible", "coverHalf"], "attack")).toBe(3);
    expect(advantageBonus(["behindOpponent", "behindOpponent"], "attack")).toBe(1);
    expect(advantageBonus([], "attack")).toBe(0);
  });

  it("rejects unknown positions and roll kinds", () => {
    expect(parameterOf(() => advantageBonus(["higherGround" as AdvantageKey], "attack"))).toBe("positions[0]");
    expect(parameterOf(() => advantageBonus([], "damage" as "attack"))).toBe("roll");
  });
});

describe("§2.3.5 static targets", () => {
  it.each([
    ["large", 10],
    ["medium", 15],
    ["small", 20],
    ["tiny", 25],
    ["minute", 30],
  ] as const)("%s → %i", (key, difficulty) => {
    expect(STATIC_TARGETS[key]).toBe(difficulty);
    expect(staticTargetDifficulty(key)).toBe(difficulty);
  });

  it("rejects unknown targets", () => {
    expect(parameterOf(() => staticTargetDifficulty("huge" as StaticTargetKey))).toBe("target");
  });
});

describe("§2.4.1 weapon FM shortfall", () => {
  it.each([
    [5, 9, -8],
    [7, 9, -4],
    [8, 9, -2],
    [9, 9, 0],
    [12, 9, 0],
    [0, 4, -8],
  ])("FOR %i with FM %i → %i", (strength, fm, penalty) => {
    expect(weaponShortfallPenalty(strength, fm)).toBe(penalty);
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => weaponShortfallPenalty(-1, 5))).toBe("strength");
    expect(parameterOf(() => weaponShortfallPenalty(5, 1.5))).toBe("weaponMinStrength");
  });
});

describe("§3.2.5 aimed shots", () => {
  it.each([
    ["trunk", 0],
    ["arm", -3],
    ["leg", -3],
    ["vital", -5],
  ] as const)("%s → %i", (area, penalty) => {
    expect(AIMED_AREA_PENALTY[area]).toBe(penalty);
    expect(aimedAreaPenalty(area)).toBe(penalty);
  });

  it.each([
    ["small", -4, -2],
    ["medium", -3, -3],
    ["large", -2, -4],
  ] as const)("weapon %s → %i (A-20 smaller is harder), %i literal", (size, adopted, literal) => {
    expect(aimedAreaPenalty("weapon", size)).toBe(adopted);
    expect(aimedAreaPenalty("weapon", size, { aimedWeaponPenaltyOrder: "smallerIsHarder" })).toBe(adopted);
    expect(aimedAreaPenalty("weapon", size, { aimedWeaponPenaltyOrder: "literal" })).toBe(literal);
  });

  it.each([-2, -3, -4, -5, -6])("armour bypass %i accepted", (p) => {
    expect(armourBypassPenalty(p)).toBe(p);
  });

  it("rejects bad areas, missing weapon size and out-of-range bypass", () => {
    expect(parameterOf(() => aimedAreaPenalty("eye" as AimedArea))).toBe("area");
    expect(parameterOf(() => aimedAreaPenalty("weapon"))).toBe("weaponSize");
    expect(parameterOf(() => aimedAreaPenalty("weapon", "huge" as WeaponSize))).toBe("weaponSize");
    for (const p of [-1, -7, 0, 2, -2.5]) expect(parameterOf(() => armourBypassPenalty(p))).toBe("bypassArmour");
  });
});

describe("§3.2.3 / §3.2.4 scattered targets and two weapons", () => {
  it.each([
    [0, 0, 0],
    [29, 0, 0],
    [30, -1, -2],
    [59.9, -1, -2],
    [90, -3, -6],
    [180, -6, -12],
    [360, -12, -24],
  ])("arc %f° → %i, with multiple attacks from both weapons %i (A-22)", (arc, single, both) => {
    expect(arcPenalty(arc)).toBe(single);
    expect(arcPenalty(arc, { multipleWithBothWeapons: false })).toBe(single);
    expect(arcPenalty(arc, { multipleWithBothWeapons: true })).toBe(both);
  });

  it.each([
    [[], 0],
    [[45], 0],
    [[0, 90], 90],
    [[0, 180], 180],
    [[-90, 90], 180],
    [[350, 10], 20],
    [[170, -170], 20],
    [[0, 120, 240], 240],
    [[0, 10, 20, 30], 30],
    [[0, 179.99999999], 180],
    [[720 + 15, 45], 30],
  ])("the arc covering targets in directions %j is %i°", (bearings, arc) => {
    expect(coveringArc(bearings)).toBe(arc);
  });

  it("EX-14's 180° between two targets, measured from their directions, costs −6; a bad direction is refused", () => {
    expect(arcPenalty(coveringArc([0, 180]))).toBe(-6);
    expect(() => coveringArc([Number.NaN])).toThrow();
  });

  it("two weapons: −4", () => {
    expect(TWO_WEAPONS_PENALTY).toBe(-4);
  });

  it("two weapons, one roll each at targets 60° apart: −4 and the plain −2 (−6), not a doubled arc", () => {
    const one = attackModifiers({ kind: "melee", twoWeapons: true, arcDegrees: 60 });
    expect(partsOf(one)).toMatchObject({ twoWeapons: -4, arc: -2 });
    expect(one.total).toBe(-6);
    const both = attackModifiers({ kind: "melee", twoWeapons: true, multipleWithBothWeapons: true, arcDegrees: 60 });
    expect(partsOf(both)).toMatchObject({ twoWeapons: -4, arc: -4 });
    expect(both.total).toBe(-8);
  });

  it("multiple attacks with both weapons needs two weapons", () => {
    expect(parameterOf(() => attackModifiers({ kind: "melee", multipleWithBothWeapons: true, arcDegrees: 60 }))).toBe("multipleWithBothWeapons");
    expect(parameterOf(() => multipleAttacks({ maxAttacks: 2, rolls: 2, magazine: null, multipleWithBothWeapons: true }))).toBe("multipleWithBothWeapons");
  });

  it("rejects arcs outside 0–360", () => {
    expect(parameterOf(() => arcPenalty(-1))).toBe("degrees");
    expect(parameterOf(() => arcPenalty(361))).toBe("degrees");
  });
});

describe("§2.3.1 attackModifiers", () => {
  it("no input, no modifier", () => {
    expect(attackModifiers({ kind: "melee" })).toEqual({ total: 0, parts: [] });
  });

  it("sums a labelled breakdown of every source", () => {
    const b = attackModifiers({
      kind: "ranged",
      distanceMetres: 25,
      advantages: ["partiallyVisible", "coverHalf"],
      conditionPenalty: -2,
      focusPerception: 9,
      strength: 6,
      weaponMinStrength: 7,
      aimedArea: "arm",
      bypassArmour: -4,
      twoWeapons: true,
      multipleWithBothWeapons: true,
      arcDegrees: 60,
      targetProne: true,
      desperateAggression: true,
    });
    expect(partsOf(b)).toEqual({
      range: -3,
      advantage: 2,
      condition: -2,
      focus: 5,
      weaponStrength: -2,
      aimedArea: -3,
      bypassArmour: -4,
      twoWeapons: -4,
      arc: -4,
      proneTarget: -2,
      desperateAggression: -2,
    });
    expect(b.total).toBe(-3 + 2 - 2 + 5 - 2 - 3 - 4 - 4 - 4 - 2 - 2);
  });

  it("prone target: +1 in melee, −2 at range (A-42)", () => {
    expect(attackModifiers({ kind: "melee", targetProne: true }).total).toBe(1);
    expect(attackModifiers({ kind: "ranged", targetProne: true }).total).toBe(-2);
    expect(PRONE_TARGET_MODIFIER).toEqual({ melee: { attack: 1, defence: 1 }, ranged: { attack: -2, defence: 0 } });
  });

  it("desperate aggression (§3.1.6): −2 to attack, +1 to melee damage", () => {
    expect(DESPERATE_AGGRESSION_ATTACK_MODIFIER).toBe(-2);
    expect(DESPERATE_AGGRESSION_MELEE_DAMAGE).toBe(1);
  });

  it("range option reaches the range part", () => {
    expect(partsOf(attackModifiers({ kind: "ranged", distanceMetres: 5 }, { rangeBoundary: "inclusive" }))).toEqual({ range: -1 });
    expect(attackModifiers({ kind: "ranged", distanceMetres: 5 }).parts).toEqual([]);
  });

  it("aiming at a weapon uses the A-20 option", () => {
    expect(attackModifiers({ kind: "melee", aimedArea: "weapon", weaponSize: "small" }).total).toBe(-4);
    expect(attackModifiers({ kind: "melee", aimedArea: "weapon", weaponSize: "small" }, { aimedWeaponPenaltyOrder: "literal" }).total).toBe(-2);
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => attackModifiers({ kind: "magic" as "melee" }))).toBe("kind");
    expect(parameterOf(() => attackModifiers({ kind: "melee", conditionPenalty: 2 }))).toBe("conditionPenalty");
    expect(parameterOf(() => attackModifiers({ kind: "melee", conditionPenalty: -6 }))).toBe("conditionPenalty");
    expect(parameterOf(() => attackModifiers({ kind: "melee", strength: 7 }))).toBe("weaponMinStrength");
    expect(parameterOf(() => attackModifiers({ kind: "melee", weaponMinStrength: 7 }))).toBe("strength");
    expect(parameterOf(() => attackModifiers({ kind: "melee", aimedArea: "weapon", weaponSize: "large", bypassArmour: -2 }))).toBe(
      "bypassArmour",
    );
    expect(parameterOf(() => attackModifiers({ kind: "ranged", distanceMetres: -3 }))).toBe("distanceMetres");
    expect(parameterOf(() => attackModifiers({ kind: "ranged", focusPerception: -3 }))).toBe("perception");
  });
});

describe("§2.3.3 defenceModifiers", () => {
  it("Defence maneuver, dive, cover, condition, surprise, prone-target melee bonus", () => {
    const b = defenceModifiers({
      defenceManeuverDexterity: 7,
      dive: true,
      advantages: ["coverThreeQuarters", "coverHalf", "behindOpponent"],
      conditionPenalty: -5,
      surprised: true,
      opponentProneInMelee: true,
    });
    expect(partsOf(b)).toEqual({ defenceManeuver: 4, dive: 2, advantage: 5, condition: -5, surprise: -2, proneTarget: 1 });
    expect(b.total).toBe(4 + 2 + 5 - 5 - 2 + 1);
  });

  it("nothing applies → 0", () => {
    expect(defenceModifiers({})).toEqual({ total: 0, parts: [] });
    expect(defenceModifiers({ dive: false, surprised: false, conditionPenalty: 0 })).toEqual({ total: 0, parts: [] });
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => defenceModifiers({ defenceManeuverDexterity: -1 }))).toBe("dexterity");
    expect(parameterOf(() => defenceModifiers({ conditionPenalty: 1.5 }))).toBe("conditionPenalty");
  });
});

describe("§2.3.1 / §2.3.5 / §3.2.7 resolveAttack", () => {
  it.each([
    [20, 19, "hit", "hit"],
    [20, 20, "hit", "grazing"],
    [20, 21, "miss", "miss"],
    [-3, -3, "hit", "grazing"],
  ] as const)("attack %i vs defence %i → %s (grazing rule: %s)", (attackTotal, defenceTotal, base, grazing) => {
    expect(resolveAttack({ attackTotal, defenceTotal })).toBe(base);
    expect(resolveAttack({ attackTotal, defenceTotal }, { grazingHits: false })).toBe(base);
    expect(resolveAttack({ attackTotal, defenceTotal }, { grazingHits: true })).toBe(grazing);
  });

  it.each([
    [16, 15, "hit"],
    [15, 15, "miss"],
    [14, 15, "miss"],
  ] as const)("static: attack %i vs difficulty %i → %s, never grazing", (attackTotal, staticDifficulty, outcome) => {
    expect(resolveAttack({ attackTotal, staticDifficulty }, { grazingHits: true })).toBe(outcome);
  });

  it("needs exactly one of defenceTotal / staticDifficulty, all integers", () => {
    expect(parameterOf(() => resolveAttack({ attackTotal: 10 }))).toBe("defenceTotal");
    expect(parameterOf(() => resolveAttack({ attackTotal: 10, defenceTotal: 5, staticDifficulty: 10 }))).toBe("defenceTotal");
    expect(parameterOf(() => resolveAttack({ attackTotal: 10.5, defenceTotal: 5 }))).toBe("attackTotal");
    expect(parameterOf(() => resolveAttack({ attackTotal: 10, defenceTotal: Number.NaN }))).toBe("defenceTotal");
    expect(parameterOf(() => resolveAttack({ attackTotal: 10, staticDifficulty: -1 }))).toBe("staticDifficulty");
  });
});

describe("§3.2.3 multiple attacks and shots", () => {
  it("each roll spends one shot", () => {
    expect(shotsAfter(12, 4)).toBe(8);
    expect(shotsAfter(4, 4)).toBe(0);
    expect(shotsAfter(4, 0)).toBe(4);
  });

  it("fails clearly when the magazine is short", () => {
    expect(parameterOf(() => shotsAfter(3, 4))).toBe("rolls");
    expect(() => shotsAfter(3, 4)).toThrow(/at most 3, the rounds left in the magazine/);
    expect(parameterOf(() => shotsAfter(-1, 0))).toBe("magazine");
  });

  it("plans a burst: rolls, shots left and the penalty each roll carries", () => {
    expect(multipleAttacks({ maxAttacks: 4, rolls: 4, magazine: 30 })).toEqual({ rolls: 4, shotsLeft: 26, perRoll: { total: 0, parts: [] } });
    const both = multipleAttacks({ maxAttacks: 4, rolls: 2, magazine: null, arcDegrees: 180, twoWeapons: true, multipleWithBothWeapons: true });
    expect(both.shotsLeft).toBeNull();
    expect(both.perRoll.total).toBe(-16);
    expect(partsOf(both.perRoll)).toEqual({ twoWeapons: -4, arc: -12 });
    // Two weapons whose burst is the only multiple attack: the arc is not doubled.
    expect(partsOf(multipleAttacks({ maxAttacks: 4, rolls: 2, magazine: null, arcDegrees: 180, twoWeapons: true }).perRoll)).toEqual({ twoWeapons: -4, arc: -6 });
  });

  it("rejects more rolls than the weapon allows, or than the magazine holds", () => {
    expect(parameterOf(() => multipleAttacks({ maxAttacks: 4, rolls: 5, magazine: 30 }))).toBe("rolls");
    expect(parameterOf(() => multipleAttacks({ maxAttacks: 4, rolls: 0, magazine: 30 }))).toBe("rolls");
    expect(parameterOf(() => multipleAttacks({ maxAttacks: 0, rolls: 1, magazine: 30 }))).toBe("maxAttacks");
    expect(parameterOf(() => multipleAttacks({ maxAttacks: 4, rolls: 3, magazine: 2 }))).toBe("rolls");
  });
});
