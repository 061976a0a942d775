/**
 * Dragging item rows: the markup core's ActorSheetV2 binds (`.draggable` rows carrying `data-item-id`), the drag data
 * core's _onDragStart then produces from it, and our _onDrop/_onDropItem on top of core's copy and sort
 * (test/foundry/sheets.ts models core's part and names its evidence).
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AnimalSheet } from "../../src/applications/sheets/animal-sheet.js";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import type { GenesysActorSheet } from "../../src/applications/sheets/actor-sheet.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { SkillModel } from "../../src/data/item/skill.js";
import { WeaponModel } from "../../src/data/item/weapon.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { DataTransferDouble, dragEvent, ElementDouble, type DragEventDouble } from "../foundry/sheets.js";
import { alven, innkeeper, makeEnv, personContext, renderAnimal, renderPerson, translations, wolf } from "./sheet-fixtures.js";

const it_ = translations("it");
const gm = { isGM: true };

/** The handlers core's DragDrop calls: protected in the types, called here the way core calls them. */
interface DragHandlers {
  _onDragStart(event: DragEvent): Promise<void>;
  _onDrop(event: DragEvent): Promise<void>;
}
function handlers(sheet: GenesysActorSheet): DragHandlers {
  // Protected members, reached as core's DragDrop reaches them.
  return sheet as unknown as DragHandlers;
}
function asDragEvent(event: DragEventDouble): DragEvent {
  // The double carries the members core's handlers and ours read (target, currentTarget, dataTransfer).
  return event as unknown as DragEvent;
}

function personSheet(actor: GenesysActor): PersonSheet {
  return new PersonSheet({ document: actor });
}

/** Every rendered item row: its tag, classes and item id, in document order. */
function itemRows(html: string): { tag: string; classes: string[]; id: string }[] {
  return [...html.matchAll(/<(\w+) class="([^"]*)" data-item-id="([^"]*)"/g)].map((m) => ({ tag: m[1] ?? "", classes: (m[2] ?? "").split(/\s+/), id: m[3] ?? "" }));
}

/** The rows of one rendered table or list, as siblings under one parent the way the DOM holds them. */
function rowsIn(html: string, blockClass: string): ElementDouble {
  const start = html.search(new RegExp(`class="[^"]*\\b${blockClass}\\b`));
  expect(start, `no block ${blockClass}`).toBeGreaterThanOrEqual(0);
  const end = html.indexOf(html.startsWith("<table", html.lastIndexOf("<", start)) ? "</tbody>" : "</ul>", start);
  const ids = [...html.slice(start, end).matchAll(/data-item-id="([^"]+)"/g)].map((m) => m[1] ?? "");
  return new ElementDouble({}, ids.map((itemId) => new ElementDouble({ itemId })));
}

function row(parent: ElementDouble, itemId: string): ElementDouble {
  const found = parent.children.find((el) => el.dataset["itemId"] === itemId);
  if (!found) throw new Error(`no row for ${itemId}`);
  return found;
}

/** Starts a drag on `source` as core's DragDrop does, and drops it on `target` of `onto`. */
async function dragAndDrop(from: GenesysActorSheet, source: ElementDouble, onto: GenesysActorSheet, target: ElementDouble): Promise<void> {
  const transfer = new DataTransferDouble();
  await handlers(from)._onDragStart(asDragEvent(dragEvent("dragstart", source, source, transfer)));
  await handlers(onto)._onDrop(asDragEvent(dragEvent("drop", target, target, transfer)));
}

function dropData(data: object): DataTransferDouble {
  const transfer = new DataTransferDouble();
  transfer.setData("text/plain", JSON.stringify(data));
  return transfer;
}

function idOf(actor: GenesysActor, name: string): string {
  const item = actor.items.find((i) => i.name === name);
  if (!item?.id) throw new Error(`${actor.name} has no ${name}`);
  return item.id;
}

beforeAll(async () => {
  await bootSystem();
});
beforeEach(() => {
  foundryDouble().notifications.length = 0;
});

describe("item rows carry the drag markup core's ActorSheetV2 binds", () => {
  it("every item row of the person sheet, on every tab, is a .draggable row with its item's id", async () => {
    const actor = await alven();
    const rows = itemRows(renderPerson(actor, it_, gm));
    expect(rows.map((r) => r.id).sort()).toEqual(actor.items.contents.map((i) => i.id).sort());
    for (const r of rows) expect(r.classes, r.id).toEqual(expect.arrayContaining(["item-row", "draggable"]));
    // A Narrator who may only watch gets the same markup: whether a drag may start is core's _canDragStart.
    expect(itemRows(renderPerson(actor, it_, { isGM: false, editable: false })).every((r) => r.classes.includes("draggable"))).toBe(true);
  });

  it("item pictures are not dragged on their own (a native image drag would carry no item), so the row is", async () => {
    const html = renderPerson(await alven(), it_, gm);
    const images = [...html.matchAll(/<img [^>]*class="item-img"[^>]*>/g)].map((m) => m[0]);
    expect(images.length).toBe(3); // two gear rows and the trait
    for (const img of images) expect(img).toContain('draggable="false"');
  });

  it("the animal's traits and gear are .draggable rows too", async () => {
    const actor = await wolf();
    await actor.createEmbeddedDocuments("Item", [{ name: "Sella", type: "gear" }, { name: "Addestrato al fuoco", type: "trait" }]);
    const html = renderAnimal(actor, it_, gm);
    const rows = itemRows(html);
    expect(rows.map((r) => [r.tag, r.id])).toEqual([["li", idOf(actor, "Addestrato al fuoco")], ["li", idOf(actor, "Sella")]]);
    for (const r of rows) expect(r.classes).toEqual(expect.arrayContaining(["item-row", "draggable"]));
    expect(html).toMatch(/class="item-img" draggable="false"/);
  });

  it("from that markup core's _onDragStart puts { type: 'Item', uuid } of the row's item on the drag; a skill or a weapon adds its roll for the hotbar", async () => {
    const actor = await alven();
    const sheet = personSheet(actor);
    for (const { id } of itemRows(renderPerson(actor, it_, gm))) {
      const el = new ElementDouble({ itemId: id });
      const transfer = new DataTransferDouble();
      await handlers(sheet)._onDragStart(asDragEvent(dragEvent("dragstart", el, el, transfer)));
      const system = actor.items.get(id)?.system;
      const roll = system instanceof SkillModel ? { skill: system.slug } : system instanceof WeaponModel ? { itemId: id } : null;
      const genesysRoll = roll ? { genesysRoll: { type: "GenesysRoll", actorUuid: actor.uuid, ...roll } } : {};
      expect(JSON.parse(transfer.getData("text/plain"))).toEqual({ type: "Item", uuid: `Actor.${actor.id}.Item.${id}`, ...genesysRoll });
    }
  });
});

describe("dropping item rows", () => {
  it("re-orders skills within their characteristic: the dragged row lands past the row it is dropped on", async () => {
    const actor = await alven();
    const sheet = personSheet(actor);
    const dexterity = () => personContext(actor, makeEnv(it_, gm)).skillGroups.find((g) => g.key === "dexterity")?.skills.map((s) => s.name);
    expect(dexterity()).toEqual(["Armi da mischia", "Movimento furtivo"]);
    const rows = rowsIn(renderPerson(actor, it_, gm, "skills"), "skill-table dexterity");
    await dragAndDrop(sheet, row(rows, idOf(actor, "Armi da mischia")), sheet, row(rows, idOf(actor, "Movimento furtivo")));
    expect(dexterity()).toEqual(["Movimento furtivo", "Armi da mischia"]);
    expect(actor.items.size).toBe(10); // moved, not copied
    const html = renderPerson(actor, it_, gm, "skills");
    expect(html.indexOf("Movimento furtivo")).toBeLessThan(html.indexOf("Armi da mischia"));
    expect(foundryDouble().notifications).toEqual([]);
  });

  it("re-orders gear, and a second drop moves it back up", async () => {
    const actor = await alven();
    const sheet = personSheet(actor);
    const gear = () => personContext(actor, makeEnv(it_, gm)).gear.map((g) => g.name);
    expect(gear()).toEqual(["Corda (10 m)", "Zaino"]);
    let rows = rowsIn(renderPerson(actor, it_, gm, "inventory"), "gear-table");
    await dragAndDrop(sheet, row(rows, idOf(actor, "Corda (10 m)")), sheet, row(rows, idOf(actor, "Zaino")));
    expect(gear()).toEqual(["Zaino", "Corda (10 m)"]);
    rows = rowsIn(renderPerson(actor, it_, gm, "inventory"), "gear-table");
    await dragAndDrop(sheet, row(rows, idOf(actor, "Corda (10 m)")), sheet, row(rows, idOf(actor, "Zaino")));
    expect(gear()).toEqual(["Corda (10 m)", "Zaino"]);
  });

  it("copies a row dragged onto another person's sheet; the first owner keeps it", async () => {
    const from = await alven();
    const to = await innkeeper();
    const rope = idOf(from, "Corda (10 m)");
    const rows = rowsIn(renderPerson(from, it_, gm, "inventory"), "gear-table");
    await dragAndDrop(personSheet(from), row(rows, rope), personSheet(to), new ElementDouble());
    const copy = to.items.find((i) => i.name === "Corda (10 m)");
    expect(copy?.id).toBe(rope); // core keeps the id when the target actor has none like it
    expect(copy?.system).toMatchObject({ quantity: 2, weight: 1.2, checkBonus: 2 });
    expect(from.items.get(rope)).toBeDefined();
    expect(personContext(to, makeEnv(it_, gm)).gear.map((g) => g.name)).toEqual(["Corda (10 m)"]);
  });

  it("an animal takes gear dragged from a person, and refuses a weapon with the animal's reason", async () => {
    const from = await alven();
    const to = await wolf();
    const sheet = new AnimalSheet({ document: to });
    const rows = rowsIn(renderPerson(from, it_, gm, "inventory"), "gear-table");
    const weapons = rowsIn(renderPerson(from, it_, gm, "combat"), "weapon-table");
    await dragAndDrop(personSheet(from), row(weapons, idOf(from, "Coltello")), sheet, new ElementDouble());
    expect(to.items.size).toBe(0);
    expect(foundryDouble().notifications).toEqual([
      { level: "warn", message: `GENESYS.Sheet.Drop.AnimalRejects ${JSON.stringify({ item: "Coltello", type: "TYPES.Item.weapon", actor: "TYPES.Actor.animal" })}` },
    ]);
    await dragAndDrop(personSheet(from), row(rows, idOf(from, "Zaino")), sheet, new ElementDouble());
    expect(to.items.contents.map((i) => i.name)).toEqual(["Zaino"]);
  });

  it("a sheet its user may not edit ignores drops", async () => {
    const from = await innkeeper();
    await from.createEmbeddedDocuments("Item", [{ name: "Boccale", type: "gear" }]);
    const to = await alven();
    await asPlayer(async () => {
      const transfer = dropData({ type: "Item", uuid: `Actor.${from.id}.Item.${idOf(from, "Boccale")}` });
      await handlers(personSheet(to))._onDrop(asDragEvent(dragEvent("drop", new ElementDouble(), new ElementDouble(), transfer)));
    });
    expect(to.items.find((i) => i.name === "Boccale")).toBeUndefined();
  });

  it("a dragged item that no longer exists is reported, not thrown", async () => {
    const actor = await alven();
    const transfer = dropData({ type: "Item", uuid: `Actor.${actor.id}.Item.gone000000000001` });
    await handlers(personSheet(actor))._onDrop(asDragEvent(dragEvent("drop", new ElementDouble(), new ElementDouble(), transfer)));
    expect(foundryDouble().notifications).toEqual([{ level: "warn", message: "GENESYS.Sheet.Drop.Missing" }]);
    expect(actor.items.size).toBe(10);
  });

  it("a module answering false to dropActorSheetData keeps the item off the sheet", async () => {
    const from = await alven();
    const to = await innkeeper();
    const seen: unknown[] = [];
    foundryDouble().hooks.once("dropActorSheetData", (actor: unknown, _sheet: unknown, data: unknown) => {
      seen.push(actor, data);
      return false;
    });
    const rows = rowsIn(renderPerson(from, it_, gm, "inventory"), "gear-table");
    await dragAndDrop(personSheet(from), row(rows, idOf(from, "Zaino")), personSheet(to), new ElementDouble());
    expect(seen).toEqual([to, { type: "Item", uuid: `Actor.${from.id}.Item.${idOf(from, "Zaino")}` }]);
    expect(to.items.size).toBe(0);
  });
});
