import { afterEach, describe, expect, it } from "vitest";
import { addStatusEffects, readStatusEffects, type StatusEffectConfig } from "../../src/compat/status-effects.js";

// The double's game carries release.generation (test/foundry/globals.ts); the 13.345 types call it read-only.
const release = (): { generation: number } => (game as unknown as { release: { generation: number } }).release;
// v14 keeps a record keyed by id where v13 keeps an array (foundryvtt/foundryvtt#13122); the v13 types know only the array.
const setStatusEffects = (value: StatusEffectConfig[] | Record<string, StatusEffectConfig>): void => {
  (CONFIG as unknown as { statusEffects: unknown }).statusEffects = value;
};
// Read back in whichever shape it now holds, to check the shape itself.
const rawStatusEffects = (): unknown => (CONFIG as unknown as { statusEffects: unknown }).statusEffects;
function asList(value: unknown): StatusEffectConfig[] {
  expect(Array.isArray(value)).toBe(true);
  // Checked to be an array just above; its entries are the configs this file wrote.
  return value as StatusEffectConfig[];
}
function asRecord(value: unknown): Record<string, StatusEffectConfig> {
  expect(typeof value === "object" && value !== null && !Array.isArray(value)).toBe(true);
  // Checked to be a plain object just above; its values are the configs this file wrote.
  return value as Record<string, StatusEffectConfig>;
}

const core = (): StatusEffectConfig[] => [
  { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
  { id: "blind", name: "EFFECT.StatusBlind", img: "icons/svg/blind.svg" },
];
const ours: StatusEffectConfig[] = [
  { id: "weak", _id: "genesysweak00000", name: "GENESYS.Status.weak", img: "icons/svg/downgrade.svg" },
  { id: "dead", _id: "genesysdead00000", name: "GENESYS.Status.dead", img: "icons/svg/skull.svg" },
];

afterEach(() => {
  release().generation = 13;
  setStatusEffects([]);
});

describe("CONFIG.statusEffects across Foundry generations", () => {
  it("v13: ours join core's array, and ours replace core's entry with the same id in place", () => {
    release().generation = 13;
    setStatusEffects(core());
    addStatusEffects(ours);
    expect(asList(rawStatusEffects()).map((s) => [s.id, s.name])).toEqual([
      ["dead", "GENESYS.Status.dead"],
      ["blind", "EFFECT.StatusBlind"],
      ["weak", "GENESYS.Status.weak"],
    ]);
    expect(readStatusEffects().map((s) => s._id ?? null)).toEqual(["genesysdead00000", null, "genesysweak00000"]);
  });

  it("v14: ours are written by key into core's record, which stays a record", () => {
    release().generation = 14;
    setStatusEffects(Object.fromEntries(core().map((s) => [s.id, s])));
    addStatusEffects(ours);
    const record = asRecord(rawStatusEffects());
    expect(Object.keys(record)).toEqual(["dead", "blind", "weak"]);
    expect(record["dead"]?.name).toBe("GENESYS.Status.dead");
    expect(readStatusEffects().map((s) => s.id)).toEqual(["dead", "blind", "weak"]);
  });

  it("the generation is read at each call, not when the module loads", () => {
    release().generation = 14;
    setStatusEffects({});
    addStatusEffects(ours.slice(0, 1));
    expect(Object.keys(asRecord(rawStatusEffects()))).toEqual(["weak"]);
    release().generation = 13;
    setStatusEffects([]);
    addStatusEffects(ours.slice(0, 1));
    expect(asList(rawStatusEffects())).toEqual([ours[0]]);
  });
});
