import { beforeAll, describe, expect, it } from "vitest";
import { CharacterModel } from "../../src/data/actor/character.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { createActor, personOf } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

describe("schemas keep nonsense out", () => {
  it("clamps out-of-range numbers the way Foundry cleans NumberFields: Forza −3 → 0, Ferite 10⁶ → 999, Fama 40 → 12", async () => {
    const a = await createActor({ name: "Strano", type: "character", system: { characteristics: { strength: -3 }, wounds: { value: 1_000_000 }, fame: 40 } });
    const sys = personOf(a);
    expect(sys.characteristics.strength).toBe(0);
    expect(sys.wounds.value).toBe(999);
    expect(sys.fame).toBe(12);
    // Resistenza 0 would divide the thresholds by nothing: the condition is still defined, and dead.
    expect(sys.derived.resistance).toBe(0);
    expect(sys.condition.key).toBe("dead");
    expect(Number.isNaN(sys.derived.speed)).toBe(false);
  });

  it.each([
    ["a non-numeric Forza", "character", { characteristics: { strength: "abc" } }, /strength: must be a number/],
    ["a null characteristic on a person", "character", { characteristics: { dexterity: null } }, /dexterity: may not be null/],
    ["an unknown damage type", "animal", { attack: { damage: { type: "fire" } } }, /type: "fire" is not a valid choice/],
    ["a die that does not exist", "animal", { attack: { damage: { faces: 8 } } }, /faces: 8 is not a valid choice/],
    ["an animal with no speed", "animal", { speeds: [] }, /speeds: needs at least 1/],
  ])("rejects %s", async (_label, type, system, message) => {
    await expect(createActor({ name: "X", type, system })).rejects.toThrow(message);
  });

  it.each([
    ["a skill pointing at a missing characteristic", { name: "Magia", type: "skill", system: { characteristic: "magic" } }, /characteristic: "magic" is not a valid choice/],
    ["a weapon with no mode", { name: "Niente", type: "weapon", system: { modes: [] } }, /modes: needs at least 1/],
    ["an armour bypass outside −2…−6", { name: "Corazza", type: "armor", system: { bypassPenalty: -9 } }, null],
    ["an unknown item type", { name: "Boh", type: "spell", system: {} }, /not a valid type/],
  ])("rejects %s", async (_label, item, message) => {
    const a = await createActor({ name: "Y", type: "character" });
    if (message) await expect(a.createEmbeddedDocuments("Item", [item] as never)).rejects.toThrow(message);
    else {
      // Out-of-range numbers are clamped rather than rejected: the bypass becomes −6, never −9.
      const armour = (await a.createEmbeddedDocuments("Item", [item] as never))?.[0];
      expect((armour?.system as unknown as { bypassPenalty: number }).bypassPenalty).toBe(-6);
    }
  });

  it("a rejected update changes nothing", async () => {
    const a = await createActor({ name: "Z", type: "character", system: { characteristics: { strength: 8 } } });
    await expect(a.update({ system: { characteristics: { strength: "forte" } } } as never)).rejects.toThrow(/must be a number/);
    expect(personOf(a).characteristics.strength).toBe(8);
    expect(personOf(a).derived.resistance).toBe(32);
  });

  it("an actor with no skills, weapons or armour has complete derived data and roll data", async () => {
    const a = await createActor({ name: "Nudo", type: "npc" });
    const sys = personOf(a);
    expect(sys.derived).toEqual({ reflexes: 7, resistance: 28, speed: 5, dexterity: 7 });
    expect(sys.armour).toEqual({ defence: 0, minStrength: 0, shortfall: 0, names: [] });
    const data = a.getRollData();
    expect(data["forza"]).toBe(7);
    expect(data["skills"]).toEqual({});
  });
});

describe("migration", () => {
  it("data version 1 → 2: bare ferite/fatica numbers become wounds.value/fatigue.value", async () => {
    const a = await createActor({ name: "Vecchio", type: "character", system: { ferite: 5, fatica: 3 } });
    const sys = personOf(a);
    expect(sys.wounds.value).toBe(5);
    expect(sys.fatigue).toMatchObject({ value: 3, deprivation: 0 });
    expect("ferite" in (a.toObject().system as object)).toBe(false);
  });

  it("leaves current data alone", () => {
    const source = { wounds: { value: 2 }, fatigue: { value: 1, deprivation: 0 } };
    expect(CharacterModel.migrateData(structuredClone(source))).toEqual(source);
  });
});

describe("new documents created with no data are usable", () => {
  it("a blank weapon has one melee mode and a blank animal one running speed", async () => {
    const a = await createActor({ name: "Vuoto", type: "character" });
    const weapon = (await a.createEmbeddedDocuments("Item", [{ name: "Arma", type: "weapon" }] as never))?.[0];
    const w = weapon?.system as unknown as { modes: { key: string }[]; wielded: { damage: { book: string } } | null };
    expect(w.modes.map((m) => m.key)).toEqual(["melee"]);
    expect(w.wielded?.damage.book).toBe("1D6+[FOR] / F");
    const beast = await createActor({ name: "Bestia", type: "animal" });
    expect((beast.system as unknown as { speeds: unknown[] }).speeds).toEqual([{ mode: "run", metres: 5 }]);
  });
});

describe("Narrator-only notes", () => {
  it("npc and animal gmNotes are gmOnly fields, so Foundry never sends them to players", async () => {
    const { NpcModel } = await import("../../src/data/actor/npc.js");
    const { AnimalModel } = await import("../../src/data/actor/animal.js");
    for (const Model of [NpcModel, AnimalModel]) {
      const field = (Model.defineSchema() as unknown as Record<string, { options: { gmOnly?: boolean } }>)["gmNotes"];
      expect(field?.options.gmOnly).toBe(true);
    }
  });
});

describe("world migration at ready", () => {
  it("saves every actor's migrated system data once, records the data version, then does nothing", async () => {
    const { migrateWorld } = await import("../../src/migration.js");
    const { CURRENT_DATA_VERSION } = await import("../../src/data-version.js");
    const { settings } = foundryDouble();
    await settings.set("genesys-gdr", "dataVersion", 0);
    const old = await createActor({ name: "Veterano", type: "character", system: { ferite: 4 }, items: [{ name: "Corsa", type: "skill" }] });
    const count = game.actors.size;
    expect(await migrateWorld()).toBe(count);
    expect(settings.get("genesys-gdr", "dataVersion")).toBe(CURRENT_DATA_VERSION);
    expect(personOf(old).wounds.value).toBe(4);
    expect(old.items.size).toBe(1);
    expect(await migrateWorld()).toBe(0);
  });
});
