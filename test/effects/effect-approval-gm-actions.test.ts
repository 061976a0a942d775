/** Regressions of the hostile review (issue 19): a Narrator's ordinary actions approve nothing he did not approve. */
import { beforeAll, describe, expect, it } from "vitest";
import { approvalWritesSettled } from "../../src/authority/effect-approvals.js";
import { requestAddItem } from "../../src/authority/owner-requests.js";
import { toggleEffect } from "../../src/applications/sheets/effect-actions.js";
import { asPlayer, bootSystem } from "../foundry/boot.js";
import { rawEffectUpdate } from "../foundry/effects.js";
import { BLESSING, alven, checks, effect, named } from "./approval-helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const row = (id: string, parentId = ""): HTMLElement =>
  ({ closest: () => ({ dataset: { effectId: id, parentId } }) }) as unknown as HTMLElement;

describe("the Narrator switching a pending effect off on the sheet does not approve it", () => {
  it("the player re-enables it raw and gets nothing", async () => {
    const actor = await alven();
    await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Benedizione", [BLESSING])]));
    const blessing = named(actor, "Benedizione");
    if (!blessing) throw new Error("no blessing");
    expect(checks(actor)).toBe(0);
    // The Narrator sees a pending +50 and switches it off on the sheet.
    await toggleEffect(actor, row(blessing.id));
    await approvalWritesSettled();
    expect(named(actor, "Benedizione")?.disabled).toBe(true);
    await asPlayer(() => rawEffectUpdate(blessing, { disabled: false }));
    await approvalWritesSettled();
    expect(checks(actor)).toBe(0);
  });
});

describe("the Narrator moving a player's item to another character approves none of its pending effects", () => {
  it("loot handed from one PC to another through the Narrator's drop", async () => {
    const from = await alven({ items: [{ name: "Anello", type: "gear", system: {}, effects: [] }] });
    const to = await alven();
    const ring = from.items.find((i) => i.name === "Anello");
    if (!ring) throw new Error("no ring");
    await asPlayer(() => ring.createEmbeddedDocuments("ActiveEffect", [effect("Aggiunta", [BLESSING])]));
    expect(checks(from)).toBe(0);
    expect(await requestAddItem(to, { source: ring.uuid })).not.toBeNull(); // the Narrator's own drop
    await approvalWritesSettled();
    expect(checks(to)).toBe(0);
  });
});
