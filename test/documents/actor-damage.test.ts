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

  it("reports the new condition and can be undone without losing later changes", async () => {
    const t = await target();
    const hit = await t.applyDamage({ amount: 15, type: "wounding" });
    expect(hit?.condition).toEqual({ before: "normal", after: "weak" });
    await t.applyDamage({ amount: 2, type: "shock" });
    if (!hit) throw new Error("no change");
    const undo = await t.revertChange(hit);
    expect(undo?.after).toEqual({ wounds: 0, fatigue: 2 });
    expect(personOf(t).condition.key).toBe("normal");
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

  describe("a player damaging an actor they do not own", () => {
    it("asks the active GM's client, which applies it with its own permissions; undo goes the same way", async () => {
      const t = await target();
      const change = await asPlayer(() => t.applyDamage({ amount: 5, type: "wounding" }));
      expect(change?.after).toEqual({ wounds: 5, fatigue: 0 });
      expect(personOf(t).wounds.value).toBe(5);
      if (!change) throw new Error("no change");
      const undo = await asPlayer(() => t.revertChange(change));
      expect(undo?.after).toEqual({ wounds: 0, fatigue: 0 });
    });

    it("with no GM connected: a clear warning and nothing changes", async () => {
      const double = foundryDouble();
      const t = await target();
      const gm = double.users.find((u) => u.isGM);
      if (!gm) throw new Error("no gm");
      gm.active = false;
      try {
        expect(await asPlayer(() => t.applyDamage({ amount: 5, type: "wounding" }))).toBeNull();
      } finally {
        gm.active = true;
      }
      expect(double.notifications.at(-1)?.message).toContain("GENESYS.Relay.NoGm");
      expect(personOf(t).wounds.value).toBe(0);
    });

    it("a target deleted meanwhile gives a notification, not an error", async () => {
      const double = foundryDouble();
      const t = await target();
      (game.actors as unknown as Map<string, unknown>).delete(t.id ?? "");
      expect(await asPlayer(() => t.applyDamage({ amount: 5, type: "wounding" }))).toBeNull();
      expect(double.notifications.at(-1)?.message).toContain("GENESYS.Relay.Missing");
    });

    it("bad damage sent to the GM comes back as a notification naming the problem", async () => {
      const double = foundryDouble();
      const t = await target();
      expect(await asPlayer(() => t.applyDamage({ amount: -1, type: "wounding" }))).toBeNull();
      expect(double.notifications.at(-1)?.message).toContain("GENESYS.Relay.Failed");
      expect(double.notifications.at(-1)?.message).toContain("rolled");
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
    expect(personOf(t).poison).toEqual({ doses: 10, effect: "firstEffects" });
    if (!change) throw new Error("no change");
    await t.revertChange(change);
    expect(personOf(t).poison.doses).toBe(0);
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
