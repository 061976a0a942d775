/**
 * Regression (review s17b, finding 4): a player could create on his own actor an effect overriding a derived value or
 * an override key, and disable or delete an effect the Narrator put on him. The writing client now refuses both
 * (effects/effect-authority.ts says what a console can still do).
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { effectChangesData, type EffectChange } from "../../src/compat/effect-changes.js";
import { effectUpdateRefusal, isNarratorEffect } from "../../src/effects/effect-authority.js";
import { approvalWritesSettled, approveEffect } from "../../src/authority/effect-approvals.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { createScene, placeToken } from "../foundry/scenes.js";
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

const STATS = { dexterity: 8, experience: 7, charm: 8, strength: 5, perception: 7 };
const effect = (name: string, changes: EffectChange[], extra: Record<string, unknown> = {}) => ({ name, ...effectChangesData(changes), ...extra });
const TOUGH: EffectChange = { key: "system.derived.resistance", kind: "override", value: "99" };
const CURSE: EffectChange = { key: "genesys.check", kind: "add", value: "-2" };

type EffectDoc = { id: string; disabled: boolean; update(c: object): Promise<unknown>; delete(): Promise<unknown> };
const effectsOf = (actor: GenesysActor): EffectDoc[] => [...(actor.effects as unknown as Iterable<EffectDoc>)]; // the double's effects: plain documents
const named = (actor: GenesysActor, name: string): EffectDoc | undefined => effectsOf(actor).find((e) => (e as unknown as { name: string }).name === name); // the double's effects carry their name

async function alven(): Promise<GenesysActor> {
  return createActor({ name: "Alven", type: "character", system: { characteristics: STATS }, ownership: { default: 3 } });
}

function warnings(since: number): string[] {
  return foundryDouble().notifications.slice(since).filter((n) => n.level === "warn").map((n) => n.message);
}

describe("derived overrides are the Narrator's, effects included", () => {
  it("a player's own effect overriding Resistenza does what the refused override write would", async () => {
    const actor = await alven();
    const before = personOf(actor).derived.resistance;
    expect(before).toBe(20);
    // The refused route: a write of system.overrides.resistance.
    await asPlayer(() => actor.update({ system: { overrides: { resistance: 99 } } }));
    expect(personOf(actor).derived.resistance).toBe(before);
    // The other route: the sheet's "new effect" on his own actor, a change the sheet's config offers.
    const since = foundryDouble().notifications.length;
    const made = await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Pelle dura", [TOUGH])]));
    expect(made).toEqual([]);
    expect(personOf(actor).derived.resistance).toBe(before);
    expect(warnings(since)).toEqual(["GENESYS.Warn.EffectNarratorKeys"]);
  });

  it("an effect on an override key (core would apply it) is refused the same way; the Narrator may create both", async () => {
    const actor = await alven();
    await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Lesto", [{ key: "system.overrides.speed", kind: "override", value: "9" }])]));
    expect(effectsOf(actor)).toHaveLength(0);
    await actor.createEmbeddedDocuments("ActiveEffect", [effect("Pelle dura", [TOUGH])]);
    await approvalWritesSettled();
    expect(personOf(actor).derived.resistance).toBe(99);
  });

  it("the sheet's way: an empty effect is created, then edited; the edit adding a derived change is refused, others save", async () => {
    const actor = await alven();
    await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Nuovo effetto", [])]));
    const fresh = named(actor, "Nuovo effetto");
    if (!fresh) throw new Error("the empty effect was not created");
    const since = foundryDouble().notifications.length;
    await asPlayer(() => fresh.update(effectChangesData([TOUGH])));
    expect(personOf(actor).derived.resistance).toBe(20);
    expect(warnings(since)).toEqual(["GENESYS.Warn.EffectNarratorKeys"]);
    await asPlayer(() => fresh.update(effectChangesData([{ key: "genesys.check.perception", kind: "add", value: "1" }])));
    // Saved, but his own change counts only once the Narrator approves it; edited again, it waits again.
    expect(personOf(actor).sources.checks.by.perception).toEqual([]);
    expect(await approveEffect(fresh as unknown as ActiveEffect.Implementation)).toBe(true); // the double's effect stands in for core's
    expect(personOf(actor).sources.checks.by.perception).toEqual([{ label: "Nuovo effetto", value: 1 }]);
    await asPlayer(() => fresh.update(effectChangesData([{ key: "genesys.check.perception", kind: "add", value: "5" }])));
    expect(personOf(actor).sources.checks.by.perception).toEqual([]);
    // Disabling or deleting his own effect stays his.
    await asPlayer(() => fresh.update({ disabled: true }));
    expect(named(actor, "Nuovo effetto")?.disabled).toBe(true);
    await asPlayer(() => fresh.delete());
    expect(named(actor, "Nuovo effetto")).toBeUndefined();
  });

  it("on v14 (changes under system.changes) the same refusals hold", async () => {
    setGeneration(14);
    const actor = await alven();
    await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Pelle dura", [TOUGH])]));
    expect(effectsOf(actor)).toHaveLength(0);
    // An update spelled with dotted keys is read like a nested one.
    expect(effectUpdateRefusal({ name: "x" }, { "system.changes": [{ key: TOUGH.key, type: "override", value: "99" }] }, false)).toBe("GENESYS.Warn.EffectNarratorKeys");
    expect(effectUpdateRefusal({ name: "x" }, { "system.changes": [{ key: "genesys.check", type: "add", value: "1" }] }, false)).toBeNull();
  });

  it("an unlinked token's actor refuses the player's derived effect too", async () => {
    const base = await alven();
    const token = placeToken(createScene("Autorità"), base, { actorLink: false });
    const synthetic = token.actor as unknown as GenesysActor; // the double's synthetic actor is of the configured class
    await asPlayer(() => synthetic.createEmbeddedDocuments("ActiveEffect", [effect("Pelle dura", [TOUGH])]));
    expect(personOf(synthetic).derived.resistance).toBe(20);
    expect(effectsOf(synthetic)).toHaveLength(0);
  });
});

describe("an effect the Narrator put on a character stays his", () => {
  it("the player can neither disable nor delete the Narrator's curse; the Narrator can", async () => {
    const actor = await alven();
    await actor.createEmbeddedDocuments("ActiveEffect", [effect("Maledizione", [CURSE])]);
    await approvalWritesSettled();
    const curse = named(actor, "Maledizione");
    if (!curse) throw new Error("no curse");
    expect(isNarratorEffect(curse)).toBe(true);
    const since = foundryDouble().notifications.length;
    await asPlayer(() => curse.update({ disabled: true }));
    await asPlayer(() => curse.delete());
    expect(named(actor, "Maledizione")?.disabled).toBe(false);
    expect(personOf(actor).sources.checks.all).toEqual([{ label: "Maledizione", value: -2 }]);
    expect(warnings(since)).toEqual(["GENESYS.Warn.EffectNarratorOwned", "GENESYS.Warn.EffectNarratorOwned"]);
    // Nor can he clear the mark first.
    await asPlayer(() => curse.update({ flags: { "genesys-gdr": { narrator: false } } }));
    expect(isNarratorEffect(named(actor, "Maledizione"))).toBe(true);
    await curse.update({ disabled: true });
    expect(named(actor, "Maledizione")?.disabled).toBe(true);
    await curse.delete();
    expect(named(actor, "Maledizione")).toBeUndefined();
  });

  it("a player's own effect is not marked, and a status effect the Narrator's client creates is not either", async () => {
    const actor = await alven();
    await asPlayer(() => actor.createEmbeddedDocuments("ActiveEffect", [effect("Concentrato", [CURSE])]));
    expect(isNarratorEffect(named(actor, "Concentrato"))).toBe(false);
    // Statuses are toggled by the HUD and the system's automation from whichever client acts.
    await actor.createEmbeddedDocuments("ActiveEffect", [effect("A terra", [], { statuses: ["prone"] })]);
    const prone = named(actor, "A terra");
    expect(isNarratorEffect(prone)).toBe(false);
    await asPlayer(async () => prone?.delete());
    expect(named(actor, "A terra")).toBeUndefined();
  });

  it("the Narrator's effect on an item: the player cannot switch it off, but the item is still his to drop", async () => {
    const actor = await createActor({ name: "Alven", type: "character", system: { characteristics: STATS }, ownership: { default: 3 }, items: [{ name: "Anello nero", type: "gear", system: {} }] });
    const ring = actor.items.find((i) => i.name === "Anello nero");
    if (!ring) throw new Error("no ring");
    await ring.createEmbeddedDocuments("ActiveEffect", [effect("Maledizione", [CURSE])]);
    await approvalWritesSettled();
    const curse = [...(ring.effects as unknown as Iterable<EffectDoc>)][0]; // the double's effects: plain documents
    if (!curse) throw new Error("no curse on the ring");
    await asPlayer(() => curse.update({ disabled: true }));
    expect(personOf(actor).sources.checks.all).toEqual([{ label: "Anello nero: Maledizione", value: -2 }]);
    await asPlayer(() => ring.delete());
    expect(personOf(actor).sources.checks.all).toEqual([]);
  });
});
