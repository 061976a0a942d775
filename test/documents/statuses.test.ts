import { beforeAll, describe, expect, it } from "vitest";
import { bootSystem, foundryDouble } from "../foundry/boot.js";
import { createActor, personOf } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const human = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 };
const conditionStatuses = (s: Set<string>) => [...s].filter((x) => ["weak", "exhausted", "collapsed", "dead"].includes(x)).sort();

async function settle() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe("condition statuses follow Ferite and Fatica (R 28)", () => {
  it("go up through weak, exhausted, collapsed, dead and back down to none", async () => {
    const a = await createActor({ name: "Jack", type: "character", system: { characteristics: human } });
    const steps: [number, number, string[]][] = [
      [14, 0, []], [15, 0, ["weak"]], [20, 2, ["exhausted"]], [20, 6, ["collapsed"]], [29, 0, ["dead"]], [12, 10, ["exhausted"]], [10, 10, ["weak"]], [0, 0, []],
    ];
    for (const [wounds, fatigue, expected] of steps) {
      await a.update({ system: { wounds: { value: wounds }, fatigue: { value: fatigue } } });
      await settle();
      expect(conditionStatuses(a.statuses), `${wounds}/${fatigue}`).toEqual(expected);
    }
  });

  it("collapsed and dead show as overlays", async () => {
    const a = await createActor({ name: "Morente", type: "character", system: { characteristics: human } });
    await a.update({ system: { wounds: { value: 29 } } });
    await settle();
    const effects = (a as unknown as { effects: { statuses: Set<string>; overlay: boolean }[] }).effects;
    expect(effects.find((e) => e.statuses.has("dead"))?.overlay).toBe(true);
  });

  it("only the designated client toggles: a player's client leaves it to the active GM", async () => {
    const double = foundryDouble();
    const a = await createActor({ name: "Di tutti", type: "character", system: { characteristics: human }, ownership: { default: 3 } });
    const gm = double.users.activeGM;
    const player = double.users.find((u) => !u.isGM);
    if (!gm || !player) throw new Error("users missing");
    double.setUser(player);
    try {
      await a.update({ system: { wounds: { value: 15 } } });
      await settle();
      expect(personOf(a).condition.key).toBe("weak");
      expect(conditionStatuses(a.statuses)).toEqual([]);
      gm.active = false;
      await a.update({ system: { wounds: { value: 16 } } });
      await settle();
      expect(conditionStatuses(a.statuses)).toEqual(["weak"]);
    } finally {
      gm.active = true;
      double.setUser(gm);
    }
  });

  it("CONFIG.statusEffects carries the GeneSys statuses, with localised names", () => {
    const ids = CONFIG.statusEffects.map((s) => s.id);
    expect(ids).toEqual(["weak", "exhausted", "collapsed", "dead", "prone", "surprised", "grappled", "immobilised", "poisoned", "feverish"]);
    for (const s of CONFIG.statusEffects) expect(s.name).toMatch(/^GENESYS\.Status\./);
  });
});

describe("poison shows on the token", () => {
  it("'poisoned' comes on when the doses exceed a third of Resistenza and goes off as they wear away (§3.1.2)", async () => {
    const a = await createActor({ name: "Morso", type: "character", system: { characteristics: human } });
    await a.update({ system: { poison: { doses: 9 } } });
    await settle();
    expect(a.statuses.has("poisoned")).toBe(false);
    await a.update({ system: { poison: { doses: 10 } } });
    await settle();
    expect(a.statuses.has("poisoned")).toBe(true);
    await a.update({ system: { poison: { doses: 0 } } });
    await settle();
    expect(a.statuses.has("poisoned")).toBe(false);
  });
});
