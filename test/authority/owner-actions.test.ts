/**
 * What a player does to protected values of his own actor goes through the Narrator's client (authority/owner-actions.ts):
 * a hit he takes through the damage pipeline, rest only under free editing, a lowered counter on the token HUD as a
 * sheet edit, a reload that fills the magazine. A forged payload is refused and nothing changes.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { OWNER_INTENTS, requestReload } from "../../src/authority/owner-requests.js";
import { sendIntent } from "../../src/authority/intent-channel.js";
import { requestProtectedEdit } from "../../src/authority/protected-edit-request.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { createActor, personOf } from "../documents/helpers.js";
import { gmQueue } from "../../src/authority/serial-queue.js";
import { expectConsole } from "../console-guard.js";

beforeAll(async () => {
  await bootSystem();
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
});

const playerId = (): string => foundryDouble().users.find((u) => !u.isGM)?.id ?? "";
const warnings = (): string[] => foundryDouble().notifications.filter((n) => n.level === "warn").map((n) => n.message);
const HUMAN = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 };

async function owned(): Promise<GenesysActor> {
  return createActor({ name: "Mio", type: "character", ownership: { default: 0, [playerId()]: 3 }, system: { characteristics: HUMAN, creation: { active: false } } });
}

describe("a player's own actor, through the Narrator's client", () => {
  it("a hit he takes (a macro, the API) goes through the pipeline: 6 trauma → 6 Ferite, and the change comes back", async () => {
    const actor = await owned();
    const change = await asPlayer(() => actor.applyDamage({ amount: 6, type: "wounding", ignoreArmour: true }));
    expect(personOf(actor).wounds.value).toBe(6);
    expect(change).toMatchObject({ kind: "damage", before: { wounds: 0 }, after: { wounds: 6 } });
  });

  it("venom or an amount past any counter in the payload is refused, nothing applied", async () => {
    const actor = await owned();
    const venom = { amount: 1, type: "wounding", venom: { roll: 12, dice: 2, maxPerDay: 12, injectedToday: 0 } };
    expect(await asPlayer(() => sendIntent(OWNER_INTENTS.damage, { uuid: actor.uuid, options: { amount: 5_000, type: "wounding" } }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.Invalid" });
    // Venom is read away: the hit is the player's to take, the doses a biter's.
    expect(await asPlayer(() => sendIntent(OWNER_INTENTS.damage, { uuid: actor.uuid, options: venom }))).toMatchObject({ ok: true });
    expect(personOf(actor).poison.doses).toBe(0);
  });

  it("rest heals, so it is refused until the Narrator opens the actor for free editing", async () => {
    const actor = await owned();
    await actor.update({ system: { wounds: { value: 4 }, fatigue: { value: 3 } } });
    expect(await asPlayer(() => actor.recover({ minutes: 15, days: 0 }))).toBeNull();
    expect(personOf(actor).fatigue.value).toBe(3);
    expect(warnings()).toEqual([expect.stringContaining("GENESYS.Authority.Edit.NarratorOnly")]);
    await actor.update({ system: { freeEdit: true } });
    const change = await asPlayer(() => actor.recover({ minutes: 15, days: 0 }));
    expect(change?.after.fatigue).toBe(0); // §1.5.3 −1 Fatica per 5 minutes
  });

  it("lowering Ferite on the token HUD is a sheet edit: refused, then taken under free editing", async () => {
    const actor = await owned();
    await actor.update({ system: { wounds: { value: 5 } } });
    await asPlayer(() => actor.modifyTokenAttribute("wounds", -2, true, false));
    expect(personOf(actor).wounds.value).toBe(5);
    await actor.update({ system: { freeEdit: true } });
    await asPlayer(() => actor.modifyTokenAttribute("wounds", -2, true, false));
    expect(personOf(actor).wounds.value).toBe(3);
  });

  it("reloading fills the magazine of the mode in use (C 6); a weapon without one says so", async () => {
    const actor = await owned();
    const created = (await actor.createEmbeddedDocuments("Item", [
      { name: "Revolver", type: "weapon", system: { modes: [{ key: "ranged", magazine: 6, range: { kind: "metres", value: 30 } }], rounds: 1 } },
      { name: "Spada", type: "weapon" },
    ] as never)) as unknown as Item.Implementation[];
    const [revolver, sword] = created;
    if (!revolver?.id || !sword?.id) throw new Error("no weapons");
    expect(await asPlayer(() => requestReload(actor, revolver.id ?? ""))).toBe(true);
    expect((actor.items.get(revolver.id)?.system as unknown as { rounds: number }).rounds).toBe(6);
    expect(await asPlayer(() => requestReload(actor, sword.id ?? ""))).toBe(false);
    expect(warnings()).toEqual([expect.stringContaining("GENESYS.Sheet.Weapon.NoMagazine")]);
  });

  it("someone else's actor is refused for each action", async () => {
    const other = await createActor({ name: "Altrui", type: "character", system: { characteristics: HUMAN } });
    for (const [kind, payload] of [
      [OWNER_INTENTS.damage, { uuid: other.uuid, options: { amount: 3, type: "wounding" } }],
      [OWNER_INTENTS.recover, { uuid: other.uuid, minutes: 5, days: 0 }],
      [OWNER_INTENTS.finishCreation, { uuid: other.uuid }],
    ] as const) {
      expect(await asPlayer(() => sendIntent(kind, payload))).toMatchObject({ ok: false, warning: "GENESYS.Warn.NotOwner" });
    }
    expect(personOf(other).wounds.value).toBe(0);
  });
});

describe("a sheet edit the schema still refuses", () => {
  it("a skill's characteristic that is none of the five, under free editing: the write's failure is told; nothing changes", async () => {
    const actor = await createActor({ name: "Aperto", type: "character", ownership: { default: 0, [playerId()]: 3 }, items: [{ name: "Corsa", type: "skill", system: { characteristic: "dexterity", bought: 2 } }], system: { characteristics: HUMAN, creation: { active: false }, freeEdit: true } });
    const skill = actor.items.find((i) => i.name === "Corsa");
    await asPlayer(() => requestProtectedEdit(skill?.uuid ?? "", { characteristic: "luck" }));
    await gmQueue.run(() => Promise.resolve());
    await vi.waitFor(() => {
      expect(warnings().join(" ")).toContain("GENESYS.Authority.Failed");
    });
    expect(skill?.system).toMatchObject({ characteristic: "dexterity" });
    expectConsole("error", /writes of intent sheet\.edit failed after its answer/);
  });
});

describe("an item his own client creates (v13 does not check creation data)", () => {
  it("worn armour of Df 50 and a weapon of 20D10 + 50 are set back to the types' defaults by the Narrator's client", async () => {
    const actor = await owned();
    await asPlayer(() => actor.createEmbeddedDocuments("Item", [
      { name: "Piastra", type: "armor", system: { defence: 50, coverage: "wholeBody", worn: true } },
      { name: "Cannone", type: "weapon", system: { modes: [{ key: "ranged", damage: { dice: 20, faces: 10, strength: false, flat: 50, type: "wounding" } }] } },
    ] as never));
    await gmQueue.run(() => Promise.resolve());
    const armour = actor.items.find((i) => i.name === "Piastra")?.system as unknown as { defence: number; coverage: string; worn: boolean };
    expect(armour).toMatchObject({ defence: 0, coverage: "torso", worn: true });
    const weapon = actor.items.find((i) => i.name === "Cannone")?.system as unknown as { modes: { damage: { dice: number; flat: number } }[] };
    expect(weapon.modes[0]?.damage).toMatchObject({ dice: 1, flat: 0 });
    await actor.applyDamage({ amount: 30, type: "wounding" });
    expect(personOf(actor).wounds.value).toBe(30); // Df 0 stops nothing of the 30
  });
});

describe("an Active Effect never puts a protected value into the prepared data", () => {
  it("core applies no change to Ferite, free editing, fame or creation; GeneSys keys are the data model's; other keys are core's", async () => {
    const { coreMayApply } = await import("../../src/effects/active-effect.js");
    for (const key of ["system.wounds.value", "system.freeEdit", "system.fame", "system.creation.active", "system.ledger", " system.overrides.resistance "]) expect(coreMayApply(key, "character")).toBe(false);
    expect(coreMayApply("system.naturalArmour", "animal")).toBe(false);
    expect(coreMayApply("system.characteristics.strength", "character")).toBe(false); // the data model's, sourced on the sheet
    expect(coreMayApply("system.biography", "character")).toBe(true);
    expect(coreMayApply("flags.other-module.x", "character")).toBe(true);
  });
});
