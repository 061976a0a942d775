import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { foundryDouble } from "../foundry/boot.js";
import { DIST } from "./project.js";
import { PLAYER_LOAD_BUDGET, loadGraph } from "../../tools/lib/load-size.mjs";

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

describe("what a browser fetches (issue 23)", () => {
  const graph = loadGraph(DIST);

  it("at load: the entry and its core chunk, under the player's budget of 90 KB gzip", () => {
    console.log(`at load ${String(graph.loadGzip)} B gzip; on first use ${String(graph.onUse.length)} chunks, ${String(graph.onUseGzip)} B`);
    expect(graph.missing).toEqual([]);
    expect(graph.atLoad[0]).toBe("genesys.mjs");
    expect(graph.atLoad.some((file) => /^chunks\/genesys-core-/.test(file))).toBe(true);
    expect(graph.atLoad.length).toBeLessThanOrEqual(3);
    expect(graph.loadGzip).toBeLessThan(PLAYER_LOAD_BUDGET);
  });

  it("no chunk imports the entry: however Foundry writes the entry's URL, no module runs twice", () => {
    for (const file of [...graph.atLoad, ...graph.onUse].filter((f) => f !== "genesys.mjs")) {
      expect(fs.readFileSync(path.join(DIST, file), "utf8"), file).not.toMatch(/["'`]\.\.\/genesys\.mjs["'`]/);
    }
  });

  it("on first use, from the system's folder: the Narrator's side, the self-test, the tools, the dialogs, the cipher", () => {
    // A chunk is named after the module it is made for.
    const lazy = graph.onUse.map((file) => path.basename(file).replace(/-[\w-]{8}\.mjs$/, ""));
    for (const name of ["narrator", "quench", "encounter-odds", "selected-tools", "hazard-tools", "attack-dialog", "check-dialog", "study-dialog", "time-dialog", "cipher", "answer-box", "migration"]) {
      expect(lazy).toContain(name);
    }
    expect(graph.onUse.every((file) => file.startsWith("chunks/"))).toBe(true);
  });

  it("every chunk loads beside the built entry", async () => {
    for (const file of graph.onUse) await import(pathToFileURL(path.join(DIST, file)).href);
  });
});
