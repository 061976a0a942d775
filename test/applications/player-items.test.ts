/**
 * A player's new items are made by the Narrator's client (authority/owner-actions.ts onAddItem): their numbers are
 * protected values, and a v14 server refuses a player's own creation of any of our item types
 * (foundryvtt/foundryvtt#14252, modelled in test/foundry/server-guard.ts). The sheet's "+" and a drop from another of
 * his actors go through it; a player's new skill arrives without the grades creation does not give him; an item from
 * someone else's actor, or of a type the actor cannot hold, is refused.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GenesysActorSheet } from "../../src/applications/sheets/actor-sheet.js";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import { OWNER_INTENTS } from "../../src/authority/owner-requests.js";
import { sendIntent } from "../../src/authority/intent-channel.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { DataTransferDouble, dragEvent, ElementDouble } from "../foundry/sheets.js";
import { createActor } from "../documents/helpers.js";
import { press } from "./press-action.js";

beforeAll(async () => {
  await bootSystem();
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
});

afterEach(() => {
  game.release.generation = 13;
});

const playerId = (): string => foundryDouble().users.find((u) => !u.isGM)?.id ?? "";
const HUMAN = { dexterity: 7, experience: 7, charm: 7, strength: 7, perception: 7 };

async function mine(name: string, extra: object = {}): Promise<GenesysActor> {
  return createActor({ name, type: "character", ownership: { default: 0, [playerId()]: 3 }, system: { characteristics: HUMAN, creation: { active: false } }, ...extra });
}

async function drop(onto: GenesysActor, uuid: string): Promise<void> {
  const transfer = new DataTransferDouble();
  transfer.setData("text/plain", JSON.stringify({ type: "Item", uuid }));
  // The handler is protected in the types; core's DragDrop calls it so.
  const sheet = new PersonSheet({ document: onto }) as unknown as { _onDrop(event: DragEvent): Promise<void> };
  await sheet._onDrop(dragEvent("drop", new ElementDouble(), new ElementDouble(), transfer) as unknown as DragEvent);
}

describe("a player's new items, made by the Narrator's client", () => {
  it.each([13, 14])("v%i: the sheet's + adds a weapon, though the player's own creation is refused on v14", async (generation) => {
    game.release.generation = generation;
    const actor = await mine("Col +");
    const direct = asPlayer(() => actor.createEmbeddedDocuments("Item", [{ name: "Mia", type: "weapon" }] as never));
    if (generation >= 14) await expect(direct).rejects.toThrow("may only be modified by a GM");
    else await direct;
    await asPlayer(() => press(new PersonSheet({ document: actor }), GenesysActorSheet, "createItem", new ElementDouble({ type: "weapon" })));
    expect(actor.items.filter((i) => i.type === "weapon").length).toBe(generation >= 14 ? 1 : 2);
  });

  it("a skill dropped from another of his characters arrives without earned grades and points, and without allocated ones after creation", async () => {
    const from = await mine("Da", { items: [{ name: "Nuoto", type: "skill", system: { characteristic: "strength", bought: 6, earned: 3, increment: 4 } }] });
    const to = await mine("A");
    const nuoto = from.items.find((i) => i.name === "Nuoto");
    await asPlayer(() => drop(to, nuoto?.uuid ?? ""));
    expect(to.items.find((i) => i.name === "Nuoto")?.system).toMatchObject({ bought: 0, earned: 0, increment: 0 });
    // In creation his allocated grades come along (the budget counts them), earned grades and points never.
    const building = await createActor({ name: "In creazione", type: "character", ownership: { default: 0, [playerId()]: 3 }, system: { characteristics: HUMAN, creation: { active: true } } });
    await asPlayer(() => drop(building, nuoto?.uuid ?? ""));
    expect(building.items.find((i) => i.name === "Nuoto")?.system).toMatchObject({ bought: 6, earned: 0, increment: 0 });
  });

  it("an item on someone else's actor, an unknown uuid or a type the actor cannot hold is refused, nothing added", async () => {
    const stranger = await createActor({ name: "Altrui", type: "character", system: { characteristics: HUMAN }, items: [{ name: "Spada magica", type: "weapon" }] });
    const actor = await mine("Io");
    const before = actor.items.size;
    const sword = stranger.items.find((i) => i.name === "Spada magica");
    expect(await asPlayer(() => sendIntent(OWNER_INTENTS.addItem, { uuid: actor.uuid, source: sword?.uuid }))).toMatchObject({ ok: false, warning: "GENESYS.Authority.NotAllowed" });
    expect(await asPlayer(() => sendIntent(OWNER_INTENTS.addItem, { uuid: actor.uuid, source: "Actor.nope.Item.nope" }))).toMatchObject({ ok: false, warning: "GENESYS.Sheet.Drop.Missing" });
    const wolf = await createActor({ name: "Lupo mio", type: "animal", ownership: { default: 0, [playerId()]: 3 } });
    expect(await asPlayer(() => sendIntent(OWNER_INTENTS.addItem, { uuid: wolf.uuid, type: "weapon", name: "Zanne" }))).toMatchObject({ ok: false, warning: "GENESYS.Sheet.Drop.AnimalRejects" });
    expect(await asPlayer(() => sendIntent(OWNER_INTENTS.addItem, { uuid: stranger.uuid, type: "gear", name: "Corda" }))).toMatchObject({ ok: false, warning: "GENESYS.Warn.NotOwner" });
    expect(actor.items.size).toBe(before);
  });
});
