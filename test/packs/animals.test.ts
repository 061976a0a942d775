import { beforeAll, describe, expect, it } from "vitest";
import { ANIMALS, ANIMAL_CAPABILITY_KEYS, ANIMAL_ENVIRONMENTS, ANIMAL_KEYS, animalCombatGrades, type AnimalEnvironment, type AnimalKey } from "../../src/rules/advanced/animals.js";
import { conditionThresholds } from "../../src/rules/condition.js";
import { animalOf, createActor } from "../documents/helpers.js";
import { bootSystem } from "../foundry/boot.js";
import { allEnglish, allItalian, animalSources, byName, entryOf, paragraphs, storedSystem, translation, type AnimalSource } from "./sources.js";

beforeAll(async () => {
  await bootSystem();
});

const sources = animalSources();
/** The English text of the pack, in Babele's format (lang/babele/en/genesys-gdr.animals.json). */
const english = translation("animals");
const sourceOf = (key: AnimalKey): AnimalSource => byName(sources, ANIMALS[key].italianName);

/** §3.3.3 Dn of each animal in the book's notation, as the sheet shows it. */
const DAMAGE_BOOK: Record<AnimalKey, string> = {
  dog: "1D6−1 / T", crocodile: "2D6 / F", horse: "2D6 / T", elephant: "4D6 / T", hawk: "1D3 / T", shark: "3D6 / F",
  tiger: "3D6+2 / F", cat: "1D3 / T", viper: "1D3 / T", wolf: "1D6+1 / F", bear: "3D6 / F",
};

/** Hostile predators that attack on sight; the rest are neutral until provoked. Token side in grid squares of 1 m. */
const TOKEN: Record<AnimalKey, { disposition: number; size: number }> = {
  dog: { disposition: 0, size: 1 }, crocodile: { disposition: -1, size: 2 }, horse: { disposition: 0, size: 2 },
  elephant: { disposition: 0, size: 3 }, hawk: { disposition: 0, size: 1 }, shark: { disposition: -1, size: 2 },
  tiger: { disposition: -1, size: 2 }, cat: { disposition: 0, size: 1 }, viper: { disposition: -1, size: 1 },
  wolf: { disposition: -1, size: 1 }, bear: { disposition: -1, size: 2 },
};

/** Environments where the model's gradesIn and the rules' animalCombatGrades must agree: all, flight only for flyers. */
function comparableEnvironments(key: AnimalKey): AnimalEnvironment[] {
  const flies = ANIMALS[key].speeds.some((s) => s.mode === "fly");
  return ANIMAL_ENVIRONMENTS.filter((env) => env !== "flight" || flies);
}

describe("animals pack", () => {
  it("holds exactly the eleven animals of §3.3.3, all of type animal", () => {
    expect(sources.map((s) => s.name).sort()).toEqual(ANIMAL_KEYS.map((k) => ANIMALS[k].italianName).sort());
    for (const s of sources) expect(s.type).toBe("animal");
  });
});

describe.each(ANIMAL_KEYS.map((k) => [ANIMALS[k].italianName, k] as const))("%s", (_name, key) => {
  const rules = ANIMALS[key];
  const doc = sourceOf(key);
  const sys = doc.system;
  const en = entryOf(english, doc);

  it("characteristics, Resistenza, Riflessi and speeds are the printed values (no Fascino or Esperienza)", () => {
    expect(sys.characteristics).toEqual({ strength: rules.strength, dexterity: rules.dexterity, perception: rules.perception, charm: null, experience: null });
    expect(sys.resistance).toBe(rules.resistance);
    expect(sys.reflexes).toBe(rules.reflexes);
    expect(sys.speeds).toEqual(rules.speeds.map((s) => ({ mode: s.mode, metres: s.metres })));
  });

  it("attack grade, damage and attacks per turn are the printed values; natural weapons named in Italian, in English in the translation", () => {
    expect(sys.attack.grade).toBe(rules.attack);
    expect(sys.attack.damage).toEqual({ dice: rules.damage.dice, faces: rules.damage.faces, strength: false, flat: rules.damage.flat, type: rules.damage.type });
    expect(sys.attack.attacksPerTurn).toBe(rules.attacksPerTurn);
    expect(sys.attack.natural).toMatch(/^[a-zàèéìòù ]+$/);
    expect(en.natural).toMatch(/^[a-z ]+$/);
    expect(en.natural).not.toBe(sys.attack.natural);
  });

  if (rules.defence === null) {
    it("the lost defence grade is an estimate within the book's pattern (0–15, never above attack), flagged and explained", () => {
      expect(sys.attack.defenceEstimated).toBe(true);
      expect(Number.isInteger(sys.attack.defence)).toBe(true);
      expect(sys.attack.defence).toBeGreaterThanOrEqual(0);
      expect(sys.attack.defence).toBeLessThanOrEqual(Math.min(15, rules.attack));
      expect(sys.gmNotes).toMatch(/stima/);
      expect(sys.gmNotes).toContain(`Difesa ${String(sys.attack.defence)}`);
      expect(en.gmNotes).toMatch(/estimate/);
      expect(en.gmNotes).toContain(`Defence ${String(sys.attack.defence)}`);
    });
  } else {
    it("defence grade is the printed value, not an estimate", () => {
      expect(sys.attack.defence).toBe(rules.defence);
      expect(sys.attack.defenceEstimated).toBe(false);
    });
  }

  it("capabilities carry the printed bonuses under the rules' keys, each with a short Italian label and its English one by key", () => {
    expect(sys.capabilities.map((c) => [c.key, c.bonus, c.condition])).toEqual(rules.capabilities.map((c) => [c.key, c.bonus, c.condition ?? ""]));
    expect(sys.traits).toEqual([...rules.traits]);
    for (const c of sys.capabilities) {
      expect(ANIMAL_CAPABILITY_KEYS).toContain(c.key);
      expect(c.label.length).toBeGreaterThan(0);
      expect(c.label.length).toBeLessThanOrEqual(40);
    }
    // The genesysLabels converter matches labels by key: one English label per capability, none for a missing key.
    expect(Object.keys(en.capabilities ?? {}).sort()).toEqual(sys.capabilities.map((c) => c.key).sort());
    for (const c of sys.capabilities) {
      const label = en.capabilities?.[c.key] ?? "";
      expect([c.key, label.length > 0, label.length <= 40, label === c.label]).toEqual([c.key, true, true, false]);
    }
  });

  it("environment grades: the hawk on the ground, the shark helpless on land", () => {
    const expected: AnimalSource["system"]["environments"] = Object.entries(rules.environmentGrades).map(([environment, g]) => ({ environment, attack: g.attack, defence: g.defence, canAct: true }));
    if (rules.actsOnlyIn !== null) expected.push({ environment: "land", attack: null, defence: null, canAct: false });
    expect(sys.environments).toEqual(expected);
    for (const e of sys.environments) expect(ANIMAL_ENVIRONMENTS).toContain(e.environment);
  });

  it("venom only for the viper (2D6 doses, 12 a day); no natural armour in the book", () => {
    expect(sys.venom).toEqual({ dice: rules.venom?.dosesDice ?? 0, maxPerDay: rules.venom?.maxDosesPerDay ?? 0, injectedToday: 0 });
    expect(sys.naturalArmour).toBe(0);
  });

  it("descriptions are our own text, Italian only in the source and English only in the translation, paragraph for paragraph", () => {
    expect(en.name.length).toBeGreaterThan(0);
    expect(en.name).not.toBe(doc.name);
    expect(paragraphs(sys.description).length).toBe(1);
    expect(allItalian(sys.description)).toBe(true);
    expect(allEnglish(en.description ?? "")).toBe(true);
    expect(paragraphs(en.description ?? "").length).toBe(1);
    if (sys.gmNotes === "") {
      expect(en.gmNotes).toBeUndefined();
    } else {
      expect(allItalian(sys.gmNotes)).toBe(true);
      expect(allEnglish(en.gmNotes ?? "")).toBe(true);
      expect(paragraphs(en.gmNotes ?? "").length).toBe(paragraphs(sys.gmNotes).length);
    }
  });

  it("prototype token: unlinked, wounds and fatigue bars, sized in 1 m squares, hostile if it attacks on sight", () => {
    expect(doc.prototypeToken).toEqual({
      name: doc.name,
      actorLink: false,
      disposition: TOKEN[key].disposition,
      width: TOKEN[key].size,
      height: TOKEN[key].size,
      texture: { src: doc.img },
      bar1: { attribute: "bars.life" },
      bar2: { attribute: "bars.consciousness" },
      displayBars: 20,
      displayName: 20,
    });
    expect(doc.img).toMatch(/^icons\/[a-z0-9/-]+\.(webp|svg)$/); // a core icon; images.test.ts checks each has its evidence
    expect(doc.items).toEqual([]);
    expect(doc.effects).toEqual([]);
  });

  it("creates as an actor: the model keeps every stored value and derives wounds, damage and grades", async () => {
    const actor = await createActor({ name: doc.name, type: doc.type, system: doc.system });
    // Nothing clamped, dropped or defaulted: the pack document is already in the model's shape.
    expect(storedSystem(actor)).toEqual(doc.system);
    const a = animalOf(actor);
    expect(a.derived).toEqual({ reflexes: rules.reflexes, resistance: rules.resistance, speed: rules.speeds[0]?.metres });
    expect(a.wounds).toEqual({ value: 0, max: rules.resistance });
    expect(a.fatigue.max).toBe(rules.resistance);
    expect(a.condition.key).toBe("normal");
    expect(a.damage.book).toBe(DAMAGE_BOOK[key]);
    expect(a.hasVenom).toBe(rules.venom !== null);
    const data = actor.getRollData();
    expect(data["forza"]).toBe(rules.strength);
    expect("fascino" in data).toBe(false);
    for (const env of comparableEnvironments(key)) {
      const fromRules = animalCombatGrades(key, env);
      const fromModel = a.gradesIn(env);
      expect([env, fromModel.canAct]).toEqual([env, fromRules.canAct]);
      if (fromRules.canAct) {
        expect([env, fromModel.attack]).toEqual([env, fromRules.attack]);
        expect([env, fromModel.defence]).toEqual([env, fromRules.defence ?? sys.attack.defence]);
      }
    }
  });
});

describe("derived values of a few animals, spelled out", () => {
  it("the wolf keeps its printed Resistenza 18 (formula 28): 18 Ferite bar, weak above 9", async () => {
    const wolf = byName(sources, "Lupo");
    const actor = await createActor({ name: wolf.name, type: "animal", system: wolf.system });
    expect(animalOf(actor).derived.resistance).toBe(18);
    expect(animalOf(actor).wounds.max).toBe(18);
    expect(conditionThresholds(18).normalMax).toBe(9);
    await actor.update({ system: { wounds: { value: 10 } } });
    expect(animalOf(actor).condition.key).toBe("weak");
  });

  it("the dog bites for 1D6−1 trauma (0–5) and has Resistenza 24", async () => {
    const dog = byName(sources, "Cane");
    const a = animalOf(await createActor({ name: dog.name, type: "animal", system: dog.system }));
    expect(a.damage).toEqual({ book: "1D6−1 / T", formula: "1d6 - 1", min: 0, max: 5 });
    expect(a.wounds.max).toBe(24);
  });

  it("the hawk fights at 15 in flight and 5 on the ground", async () => {
    const hawk = byName(sources, "Falco");
    const a = animalOf(await createActor({ name: hawk.name, type: "animal", system: hawk.system }));
    expect(a.gradesIn("flight")).toEqual({ attack: 15, defence: 15, canAct: true });
    expect(a.gradesIn("ground")).toEqual({ attack: 5, defence: 5, canAct: true });
    expect(a.derived.speed).toBe(12);
  });

  it("the shark cannot act on land", async () => {
    const shark = byName(sources, "Squalo");
    const a = animalOf(await createActor({ name: shark.name, type: "animal", system: shark.system }));
    expect(a.gradesIn("land").canAct).toBe(false);
    expect(a.gradesIn("water")).toEqual({ attack: 10, defence: 10, canAct: true });
  });

  it("the three estimates: crocodile 5, cat 10, wolf 12", () => {
    const est = Object.fromEntries(sources.filter((s) => s.system.attack.defenceEstimated).map((s) => [s.name, s.system.attack.defence]));
    expect(est).toEqual({ Coccodrillo: 5, Gatto: 10, Lupo: 12 });
  });
});
