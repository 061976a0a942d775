/**
 * What a player's sheet lets him type (applications/sheets/protected-inputs.ts): a protected value's input is closed
 * unless the Narrator's client would take it (a creation spend, free editing), with a tooltip saying whose it is; the
 * header shows an actor opened for free editing to everyone and gives only the Narrator the switch; a player's submit
 * splits into his own write and the intent for the rest.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { GenesysActorSheet } from "../../src/applications/sheets/actor-sheet.js";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import { lockProtectedInputs, mayType, type ControlLike, type LockState } from "../../src/applications/sheets/protected-inputs.js";
import { splitSubmit } from "../../src/applications/sheets/protected-submit.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { ElementDouble } from "../foundry/sheets.js";
import { personOf } from "../documents/helpers.js";
import { press } from "./press-action.js";
import { ALVEN_CHARACTERISTICS, createActor, realSheetRender, renderTemplate, sheetHandlebars, translations } from "./sheet-fixtures.js";

beforeAll(async () => {
  await bootSystem();
});

const PLAYER: LockState = { isGM: false, freeEdit: false, inCreation: false };

describe("which inputs a player may type", () => {
  it("after creation: no characteristic, counter, clock or grade; his biography and his armour's 'worn' stay open", () => {
    for (const path of ["characteristics.strength", "wounds.value", "fatigue.value", "fame", "deprivation.hoursAwake", "overrides.reflexes"]) expect(mayType("Actor", "character", path, PLAYER)).toBe(false);
    expect(mayType("Actor", "character", "biography", PLAYER)).toBe(true);
    expect(mayType("Item", "skill", "bought", PLAYER)).toBe(false);
    expect(mayType("Item", "weapon", "modes.0.damage.dice", PLAYER)).toBe(false);
    expect(mayType("Item", "armor", "worn", PLAYER)).toBe(true);
  });

  it("in creation: the five characteristics and a skill's allocated grades, nothing else", () => {
    const creating = { ...PLAYER, inCreation: true };
    expect(mayType("Actor", "character", "characteristics.charm", creating)).toBe(true);
    expect(mayType("Item", "skill", "bought", creating)).toBe(true);
    expect(mayType("Item", "skill", "earned", creating)).toBe(false);
    expect(mayType("Actor", "character", "wounds.value", creating)).toBe(false);
  });

  it("under free editing everything but the Narrator's notes, ledger and the opening itself; the Narrator types anything", () => {
    const open = { ...PLAYER, freeEdit: true };
    expect(mayType("Actor", "npc", "characteristics.strength", open)).toBe(true);
    expect(mayType("Actor", "animal", "attack.grade", open)).toBe(true);
    expect(mayType("Item", "weapon", "modes.0.damage.dice", open)).toBe(true);
    for (const path of ["gmNotes", "ledger", "freeEdit"]) expect(mayType("Actor", "character", path, open)).toBe(false);
    expect(mayType("Actor", "character", "gmNotes", { ...PLAYER, isGM: true })).toBe(true);
  });
});

class Control implements ControlLike {
  disabled = false;
  readonly attrs: Record<string, string>;
  constructor(attrs: Record<string, string>) {
    this.attrs = { ...attrs };
  }
  getAttribute(name: string): string | null {
    return this.attrs[name] ?? null;
  }
  setAttribute(name: string, value: string): void {
    this.attrs[name] = value;
  }
}

/** A sheet's element as far as the lock reads it: named controls and action buttons, matched by kind. */
function rootOf(controls: Control[]) {
  return {
    querySelectorAll(selector: string): Control[] {
      const byName = selector.includes("[name^='system.']");
      return controls.filter((c) => (byName ? (c.attrs["name"] ?? "").startsWith("system.") : selector.includes(`'${c.attrs["data-action"] ?? "none"}'`)));
    },
  };
}

describe("the lock on a rendered sheet", () => {
  it("disables the inputs of protected values and the protected buttons, with a hint; leaves the rest and its own tooltips", () => {
    const strength = new Control({ name: "system.characteristics.strength" });
    const wounds = new Control({ name: "system.wounds.value", "data-tooltip": "Ferite" });
    const bio = new Control({ name: "system.biography" });
    const counter = new Control({ "data-action": "adjustCounter" });
    const roll = new Control({ "data-action": "rollCheck" });
    const locked = lockProtectedInputs(rootOf([strength, wounds, bio, counter, roll]), "Actor", "character", PLAYER, "del Narratore");
    expect(locked).toBe(3);
    expect([strength.disabled, wounds.disabled, bio.disabled, counter.disabled, roll.disabled]).toEqual([true, true, false, true, false]);
    expect(strength.attrs["data-tooltip"]).toBe("del Narratore");
    expect(wounds.attrs["data-tooltip"]).toBe("Ferite");
  });

  it("free editing opens the buttons too; a Narrator's sheet is never touched", () => {
    const counter = new Control({ "data-action": "adjustCounter" });
    const notes = new Control({ name: "system.gmNotes" });
    expect(lockProtectedInputs(rootOf([counter, notes]), "Actor", "npc", { ...PLAYER, freeEdit: true }, "x")).toBe(1);
    expect([counter.disabled, notes.disabled]).toEqual([false, true]);
    const other = new Control({ name: "system.wounds.value" });
    expect(lockProtectedInputs(rootOf([other]), "Actor", "npc", { ...PLAYER, isGM: true }, "x")).toBe(0);
  });
});

describe("a player's submit", () => {
  it("writes his own values and asks for the protected ones he changed", () => {
    const doc = { documentName: "Actor", type: "character", _source: { system: { characteristics: { strength: 7 }, biography: "" } } };
    expect(splitSubmit(doc, { name: "Alven", system: { characteristics: { strength: 9 }, biography: "<p>x</p>" } })).toEqual({
      own: { name: "Alven", system: { biography: "<p>x</p>" } },
      asked: { "characteristics.strength": 9 },
    });
  });
});

describe("free editing on the header", () => {
  it("the Narrator's switch opens the actor; everyone's header says so; a player's click changes nothing", async () => {
    const playerId = foundryDouble().users.find((u) => !u.isGM)?.id ?? "";
    const actor = await createActor({ name: "Oste", type: "npc", system: { characteristics: ALVEN_CHARACTERISTICS } });
    await actor.update({ ownership: { default: 0, [playerId]: 3 } } as never);
    const sheet = new PersonSheet({ document: actor });
    const hb = sheetHandlebars(translations("it"));
    const header = async (): Promise<string> => renderTemplate(hb, "templates/actor/header.hbs", (await realSheetRender(sheet)).partContexts["header"] ?? {});
    expect(await header()).toContain('data-action="toggleFreeEdit"');
    expect(await header()).not.toContain("tag free-edit");
    await asPlayer(() => press(sheet, GenesysActorSheet, "toggleFreeEdit", new ElementDouble()));
    expect(personOf(actor).freeEdit).toBe(false);
    await press(sheet, GenesysActorSheet, "toggleFreeEdit", new ElementDouble());
    expect(personOf(actor).freeEdit).toBe(true);
    const seen = await asPlayer(header);
    expect(seen).toContain("tag free-edit");
    expect(seen).toContain("Modifica libera");
    expect(seen).not.toContain('data-action="toggleFreeEdit"');
  });
});

describe("the row and mode buttons under free editing", () => {
  it("a player adds a weapon mode and an animal's speed through the Narrator's client; without free editing nothing changes", async () => {
    const { GenesysItemSheet } = await import("../../src/applications/sheets/item-sheet.js");
    const { AnimalSheet } = await import("../../src/applications/sheets/animal-sheet.js");
    const playerId = foundryDouble().users.find((u) => !u.isGM)?.id ?? "";
    const actor = await createActor({ name: "Mio", type: "character", system: { characteristics: ALVEN_CHARACTERISTICS, creation: { active: false } } });
    await actor.update({ ownership: { default: 0, [playerId]: 3 } } as never);
    const created = (await actor.createEmbeddedDocuments("Item", [{ name: "Clava", type: "weapon" }] as never)) as unknown as Item.Implementation[];
    const club = created[0];
    if (!club) throw new Error("no club");
    const modes = (): number => (actor.items.get(club.id ?? "")?.system as unknown as { modes: unknown[] }).modes.length;
    const addMode = (): Promise<void> => asPlayer(() => press(new GenesysItemSheet({ document: actor.items.get(club.id ?? "") }), GenesysItemSheet, "addMode", new ElementDouble()));
    await addMode();
    expect(modes()).toBe(1);
    await actor.update({ system: { freeEdit: true } });
    await addMode();
    expect(modes()).toBe(2);
    const wolf = await createActor({ name: "Lupo mio", type: "animal", system: { freeEdit: true } });
    await wolf.update({ ownership: { default: 0, [playerId]: 3 } } as never);
    await asPlayer(() => press(new AnimalSheet({ document: wolf }), AnimalSheet, "addRow", new ElementDouble({ list: "speeds" })));
    expect((wolf.system as unknown as { speeds: unknown[] }).speeds).toHaveLength(2);
  });
});
