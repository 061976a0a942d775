/**
 * Token bars that read at a glance: full for someone unhurt, empty at death (life) or at collapse (consciousness).
 * Foundry draws a bar from the {value, max} found at its attribute path, full = value / max = 1.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { GenesysActor } from "../../src/documents/actor.js";
import { conditionThresholds } from "../../src/rules/condition.js";
import { TOKEN_BARS, isDerivedBar } from "../../src/canvas/token-bars.js";
import { bootSystem } from "../foundry/boot.js";
import { BaseTokenDocument } from "../foundry/tokens.js";
import { animalOf, createActor, personOf } from "./helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const human = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 };

async function person(wounds: number, fatigue: number): Promise<GenesysActor> {
  return createActor({ name: "Jack", type: "character", system: { characteristics: human, wounds: { value: wounds }, fatigue: { value: fatigue, deprivation: 0 } } });
}

/** The bar Foundry would draw for an attribute path: the {value, max} found there (V13-API.md §8). */
function bar(actor: GenesysActor, path: string): { value: number; max: number } {
  let at: unknown = actor.system;
  for (const key of path.split(".")) at = (at as Record<string, unknown> | undefined)?.[key];
  // A trackable bar attribute holds {value, max}; the test reads it the way the token does.
  return at as { value: number; max: number };
}

describe("the token bars", () => {
  it("are the two derived margins for every actor type; the counters stay available as plain values", () => {
    for (const type of ["character", "npc", "animal"] as const) {
      const tracked = CONFIG.Actor.trackableAttributes[type];
      expect(tracked?.bar).toEqual([TOKEN_BARS.life, TOKEN_BARS.consciousness]);
      expect(tracked?.value).toEqual(expect.arrayContaining(["wounds.value", "fatigue.value"]));
    }
    expect(isDerivedBar("bars.life")).toBe(true);
    expect(isDerivedBar("wounds")).toBe(false);
  });

  it("are full when unhurt, and empty exactly at death and at collapse (R 28, thresholds from the rules)", async () => {
    const limits = conditionThresholds(28);
    const fresh = await person(0, 0);
    expect(personOf(fresh).derived.resistance).toBe(28);
    expect(bar(fresh, TOKEN_BARS.life)).toEqual({ value: limits.deadMinWounds, max: limits.deadMinWounds });
    expect(bar(fresh, TOKEN_BARS.consciousness)).toEqual({ value: limits.collapsedMin, max: limits.collapsedMin });

    // The last Ferite short of death, then death: the life bar reaches 0 only when the character dies.
    const dying = await person(limits.deadMinWounds - 1, 0);
    expect(bar(dying, TOKEN_BARS.life).value).toBe(1);
    const dead = await person(limits.deadMinWounds + 4, 0);
    expect(personOf(dead).condition.key).toBe("dead");
    expect(bar(dead, TOKEN_BARS.life).value).toBe(0);

    // Fatica spends consciousness, not life; the bar is empty exactly when the character collapses.
    const tired = await person(4, limits.collapsedMin - 5);
    expect(personOf(tired).condition.key).toBe("exhausted");
    expect(bar(tired, TOKEN_BARS.consciousness).value).toBe(1);
    expect(bar(tired, TOKEN_BARS.life).value).toBe(limits.deadMinWounds - 4);
    const out = await person(4, limits.collapsedMin - 4);
    expect(personOf(out).condition.key).toBe("collapsed");
    expect(bar(out, TOKEN_BARS.consciousness).value).toBe(0);
  });

  it("our derived bars are editable in the Token HUD; stored ones are left as core decides", async () => {
    const { GenesysTokenDocument } = await import("../../src/canvas/token-document.js");
    expect(CONFIG.Token.documentClass).toBe(GenesysTokenDocument);
    // Built over the double's TokenDocument (test/foundry/tokens.ts), which takes the actor and the bar paths.
    const Token = GenesysTokenDocument as unknown as new (actor: GenesysActor, bars: Record<string, string>) => BaseTokenDocument;
    const actor = await person(3, 1);
    const token = new Token(actor, { bar1: TOKEN_BARS.life, bar2: "wounds", bar3: TOKEN_BARS.consciousness });
    expect(new BaseTokenDocument(actor, { bar1: TOKEN_BARS.life }).getBarAttribute("bar1")?.editable).toBe(false);
    const { deadMinWounds } = conditionThresholds(personOf(actor).derived.resistance);
    expect(token.getBarAttribute("bar1")).toEqual({ type: "bar", attribute: TOKEN_BARS.life, value: deadMinWounds - 3, max: deadMinWounds, editable: true });
    expect(token.getBarAttribute("bar2")).toMatchObject({ attribute: "wounds", value: 3, editable: true });
    expect(token.getBarAttribute("bar3")?.editable).toBe(true);
  });

  it("follow an animal's printed Resistenza", async () => {
    const wolf = await createActor({ name: "Lupo", type: "animal", system: { resistance: 24, wounds: { value: 5 } } });
    const limits = conditionThresholds(animalOf(wolf).derived.resistance);
    expect(bar(wolf, TOKEN_BARS.life)).toEqual({ value: limits.deadMinWounds - 5, max: limits.deadMinWounds });
    expect(bar(wolf, TOKEN_BARS.consciousness)).toEqual({ value: limits.collapsedMin - 5, max: limits.collapsedMin });
  });
});
