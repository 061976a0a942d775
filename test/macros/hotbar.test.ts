/**
 * Hotbar macros: what a sheet puts on the drag for a characteristic, a skill row and a weapon row, the macro the
 * `hotbarDrop` hook makes of it, and what that macro's command rolls when it runs (as core runs a script macro).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import { GenesysActor } from "../../src/documents/actor.js";
import { registerHotbarDrop } from "../../src/macros/hotbar-drop.js";
import { bootSystem, foundryDouble, users } from "../foundry/boot.js";
import { TokenDouble } from "../foundry/chat.js";
import { diceDouble } from "../foundry/dice.js";
import { Macro } from "../foundry/macros.js";
import { createScene, placeToken } from "../foundry/scenes.js";
import { DataTransferDouble, dragEvent, ElementDouble } from "../foundry/sheets.js";
import { onClient } from "../foundry/clients.js";
import { alven, renderAnimal, renderPerson, translations, wolf } from "../applications/sheet-fixtures.js";
import { dice, pressRoll, rollOf } from "../check/helpers.js";

const it_ = translations("it");

beforeAll(async () => {
  await bootSystem();
  registerHotbarDrop(); // as genesys.ts does at "ready"
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
  diceDouble().queue.length = 0;
  diceDouble().dialogAnswers.length = 0;
  diceDouble().dialogs.length = 0;
  Macro.refuseCreation = false;
});

afterEach(() => {
  const c = (globalThis as unknown as { canvas: { tokens?: unknown } }).canvas;
  delete c.tokens;
});

/** Core's DragDrop calls the sheet's drag start on the `.draggable` element (a protected member, reached as core does). */
async function dragFrom(actor: GenesysActor, dataset: Record<string, string>): Promise<unknown> {
  const el = new ElementDouble(dataset);
  const transfer = new DataTransferDouble();
  const sheet = new PersonSheet({ document: actor }) as unknown as { _onDragStart(event: unknown): Promise<void> };
  await sheet._onDragStart(dragEvent("dragstart", el, el, transfer));
  return JSON.parse(transfer.getData("text/plain"));
}

/** The hotbarDrop hook as core's Hotbar#_onDrop calls it (hotbar, drop data, slot); the hotbar itself is not modelled. */
const hotbarDrop = (data: unknown, slot: number): boolean => foundryDouble().hooks.call("hotbarDrop", null, data, slot);

/** Drops `data` on hotbar slot `slot` as core's Hotbar#_onDrop does: the hook first, core's own macro only if no one says false. */
async function dropOnHotbar(data: unknown, slot: number): Promise<{ handled: boolean; macro: Macro | undefined }> {
  const count = game.macros.size;
  const handled = !hotbarDrop(data, slot);
  if (handled) await vi.waitFor(() => { expect(game.user.hotbar[slot]).toBeDefined(); });
  // The double's macros are of its own Macro class (test/foundry/macros.ts).
  const macro = game.macros.get(game.user.hotbar[slot] ?? "") as unknown as Macro | undefined;
  expect(game.macros.size - count).toBeLessThanOrEqual(1);
  return { handled, macro };
}

const warnings = (): string[] => foundryDouble().notifications.filter((n) => n.level === "warn").map((n) => n.message);
const idOf = (actor: GenesysActor, name: string): string => actor.items.find((i) => i.name === name)?.id ?? "";

function select(...actors: GenesysActor[]): void {
  const c = (globalThis as unknown as { canvas: { tokens?: { controlled: TokenDouble[] } } }).canvas;
  c.tokens = { controlled: actors.map((a) => new TokenDouble(a)) };
}

describe("what the sheets put on the drag", () => {
  it("a characteristic's roll button is .draggable and carries the characteristic, on person and animal sheets", async () => {
    const buttons = (html: string) => [...html.matchAll(/<button [^>]*class="[^"]*\bchar-roll\b[^"]*"[^>]*>/g)].map((m) => m[0]);
    const person = buttons(renderPerson(await alven(), it_, { isGM: true }));
    expect(person).toHaveLength(5);
    for (const b of person) expect(b).toMatch(/class="[^"]*\bdraggable\b[^"]*".*data-characteristic="\w+"/);
    const animal = buttons(renderAnimal(await wolf(), it_, { isGM: true }));
    expect(animal.length).toBeGreaterThan(0);
    for (const b of animal) expect(b).toMatch(/\bdraggable\b.*data-characteristic=/);
  });

  it("dragging it gives the roll alone: { type: 'GenesysRoll', actorUuid, characteristic }", async () => {
    const actor = await alven();
    expect(await dragFrom(actor, { action: "rollCheck", characteristic: "perception" })).toEqual({ type: "GenesysRoll", actorUuid: actor.uuid, characteristic: "perception" });
  });
});

describe("a roll dropped on the hotbar", () => {
  it("a characteristic: a script macro rolling it for the actor, in that slot; running it rolls that check", async () => {
    const actor = await alven();
    const { handled, macro } = await dropOnHotbar(await dragFrom(actor, { characteristic: "perception" }), 3);
    expect(handled).toBe(true);
    expect(macro).toMatchObject({ type: "script", name: `GENESYS.Macro.Name ${JSON.stringify({ label: "GENESYS.Characteristic.perception", name: "Alven" })}`, img: "icons/svg/dice-target.svg" });
    expect(macro?.command).toBe(`await game.genesys.rollCheck(game.genesys.macroActor(${JSON.stringify(actor.uuid)}), { characteristic: "perception" });`);
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "medium" }));
    dice(5, 5);
    const before = diceDouble().messages.length;
    await macro?.execute();
    expect(diceDouble().messages.length).toBe(before + 1);
    expect(rollOf(diceDouble().messages.at(-1)).options).toMatchObject({ actorUuid: actor.uuid, label: "GENESYS.Characteristic.perception", difficulty: 15 });
  });

  it("a skill row: core's Item drag with the roll beside it; the macro names the skill by key and rolls it", async () => {
    const actor = await alven();
    const id = idOf(actor, "Movimento furtivo");
    const data = await dragFrom(actor, { itemId: id });
    expect(data).toMatchObject({ type: "Item", uuid: `${actor.uuid}.Item.${id}`, genesysRoll: { skill: "movimento_furtivo" } });
    const { handled, macro } = await dropOnHotbar(data, 4);
    expect(handled).toBe(true);
    expect(macro?.command).toContain(`{ skill: "movimento_furtivo" }`);
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "difficult" }));
    dice(9, 9);
    await macro?.execute();
    expect(rollOf(diceDouble().messages.at(-1)).options).toMatchObject({ skillId: id, label: "Movimento furtivo" });
  });

  it("a weapon row: the macro opens the attack dialog for that weapon", async () => {
    const actor = await alven();
    const { handled, macro } = await dropOnHotbar(await dragFrom(actor, { itemId: idOf(actor, "Coltello") }), 5);
    expect(handled).toBe(true);
    expect(macro?.command).toBe(`await game.genesys.attack(game.genesys.macroActor(${JSON.stringify(actor.uuid)}), ${JSON.stringify(idOf(actor, "Coltello"))});`);
    expect(macro?.name).toContain("Coltello");
    // No token targeted: the dialog opens at an object (§2.3.5); closed, nothing is rolled.
    diceDouble().dialogAnswers.push(null);
    await macro?.execute();
    expect(diceDouble().dialogs.at(-1)?.content).toContain("Coltello");
    expect(diceDouble().dialogs.at(-1)?.content).toContain("GENESYS.Attack.Object.Hint");
    expect(warnings()).toEqual([]);
  });

  it("the same roll dropped again reuses its macro; another user gets their own", async () => {
    const actor = await alven();
    const data = await dragFrom(actor, { characteristic: "strength" });
    const first = await dropOnHotbar(data, 6);
    const again = await dropOnHotbar(data, 7);
    expect(again.macro).toBe(first.macro);
    const theirs = await onClient(users().player, () => dropOnHotbar(data, 1));
    expect(theirs.macro).toBeDefined();
    expect(theirs.macro).not.toBe(first.macro);
  });

  it("other drops are left to core: gear, a plain item, a macro", async () => {
    const actor = await alven();
    const gear = await dragFrom(actor, { itemId: idOf(actor, "Zaino") });
    expect(gear).toEqual({ type: "Item", uuid: `${actor.uuid}.Item.${idOf(actor, "Zaino")}` });
    for (const data of [gear, { type: "Macro", uuid: "Macro.x" }, { type: "GenesysRoll", actorUuid: actor.uuid, characteristic: "luck" }, "nonsense"]) {
      expect(hotbarDrop(data, 9)).toBe(true);
    }
  });

  it("a macro the server refuses to create is a warning, and the slot stays empty", async () => {
    const actor = await alven();
    Macro.refuseCreation = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(hotbarDrop(await dragFrom(actor, { characteristic: "charm" }), 10)).toBe(false);
    await vi.waitFor(() => { expect(warnings().at(-1)).toContain("GENESYS.Macro.Warn.NotCreated"); });
    expect(game.user.hotbar[10]).toBeUndefined();
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});

describe("running a roll macro", () => {
  it("rolls for the selected token of that actor (an unlinked token has its own wounds), else for the actor", async () => {
    const actor = await alven();
    const token = placeToken(createScene(), actor);
    const synthetic: unknown = token.actor;
    const tokenActor: GenesysActor | null = synthetic instanceof GenesysActor ? synthetic : null;
    if (!tokenActor) throw new Error("no token actor");
    const { macro } = await dropOnHotbar(await dragFrom(actor, { characteristic: "dexterity" }), 11);
    select(tokenActor);
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "medium" }));
    dice(5, 5);
    await macro?.execute();
    expect(rollOf(diceDouble().messages.at(-1)).options.actorUuid).toBe(tokenActor.uuid);
    select(await alven()); // someone else's token: the macro's own actor rolls
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "medium" }));
    dice(5, 5);
    await macro?.execute();
    expect(rollOf(diceDouble().messages.at(-1)).options.actorUuid).toBe(actor.uuid);
  });

  it("whose actor, skill or weapon was deleted: a notification saying so, nothing rolled", async () => {
    const actor = await alven();
    const skill = (await dropOnHotbar(await dragFrom(actor, { itemId: idOf(actor, "Veterinaria") }), 12)).macro;
    const weapon = (await dropOnHotbar(await dragFrom(actor, { itemId: idOf(actor, "Clava") }), 13)).macro;
    const check = (await dropOnHotbar(await dragFrom(actor, { characteristic: "charm" }), 14)).macro;
    actor.items.delete(idOf(actor, "Veterinaria"));
    actor.items.delete(idOf(actor, "Clava"));
    const before = diceDouble().messages.length;
    await skill?.execute();
    expect(warnings().at(-1)).toBe(`GENESYS.Macro.Warn.NoSkill ${JSON.stringify({ name: "Alven", skill: "veterinaria" })}`);
    await weapon?.execute();
    expect(warnings().at(-1)).toContain("GENESYS.Api.Warn.NoWeapon");
    game.actors.delete(actor.id ?? "");
    await check?.execute();
    expect(warnings().at(-1)).toBe(`GENESYS.Api.Warn.NoActor ${JSON.stringify({ ref: actor.uuid })}`);
    expect(diceDouble().messages.length).toBe(before);
    expect(diceDouble().dialogs).toHaveLength(0);
  });
});
