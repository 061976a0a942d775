/**
 * Edits typed in the Token HUD: v13 hands them to Actor#modifyTokenAttribute(attribute, value, isDelta, isBar)
 * (dnd5e's Actor5e overrides it for HP). Ferite and Fatica, and the bars made from them, change through the same
 * pipeline and statuses as a hit or a rest: never clamped at Resistenza, never below 0.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { conditionThresholds } from "../../src/rules/condition.js";
import { bootSystem } from "../foundry/boot.js";
import { resetNetwork } from "../foundry/clients.js";
import { createActor, personOf } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

afterEach(() => {
  resetNetwork();
});

const human = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 };
const CONDITION_STATUSES = ["weak", "exhausted", "collapsed", "dead"];

/** Lets the status toggles started by an update land (one macrotask per round trip at zero latency). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

async function wounded(wounds: number, fatigue: number): Promise<GenesysActor> {
  return createActor({ name: "Bersaglio", type: "character", system: { characteristics: human, wounds: { value: wounds }, fatigue: { value: fatigue, deprivation: 0 } } });
}

function counters(actor: GenesysActor): [number, number] {
  const s = personOf(actor);
  return [s.wounds.value, s.fatigue.value];
}

function limits(actor: GenesysActor): ReturnType<typeof conditionThresholds> {
  return conditionThresholds(personOf(actor).derived.resistance);
}

function conditionStatuses(actor: GenesysActor): string[] {
  return [...actor.statuses].filter((s) => CONDITION_STATUSES.includes(s));
}

describe("a HUD edit of Ferite or Fatica", () => {
  it("+3 Ferite on the Ferite bar can kill: nothing is clamped at Resistenza, and the status follows", async () => {
    const a = await wounded(26, 0);
    const { deadMinWounds } = limits(a);
    expect(deadMinWounds).toBe(29);
    // Core would write min(26 + 3, max = R 28): alive for ever.
    await a.modifyTokenAttribute("wounds", 3, true, true);
    await settle();
    expect(counters(a)).toEqual([29, 0]);
    expect(personOf(a).condition.key).toBe("dead");
    expect(conditionStatuses(a)).toEqual(["dead"]);
  });

  it("a negative delta lowers the counter, never below 0; the condition comes back", async () => {
    const a = await wounded(2, 24);
    expect(personOf(a).condition.key).toBe("collapsed");
    await a.modifyTokenAttribute("fatigue", -5, true, true);
    await a.modifyTokenAttribute("wounds", -9, true, true);
    await settle();
    expect(counters(a)).toEqual([0, 19]);
    expect(personOf(a).condition.key).toBe("weak");
    expect(conditionStatuses(a)).toEqual(["weak"]);
  });

  it("an absolute value sets the counter, shown as a plain value (isBar false) or a bar", async () => {
    const a = await wounded(4, 4);
    await a.modifyTokenAttribute("fatigue.value", 18, false, false);
    await settle();
    expect(counters(a)).toEqual([4, 18]);
    expect(personOf(a).condition.key).toBe("exhausted");
    await a.modifyTokenAttribute("wounds", 1, false, true);
    await a.modifyTokenAttribute("fatigue.value", -3, false, false);
    await settle();
    expect(counters(a)).toEqual([1, 0]);
    expect(conditionStatuses(a)).toEqual([]);
  });

  it("goes through the damage pipeline with armour ignored: worn armour stops nothing typed in the HUD", async () => {
    const a = await createActor({
      name: "Corazzato", type: "character", system: { characteristics: human },
      items: [{ name: "Corazza", type: "armor", system: { defence: 6, worn: true } }],
    });
    expect(a.armourFor("torso")).toBeGreaterThan(0);
    await a.modifyTokenAttribute("wounds", 4, true, true);
    await a.modifyTokenAttribute("fatigue", 3, true, true);
    expect(counters(a)).toEqual([4, 3]);
  });
});

describe("a HUD edit of the bars (what is left before death and collapse)", () => {
  it("the life bar moves Ferite the other way: -3 is 3 Ferite, =0 is exactly at death", async () => {
    const a = await wounded(0, 0);
    const { deadMinWounds } = limits(a);
    await a.modifyTokenAttribute("bars.life", -3, true, true);
    expect(counters(a)).toEqual([3, 0]);
    expect(personOf(a).bars.life.value).toBe(deadMinWounds - 3);
    await a.modifyTokenAttribute("bars.life", 0, false, true);
    await settle();
    expect(counters(a)).toEqual([deadMinWounds, 0]);
    expect(conditionStatuses(a)).toEqual(["dead"]);
    // Healing from the bar: +5 is 5 Ferite fewer.
    await a.modifyTokenAttribute("bars.life", 5, true, true);
    expect(counters(a)).toEqual([deadMinWounds - 5, 0]);
  });

  it("the consciousness bar moves Fatica: down to collapse, and up no further than no Fatica at all", async () => {
    const a = await wounded(6, 2);
    const { collapsedMin } = limits(a);
    await a.modifyTokenAttribute("bars.consciousness", -2, true, true);
    expect(counters(a)).toEqual([6, 4]);
    await a.modifyTokenAttribute("bars.consciousness", 0, false, true);
    await settle();
    expect(counters(a)).toEqual([6, collapsedMin - 6]);
    expect(personOf(a).condition.key).toBe("collapsed");
    expect(conditionStatuses(a)).toEqual(["collapsed"]);
    await a.modifyTokenAttribute("bars.consciousness", 100, true, true);
    await settle();
    expect(counters(a)).toEqual([6, 0]);
    expect(conditionStatuses(a)).toEqual([]);
  });
});

describe("a HUD edit of anything else", () => {
  it("is core's: poison doses typed in the HUD are written as typed", async () => {
    const actor = await wounded(0, 0);
    await actor.modifyTokenAttribute("poison.doses", 4, false, false);
    expect(personOf(actor).poison.doses).toBe(4);
    await actor.modifyTokenAttribute("poison.doses", -1, true, false);
    expect(personOf(actor).poison.doses).toBe(3);
    expect(counters(actor)).toEqual([0, 0]);
  });
});
