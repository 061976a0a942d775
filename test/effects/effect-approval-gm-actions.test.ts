/** Regressions of the hostile review (issue 19): a Narrator's ordinary actions approve nothing he did not approve. */
import { beforeAll, describe, expect, it } from "vitest";
import { effectChangesData, type EffectChange } from "../../src/compat/effect-changes.js";
import { approvalWritesSettled } from "../../src/authority/effect-approvals.js";
import { requestAddItem } from "../../src/authority/owner-actions.js";
import { toggleEffect } from "../../src/applications/sheets/effect-actions.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { asPlayer, bootSystem } from "../foundry/boot.js";
import { rawEffectUpdate, type ActiveEffect as EffectDouble } from "../foundry/effects.js";
import { createActor, personOf } from "../documents/helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const STATS = { dexterity: 8, experience: 7, charm: 8, strength: 5, perception: 7 };
const effect = (name: string, changes: EffectChange[], extra: Record<string, unknown> = {}) => ({ name, ...effectChangesData(changes), ...extra });
const BLESSING: EffectChange = { key: "genesys.check", kind: "add", value: "50" };
const effectsOf = (holder: { effects: unknown }): EffectDouble[] => [...(holder.effects as Iterable<EffectDouble>)];
const named = (holder: { effects: unknown }, name: string): EffectDouble | undefined => effectsOf(holder).find((e) => e.name === name);
const checks = (actor: GenesysActor): number => personOf(actor).sources.checks.all.reduce((sum, p) => sum + p.value, 0);
const alven = (extra: Record<string, unknown> = {}): Promise<GenesysActor> =>
  createActor({ name: "Alven", type: "character", system: { characteristics: STATS }, ownership: { default: 3 }, ...extra });
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
