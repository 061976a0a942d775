/**
 * Every action of the sheets (DEFAULT_OPTIONS.actions of GenesysActorSheet, PersonSheet, AnimalSheet and
 * GenesysItemSheet), pressed on the real classes as Foundry dispatches a click (press-action.ts), with the button's
 * markup as the templates give it (data-* on the button, data-item-id on its row) and the effect on the actor, its
 * items or the chat asserted.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AnimalSheet } from "../../src/applications/sheets/animal-sheet.js";
import { GenesysActorSheet } from "../../src/applications/sheets/actor-sheet.js";
import { GenesysItemSheet } from "../../src/applications/sheets/item-sheet.js";
import { PersonSheet } from "../../src/applications/sheets/person-sheet.js";
import { AnimalModel } from "../../src/data/actor/animal.js";
import { ArmorModel } from "../../src/data/item/armor.js";
import { WeaponModel } from "../../src/data/item/weapon.js";
import type { GenesysActor } from "../../src/documents/actor.js";
import { cardState } from "../../src/attack/card-render.js";
import { targetedTokens } from "../../src/attack/attack-flow.js";
import { defaultAnswer, prepareAttack } from "../../src/attack/attack-roll.js";
import { recoverByRest } from "../../src/rules/recovery.js";
import { asPlayer, bootSystem, foundryDouble } from "../foundry/boot.js";
import { diceDouble } from "../foundry/dice.js";
import { ElementDouble } from "../foundry/sheets.js";
import { target, TokenDouble } from "../foundry/chat.js";
import { personOf } from "../documents/helpers.js";
import { dice, lastMessage, pressRoll, rollOf } from "../check/helpers.js";
import { npc } from "../attack/helpers.js";
import { alven, wolf } from "./sheet-fixtures.js";
import { press } from "./press-action.js";

beforeAll(async () => {
  await bootSystem();
});

beforeEach(() => {
  foundryDouble().notifications.length = 0;
  diceDouble().dialogAnswers.length = 0;
  diceDouble().queue.length = 0;
  target();
});

const itemOf = (actor: GenesysActor, name: string) => {
  const item = actor.items.find((i) => i.name === name);
  if (!item?.id) throw new Error(`${actor.name} has no ${name}`);
  return item;
};

/** A button with these data-* attributes inside the row of `itemId` (none: a button outside any row). */
function button(dataset: Record<string, string>, itemId?: string): ElementDouble {
  const el = new ElementDouble(dataset);
  if (itemId) new ElementDouble({ itemId }, [el]);
  return el;
}

const notes = (level: string) => foundryDouble().notifications.filter((n) => n.level === level).map((n) => n.message);

describe("the actor sheet's shared actions (GenesysActorSheet), on a person sheet", () => {
  it("rollCheck: a skill row rolls the skill, a characteristic button the characteristic, through the check dialog", async () => {
    const actor = await alven();
    const sheet = new PersonSheet({ document: actor });
    const stealth = itemOf(actor, "Movimento furtivo");
    diceDouble().dialogAnswers.push(pressRoll({ difficulty: "complex" }));
    dice(5, 5);
    const skillButton = new ElementDouble({ action: "rollCheck" });
    new ElementDouble({ skillId: stealth.id ?? "" }, [skillButton]);
    await press(sheet, GenesysActorSheet, "rollCheck", skillButton);
    expect(diceDouble().dialogs.at(-1)?.content).toContain("genesys-check-form");
    const skillRoll = rollOf(lastMessage());
    expect(skillRoll.options).toMatchObject({ difficulty: 20 });
    expect(skillRoll.options.label).toBe("Movimento furtivo");

    diceDouble().dialogAnswers.push(pressRoll({}));
    dice(3, 4);
    await press(sheet, GenesysActorSheet, "rollCheck", button({ action: "rollCheck", characteristic: "perception" }));
    expect(rollOf(lastMessage()).options.label).toBe("GENESYS.Characteristic.perception");

    // Neither a skill nor a characteristic: no dialog, no message.
    const before = diceDouble().messages.length;
    const dialogs = diceDouble().dialogs.length;
    await press(sheet, GenesysActorSheet, "rollCheck", button({ action: "rollCheck", characteristic: "luck" }));
    expect([diceDouble().messages.length, diceDouble().dialogs.length]).toEqual([before, dialogs]);
  });

  it("createItem adds an item of an allowed type named for it, and nothing for a type the actor cannot hold", async () => {
    const actor = await alven();
    const sheet = new PersonSheet({ document: actor });
    const count = actor.items.size;
    await press(sheet, GenesysActorSheet, "createItem", button({ action: "createItem", type: "gear" }));
    expect(actor.items.size).toBe(count + 1);
    expect(actor.items.contents.at(-1)).toMatchObject({ type: "gear", name: 'GENESYS.Sheet.NewItem {"type":"TYPES.Item.gear"}' });
    await press(sheet, GenesysActorSheet, "createItem", button({ action: "createItem", type: "Actor" }));
    await press(sheet, GenesysActorSheet, "createItem", button({ action: "createItem" }));
    expect(actor.items.size).toBe(count + 1);
  });

  it("deleteItem asks first: 'delete' removes the row's item, 'keep' or closing keeps it", async () => {
    const actor = await alven();
    const sheet = new PersonSheet({ document: actor });
    const rope = itemOf(actor, "Corda (10 m)");
    diceDouble().dialogAnswers.push("keep", null, "delete");
    for (let i = 0; i < 2; i++) {
      await press(sheet, GenesysActorSheet, "deleteItem", button({ action: "deleteItem" }, rope.id ?? ""));
      expect(actor.items.has(rope.id ?? "")).toBe(true);
    }
    expect(diceDouble().dialogs.at(-1)?.content).toContain("GENESYS.Sheet.Delete.Confirm");
    await press(sheet, GenesysActorSheet, "deleteItem", button({ action: "deleteItem" }, rope.id ?? ""));
    expect(actor.items.has(rope.id ?? "")).toBe(false);
    // A button outside any item row asks nothing.
    const dialogs = diceDouble().dialogs.length;
    await press(sheet, GenesysActorSheet, "deleteItem", button({ action: "deleteItem" }));
    expect(diceDouble().dialogs.length).toBe(dialogs);
  });

  it("editItem opens the row's item sheet (core's ApplicationV2 render), and nothing outside a row", async () => {
    const actor = await alven();
    const sheet = new PersonSheet({ document: actor });
    const knife = itemOf(actor, "Coltello");
    const rendered: unknown[] = [];
    const itemSheet = new GenesysItemSheet({ document: knife });
    // The item's sheet is core's to build (ClientDocument#sheet); here the one the item would get, watched for render.
    Object.defineProperty(itemSheet, "render", { value: (options: unknown) => Promise.resolve(rendered.push(options)) });
    Object.defineProperty(knife, "sheet", { value: itemSheet, configurable: true });
    await press(sheet, GenesysActorSheet, "editItem", button({ action: "editItem" }, knife.id ?? ""));
    expect(rendered).toEqual([{ force: true }]);
    await press(sheet, GenesysActorSheet, "editItem", button({ action: "editItem" }));
    expect(rendered).toHaveLength(1);
  });

  it("adjustCounter moves wounds and fatigue by the button's delta, never below 0; anything else changes nothing", async () => {
    const actor = await alven();
    const sheet = new PersonSheet({ document: actor });
    await press(sheet, GenesysActorSheet, "adjustCounter", button({ action: "adjustCounter", counter: "wounds", delta: "1" }));
    await press(sheet, GenesysActorSheet, "adjustCounter", button({ action: "adjustCounter", counter: "fatigue", delta: "-1" }));
    expect([personOf(actor).wounds.value, personOf(actor).fatigue.value]).toEqual([5, 6]);
    for (let i = 0; i < 7; i++) await press(sheet, GenesysActorSheet, "adjustCounter", button({ action: "adjustCounter", counter: "wounds", delta: "-1" }));
    expect(personOf(actor).wounds.value).toBe(0);
    await press(sheet, GenesysActorSheet, "adjustCounter", button({ action: "adjustCounter", counter: "fame", delta: "1" }));
    await press(sheet, GenesysActorSheet, "adjustCounter", button({ action: "adjustCounter", counter: "fatigue", delta: "x" }));
    expect([personOf(actor).wounds.value, personOf(actor).fatigue.value]).toEqual([0, 6]);
  });

  it("recover rests for the minutes and days typed in its box, as the rules say; an empty box only informs", async () => {
    const actor = await alven();
    const sheet = new PersonSheet({ document: actor });
    const press_ = button({ action: "recover" });
    new ElementDouble({ rest: "" }, [ElementDouble.input({ restMinutes: "" }, "90"), ElementDouble.input({ restDays: "" }, "1"), press_]);
    const before = { wounds: personOf(actor).wounds.value, fatigue: personOf(actor).fatigue.value };
    const expected = recoverByRest(before, { minutes: 90, days: 1 }, personOf(actor).fatigue.deprivation).counters;
    await press(sheet, GenesysActorSheet, "recover", press_);
    expect({ wounds: personOf(actor).wounds.value, fatigue: personOf(actor).fatigue.value }).toEqual({ wounds: expected.wounds, fatigue: expected.fatigue });

    const empty = button({ action: "recover" });
    new ElementDouble({ rest: "" }, [ElementDouble.input({ restMinutes: "" }, "-5"), ElementDouble.input({ restDays: "" }, ""), empty]);
    const after = { wounds: personOf(actor).wounds.value, fatigue: personOf(actor).fatigue.value };
    await press(sheet, GenesysActorSheet, "recover", empty);
    expect({ wounds: personOf(actor).wounds.value, fatigue: personOf(actor).fatigue.value }).toEqual(after);
    expect(notes("info")).toContain("GENESYS.Sheet.Rest.Nothing");
  });
});

describe("the person sheet's own actions (PersonSheet)", () => {
  it("toggleWorn puts the vest on and off; toggleReady readies and puts away a weapon; other rows are left alone", async () => {
    const actor = await alven();
    const sheet = new PersonSheet({ document: actor });
    const vest = itemOf(actor, "Corpetto antiproiettile");
    const club = itemOf(actor, "Clava");
    const worn = () => (vest.system instanceof ArmorModel ? vest.system.worn : null);
    const ready = () => (club.system instanceof WeaponModel ? club.system.ready : null);
    expect([worn(), ready()]).toEqual([false, false]);
    await press(sheet, PersonSheet, "toggleWorn", button({ action: "toggleWorn" }, vest.id ?? ""));
    await press(sheet, PersonSheet, "toggleReady", button({ action: "toggleReady" }, club.id ?? ""));
    expect([worn(), ready()]).toEqual([true, true]);
    await press(sheet, PersonSheet, "toggleWorn", button({ action: "toggleWorn" }, vest.id ?? ""));
    await press(sheet, PersonSheet, "toggleReady", button({ action: "toggleReady" }, club.id ?? ""));
    expect([worn(), ready()]).toEqual([false, false]);
    // The wrong kind of row: the vest is no weapon, the club no armour.
    await press(sheet, PersonSheet, "toggleReady", button({ action: "toggleReady" }, vest.id ?? ""));
    await press(sheet, PersonSheet, "toggleWorn", button({ action: "toggleWorn" }, club.id ?? ""));
    expect([worn(), ready()]).toEqual([false, false]);
  });

  it("setMode picks one of the weapon's modes; a mode it lacks changes nothing", async () => {
    const actor = await alven();
    const sheet = new PersonSheet({ document: actor });
    const club = itemOf(actor, "Clava");
    const mode = () => (club.system instanceof WeaponModel ? club.system.mode : null);
    await press(sheet, PersonSheet, "setMode", button({ action: "setMode", mode: "1" }, club.id ?? ""));
    expect(mode()).toBe(1);
    for (const bad of ["2", "-1", "1.5", "x"]) await press(sheet, PersonSheet, "setMode", button({ action: "setMode", mode: bad }, club.id ?? ""));
    expect(mode()).toBe(1);
  });

  it("attack: the row's weapon against the targeted token, through the attack dialog, posts the attack card", async () => {
    const actor = await alven();
    const sheet = new PersonSheet({ document: actor });
    const knife = itemOf(actor, "Coltello");
    const thug = await npc("Scagnozzo");
    target(new TokenDouble(thug));
    diceDouble().dialogAnswers.push(null);
    await press(sheet, PersonSheet, "attack", button({ action: "attack" }, knife.id ?? ""));
    expect(diceDouble().dialogs.at(-1)?.window?.title).toContain("GENESYS.Attack.Dialog.Title");
    const before = game.messages.size;
    // The dialog's default answer for the targets the flow reads (the user's targeted tokens), at 1 m.
    const plan = prepareAttack(actor, knife.id ?? "", targetedTokens(actor).map((t) => ({ ...t, distance: 1 })), (k) => k);
    if (!plan.ok) throw new Error(plan.refusal.warning);
    diceDouble().dialogAnswers.push(defaultAnswer(plan.value));
    dice(5, 5);
    await press(sheet, PersonSheet, "attack", button({ action: "attack" }, knife.id ?? ""));
    expect(game.messages.size).toBe(before + 1);
    const state = cardState(game.messages.contents.at(-1) as Parameters<typeof cardState>[0]); // the double's message stands in for Foundry's
    expect(state?.weapon.name).toBe("Coltello");
    expect(state?.rows["r0"]?.target.name).toBe("Scagnozzo");
  });
});

describe("the animal sheet's own actions (AnimalSheet)", () => {
  it("addRow and removeRow edit the speeds (one always kept), environments and capabilities", async () => {
    const actor = await wolf();
    const sheet = new AnimalSheet({ document: actor });
    const animal = () => {
      if (!(actor.genesys instanceof AnimalModel)) throw new Error("not an animal");
      return actor.genesys;
    };
    await press(sheet, AnimalSheet, "addRow", button({ action: "addRow", list: "speeds" }));
    expect(animal().speeds.map((s) => s.mode)).toHaveLength(3);
    await press(sheet, AnimalSheet, "addRow", button({ action: "addRow", list: "capabilities" }));
    expect(animal().capabilities.at(-1)).toMatchObject({ key: "custom", label: "", bonus: 0 });
    await press(sheet, AnimalSheet, "addRow", button({ action: "addRow", list: "environments" }));
    expect(animal().environments).toHaveLength(2);
    for (let i = 0; i < 3; i++) await press(sheet, AnimalSheet, "removeRow", button({ action: "removeRow", list: "speeds", index: "0" }));
    expect(animal().speeds).toHaveLength(1);
    await press(sheet, AnimalSheet, "removeRow", button({ action: "removeRow", list: "environments", index: "1" }));
    expect(animal().environments).toHaveLength(1);
    await press(sheet, AnimalSheet, "addRow", button({ action: "addRow", list: "venom" }));
    await press(sheet, AnimalSheet, "removeRow", button({ action: "removeRow", list: "capabilities", index: "x" }));
    expect(animal().capabilities).toHaveLength(3);
  });

  it("attack: the natural weapons against the targeted token open the attack dialog", async () => {
    const actor = await wolf();
    const sheet = new AnimalSheet({ document: actor });
    target(new TokenDouble(await npc("Pastore")));
    diceDouble().dialogAnswers.push(null);
    await press(sheet, AnimalSheet, "attack", button({ action: "attack" }));
    expect(diceDouble().dialogs.at(-1)?.window?.title).toContain("GENESYS.Attack.Dialog.Title");
  });
});

describe("the item sheet's actions (GenesysItemSheet)", () => {
  it("addMode copies the mode in use; removeMode drops one, keeping the last and the chosen mode in place", async () => {
    const actor = await alven();
    const club = itemOf(actor, "Clava");
    const sheet = new GenesysItemSheet({ document: club });
    const sys = () => {
      if (!(club.system instanceof WeaponModel)) throw new Error("not a weapon");
      return club.system;
    };
    await club.update({ system: { mode: 1 } });
    await press(sheet, GenesysItemSheet, "addMode", button({ action: "addMode" }));
    expect(sys().modes).toHaveLength(3);
    expect(sys().modes[2]?.key).toBe(sys().modes[1]?.key);
    // Removing the first mode: the chosen one (the second) moves up to index 0.
    const removeAt = (index: string) => {
      const el = new ElementDouble({ action: "removeMode" });
      new ElementDouble({ index }, [el]);
      return el;
    };
    await press(sheet, GenesysItemSheet, "removeMode", removeAt("0"));
    expect([sys().modes.length, sys().mode]).toEqual([2, 0]);
    await press(sheet, GenesysItemSheet, "removeMode", removeAt("1"));
    await press(sheet, GenesysItemSheet, "removeMode", removeAt("0"));
    expect(sys().modes).toHaveLength(1);
  });

  it("a player who does not own the actor: the Narrator's client refuses the modes (protected values), nothing changes", async () => {
    const actor = await alven();
    const club = itemOf(actor, "Clava");
    const sheet = new GenesysItemSheet({ document: club });
    await asPlayer(() => press(sheet, GenesysItemSheet, "addMode", button({ action: "addMode" })));
    expect(foundryDouble().notifications.filter((n) => n.level === "warn").map((n) => n.message)).toEqual([expect.stringContaining("GENESYS.Warn.NotOwner")]);
    expect(club.system instanceof WeaponModel ? club.system.modes.length : 0).toBe(2);
  });
});
