import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RULES_OPTIONS } from "../../src/rules/options.js";
import { RULE_OPTION_KEYS, resetRulesOptionsCache, rulesOptions } from "../../src/settings/rules-settings.js";
import { bootSystem, foundryDouble } from "../foundry/boot.js";

type Tree = { [k: string]: string | Tree };
const ROOT = path.resolve(import.meta.dirname, "../..");
function lookup(lang: string, key: string): string | undefined {
  let t: string | Tree | undefined = JSON.parse(fs.readFileSync(path.join(ROOT, "lang", `${lang}.json`), "utf8")) as Tree;
  for (const part of key.split(".")) t = typeof t === "object" ? t[part] : undefined;
  return typeof t === "string" ? t : undefined;
}

beforeAll(async () => {
  await bootSystem();
});

describe("rules options as world settings", () => {
  it("registers one world setting per configurable reading, defaulting to the spec's reading", () => {
    const { settings } = foundryDouble();
    for (const key of RULE_OPTION_KEYS) {
      const def = settings.registry.get(`genesys-gdr.${key}`);
      expect(def, key).toBeDefined();
      expect(def?.["scope"]).toBe("world");
      expect(def?.default).toBe(DEFAULT_RULES_OPTIONS[key]);
    }
    expect(rulesOptions()).toEqual(DEFAULT_RULES_OPTIONS);
  });

  it("every setting's name, hint and choice labels exist in Italian and English", () => {
    const { settings } = foundryDouble();
    for (const key of RULE_OPTION_KEYS) {
      const def: Record<string, unknown> = settings.registry.get(`genesys-gdr.${key}`) ?? {};
      const labels = [String(def["name"]), String(def["hint"]), ...Object.values((def["choices"] ?? {}) as Record<string, string>)];
      for (const label of labels) for (const lang of ["it", "en"]) expect(lookup(lang, label), `${lang}: ${label}`).toBeDefined();
    }
  });

  it("string settings offer exactly the values RulesOptions accepts", () => {
    const { settings } = foundryDouble();
    const rounding = settings.registry.get("genesys-gdr.reflexesRounding")?.["choices"] as Record<string, string>;
    expect(Object.keys(rounding)).toEqual(["floor", "halfUp"]);
  });

  it("a changed setting reaches the rules at once", async () => {
    const { settings } = foundryDouble();
    await settings.set("genesys-gdr", "grazingHits", true);
    expect(rulesOptions().grazingHits).toBe(true);
    await settings.set("genesys-gdr", "grazingHits", false);
    resetRulesOptionsCache();
    expect(rulesOptions().grazingHits).toBe(false);
  });
});

describe("game.genesys", () => {
  it("exposes the rules engine and the options in force", () => {
    const api = game.genesys;
    expect(api.rules.conditionOf({ wounds: 15, fatigue: 0 }, 28)).toBe("weak");
    expect(api.rules.DIFFICULTY_LADDER.complex).toBe(20);
    expect(api.rulesOptions()).toEqual(DEFAULT_RULES_OPTIONS);
    expect(api.dataVersion).toBe(4);
  });
});
