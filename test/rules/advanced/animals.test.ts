import { describe, it, expect } from "vitest";
import { rejects } from "../rules-error.js";
import {
  ANIMALS,
  ANIMAL_KEYS,
  VIPER_VENOM,
  animalAttackManeuver,
  animalCombatGrades,
  animalDamage,
  venomDoses,
} from "../../../src/rules/advanced/animals.js";
import type { AnimalKey, AnimalStatBlock } from "../../../src/rules/advanced/animals.js";

type SpecRow = readonly [
  key: AnimalKey,
  name: string,
  str: number,
  dex: number,
  per: number,
  res: number,
  ref: number,
  speeds: readonly (readonly [string, number])[],
  atk: number,
  def: number | null,
  damage: readonly [number, number, number, string],
];

// Spec §3.3.3, one row per animal: name, FOR, DEX, PER, RES, REF, speeds, ATK, DEF, damage [dice, faces, flat, type].
const SPEC: readonly SpecRow[] = [
  ["dog", "Cane", 4, 8, 10, 24, 9, [["run", 5]], 12, 10, [1, 6, -1, "trauma"]],
  ["crocodile", "Coccodrillo", 10, 7, 7, 40, 7, [["run", 3], ["swim", 2]], 10, null, [2, 6, 0, "wounding"]],
  ["horse", "Cavallo", 12, 6, 8, 48, 7, [["run", 12]], 8, 5, [2, 6, 0, "trauma"]],
  ["elephant", "Elefante", 30, 4, 8, 120, 5, [["run", 4]], 5, 0, [4, 6, 0, "trauma"]],
  ["hawk", "Falco", 2, 7, 8, 8, 9, [["fly", 12], ["run", 2]], 15, 15, [1, 3, 0, "trauma"]],
  ["shark", "Squalo", 9, 7, 8, 36, 8, [["swim", 5]], 10, 10, [3, 6, 0, "wounding"]],
  ["tiger", "Tigre", 18, 8, 10, 72, 8, [["run", 7]], 12, 12, [3, 6, 2, "wounding"]],
  ["cat", "Gatto", 2, 10, 10, 8, 10, [["run", 6]], 10, null, [1, 3, 0, "trauma"]],
  ["viper", "Vipera", 2, 12, 8, 8, 9, [["run", 3]], 15, 15, [1, 3, 0, "trauma"]],
  ["wolf", "Lupo", 7, 7, 10, 18, 8, [["run", 6]], 14, null, [1, 6, 1, "wounding"]],
  ["bear", "Orso", 16, 6, 10, 64, 6, [["run", 4]], 10, 5, [3, 6, 0, "wounding"]],
];

describe("§3.3.3 animal stat blocks", () => {
  it("the eleven animals, in printed order", () => {
    expect(ANIMAL_KEYS).toEqual(SPEC.map((row) => row[0]));
    expect(Object.keys(ANIMALS)).toEqual([...ANIMAL_KEYS]);
  });

  it.each(SPEC.map((row) => ({ row, key: row[0], name: row[1] })))("$key ($name): every printed cell", ({ row }) => {
    const [key, name, str, dex, per, res, ref, speeds, atk, def, damage] = row;
    const a = ANIMALS[key];
    expect(a.key).toBe(key);
    expect(a.italianName).toBe(name);
    expect([a.strength, a.dexterity, a.perception, a.resistance, a.reflexes]).toEqual([str, dex, per, res, ref]);
    expect(a.speeds.map((s) => [s.mode, s.metres])).toEqual(speeds);
    expect(a.attack).toBe(atk);
    expect(a.defence).toBe(def);
    expect([a.damage.dice, a.damage.faces, a.damage.flat, a.damage.type]).toEqual(damage);
    expect(a.attacksPerTurn).toBe(1);
    expect("charm" in a || "experience" in a).toBe(false);
  });

  it("the lost defence grades stay missing (crocodile, cat, wolf)", () => {
    expect(ANIMAL_KEYS.filter((k) => ANIMALS[k].defence === null)).toEqual(["crocodile", "cat", "wolf"]);
  });

  it.each([
    ["dog", [["tracking", 2, null]]],
    ["crocodile", [["hide", 4, "inWater"]]],
    ["horse", []],
    ["elephant", []],
    ["hawk", [["spotting", 4, null]]],
    ["shark", []],
    ["tiger", [["hide", 2, "naturalEnvironment"], ["ambush", 2, "naturalEnvironment"]]],
    ["cat", [["hide", 4, null], ["moveSilently", 4, null]]],
    ["viper", [["hide", 4, null]]],
    ["wolf", [["tracking", 2, null]]],
    ["bear", []],
  ] as const)("%s capabilities", (key, capabilities) => {
    expect(ANIMALS[key].capabilities.map((c) => [c.key, c.bonus, c.condition])).toEqual(capabilities);
  });

  it("unnumbered capabilities", () => {
    const traits = Object.fromEntries(ANIMAL_KEYS.map((k) => [k, ANIMALS[k].traits]));
    expect(traits).toEqual({
      dog: [],
      crocodile: ["holdsBreathOneHour"],
      horse: [],
      elephant: [],
      hawk: [],
      shark: [],
      tiger: [],
      cat: ["ignoresDimLight"],
      viper: ["ignoresDarkness"],
      wolf: [],
      bear: [],
    });
  });

  it("only the viper is venomous, with the §3.3.3 venom", () => {
    expect(ANIMAL_KEYS.filter((k) => ANIMALS[k].venom !== null)).toEqual(["viper"]);
    expect(VIPER_VENOM).toEqual({
      dosesDice: 2,
      dosesFaces: 6,
      maxDosesPerDay: 12,
      fullEffect: "deathWithinMinutes",
      mildEffect: {
        onset: { dice: 1, faces: 6, unit: "hour" },
        checkModifier: -5,
        untreatedDuration: { dice: 1, faces: 3, unit: "day" },
      },
    });
  });

  it("is deeply frozen", () => {
    expect(Object.isFrozen(ANIMALS)).toBe(true);
    expect(Object.isFrozen(ANIMALS.hawk)).toBe(true);
    expect(Object.isFrozen(ANIMALS.hawk.speeds)).toBe(true);
    expect(Object.isFrozen(ANIMALS.hawk.speeds[0])).toBe(true);
    expect(Object.isFrozen(ANIMALS.hawk.environmentGrades.ground)).toBe(true);
    expect(Object.isFrozen(VIPER_VENOM.mildEffect.onset)).toBe(true);
  });
});

describe("§3.3.2 (A-31) printed values against the human formulas", () => {
  // Formulas computed here so the test does not depend on characteristics.ts; REF agrees under either A-01 rounding.
  const deviations = (a: AnimalStatBlock): string[] => {
    const out: string[] = [];
    if (a.resistance !== 4 * a.strength) out.push("resistance");
    const mean = (a.perception + a.dexterity) / 2;
    if (a.reflexes !== Math.floor(mean) && a.reflexes !== Math.floor(mean + 0.5)) out.push("reflexes");
    return out;
  };

  const FLAGGED: Record<AnimalKey, string[]> = {
    dog: ["resistance"],
    crocodile: [],
    horse: [],
    elephant: ["reflexes"],
    hawk: ["reflexes"],
    shark: [],
    tiger: ["reflexes"],
    cat: [],
    viper: ["reflexes"],
    wolf: ["resistance"],
    bear: ["reflexes"],
  };

  it.each(ANIMAL_KEYS)("%s differs from the formulas exactly where the spec flags ⚑", (key) => {
    expect(deviations(ANIMALS[key])).toEqual(FLAGGED[key]);
    expect(ANIMALS[key].printedDeviations).toEqual(FLAGGED[key]);
  });

  it("shark and wolf REF agree only under different roundings (A-01)", () => {
    expect(ANIMALS.shark.reflexes).toBe(Math.floor((8 + 7) / 2 + 0.5));
    expect(ANIMALS.shark.reflexes).not.toBe(Math.floor((8 + 7) / 2));
    expect(ANIMALS.wolf.reflexes).toBe(Math.floor((10 + 7) / 2));
    expect(ANIMALS.wolf.reflexes).not.toBe(Math.floor((10 + 7) / 2 + 0.5));
  });
});

describe("§3.3 combat grades by environment", () => {
  it("D-38 hawk: 15/15 in flight, 5/5 on the ground", () => {
    expect(animalCombatGrades("hawk", "flight")).toEqual({ canAct: true, attack: 15, defence: 15 });
    expect(animalCombatGrades("hawk", "ground")).toEqual({ canAct: true, attack: 5, defence: 5 });
    expect(animalCombatGrades("hawk", "land")).toEqual({ canAct: true, attack: 5, defence: 5 });
  });

  it("the shark acts only in water", () => {
    expect(animalCombatGrades("shark", "water")).toEqual({ canAct: true, attack: 10, defence: 10 });
    expect(animalCombatGrades("shark", "land")).toEqual({ canAct: false, attack: null, defence: null });
    expect(animalCombatGrades("shark", "ground")).toEqual({ canAct: false, attack: null, defence: null });
  });

  it("other animals keep their grades, a missing defence stays null", () => {
    for (const key of ANIMAL_KEYS.filter((k) => k !== "hawk" && k !== "shark")) {
      for (const env of ["ground", "land", "water"] as const) {
        expect(animalCombatGrades(key, env)).toEqual({ canAct: true, attack: ANIMALS[key].attack, defence: ANIMALS[key].defence });
      }
    }
    expect(animalCombatGrades("wolf", "ground").defence).toBeNull();
  });

  it("accepts a stat block with a GM-supplied defence", () => {
    const wolf: AnimalStatBlock = { ...ANIMALS.wolf, defence: 8 };
    expect(animalCombatGrades(wolf, "ground")).toEqual({ canAct: true, attack: 14, defence: 8 });
  });

  it("rejects bad input", () => {
    rejects(() => animalCombatGrades("dragon" as never, "ground"), "animal");
    rejects(() => animalCombatGrades("dog", "space" as never), "environment");
    rejects(() => animalCombatGrades("dog", "flight"), "environment");
  });
});

describe("§3.3.1 animal attacks", () => {
  it("A-03: Attack maneuver by default, Execution on the literal reading", () => {
    expect(animalAttackManeuver()).toBe("attack");
    expect(animalAttackManeuver({ animalAttackManeuver: "execution" })).toBe("execution");
  });

  it("damage = dice + flat, never below 0", () => {
    expect(animalDamage("dog", 1)).toBe(0);
    expect(animalDamage("dog", 6)).toBe(5);
    expect(animalDamage("tiger", 3)).toBe(5);
    expect(animalDamage("tiger", 18)).toBe(20);
    expect(animalDamage("wolf", 6)).toBe(7);
    expect(animalDamage("hawk", 3)).toBe(3);
    expect(animalDamage("elephant", 24)).toBe(24);
  });

  it("rejects bad input", () => {
    rejects(() => animalDamage("hawk", 4), "diceTotal");
    rejects(() => animalDamage("elephant", 3), "diceTotal");
    rejects(() => animalDamage("cow" as never, 3), "animal");
  });
});

describe("§3.3.3 viper venom (A-41)", () => {
  it("a hit stopped by armour injects nothing", () => {
    expect(venomDoses({ damageAfterArmour: 0, roll2d6: 9, dosesInjectedToday: 0 })).toEqual({ doses: 0, dosesInjectedToday: 0, limited: false });
  });

  it("a hit that gets through injects 2D6 doses", () => {
    expect(venomDoses({ damageAfterArmour: 1, roll2d6: 9, dosesInjectedToday: 0 })).toEqual({ doses: 9, dosesInjectedToday: 9, limited: false });
  });

  it("never more than 12 doses a day (exhaustive)", () => {
    for (let today = 0; today <= 12; today++) {
      for (let roll = 2; roll <= 12; roll++) {
        const r = venomDoses({ damageAfterArmour: 2, roll2d6: roll, dosesInjectedToday: today });
        expect(r.doses).toBe(Math.min(roll, 12 - today));
        expect(r.dosesInjectedToday).toBeLessThanOrEqual(12);
        expect(r.limited).toBe(roll > 12 - today);
      }
    }
  });

  it("rejects bad input", () => {
    rejects(() => venomDoses({ damageAfterArmour: -1, roll2d6: 7, dosesInjectedToday: 0 }), "damageAfterArmour");
    rejects(() => venomDoses({ damageAfterArmour: 1, roll2d6: 13, dosesInjectedToday: 0 }), "roll2d6");
    rejects(() => venomDoses({ damageAfterArmour: 1, roll2d6: 7, dosesInjectedToday: 13 }), "dosesInjectedToday");
    rejects(() => venomDoses({ damageAfterArmour: 1, roll2d6: 7, dosesInjectedToday: -1 }), "dosesInjectedToday");
  });
});
