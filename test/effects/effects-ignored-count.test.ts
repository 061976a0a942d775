/**
 * Regression (review s17b, finding 10): changes GeneSys cannot apply to checks and skills (a non-number, a kind other
 * than add on a check) were left out silently; sources.ignored counted only those to characteristics and derived values.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { effectChangesData, type EffectChange } from "../../src/compat/effect-changes.js";
import { bootSystem } from "../foundry/boot.js";
import { approvalWritesSettled } from "../../src/authority/effect-approvals.js";
import { createActor, personOf } from "../documents/helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const STATS = { dexterity: 8, experience: 7, charm: 8, strength: 5, perception: 7 };
const effect = (name: string, changes: EffectChange[]) => ({ name, ...effectChangesData(changes) });

describe("changes GeneSys cannot apply are reported", () => {
  it("a non-number or a non-add change to a check or a skill counts in sources.ignored like one to a characteristic", async () => {
    const actor = await createActor({
      name: "Alven",
      type: "character",
      system: { characteristics: STATS },
      items: [{ name: "Arrampicarsi", type: "skill", system: { characteristic: "strength", bought: 2 } }],
    });
    await actor.createEmbeddedDocuments("ActiveEffect", [effect("Strano", [
      { key: "system.characteristics.strength", kind: "add", value: "uno" },
      { key: "genesys.check", kind: "add", value: "due" },
      { key: "genesys.check.perception", kind: "override", value: "3" },
      { key: "genesys.skill.arrampicarsi", kind: "add", value: "1.5" },
    ])]);
    await approvalWritesSettled();
    // One ignored change of each kind: the sheet's note of what was left out must count all four.
    expect(personOf(actor).sources.ignored).toBe(4);
  });

  it("the changes that do apply are not counted, and a re-preparation does not count twice", async () => {
    const actor = await createActor({
      name: "Alven",
      type: "character",
      system: { characteristics: STATS },
      items: [{ name: "Arrampicarsi", type: "skill", system: { characteristic: "strength", bought: 2 } }],
    });
    await actor.createEmbeddedDocuments("ActiveEffect", [effect("Misto", [
      { key: "genesys.check", kind: "add", value: "1" },
      { key: "genesys.skill.arrampicarsi", kind: "add", value: "2" },
      { key: "genesys.skill.arrampicarsi", kind: "multiply", value: "2" },
    ])]);
    await approvalWritesSettled();
    expect(personOf(actor).sources.ignored).toBe(1);
    await actor.update({ system: { fame: 1 } });
    expect(personOf(actor).sources.ignored).toBe(1);
  });
});
