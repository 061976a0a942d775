/**
 * v14's `subtract` change type (foundryvtt/foundryvtt#13613) read through src/compat/effect-changes.ts: the add of the
 * negated number on a GeneSys key, nothing GeneSys applies when its value is no number, nothing at all on v13.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { readEffectChanges } from "../../src/compat/effect-changes.js";
import { bootSystem } from "../foundry/boot.js";
import { createActor, personOf } from "../documents/helpers.js";

beforeAll(async () => {
  await bootSystem();
});

function setGeneration(n: number): void {
  // The double's game.release is a plain object (globals.ts); tests of the v14 shape set 14.
  (game.release as unknown as { generation: number }).generation = n;
}

afterEach(() => {
  setGeneration(13);
});

const v14Effect = (changes: Record<string, unknown>[]) => ({ name: "Veleno debilitante", system: { changes } });

describe("v14's subtract change type", () => {
  it("is read as an add of the negated number", () => {
    setGeneration(14);
    expect(readEffectChanges(v14Effect([{ key: "system.characteristics.strength", type: "subtract", value: "2", phase: "initial", priority: null }])))
      .toEqual([{ key: "system.characteristics.strength", kind: "add", value: "-2" }]);
    expect(readEffectChanges(v14Effect([{ key: "genesys.check", type: "subtract", value: -3 }]))).toEqual([{ key: "genesys.check", kind: "add", value: "3" }]);
  });

  it("with a value that is no number (a set's element) is custom: GeneSys applies nothing from it", () => {
    setGeneration(14);
    expect(readEffectChanges(v14Effect([{ key: "system.traits", type: "subtract", value: "agile" }, { key: "system.traits", type: "subtract", value: " " }])))
      .toEqual([{ key: "system.traits", kind: "custom", value: "agile" }, { key: "system.traits", kind: "custom", value: " " }]);
  });

  it("lowers a characteristic on a v14 actor, as the add of −2 would", async () => {
    setGeneration(14);
    const actor = await createActor({
      name: "Alven", type: "character", system: { characteristics: { strength: 7 } },
      effects: [v14Effect([{ key: "system.characteristics.strength", type: "subtract", value: "2", phase: "initial", priority: null }])],
    });
    expect(personOf(actor).effective.strength).toBe(5);
  });

  it("is no v13 mode: a v13 effect cannot carry it", () => {
    setGeneration(13);
    expect(readEffectChanges({ changes: [{ key: "system.characteristics.strength", mode: "subtract", value: "2" }] })).toEqual([]);
  });
});

describe("an expired effect on v14", () => {
  // v14's ActiveEffectRegistry marks a spent duration `expired`, and the effect turns inactive (foundryvtt#13743).
  const weakened = (expired: boolean) => ({ ...v14Effect([{ key: "system.characteristics.strength", type: "add", value: "-2", phase: "initial", priority: null }]), duration: { expired } });
  const v13Weakened = { name: "Veleno debilitante", duration: { expired: true }, changes: [{ key: "system.characteristics.strength", mode: 2, value: "-2" }] };

  it("counts no more on v14, while an unexpired one still does", async () => {
    setGeneration(14);
    const spent = await createActor({ name: "Alven", type: "character", system: { characteristics: { strength: 7 } }, effects: [weakened(true)] });
    const running = await createActor({ name: "Bill", type: "character", system: { characteristics: { strength: 7 } }, effects: [weakened(false)] });
    expect(personOf(spent).effective.strength).toBe(7);
    expect(personOf(running).effective.strength).toBe(5);
  });

  it("on v13 nothing is expired by core: the effect counts until it is taken off", async () => {
    setGeneration(13);
    const actor = await createActor({ name: "Alven", type: "character", system: { characteristics: { strength: 7 } }, effects: [v13Weakened] });
    expect(personOf(actor).effective.strength).toBe(5);
  });
});
