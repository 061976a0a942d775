import { beforeAll, describe, expect, it } from "vitest";
import { bootSystem } from "../foundry/boot.js";
import { animalOf, createActor } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const dog = {
  characteristics: { strength: 4, dexterity: 8, perception: 10, charm: null, experience: null },
  resistance: 24, reflexes: 9, speeds: [{ mode: "run", metres: 5 }],
  attack: { grade: 12, defence: 10, damage: { dice: 1, faces: 6, strength: false, flat: -1, type: "trauma" } },
  capabilities: [{ key: "tracking", label: "", bonus: 2 }],
};

describe("animals", () => {
  it("keep their printed Resistenza 24 and Riflessi 9 although the formulas give 16 and 9 (A-31)", async () => {
    const a = await createActor({ name: "Cane", type: "animal", system: dog });
    const sys = animalOf(a);
    expect(sys.derived).toEqual({ reflexes: 9, resistance: 24, speed: 5 });
    expect(sys.wounds).toEqual({ value: 0, max: 24 });
    await a.update({ system: { wounds: { value: 13 } } });
    expect(animalOf(a).condition.key).toBe("weak");
    expect(animalOf(a).derived.resistance).toBe(24);
  });

  it("have no Fascino or Esperienza in roll data when the book omits them", async () => {
    const data = (await createActor({ name: "Cane", type: "animal", system: dog })).getRollData();
    expect(data["forza"]).toBe(4);
    expect("fascino" in data).toBe(false);
    expect("esperienza" in data).toBe(false);
  });

  it("D-38 the hawk fights at 15 in flight and 5 on the ground", async () => {
    const hawk = await createActor({
      name: "Falco", type: "animal",
      system: { characteristics: { strength: 2, dexterity: 7, perception: 8 }, resistance: 8, reflexes: 9,
        speeds: [{ mode: "fly", metres: 12 }, { mode: "run", metres: 2 }],
        attack: { grade: 15, defence: 15, damage: { dice: 1, faces: 3, strength: false, flat: 0, type: "trauma" } },
        environments: [{ environment: "ground", attack: 5, defence: 5, canAct: true }] },
    });
    const sys = animalOf(hawk);
    expect(sys.gradesIn("flight")).toEqual({ attack: 15, defence: 15, canAct: true });
    expect(sys.gradesIn("ground")).toEqual({ attack: 5, defence: 5, canAct: true });
    expect(sys.derived.speed).toBe(12);
  });

  it("natural armour protects an animal from every hit", async () => {
    const croc = await createActor({ name: "Coccodrillo", type: "animal", system: { ...dog, naturalArmour: 4 } });
    const change = await croc.applyDamage({ amount: 10, type: "wounding" });
    expect(change?.after.wounds).toBe(6);
  });
});

describe("token bars", () => {
  it("the bars are what is left before death and collapse; Ferite and Fatica stay plain values", async () => {
    await bootSystem();
    for (const type of ["character", "npc", "animal"]) {
      expect(CONFIG.Actor.trackableAttributes[type]?.bar).toEqual(["bars.life", "bars.consciousness"]);
      expect(CONFIG.Actor.trackableAttributes[type]?.value).toEqual(expect.arrayContaining(["wounds.value", "fatigue.value"]));
    }
    const a = await createActor({ name: "Bar", type: "character" });
    const sys = a.system as unknown as Record<string, { value: number; max: number }>;
    expect(sys["wounds"]).toEqual({ value: 0, max: 28 });
    expect(sys["fatigue"]?.max).toBe(28);
  });
});

describe("animal damage", () => {
  it("is written in the book's notation and as a Foundry formula, D3 included", async () => {
    const dogActor = await createActor({ name: "Cane", type: "animal", system: dog });
    expect(animalOf(dogActor).damage).toEqual({ book: "1D6−1 / T", formula: "1d6 - 1", min: 0, max: 5 });
    const cat = await createActor({ name: "Gatto", type: "animal", system: { ...dog, attack: { grade: 10, damage: { dice: 1, faces: 3, strength: false, flat: 0, type: "trauma" } } } });
    expect(animalOf(cat).damage).toEqual({ book: "1D3 / T", formula: "1d3", min: 1, max: 3 });
  });
});
