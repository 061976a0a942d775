/**
 * Issue 19: a player's own Active Effects count once a Narrator approves them, bound to what they change; what a
 * Narrator creates or brings in counts at once; his effects come back when their owner deletes, disables or edits
 * them, even by a console write that skips every client hook. The approvals are a gmOnlyField (the server's part is
 * test/authority/protected-fields.test.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { effectChangesData, type EffectChange } from "../../src/compat/effect-changes.js";
import { approvalWritesSettled, approveEffect } from "../../src/authority/effect-approvals.js";
import { requestAddItem } from "../../src/authority/owner-requests.js";
import { approvalsOf, effectDigest, permits } from "../../src/effects/effect-approval.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { actorEffectRows } from "../../src/applications/sheets/context/effects.js";
import { asPlayer, bootSystem } from "../foundry/boot.js";
import { rawUpdate, type Document as DocumentDouble } from "../foundry/documents.js";
import { rawEffectDelete, rawEffectUpdate } from "../foundry/effects.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { createActor, personOf } from "../documents/helpers.js";
import { BLESSING, CURSE, STATS, asCore, checks, effect, named } from "./approval-helpers.js";

beforeAll(async () => {
  await bootSystem();
});

const DEX: EffectChange = { key: "system.characteristics.dexterity", kind: "add", value: "13" };

const asDouble = (actor: GenesysActor): DocumentDouble => actor as unknown as DocumentDouble; // the configured class extends the double's Actor

async function alven(extra: Record<string, unknown> = {}): Promise<GenesysActor> {
  return createActor({ name: "Alven", type: "character", system: { characteristics: STATS }, ownership: { default: 3 }, ...extra });
}

const i18n = { localize: (k: string) => k, format: (k: string) => k };

describe("a player's own effect waits for the Narrator", () => {
  it("+50 to every check and +13 Destrezza count for nothing until approved, and the sheet says so", async () => {
    const actor = await alven();
    await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Benedizione", [BLESSING]), effect("Agile", [DEX])]));
    await approvalWritesSettled();
    expect(checks(actor)).toBe(0);
    expect(personOf(actor).effective.dexterity).toBe(8);
    const rows = actorEffectRows(actor, i18n, true);
    expect(rows.map((r) => [r.name, r.pending, r.active, r.approvable])).toEqual([["Benedizione", true, false, true], ["Agile", true, false, true]]);
    expect(actorEffectRows(actor, i18n, false).every((r) => !r.approvable)).toBe(true);
    // The Narrator approves one of them on the sheet.
    const blessing = named(actor, "Benedizione");
    if (!blessing) throw new Error("no blessing");
    expect(await approveEffect(asCore(blessing))).toBe(true);
    expect(checks(actor)).toBe(50);
    expect(personOf(actor).effective.dexterity).toBe(8);
  });

  it("an approved effect edited by its owner stops counting; a copy of it finds no permit", async () => {
    const actor = await alven();
    await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Concentrato", [{ key: "genesys.check", kind: "add", value: "1" }])]));
    const focus = named(actor, "Concentrato");
    if (!focus) throw new Error("no effect");
    await approveEffect(asCore(focus));
    expect(checks(actor)).toBe(1);
    await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Concentrato (copia)", [{ key: "genesys.check", kind: "add", value: "1" }])]));
    expect(checks(actor)).toBe(1);
    await asPlayer(() => rawEffectUpdate(focus, effectChangesData([BLESSING])));
    await approvalWritesSettled();
    // The copy takes the permit the edited one no longer matches: still +1, never +50.
    expect(checks(actor)).toBe(1);
    expect(actorEffectRows(actor, i18n).find((r) => r.name === "Concentrato")?.pending).toBe(true);
  });

  it("the approvals cannot be written by the player, not even raw", async () => {
    const actor = await alven();
    await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Benedizione", [BLESSING])]));
    const blessing = named(actor, "Benedizione");
    if (!blessing) throw new Error("no blessing");
    const forged = [{ id: "", digest: effectDigest(blessing), narrator: false, snapshot: "" }];
    await expect(asPlayer(() => rawUpdate(asDouble(actor), { system: { approvals: forged } }))).rejects.toThrow(/GM/);
    expect(approvalsOf(actor)).toEqual([]);
    expect(checks(actor)).toBe(0);
  });

  it("an actor open for free editing trusts its owner's effects, and closing it withdraws them", async () => {
    const actor = await alven();
    await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Benedizione", [BLESSING])]));
    await actor.update({ system: { freeEdit: true } });
    expect(checks(actor)).toBe(50);
    await actor.update({ system: { freeEdit: false } });
    expect(checks(actor)).toBe(0);
  });

  it("the digest is bound to the changes and to whether an item's effect reaches its owner", () => {
    const base = effect("x", [BLESSING]);
    expect(effectDigest(base)).toBe(effectDigest({ ...effect("renamed", [BLESSING]), _id: "other" }));
    expect(effectDigest(base)).not.toBe(effectDigest(effect("x", [CURSE])));
    expect(effectDigest(base)).not.toBe(effectDigest({ ...base, transfer: false }));
    expect(effectDigest(base)).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});

describe("what the Narrator creates or brings in counts at once", () => {
  it("his actor with an item's effect counts on creation, with no write after it", async () => {
    const actor = await alven({ items: [{ name: "Anello", type: "gear", system: {}, effects: [effect("Anello", [{ key: "genesys.check", kind: "add", value: "1" }])] }] });
    expect(checks(actor)).toBe(1);
  });

  it("his new effect on a character is his: counted, and put back when the owner deletes or disables it raw", async () => {
    const actor = await alven();
    await actor.createEmbeddedDocuments("ActiveEffect", [effect("Maledizione", [CURSE])]);
    await approvalWritesSettled();
    expect(checks(actor)).toBe(-2);
    const curse = named(actor, "Maledizione");
    if (!curse) throw new Error("no curse");
    expect(permits(actor.effects, actor).get(curse)?.narrator).toBe(true);
    await asPlayer(() => rawEffectUpdate(curse, { disabled: true }));
    await approvalWritesSettled();
    expect(named(actor, "Maledizione")?.disabled).toBe(false);
    expect(checks(actor)).toBe(-2);
    await asPlayer(() => rawEffectUpdate(curse, effectChangesData([{ key: "genesys.check", kind: "add", value: "0" }])));
    await approvalWritesSettled();
    expect(checks(actor)).toBe(-2);
    await asPlayer(() => rawEffectDelete(curse));
    await approvalWritesSettled();
    expect(named(actor, "Maledizione")?.id).toBe(curse.id);
    expect(checks(actor)).toBe(-2);
    // The Narrator himself removes it for good.
    const back = named(actor, "Maledizione");
    await back?.delete();
    await approvalWritesSettled();
    expect(named(actor, "Maledizione")).toBeUndefined();
    expect(approvalsOf(actor)).toEqual([]);
    expect(checks(actor)).toBe(0);
  });

  it("an unlinked token's actor reads its base actor's approvals (the double models no delta effects: scenes.ts)", async () => {
    const base = await alven();
    await base.createEmbeddedDocuments("ActiveEffect", [effect("Maledizione", [CURSE])]);
    await asPlayer(() => base.createEmbeddedDocuments("ActiveEffect", [effect("Benedizione", [BLESSING])]));
    await approvalWritesSettled();
    const token = placeToken(createScene("Approvazioni"), base, { actorLink: false });
    const synthetic = token.actor as unknown as GenesysActor; // the double's synthetic actor is of the configured class
    expect(checks(synthetic)).toBe(-2);
    await expect(asPlayer(() => rawUpdate(asDouble(synthetic), { system: { approvals: [] } }))).rejects.toThrow(/GM/);
    expect(checks(synthetic)).toBe(-2);
  });

  it("an item a player copies from his own other actor keeps only the approvals it had there", async () => {
    const first = await alven({ items: [{ name: "Anello", type: "gear", system: {}, effects: [effect("Anello", [{ key: "genesys.check", kind: "add", value: "1" }])] }] });
    const second = await alven();
    const ring = first.items.find((i) => i.name === "Anello");
    if (!ring) throw new Error("no ring");
    await asPlayer(() => ring.createEmbeddedDocuments("ActiveEffect", [effect("Aggiunta", [BLESSING])]));
    expect(checks(first)).toBe(1);
    expect(await asPlayer(() => requestAddItem(second, { source: ring.uuid }))).not.toBeNull();
    await approvalWritesSettled();
    expect(checks(second)).toBe(1);
  });
});
