/** Regressions of the hostile review of effect approvals (issue 19): each attack a player tried, refused. */
import { beforeAll, describe, expect, it } from "vitest";
import type { EffectChange } from "../../src/compat/effect-changes.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { approvalWritesSettled, approveEffect, sweepNarratorEffects } from "../../src/authority/effect-approvals.js";
import { requestAddItem } from "../../src/authority/owner-requests.js";
import { approvalsOf, effectDigest } from "../../src/effects/effect-approval.js";
import { asPlayer, bootSystem, users } from "../foundry/boot.js";
import { rawEffectDelete, rawEffectUpdate } from "../foundry/effects.js";
import { createActor } from "../documents/helpers.js";
import { BLESSING, CURSE, STATS, alven, asCore, checks, effect, named } from "./approval-helpers.js";

beforeAll(async () => {
  await bootSystem();
});


describe("a player's console-made actor cannot launder forged approvals into his real character", () => {
  it("v13: the forged approvals of its creation data are cleared, so onAddItem carries none over", async () => {
    const main = await alven();
    const ringEffect = effect("Anello", [BLESSING]);
    const forged = [{ id: "", digest: effectDigest(ringEffect), narrator: false, snapshot: "" }];
    const { player } = users();
    // Console: Actor.create({...}) with ACTOR_CREATE permission (common: players make their own PCs).
    const mule = await asPlayer(() =>
      createActor({ name: "Mulo", type: "character", system: { characteristics: STATS }, ownership: { default: 0, [player.id]: 3 },
        items: [{ name: "Anello", type: "gear", system: { approvals: forged }, effects: [ringEffect] }] }));
    await approvalWritesSettled();
    const ring = mule.items.find((i) => i.name === "Anello");
    if (!ring) throw new Error("no ring");
    expect(await asPlayer(() => requestAddItem(main, { source: ring.uuid }))).not.toBeNull();
    await approvalWritesSettled();
    // SAFE would be 0: nobody but the player ever approved +50.
    expect(checks(main)).toBe(0);
  });
});

describe("a Narrator's write touches no permit but the one its effect uses", () => {
  const ONE: EffectChange = { key: "genesys.check", kind: "add", value: "1" };
  /** Alven with the player's own +1, approved by the Narrator. */
  async function approvedFocus(): Promise<GenesysActor> {
    const actor = await alven();
    await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Concentrato", [ONE])]));
    const focus = named(actor, "Concentrato");
    if (!focus) throw new Error("no effect");
    await approveEffect(asCore(focus));
    return actor;
  }

  it("the player's approved +1 still counts when the Narrator adds his own +1", async () => {
    const actor = await approvedFocus();
    expect(checks(actor)).toBe(1);
    await actor.createEmbeddedDocuments("ActiveEffect", [effect("Benedizione del Narratore", [ONE])]);
    await approvalWritesSettled();
    expect(checks(actor)).toBe(2);
  });

  it("the Narrator deleting a player's unapproved duplicate leaves the approved one's permit", async () => {
    const actor = await approvedFocus();
    await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Doppione", [ONE])]));
    const dup = named(actor, "Doppione");
    await dup?.delete(); // the Narrator cleans up the unapproved copy
    await approvalWritesSettled();
    expect(named(actor, "Concentrato")).toBeDefined();
    expect(checks(actor)).toBe(1);
  });
});

describe("a player's console cannot pass his write off as the Narrator's restore", () => {
  it("the restore flag in a player's own update options is ignored: the curse is put back all the same", async () => {
    const actor = await alven();
    await actor.createEmbeddedDocuments("ActiveEffect", [effect("Maledizione", [CURSE])]);
    await approvalWritesSettled();
    const curse = named(actor, "Maledizione");
    if (!curse) throw new Error("no curse");
    await asPlayer(() => rawEffectUpdate(curse, { disabled: true }, { genesysRestored: true }));
    await approvalWritesSettled();
    expect(named(actor, "Maledizione")?.disabled).toBe(false);
    expect(checks(actor)).toBe(-2);
  });
});

describe("a Narrator's effect deleted while no Narrator is connected comes back at ready", () => {
  it("raw delete with the GM offline; the GM logs in; the sweep puts it back", async () => {
    const actor = await alven();
    await actor.createEmbeddedDocuments("ActiveEffect", [effect("Maledizione", [CURSE])]);
    await approvalWritesSettled();
    expect(checks(actor)).toBe(-2);
    const { gm } = users();
    const curse = named(actor, "Maledizione");
    if (!curse) throw new Error("no curse");
    gm.active = false;
    try {
      await asPlayer(() => rawEffectDelete(curse));
      await approvalWritesSettled();
    } finally {
      gm.active = true;
    }
    // The GM is back: at ready his client sweeps the world, and the curse is there again.
    expect(approvalsOf(actor).some((a) => a.narrator)).toBe(true);
    expect(checks(actor)).toBe(0);
    expect(await sweepNarratorEffects()).toBeGreaterThanOrEqual(1);
    expect(checks(actor)).toBe(-2);
  });
});
