import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { foundryDouble } from "../foundry/boot.js";
import { DIST } from "./project.js";

type Named = { name: string };

describe("the built bundle", () => {
  it("loads in the Foundry double, wires itself at init and keeps its class names through minification", async () => {
    // Foundry stores a roll's class name in chat messages and keys registered sheets by class name.
    await import(pathToFileURL(path.join(DIST, "genesys.mjs")).href);
    foundryDouble().hooks.callAll("init");
    const config = CONFIG as unknown as {
      Actor: { documentClass: Named; dataModels: Record<string, Named> };
      Item: { documentClass: Named; dataModels: Record<string, Named> };
      Dice: { rolls: Named[] };
      Combat: { documentClass: Named };
      Combatant: { documentClass: Named };
      ui: { combat: Named };
      queries: Record<string, unknown>;
    };
    expect(config.Actor.documentClass.name).toBe("GenesysActor");
    expect(config.Item.documentClass.name).toBe("GenesysItem");
    expect(Object.fromEntries(Object.entries(config.Actor.dataModels).map(([k, v]) => [k, v.name]))).toEqual({
      character: "CharacterModel", npc: "NpcModel", animal: "AnimalModel",
    });
    expect(Object.values(config.Item.dataModels).map((m) => m.name).sort()).toEqual(["ArmorModel", "GearModel", "SkillModel", "TraitModel", "WeaponModel"]);
    expect(config.Dice.rolls.map((r) => r.name)).toContain("GenesysCheckRoll");
    expect(config.Combat.documentClass.name).toBe("GenesysCombat");
    expect(config.Combatant.documentClass.name).toBe("GenesysCombatant");
    expect(config.ui.combat.name).toBe("GenesysCombatTracker");
    // Intents travel in User documents and are answered from the update hook: the bundle registers no query.
    expect(Object.keys(config.queries).filter((k) => k.startsWith("genesys-gdr"))).toEqual([]);
    expect(typeof game.genesys.rules.conditionOf).toBe("function");
  });
});
