import { describe, expect, it } from "vitest";
import { ACCEPTED_ITEM_TYPES, creatableItemTypes, dropVerdict } from "../../src/data/accepted-items.js";
import { arraysFromForm, firstUnused, overlay, withoutRow, withRow } from "../../src/applications/sheets/form-arrays.js";

describe("drop policy", () => {
  it("people take every item type", () => {
    for (const actor of ["character", "npc"]) {
      for (const item of ["skill", "trait", "weapon", "armor", "gear"]) expect(dropVerdict(actor, item)).toEqual({ ok: true });
    }
  });

  it("animals take traits and gear only, with an animal-specific reason", () => {
    expect(dropVerdict("animal", "trait").ok).toBe(true);
    expect(dropVerdict("animal", "gear").ok).toBe(true);
    for (const item of ["skill", "weapon", "armor"]) expect(dropVerdict("animal", item)).toEqual({ ok: false, reason: "GENESYS.Sheet.Drop.AnimalRejects" });
  });

  it("an unknown actor or item type is refused, not thrown", () => {
    expect(dropVerdict("vehicle", "weapon")).toEqual({ ok: false, reason: "GENESYS.Sheet.Drop.Rejected" });
    expect(dropVerdict("character", "spell").ok).toBe(false);
    expect(creatableItemTypes("animal")).toEqual(ACCEPTED_ITEM_TYPES["animal"]);
    expect(creatableItemTypes("vehicle")).toEqual([]);
  });
});

describe("form lists", () => {
  const modes = [
    { key: "oneHanded", skill: "", damage: { dice: 1, faces: 6, strength: true, flat: 2, type: "trauma" }, minStrength: 9 },
    { key: "twoHanded", skill: "", damage: { dice: 2, faces: 6, strength: true, flat: 0, type: "trauma" }, minStrength: 7 },
  ];

  it("turns rows keyed '0', '1' back into an array, keeping fields the form did not send", () => {
    const data = { name: "Clava", system: { modes: { "1": { damage: { dice: 3 } }, "0": { minStrength: 8 } }, weight: 2 } };
    const out = arraysFromForm(data, { "system.modes": modes });
    expect(out.system.modes).toEqual([
      { ...modes[0], minStrength: 8 },
      { ...modes[1], damage: { ...modes[1]?.damage, dice: 3 } },
    ]);
    expect(out.system.weight).toBe(2);
    expect(modes[0]?.minStrength).toBe(9); // the stored rows are not touched
  });

  it("leaves data without the list alone", () => {
    const data = { system: { weight: 3 } };
    expect(arraysFromForm(data, { "system.modes": modes })).toEqual({ system: { weight: 3 } });
  });

  it("overlay replaces scalars and arrays, merges objects", () => {
    expect(overlay({ a: 1, b: { c: 2, d: 3 }, e: [1] }, { b: { c: 5 }, e: [2, 3] })).toEqual({ a: 1, b: { c: 5, d: 3 }, e: [2, 3] });
    expect(overlay({ a: 1 }, undefined)).toEqual({ a: 1 });
  });

  it("adds and removes rows without going below the minimum", () => {
    expect(withRow([1, 2], 3)).toEqual([1, 2, 3]);
    expect(withoutRow([1, 2, 3], 1)).toEqual([1, 3]);
    expect(withoutRow([1], 0, 1)).toEqual([1]);
    expect(withoutRow([1, 2], 5)).toEqual([1, 2]);
  });

  it("picks a choice not used yet for a new row", () => {
    expect(firstUnused(["run", "swim", "fly"], ["run"])).toBe("swim");
    expect(firstUnused(["run", "swim"], ["run", "swim"])).toBe("run");
  });
});
