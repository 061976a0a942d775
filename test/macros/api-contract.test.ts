/**
 * The public contract (src/api-contract.ts) spells its types out so that dist/genesys-api.d.ts stands alone; these
 * checks, made by tsc when the tests are type-checked, keep each one equal to the system's own type.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type {
  GenesysAimedArea, GenesysBodyArea, GenesysCharacteristic, GenesysCheckPlan, GenesysCondition, GenesysCounterChange, GenesysDamageRequest,
  GenesysDamageResult, GenesysDamageType, GenesysDeclaration, GenesysManeuver, GenesysRulesOptions,
} from "../../src/api-contract.js";
import type { BodyArea } from "../../src/data/item/armor.js";
import type { CheckPlan } from "../../src/check/check-request.js";
import type { ApplyDamageOptions, CounterChange } from "../../src/documents/actor.js";
import type { StoredDeclaration } from "../../src/documents/combatant.js";
import type { AimedArea } from "../../src/rules/attack.js";
import type { DamageResult } from "../../src/rules/damage.js";
import type { RulesOptions } from "../../src/rules/options.js";
import type { CharacteristicKey, ConditionKey, DamageType, ManeuverKey } from "../../src/rules/types.js";
import { bootSystem } from "../foundry/boot.js";

describe("the public contract matches the system's types", () => {
  it("names the same keys", () => {
    expectTypeOf<GenesysCharacteristic>().toEqualTypeOf<CharacteristicKey>();
    expectTypeOf<GenesysCondition>().toEqualTypeOf<ConditionKey>();
    expectTypeOf<GenesysDamageType>().toEqualTypeOf<DamageType>();
    expectTypeOf<GenesysAimedArea>().toEqualTypeOf<AimedArea>();
    expectTypeOf<GenesysBodyArea>().toEqualTypeOf<BodyArea>();
    expectTypeOf<GenesysManeuver>().toEqualTypeOf<ManeuverKey>();
  });

  it("describes the same plan, hit, declaration and options, and a part of each result", () => {
    expectTypeOf<GenesysCheckPlan>().toEqualTypeOf<CheckPlan>();
    expectTypeOf<GenesysDamageRequest>().toEqualTypeOf<Omit<ApplyDamageOptions, "venom">>();
    expectTypeOf<GenesysDeclaration>().toEqualTypeOf<StoredDeclaration>();
    expectTypeOf<GenesysRulesOptions>().toEqualTypeOf<RulesOptions>();
    expectTypeOf<DamageResult>().toExtend<GenesysDamageResult>();
    expectTypeOf<CounterChange>().toExtend<GenesysCounterChange>();
  });

  it("game.genesys is built to the contract and carries the rules engine", async () => {
    await bootSystem();
    expect(Object.keys(game.genesys).sort()).toEqual(["applyDamage", "attack", "contest", "dataVersion", "encounterOdds", "grapple", "macroActor", "macros", "migrateWorld", "requestCheck", "rollCheck", "rules", "rulesOptions", "timePasses"]);
    expect(typeof game.genesys.rules.conditionOf).toBe("function");
  });
});
