/** Regression of the hostile review (issue 19): migration 3 keeps the Narrator's existing effects his. */
import { beforeAll, describe, expect, it } from "vitest";
import { effectChangesData } from "../../src/compat/effect-changes.js";
import { approvalWritesSettled } from "../../src/authority/effect-approvals.js";
import { migrateWorld } from "../../src/migration.js";
import { isNarratorEffect } from "../../src/effects/effect-authority.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { rawEffectDelete, type ActiveEffect as EffectDouble } from "../foundry/effects.js";
import { createActor, personOf } from "../documents/helpers.js";

beforeAll(async () => {
  await bootSystem();
});

describe("migration 3 approves existing effects, the Narrator's as his", () => {
  it("a curse the Narrator placed before version 3 counts, and comes back when its owner deletes it", async () => {
    const actor = await createActor({ name: "Alven", type: "character", system: { characteristics: { dexterity: 8, experience: 7, charm: 8, strength: 5, perception: 7 } }, ownership: { default: 3 } });
    await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Maledizione", ...effectChangesData([{ key: "genesys.check", kind: "add", value: "-2" }]) }]);
    await approvalWritesSettled();
    // The world as it was before version 3: the marked effect, no approvals.
    await actor.update({ system: { approvals: [] } });
    await foundryDouble().settings.set("genesys-gdr", "dataVersion", 2);
    const curse = [...(actor.effects as unknown as Iterable<EffectDouble>)].find((e) => e.name === "Maledizione");
    if (!curse) throw new Error("no curse");
    expect(isNarratorEffect(curse)).toBe(true);
    await migrateWorld();
    const checks = () => personOf(actor).sources.checks.all.reduce((s, p) => s + p.value, 0);
    expect(checks()).toBe(-2);
    await asPlayer(() => rawEffectDelete(curse));
    await approvalWritesSettled();
    expect(checks()).toBe(-2);
  });
});
