import { describe, it, expect } from "vitest";
import { parameterOf } from "./rules-error.js";
import type { DamageType } from "../../src/rules/types.js";
import {
  ARMOUR_TABLE,
  UNARMED,
  WEAPON_KEYS,
  WEAPON_TABLE,
  canReach,
  damageRange,
  damageSpec,
  formatDamage,
  halfDamageDistance,
  isBeyondHalfDamage,
  parseDamage,
  rollDamage,
  unarmedDamageRange,
  weaponRange,
  weaponRowRange,
  wieldedDamageNotation,
} from "../../src/rules/weapons.js";
import type { DamageSpec, WeaponKey } from "../../src/rules/weapons.js";


describe("§2.4.2 WEAPON_TABLE", () => {
  // Arma, mode, Dn as printed, FM, C, P, Gt as printed.
  it.each([
    ["hatchetMelee", "Accetta", "melee", "1D6+[FOR±0] / F", 6, null, 0, null],
    ["hatchetThrown", "Accetta", "thrown", "1D6+[FOR−2] / F", 6, null, 0, { strengthMultiple: 2 }],
    ["staffOneHanded", "Bastone", "oneHanded", "1D6+[FOR±0] / T", 7, null, 0, null],
    ["staffTwoHanded", "Bastone", "twoHanded", "1D6+[FOR+2] / T", 5, null, 0, null],
    ["knifeMelee", "Coltello", "melee", "1D6+[FOR−2] / F", 4, null, 0, null],
    ["knifeThrown", "Coltello", "thrown", "1D6+[FOR−3] / F", 4, null, 0, { strengthMultiple: 2 }],
    ["clubOneHanded", "Clava", "oneHanded", "1D6+[FOR+2] / T", 9, null, 0, null],
    ["clubTwoHanded", "Clava", "twoHanded", "2D6+[FOR±0] / T", 7, null, 0, null],
    ["spearOneHanded", "Lancia", "oneHanded", "1D6+[FOR±0] / F", 7, null, 0, null],
    ["spearTwoHanded", "Lancia", "twoHanded", "1D6+[FOR+2] / F", 5, null, 0, null],
    ["spearThrown", "Lancia", "thrown", "1D6+[FOR±0] / F", 7, null, 0, null],
    ["pistolOneHanded", "Pistola", "oneHanded", "4D6±0 / F", 7, 12, 3, { metres: 600 }],
    ["pistolTwoHanded", "Pistola", "twoHanded", "4D6±0 / F", 5, 12, 3, { metres: 600 }],
  ] as const)("%s: %s %s Dn %s FM %i C %s P %i", (key, name, mode, dn, fm, shots, preparation, range) => {
    const row = WEAPON_TABLE[key];
    expect(row.key).toBe(key);
    expect(row.name).toBe(name);
    expect(row.mode).toBe(mode);
    // Written without the ±0 the book prints for no modifier (issue 21); the printed form still parses to the same.
    expect(formatDamage(row.damage).book).toBe(dn.replace("±0", ""));
    expect(row.damage).toEqual(parseDamage(dn));
    expect(row.minStrength).toBe(fm);
    expect(row.shots).toBe(shots);
    expect(row.preparation).toBe(preparation);
    expect(row.range).toEqual(range);
    expect(row.thrown).toBe(mode === "thrown");
  });

  it("has the 13 rows and nothing else, frozen", () => {
    expect(Object.keys(WEAPON_TABLE)).toEqual([...WEAPON_KEYS]);
    expect(WEAPON_KEYS).toHaveLength(13);
    expect(Object.isFrozen(WEAPON_TABLE)).toBe(true);
    expect(Object.isFrozen(WEAPON_TABLE.knifeThrown)).toBe(true);
    expect(Object.isFrozen(WEAPON_TABLE.knifeThrown.damage)).toBe(true);
  });

  // DERIVED damage ranges at FOR 7 (§2.4.2), and Gt where the weapon has one.
  it.each([
    ["hatchetMelee", 8, 13, null],
    ["hatchetThrown", 6, 11, 14],
    ["staffOneHanded", 8, 13, null],
    ["staffTwoHanded", 10, 15, null],
    ["knifeMelee", 6, 11, null],
    ["knifeThrown", 5, 10, 14],
    ["clubOneHanded", 10, 15, null],
    ["clubTwoHanded", 9, 19, null],
    ["spearOneHanded", 8, 13, null],
    ["spearTwoHanded", 10, 15, null],
    ["spearThrown", 8, 13, 14],
    ["pistolOneHanded", 4, 24, 600],
    ["pistolTwoHanded", 4, 24, 600],
  ] as const)("FOR 7, %s: damage %i–%i, Gt %s", (key: WeaponKey, min, max, gt) => {
    const row = WEAPON_TABLE[key];
    expect(damageRange(row.damage, 7)).toEqual({ min, max });
    expect(weaponRowRange(row, 7)).toBe(gt);
  });

  it("half damage beyond 2/3 Gt: thrown weapons at FOR 7 past 9.33 m, the pistol past 400 m", () => {
    expect(halfDamageDistance(14)).toBeCloseTo(9.3333, 4);
    expect(halfDamageDistance(600)).toBe(400);
    expect(isBeyondHalfDamage(400, 600)).toBe(false);
    expect(isBeyondHalfDamage(400.01, 600)).toBe(true);
  });
});

describe("§2.4.1 range (Gittata)", () => {
  it("fixed metres or a multiple of Forza", () => {
    expect(weaponRange({ metres: 600 }, 3)).toBe(600);
    expect(weaponRange({ strengthMultiple: 2 }, 7)).toBe(14);
    expect(weaponRange({ strengthMultiple: 3 }, 5)).toBe(15);
  });

  it("A-06: the thrown spear gets FOR × 2 unless the option is off; melee rows have none", () => {
    expect(weaponRowRange(WEAPON_TABLE.spearThrown, 7)).toBe(14);
    expect(weaponRowRange(WEAPON_TABLE.spearThrown, 7, { thrownSpearRangeFromStrength: true })).toBe(14);
    expect(weaponRowRange(WEAPON_TABLE.spearThrown, 7, { thrownSpearRangeFromStrength: false })).toBeNull();
    expect(weaponRowRange(WEAPON_TABLE.knifeThrown, 7, { thrownSpearRangeFromStrength: false })).toBe(14);
    expect(weaponRowRange(WEAPON_TABLE.spearOneHanded, 7)).toBeNull();
  });

  it("D-10 thrown knife at FOR 7: Gt 14 m, half damage beyond 9.33 m, no attack beyond 14 m", () => {
    const gt = weaponRowRange(WEAPON_TABLE.knifeThrown, 7) ?? Number.NaN;
    expect(gt).toBe(14);
    expect(isBeyondHalfDamage(9.33, gt)).toBe(false);
    expect(isBeyondHalfDamage(9.34, gt)).toBe(true);
    expect(isBeyondHalfDamage(28 / 3, gt)).toBe(false);
    expect(canReach(14, gt)).toBe(true);
    expect(canReach(14.01, gt)).toBe(false);
  });

  it("rejects bad input", () => {
    expect(parameterOf(() => weaponRange({ metres: -1 }, 7))).toBe("range.metres");
    expect(parameterOf(() => weaponRange({ strengthMultiple: 0 }, 7))).toBe("range.strengthMultiple");
    expect(parameterOf(() => weaponRange({ strengthMultiple: 2 }, -7))).toBe("strength");
    expect(parameterOf(() => halfDamageDistance(Number.NaN))).toBe("rangeMetres");
    expect(parameterOf(() => isBeyondHalfDamage(-1, 14))).toBe("distanceMetres");
    expect(parameterOf(() => canReach(5, Number.POSITIVE_INFINITY))).toBe("rangeMetres");
  });
});

describe("§2.4.3 ARMOUR_TABLE", () => {
  it.each([
    ["bulletproofVest", "Corpetto Antiproiettile", 15, 6, "torso"],
    ["knightArmour", "Armatura da Cavaliere", 12, 9, "wholeBody"],
  ] as const)("%s: %s Df %i FM %i covers %s", (key, name, df, fm, coverage) => {
    expect(ARMOUR_TABLE[key]).toEqual({ key, name, defence: df, minStrength: fm, coverage });
  });

  it("has exactly two rows", () => {
    expect(Object.keys(ARMOUR_TABLE)).toEqual(["bulletproofVest", "knightArmour"]);
  });
});

describe("§2.4.1 damage notation (A-07)", () => {
  it.each([
    ["1D6+[FOR−2] / F", { dice: 1, faces: 6, strengthBonus: -2, flat: 0, type: "wounding" }],
    ["1D6+[FOR-2]/F", { dice: 1, faces: 6, strengthBonus: -2, flat: 0, type: "wounding" }],
    ["2D6+[FOR±0] / T", { dice: 2, faces: 6, strengthBonus: 0, flat: 0, type: "trauma" }],
    ["1d6 + [Forza + 2] / t", { dice: 1, faces: 6, strengthBonus: 2, flat: 0, type: "trauma" }],
    ["1D6+[FOR]/S", { dice: 1, faces: 6, strengthBonus: 0, flat: 0, type: "shock" }],
    ["4D6±0 / F", { dice: 4, faces: 6, strengthBonus: null, flat: 0, type: "wounding" }],
    ["1D6+1/F", { dice: 1, faces: 6, strengthBonus: null, flat: 1, type: "wounding" }],
    ["8D6 / F", { dice: 8, faces: 6, strengthBonus: null, flat: 0, type: "wounding" }],
    ["1D6+[FOR−2]−1 / F", { dice: 1, faces: 6, strengthBonus: -2, flat: -1, type: "wounding" }],
  ] as const)("parses %s", (text, spec) => {
    expect(parseDamage(text)).toEqual(spec);
  });

  it("takes the type from the argument when the notation has no letter, and checks agreement", () => {
    expect(parseDamage("2D6", "trauma")).toEqual({ dice: 2, faces: 6, strengthBonus: null, flat: 0, type: "trauma" });
    expect(parseDamage("2D6/T", "trauma").type).toBe("trauma");
    expect(parameterOf(() => parseDamage("2D6"))).toBe("type");
    expect(parameterOf(() => parseDamage("2D6/F", "trauma"))).toBe("type");
  });

  it.each(["", "D6", "1D10", "1D6+[DEX−2]/F", "1D6/X", "1D6±2/F", "abc", "0D6/F"])("rejects %j", (text) => {
    expect(parameterOf(() => parseDamage(text))).toMatch(/^(text|dice)$/);
  });

  it.each([
    [{ dice: 1, faces: 6, strengthBonus: -2, flat: 0, type: "wounding" }, "1D6+[FOR−2] / F", "1d6 + @strength - 2"],
    [{ dice: 1, faces: 6, strengthBonus: 0, flat: 0, type: "trauma" }, "1D6+[FOR] / T", "1d6 + @strength"],
    [{ dice: 2, faces: 6, strengthBonus: 2, flat: 0, type: "trauma" }, "2D6+[FOR+2] / T", "2d6 + @strength + 2"],
    [{ dice: 4, faces: 6, strengthBonus: null, flat: 0, type: "wounding" }, "4D6 / F", "4d6"],
    [{ dice: 1, faces: 6, strengthBonus: null, flat: 1, type: "shock" }, "1D6+1 / S", "1d6 + 1"],
    [{ dice: 1, faces: 6, strengthBonus: -2, flat: -1, type: "wounding" }, "1D6+[FOR−2]−1 / F", "1d6 + @strength - 3"],
  ] as const)("formats %j as %s and %s", (spec, book, foundry) => {
    expect(formatDamage(spec)).toEqual({ book, foundry });
    expect(parseDamage(book)).toEqual(spec);
  });

  it("writes a wielder's damage with Forza counted in, in the book's notation", () => {
    expect(wieldedDamageNotation(WEAPON_TABLE.knifeMelee.damage, 5)).toBe("1D6+3");
    expect(wieldedDamageNotation({ dice: 1, faces: 6, strengthBonus: -2, flat: 0, type: "wounding" }, 1)).toBe("1D6−1");
    expect(wieldedDamageNotation({ dice: 4, faces: 6, strengthBonus: null, flat: 0, type: "wounding" }, 7)).toBe("4D6");
  });

  it("uses the caller's roll-data path for Forza", () => {
    expect(formatDamage(WEAPON_TABLE.knifeMelee.damage, "@characteristics.strength").foundry).toBe("1d6 + @characteristics.strength - 2");
  });

  it("writes D3 and D10 dice for animals and setting weapons (Foundry rolls 1d3 like a halved D6)", () => {
    expect(formatDamage(damageSpec(1, null, 0, "trauma", 3))).toEqual({ book: "1D3 / T", foundry: "1d3" });
    expect(formatDamage(damageSpec(2, null, 1, "wounding", 10))).toEqual({ book: "2D10+1 / F", foundry: "2d10 + 1" });
    expect(damageRange(damageSpec(1, null, 0, "trauma", 3), 2)).toEqual({ min: 1, max: 3 });
  });

  it("rejects malformed specs", () => {
    const bad = (patch: Partial<Record<keyof DamageSpec, unknown>>): DamageSpec =>
      // A deliberately broken spec, as untyped data could deliver it.
      ({ dice: 1, faces: 6, strengthBonus: 0, flat: 0, type: "wounding", ...patch }) as DamageSpec;
    expect(parameterOf(() => formatDamage(bad({ faces: 8 })))).toBe("spec.faces");
    expect(parameterOf(() => damageSpec(1, null, 0, "trauma", 4 as 6))).toBe("faces");
    expect(parameterOf(() => formatDamage(bad({ dice: 0 })))).toBe("spec.dice");
    expect(parameterOf(() => formatDamage(bad({ strengthBonus: 0.5 })))).toBe("spec.strengthBonus");
    expect(parameterOf(() => formatDamage(bad({ flat: Number.NaN })))).toBe("spec.flat");
    expect(parameterOf(() => formatDamage(bad({ type: "fire" })))).toBe("spec.type");
    expect(parameterOf(() => damageSpec(1, null, 0, "fire" as DamageType))).toBe("type");
    expect(parameterOf(() => damageSpec(-1, null, 0, "trauma"))).toBe("dice");
  });
});

describe("§2.4.1 damage evaluation", () => {
  it("rollDamage adds Forza and modifiers to the dice", () => {
    expect(rollDamage(WEAPON_TABLE.knifeMelee.damage, 7, [4])).toBe(9);
    expect(rollDamage(WEAPON_TABLE.clubTwoHanded.damage, 7, [6, 6])).toBe(19);
    expect(rollDamage(WEAPON_TABLE.pistolOneHanded.damage, 3, [1, 2, 3, 6])).toBe(12);
  });

  it("damage never goes below 0 (a weak thrower)", () => {
    expect(damageRange(WEAPON_TABLE.knifeThrown.damage, 1)).toEqual({ min: 0, max: 4 });
    expect(rollDamage(WEAPON_TABLE.knifeThrown.damage, 1, [1])).toBe(0);
    expect(damageRange(WEAPON_TABLE.knifeThrown.damage, 3)).toEqual({ min: 1, max: 6 });
  });

  it("rejects bad dice and strength", () => {
    expect(parameterOf(() => rollDamage(WEAPON_TABLE.clubTwoHanded.damage, 7, [6]))).toBe("dice");
    expect(parameterOf(() => rollDamage(WEAPON_TABLE.knifeMelee.damage, 7, [7]))).toBe("dice[0]");
    expect(parameterOf(() => rollDamage(WEAPON_TABLE.knifeMelee.damage, -1, [3]))).toBe("strength");
    expect(parameterOf(() => damageRange(WEAPON_TABLE.knifeMelee.damage, 2.5))).toBe("strength");
  });
});

describe("§2.3.7 UNARMED", () => {
  it("FOR − 1D6 trauma, min 0", () => {
    expect(UNARMED.type).toBe("trauma");
    expect(UNARMED.dice).toBe(1);
    expect(UNARMED.faces).toBe(6);
    expect(UNARMED.minimum).toBe(0);
  });

  it.each([
    [7, 1, 6],
    [5, 0, 4],
    [6, 0, 5],
    [10, 4, 9],
    [0, 0, 0],
  ])("FOR %i → %i–%i", (strength, min, max) => {
    expect(unarmedDamageRange(strength)).toEqual({ min, max });
  });

  it("rejects bad strength", () => {
    expect(parameterOf(() => unarmedDamageRange(-2))).toBe("strength");
  });
});
