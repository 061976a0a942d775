import { beforeAll, describe, expect, it } from "vitest";
import { SkillModel } from "../../src/data/item/skill.js";
import { WeaponModel } from "../../src/data/item/weapon.js";
import { resetRulesOptionsCache } from "../../src/settings/rules-settings.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { ALVEN, createActor, personOf } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const knightArmour = { name: "Armatura da Cavaliere", type: "armor", system: { defence: 12, minStrength: 9, coverage: "wholeBody", worn: true } };

describe("character derived data", () => {
  it("EX-01 Alven: RES 20, SPD 4, REF 7 (floor) and her three skills", async () => {
    const alven = await createActor({
      name: "Alven", type: "character", system: { characteristics: ALVEN },
      items: [
        { name: "Movimento furtivo", type: "skill", system: { characteristic: "dexterity", bought: 7 } },
        { name: "Veterinaria", type: "skill", system: { characteristic: "experience", bought: 8 } },
        { name: "Naturalistica", type: "skill", system: { characteristic: "experience", bought: 5 } },
      ],
    });
    const sys = personOf(alven);
    expect(sys.derived).toEqual({ reflexes: 7, resistance: 20, speed: 4, dexterity: 8 });
    expect(sys.wounds).toEqual({ value: 0, max: 20 });
    expect(sys.fatigue.max).toBe(20);
    const grades = Object.fromEntries(alven.items.contents.map((i) => [i.name, (i.system as SkillModel).grade]));
    expect(grades).toEqual({ "Movimento furtivo": 15, Veterinaria: 15, Naturalistica: 12 });
    const data = alven.getRollData();
    expect(data["skills"]).toEqual({ movimento_furtivo: 15, veterinaria: 15, naturalistica: 12 });
  });

  it("A-01: the world setting switches Riflessi to round half up (Alven 7.5 → 8)", async () => {
    const double = foundryDouble();
    await double.settings.set("genesys-gdr", "reflexesRounding", "halfUp");
    try {
      const alven = await createActor({ name: "Alven", type: "character", system: { characteristics: ALVEN } });
      expect(personOf(alven).derived.reflexes).toBe(8);
    } finally {
      await double.settings.set("genesys-gdr", "reflexesRounding", "floor");
      resetRulesOptionsCache();
    }
  });

  it("D-12 knight's armour on FOR 7: Destrezza and its skills −2, Velocità −2, Riflessi recomputed; off again when removed", async () => {
    const c = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 };
    const knight = await createActor({
      name: "Cavaliere", type: "character", system: { characteristics: c },
      items: [knightArmour, { name: "Armi da mischia", type: "skill", system: { characteristic: "dexterity", bought: 5 } },
        { name: "Tiro", type: "skill", system: { characteristic: "perception", bought: 5 } }],
    });
    const sys = personOf(knight);
    expect(sys.armour).toMatchObject({ defence: 12, minStrength: 9, shortfall: 2 });
    expect(sys.derived).toEqual({ reflexes: 6, resistance: 28, speed: 3, dexterity: 5 });
    expect(knight.getRollData()["destrezza"]).toBe(5);
    const skill = (name: string) => (knight.items.find((i) => i.name === name)?.system as SkillModel).grade;
    expect(skill("Armi da mischia")).toBe(10);
    expect(skill("Tiro")).toBe(12);

    const armour = knight.items.find((i) => i.type === "armor");
    await armour?.update({ system: { worn: false } });
    expect(personOf(knight).derived).toEqual({ reflexes: 7, resistance: 28, speed: 5, dexterity: 7 });
    expect(skill("Armi da mischia")).toBe(12);
  });

  it("a strong wearer is not hindered (FOR 9 in FM 9 armour)", async () => {
    const strong = await createActor({ name: "Forte", type: "npc", system: { characteristics: { ...ALVEN, strength: 9 } }, items: [knightArmour] });
    expect(personOf(strong).armour.shortfall).toBe(0);
    expect(personOf(strong).derived.dexterity).toBe(8);
  });

  it("per-actor overrides beat the formulas", async () => {
    const hero = await createActor({ name: "Eroe", type: "character", system: { characteristics: ALVEN, overrides: { reflexes: 12, resistance: 40, speed: null } } });
    expect(personOf(hero).derived).toMatchObject({ reflexes: 12, resistance: 40, speed: 4 });
    expect(personOf(hero).wounds.max).toBe(40);
  });

  it("D-11 weapon FM shortfall shows as an attack penalty: club one-handed (FM 9) in FOR 5 hands → −8", async () => {
    const weak = await createActor({
      name: "Gracile", type: "character", system: { characteristics: ALVEN },
      items: [{ name: "Clava", type: "weapon", system: { skill: "armi_da_mischia", modes: [
        { key: "oneHanded", damage: { dice: 1, faces: 6, strength: true, flat: 2, type: "trauma" }, minStrength: 9 },
        { key: "twoHanded", damage: { dice: 2, faces: 6, strength: true, flat: 0, type: "trauma" }, minStrength: 7 },
      ] } }],
    });
    const club = weak.items.contents[0]?.system as WeaponModel;
    expect(club.wielded?.attackPenalty).toBe(-8);
    expect(club.wielded?.damage).toMatchObject({ book: "1D6+[FOR+2] / T", formula: "1d6 + @strength + 2", min: 8, max: 13, type: "trauma" });
    await weak.items.contents[0]?.update({ system: { mode: 1 } });
    const twoHanded = weak.items.contents[0]?.system as WeaponModel;
    expect(twoHanded.wielded?.attackPenalty).toBe(-4);
    expect(twoHanded.wielded?.damage).toMatchObject({ min: 7, max: 17 });
  });

  it("Fama and Reputazione carry the book's bands", async () => {
    const famous = await createActor({ name: "Famoso", type: "character", system: { fame: 10, reputation: -15 } });
    expect(personOf(famous).fameBand).toBe("veryFamous");
    expect(personOf(famous).reputationBand).toBe("monster");
  });
});
