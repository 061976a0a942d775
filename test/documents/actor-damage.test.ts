import { beforeAll, describe, expect, it } from "vitest";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { createActor, personOf } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const human = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 };
const vest = { name: "Corpetto Antiproiettile", type: "armor", system: { defence: 15, minStrength: 6, coverage: "torso", worn: true } };

async function target(items: object[] = []) {
  return createActor({ name: "Bersaglio", type: "npc", system: { characteristics: human }, items });
}

describe("actor.applyDamage", () => {
  it("D-08 a pistol hit of 18 against a bulletproof vest (Df 15) leaves 3 Ferite; 12 leaves nothing", async () => {
    const t = await target([vest]);
    const change = await t.applyDamage({ amount: 18, type: "wounding" });
    expect(change?.before).toEqual({ wounds: 0, fatigue: 0 });
    expect(change?.after).toEqual({ wounds: 3, fatigue: 0 });
    expect(change?.damage?.afterArmour).toBe(3);
    const none = await t.applyDamage({ amount: 12, type: "wounding" });
    expect(none?.after).toEqual({ wounds: 3, fatigue: 0 });
    expect(personOf(t).wounds.value).toBe(3);
  });

  it("trauma splits ⌈d/2⌉ Fatica and ⌊d/2⌋ Ferite; shock is all Fatica (no armour)", async () => {
    const t = await target();
    await t.applyDamage({ amount: 5, type: "trauma" });
    expect([personOf(t).wounds.value, personOf(t).fatigue.value]).toEqual([2, 3]);
    await t.applyDamage({ amount: 4, type: "shock" });
    expect([personOf(t).wounds.value, personOf(t).fatigue.value]).toEqual([2, 7]);
  });

  it("D-34 a grazing hit of 13 against Df 6 is halved before armour: 6 − 6 = 0", async () => {
    const t = await target([{ ...vest, system: { ...vest.system, defence: 6 } }]);
    const change = await t.applyDamage({ amount: 13, type: "wounding", grazing: true });
    expect(change?.damage?.steps.map((s) => s.value)).toEqual([13, 6, 0]);
    expect(change?.after).toEqual({ wounds: 0, fatigue: 0 });
  });

  it("armour covers only its areas; aiming at a gap or a fall ignores it", async () => {
    const t = await target([vest]);
    expect((await t.applyDamage({ amount: 10, type: "wounding", aimedArea: "vital" }))?.after.wounds).toBe(20);
    const gap = await t.applyDamage({ amount: 18, type: "wounding", armourPiercing: true });
    expect(gap?.after.wounds).toBe(38);
    const fall = await createActor({ name: "Caduto", type: "character", system: { characteristics: human }, items: [vest] });
    expect((await fall.applyDamage({ amount: 4, type: "trauma", ignoreArmour: true }))?.after).toEqual({ wounds: 2, fatigue: 2 });
  });

  it("reports the new condition; a recorded hit is undone without losing later changes", async () => {
    const t = await target();
    const hit = await t.applyDamage({ amount: 15, type: "wounding" }, "hit0000000000001");
    expect(hit?.condition).toEqual({ before: "normal", after: "weak" });
    expect(t.ledger).toEqual([{ id: "hit0000000000001", wounds: 15, fatigue: 0, poison: 0 }]);
    await t.applyDamage({ amount: 2, type: "shock" });
    const undo = await t.undoRecorded("hit0000000000001");
    expect(undo?.change.after).toEqual({ wounds: 0, fatigue: 2 });
    expect(undo?.taken).toEqual({ wounds: 15, fatigue: 0, poison: 0 });
    expect(t.ledger).toEqual([]);
    expect(personOf(t).condition.key).toBe("normal");
    // Once taken back there is nothing left to take.
    expect(await t.undoRecorded("hit0000000000001")).toBeNull();
    expect(personOf(t).fatigue.value).toBe(2);
  });

  it("an undo after rest takes back only what is left of the hit, never a later one", async () => {
    const t = await target();
    await t.applyDamage({ amount: 6, type: "wounding" }, "aaaaaaaaaaaaaaaa");
    await t.update({ system: { wounds: { value: 0 } } });
    await t.applyDamage({ amount: 4, type: "wounding" }, "bbbbbbbbbbbbbbbb");
    expect(await t.undoRecorded("aaaaaaaaaaaaaaaa")).toBeNull();
    expect(personOf(t).wounds.value).toBe(4);
    expect((await t.undoRecorded("bbbbbbbbbbbbbbbb"))?.taken.wounds).toBe(4);
    expect(personOf(t).wounds.value).toBe(0);
  });

  it("rest recovers Fatica every 5 minutes and a Ferita a day, but not fatigue from deprivation", async () => {
    const t = await createActor({ name: "Stanco", type: "character", system: { characteristics: human, wounds: { value: 3 }, fatigue: { value: 10, deprivation: 4 } } });
    const rest = await t.recover({ minutes: 30 });
    expect(rest?.after).toEqual({ wounds: 3, fatigue: 4 });
    expect(personOf(t).fatigue.deprivation).toBe(4);
    const day = await t.recover({ days: 1 });
    expect(day?.after.wounds).toBe(2);
    expect(day?.after.fatigue).toBe(4);
  });

  describe("a player changing an actor they do not own", () => {
    it("damage, rest and undo from the console are refused with a warning and change nothing (no relay exists)", async () => {
      const double = foundryDouble();
      const t = await target();
      await t.applyDamage({ amount: 5, type: "wounding" }, "cccccccccccccccc");
      expect(await asPlayer(() => t.applyDamage({ amount: 5, type: "wounding" }))).toBeNull();
      expect(double.notifications.at(-1)?.message).toContain("GENESYS.Warn.NotOwner");
      expect(await asPlayer(() => t.recover({ days: 5 }))).toBeNull();
      expect(await asPlayer(() => t.undoRecorded("cccccccccccccccc"))).toBeNull();
      expect(personOf(t).wounds.value).toBe(5);
      expect(Object.keys(CONFIG.queries).filter((k) => k.startsWith("genesys-gdr."))).toEqual([]);
    });
  });

  it("rejects nonsense damage with a rules error naming the parameter", async () => {
    const t = await target();
    await expect(t.applyDamage({ amount: -3, type: "wounding" })).rejects.toMatchObject({ name: "RulesError", parameter: "rolled" });
    await expect(t.applyDamage({ amount: 3, type: "fire" as "wounding" })).rejects.toMatchObject({ parameter: "type" });
    expect(personOf(t).wounds.value).toBe(0);
  });
});

describe("venom rides on the hit (§3.3.3, A-41)", () => {
  const venom = { roll: 10, dice: 2, maxPerDay: 12, injectedToday: 0 };

  it("a bite that gets past armour adds its doses to the target's poison, and Undo takes them back", async () => {
    const t = await target();
    const change = await t.applyDamage({ amount: 3, type: "trauma", venom });
    expect(change?.venom).toEqual({ doses: 10, dosesInjectedToday: 10, limited: false });
    expect(personOf(t).poison).toEqual({ doses: 10, effect: "firstEffects", fever: { startsInHours: null, hoursLeft: null }, feverish: false });
    const change2 = await t.applyDamage({ amount: 3, type: "trauma", venom }, "venom00000000001");
    expect(personOf(t).poison.doses).toBe(20);
    await t.undoRecorded("venom00000000001");
    expect(personOf(t).poison.doses).toBe(10);
    expect(change2?.poison).toEqual({ before: 10, after: 20 });
  });

  it("a bite stopped by armour injects nothing", async () => {
    const t = await target([vest]);
    const change = await t.applyDamage({ amount: 3, type: "trauma", venom });
    expect(change?.damage?.afterArmour).toBe(0);
    expect(change?.venom?.doses).toBe(0);
    expect(personOf(t).poison.doses).toBe(0);
  });

  it("the biter's daily limit caps the doses", async () => {
    const t = await target();
    const change = await t.applyDamage({ amount: 3, type: "trauma", venom: { ...venom, injectedToday: 9 } });
    expect(change?.venom).toEqual({ doses: 3, dosesInjectedToday: 12, limited: true });
  });
});
